#include "evidence/jsonentryscanner.h"

namespace RefundDesk::Internal {

namespace {

constexpr qsizetype kMaxKeyBytes = 256; // longer keys are kept short: they are never "data"

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

QString shown(char c)
{
    if (c >= 0x21 && c < 0x7f)
        return QStringLiteral("'%1'").arg(QLatin1Char(c));
    return QStringLiteral("byte 0x%1").arg(uchar(c), 2, 16, QLatin1Char('0'));
}

} // namespace

JsonEntryScanner::JsonEntryScanner(qsizetype maxEntryBytes)
    : m_maxEntryBytes(maxEntryBytes)
{
}

bool JsonEntryScanner::fail(const QString &message)
{
    m_state = State::Broken;
    m_error = QStringLiteral("line %1: %2").arg(m_line).arg(message);
    return false;
}

bool JsonEntryScanner::feed(const char *data, qsizetype size, std::vector<Entry> &entries)
{
    for (qsizetype i = 0; i < size; ++i) {
        if (!step(data[i], entries))
            return false;
        if (data[i] == '\n')
            ++m_line;
    }
    return m_state != State::Broken;
}

void JsonEntryScanner::beginValue(char c)
{
    m_brackets.clear();
    m_inString = c == '"';
    m_escaped = false;
    m_valueIsScalar = false;
    if (c == '{' || c == '[')
        m_brackets.append(c);
    else if (c != '"')
        m_valueIsScalar = true;
}

JsonEntryScanner::ValueStep JsonEntryScanner::valueStep(char c)
{
    if (m_inString) {
        if (m_escaped)
            m_escaped = false;
        else if (c == '\\')
            m_escaped = true;
        else if (c == '"') {
            m_inString = false;
            if (m_brackets.isEmpty())
                return ValueStep::Ended;
        }
        return ValueStep::Continue;
    }
    if (m_valueIsScalar)
        return isSpace(c) || c == ',' || c == ']' || c == '}' ? ValueStep::EndedBefore : ValueStep::Continue;
    switch (c) {
    case '"':
        m_inString = true;
        break;
    case '{':
    case '[':
        m_brackets.append(c);
        break;
    case '}':
    case ']':
        if (m_brackets.back() != (c == '}' ? '{' : '['))
            return ValueStep::Mismatch;
        m_brackets.chop(1);
        if (m_brackets.isEmpty())
            return ValueStep::Ended;
        break;
    default:
        break;
    }
    return ValueStep::Continue;
}

void JsonEntryScanner::beginEntry(char c)
{
    m_entry = Entry();
    m_entry.index = m_nextIndex++;
    m_entry.line = m_line;
    beginValue(c);
    appendToEntry(c);
}

void JsonEntryScanner::appendToEntry(char c)
{
    if (m_entry.tooLong)
        return;
    if (m_entry.text.size() >= m_maxEntryBytes) {
        m_entry.tooLong = true;
        m_entry.text = QByteArray(); // give the memory back at once
        return;
    }
    m_entry.text.append(c);
}

void JsonEntryScanner::endEntry(std::vector<Entry> &entries)
{
    entries.push_back(std::move(m_entry));
    m_entry = Entry();
}

bool JsonEntryScanner::closeEntriesArray()
{
    m_state = m_form == Form::Array ? State::AfterDocument : State::ListAfterValue;
    return true;
}

bool JsonEntryScanner::step(char c, std::vector<Entry> &entries)
{
    switch (m_state) {
    case State::BeforeDocument:
        if (isSpace(c))
            return true;
        if (c == '[') {
            m_form = Form::Array;
            m_state = State::ArrayExpectEntry;
            return true;
        }
        if (c == '{') {
            m_form = Form::StripeList;
            m_state = State::ListExpectKey;
            return true;
        }
        return fail(QStringLiteral("the file starts with %1, not with a JSON array or object").arg(shown(c)));

    case State::ListExpectKey:
        if (isSpace(c))
            return true;
        if (c == '"') {
            m_key.clear();
            m_keyEscaped = false;
            m_state = State::ListKey;
            return true;
        }
        if (c == '}') { // an empty object, or a trailing comma: let the end of the object decide
            m_state = State::ListAfterValue;
            return step(c, entries);
        }
        return fail(QStringLiteral("expected a key of the list object, found %1").arg(shown(c)));

    case State::ListKey:
        if (m_keyEscaped) {
            m_keyEscaped = false;
        } else if (c == '\\') {
            m_keyEscaped = true;
        } else if (c == '"') {
            m_state = State::ListExpectColon;
            return true;
        }
        if (m_key.size() < kMaxKeyBytes)
            m_key.append(c);
        return true;

    case State::ListExpectColon:
        if (isSpace(c))
            return true;
        if (c != ':')
            return fail(QStringLiteral("expected ':' after the key \"%1\", found %2").arg(QString::fromUtf8(m_key), shown(c)));
        m_state = State::ListExpectValue;
        return true;

    case State::ListExpectValue:
        if (isSpace(c))
            return true;
        if (m_key == "data") {
            if (c != '[')
                return fail(QStringLiteral("\"data\" is not an array of events"));
            m_sawData = true;
            m_state = State::ArrayExpectEntry;
            return true;
        }
        if (m_key == "object") {
            if (c != '"')
                return fail(QStringLiteral("\"object\" is not a string; a Stripe list object has \"object\": \"list\""));
            m_stringValue.clear();
            m_escaped = false;
            m_state = State::ListStringValue;
            return true;
        }
        if (c == ',' || c == '}' || c == ']' || c == ':')
            return fail(QStringLiteral("expected a value for \"%1\", found %2").arg(QString::fromUtf8(m_key), shown(c)));
        beginValue(c);
        m_state = State::ListSkipValue;
        return true;

    case State::ListStringValue:
        if (m_escaped) {
            m_escaped = false;
        } else if (c == '\\') {
            m_escaped = true;
        } else if (c == '"') {
            if (m_stringValue != "list") {
                return fail(QStringLiteral("the file is a JSON object whose \"object\" is \"%1\", not a Stripe list "
                                           "({\"object\": \"list\", \"data\": [...]})").arg(QString::fromUtf8(m_stringValue)));
            }
            m_state = State::ListAfterValue;
            return true;
        }
        if (m_stringValue.size() < kMaxKeyBytes)
            m_stringValue.append(c);
        return true;

    case State::ListSkipValue:
        switch (valueStep(c)) {
        case ValueStep::Continue:
            return true;
        case ValueStep::Ended:
            m_state = State::ListAfterValue;
            return true;
        case ValueStep::EndedBefore:
            m_state = State::ListAfterValue;
            return step(c, entries);
        case ValueStep::Mismatch:
            return fail(QStringLiteral("the brackets of \"%1\" do not match").arg(QString::fromUtf8(m_key)));
        }
        return true;

    case State::ListAfterValue:
        if (isSpace(c))
            return true;
        if (c == ',') {
            m_state = State::ListExpectKey;
            return true;
        }
        if (c == '}') {
            if (!m_sawData)
                return fail(QStringLiteral("the file is a JSON object without a \"data\" array; expected a Stripe list "
                                           "({\"object\": \"list\", \"data\": [...]})"));
            m_state = State::AfterDocument;
            return true;
        }
        return fail(QStringLiteral("expected ',' or '}' in the list object, found %1").arg(shown(c)));

    case State::ArrayExpectEntry:
        if (isSpace(c))
            return true;
        if (c == ']')
            return closeEntriesArray();
        if (c == ',' || c == '}' || c == ':')
            return fail(QStringLiteral("expected an event at index %1, found %2").arg(m_nextIndex).arg(shown(c)));
        beginEntry(c);
        m_state = State::Entry;
        return true;

    case State::Entry:
        switch (valueStep(c)) {
        case ValueStep::Continue:
            appendToEntry(c);
            return true;
        case ValueStep::Ended:
            appendToEntry(c);
            endEntry(entries);
            m_state = State::ArrayAfterEntry;
            return true;
        case ValueStep::EndedBefore:
            endEntry(entries);
            m_state = State::ArrayAfterEntry;
            return step(c, entries);
        case ValueStep::Mismatch:
            return fail(QStringLiteral("the brackets of the event at index %1 (from line %2) do not match; "
                                       "the rest of the file cannot be followed")
                            .arg(m_entry.index).arg(m_entry.line));
        }
        return true;

    case State::ArrayAfterEntry:
        if (isSpace(c))
            return true;
        if (c == ',') {
            m_state = State::ArrayExpectEntry;
            return true;
        }
        if (c == ']')
            return closeEntriesArray();
        return fail(QStringLiteral("expected ',' or ']' after the event at index %1, found %2")
                        .arg(m_nextIndex - 1).arg(shown(c)));

    case State::AfterDocument:
        if (isSpace(c))
            return true;
        return fail(QStringLiteral("unexpected %1 after the end of the JSON document").arg(shown(c)));

    case State::Broken:
        return false;
    }
    return false;
}

bool JsonEntryScanner::finish(std::vector<Entry> &entries)
{
    switch (m_state) {
    case State::AfterDocument:
        return true;
    case State::Broken:
        return false;
    case State::BeforeDocument:
        return fail(QStringLiteral("the file holds no JSON document"));
    case State::Entry:
        return fail(QStringLiteral("the file ends inside the event at index %1 (from line %2); it looks truncated")
                        .arg(m_entry.index).arg(m_entry.line));
    default:
        break;
    }
    return fail(QStringLiteral("the file ends before its JSON %1 does; it looks truncated")
                    .arg(m_form == Form::Array ? QStringLiteral("array") : QStringLiteral("list object")));
}

} // namespace RefundDesk::Internal
