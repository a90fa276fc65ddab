#include "fakestripetruth.h"

#include <QByteArrayView>
#include <QFile>

#include <nlohmann/json.hpp>

namespace RefundDesk::Testing {

namespace {

using Json = nlohmann::ordered_json;

QString text(const Json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? QString::fromStdString(found->get<std::string>()) : QString();
}

std::string utf8(const Json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : std::string();
}

qint64 number(const Json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_number_integer() ? found->get<qint64>() : 0;
}

// A value of `written` (an object's text as the file holds it) as bytes: over the same
// bytes where the text spells it plainly, so that ten million ids cost no copies.
QByteArray bytesOf(const std::string &value, const QByteArray &written, bool mapped)
{
    if (value.empty())
        return {};
    const QByteArrayView plain(value.data(), qsizetype(value.size()));
    if (mapped && !plain.contains('"') && !plain.contains('\\')) {
        const QByteArray quoted = '"' + plain.toByteArray() + '"';
        if (const qsizetype at = written.indexOf(quoted); at >= 0)
            return QByteArray::fromRawData(written.constData() + at + 1, plain.size());
    }
    return plain.toByteArray();
}

// `text` from `at` on: past white space.
qsizetype skipSpace(QByteArrayView text, qsizetype at)
{
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\r' || text[at] == '\n'))
        ++at;
    return at;
}

// Past the string that starts at `at`; -1 where it does not end.
qsizetype skipString(QByteArrayView text, qsizetype at)
{
    for (++at; at < text.size(); ++at) {
        if (text[at] == '\\')
            ++at;
        else if (text[at] == '"')
            return at + 1;
    }
    return -1;
}

// Past the value that starts at `at`; -1 where it does not end.
qsizetype skipValue(QByteArrayView text, qsizetype at)
{
    int depth = 0;
    while (at < text.size()) {
        const char c = text[at];
        if (c == '"') {
            at = skipString(text, at);
            if (at < 0 || depth == 0)
                return at;
            continue;
        }
        if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0)
                return at; // a number or literal ended by its object's end
            if (--depth == 0)
                return at + 1;
        } else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\r' || c == '\n')) {
            return at;
        }
        ++at;
    }
    return depth == 0 ? at : -1;
}

// The text of the top-level member `key` of the object `line`, as written; null where the
// line is no object of that member (the caller then reads the line the slow way).
QByteArrayView memberText(QByteArrayView line, QByteArrayView key)
{
    qsizetype at = skipSpace(line, 0);
    if (at >= line.size() || line[at] != '{')
        return {};
    for (++at;;) {
        at = skipSpace(line, at);
        if (at >= line.size() || line[at] != '"')
            return {};
        const qsizetype nameEnd = skipString(line, at);
        if (nameEnd < 0)
            return {};
        const QByteArrayView name = line.sliced(at + 1, nameEnd - at - 2);
        at = skipSpace(line, nameEnd);
        if (at >= line.size() || line[at] != ':')
            return {};
        at = skipSpace(line, at + 1);
        const qsizetype valueEnd = skipValue(line, at);
        if (valueEnd < 0)
            return {};
        if (name == key)
            return line.sliced(at, valueEnd - at);
        at = skipSpace(line, valueEnd);
        if (at >= line.size() || line[at] != ',')
            return {};
        ++at;
    }
}

// An object of the truth from its JSON and its text (a view of the file's bytes when mapped).
QString objectFrom(const Json &json, const QByteArray &written, bool mapped, FakeStripeTruth::Object &out)
{
    if (!json.is_object())
        return QStringLiteral("not a JSON object");
    out.id = bytesOf(utf8(json, "id"), written, mapped);
    if (out.id.isEmpty())
        return QStringLiteral("an object without an id");
    out.created = number(json, "created");
    out.json = written;
    return {};
}

QString refundFrom(const Json &json, const QByteArray &written, bool mapped, FakeStripeTruth::Object &refund)
{
    if (QString problem = objectFrom(json, written, mapped, refund); !problem.isEmpty())
        return problem;
    if (const auto metadata = json.find("metadata"); metadata != json.end() && metadata->is_object())
        refund.operationId = text(*metadata, "operation_id");
    refund.paymentIntent = bytesOf(utf8(json, "payment_intent"), written, mapped);
    refund.charge = bytesOf(utf8(json, "charge"), written, mapped);
    return {};
}

QString eventFrom(const Json &json, const QByteArray &written, bool mapped, bool delivered, FakeStripeTruth::Object &event)
{
    if (QString problem = objectFrom(json, written, mapped, event); !problem.isEmpty())
        return problem;
    event.type = text(json, "type");
    event.delivered = delivered;
    return {};
}

Json parsed(QByteArrayView text)
{
    return Json::parse(text.data(), text.data() + text.size(), nullptr, false);
}

} // namespace

QString FakeStripeTruth::load(const QString &path)
{
    auto file = std::make_shared<QFile>(path);
    if (!file->open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read %1: %2").arg(path, file->errorString());
    // Mapped: a truth of ten million refunds is served from the page cache, not copied.
    QByteArrayView all;
    if (file->size() > 0) {
        if (const uchar *mapped = file->map(0, file->size())) {
            all = QByteArrayView(reinterpret_cast<const char *>(mapped), file->size());
            m_mappedFiles.push_back(file);
        } else {
            m_readFiles.push_back(file->readAll());
            all = m_readFiles.back();
        }
    }
    int lineNumber = 0;
    for (qsizetype at = 0; at < all.size();) {
        qsizetype end = all.indexOf('\n', at);
        if (end < 0)
            end = all.size();
        const QByteArrayView line = all.sliced(at, end - at).trimmed();
        at = end + 1;
        ++lineNumber;
        if (line.isEmpty())
            continue;
        QString problem;
        // As the demo writes them: the object's own text is served as it stands in the file.
        if (const QByteArrayView refund = memberText(line, "refund"); !refund.isNull()) {
            Object object;
            problem = refundFrom(parsed(refund), QByteArray::fromRawData(refund.data(), refund.size()), true, object);
            if (problem.isEmpty())
                refunds.push_back(std::move(object));
        } else if (const QByteArrayView event = memberText(line, "event"); !event.isNull()) {
            Object object;
            problem = eventFrom(parsed(event), QByteArray::fromRawData(event.data(), event.size()), true,
                                memberText(line, "delivered") != "false", object);
            if (problem.isEmpty())
                events.push_back(std::move(object));
        } else {
            const Json json = parsed(line);
            if (!json.is_object()) {
                problem = QStringLiteral("not a JSON object");
            } else if (json.contains("refund")) {
                problem = addRefund(QByteArray::fromStdString(json["refund"].dump()));
            } else if (json.contains("event")) {
                const auto delivered = json.find("delivered");
                problem = addEvent(QByteArray::fromStdString(json["event"].dump()),
                                   delivered == json.end() || !delivered->is_boolean() || delivered->get<bool>());
            } else {
                problem = QStringLiteral("neither a refund nor an event");
            }
        }
        if (!problem.isEmpty())
            return QStringLiteral("%1, line %2: %3").arg(path).arg(lineNumber).arg(problem);
    }
    return {};
}

QString FakeStripeTruth::addRefund(const QByteArray &text)
{
    const Json json = parsed(text);
    Object refund;
    if (QString problem = refundFrom(json, json.is_object() ? QByteArray::fromStdString(json.dump()) : QByteArray(), false,
                                     refund);
        !problem.isEmpty()) {
        return problem;
    }
    refunds.push_back(std::move(refund));
    return {};
}

QString FakeStripeTruth::addEvent(const QByteArray &text, bool delivered)
{
    const Json json = parsed(text);
    Object event;
    if (QString problem = eventFrom(json, json.is_object() ? QByteArray::fromStdString(json.dump()) : QByteArray(), false,
                                    delivered, event);
        !problem.isEmpty()) {
        return problem;
    }
    events.push_back(std::move(event));
    return {};
}

} // namespace RefundDesk::Testing
