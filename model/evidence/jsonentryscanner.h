#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

namespace RefundDesk::Internal {

// Splits a JSON array, or the "data" array of a Stripe list object, into the raw text of
// its entries while the file streams past, so a file of any size is read in constant
// memory and each entry keeps its text exactly as written. It checks the structure
// around the entries, not their content: an entry that is not valid JSON still comes
// out as an entry (and the parser says what is wrong with it), so one bad entry costs
// only itself. Structure it cannot follow (brackets that do not match, text after the
// end) stops the scan with an error; the entries before it are kept.
class JsonEntryScanner final
{
public:
    enum class Form { Unknown, Array, StripeList };

    struct Entry
    {
        QByteArray text;     // empty when tooLong
        qint64 index = 0;    // 0-based position in the array
        qint64 line = 1;     // 1-based line where the entry starts
        bool tooLong = false;
    };

    explicit JsonEntryScanner(qsizetype maxEntryBytes);

    // Feeds the next bytes; completed entries are appended to `entries`. False once the
    // structure is broken (error() says where and why); later input is ignored.
    bool feed(const char *data, qsizetype size, std::vector<Entry> &entries);
    // Ends the input. False when the document is incomplete or was no list.
    bool finish(std::vector<Entry> &entries);

    Form form() const { return m_form; }
    const QString &error() const { return m_error; }

private:
    enum class State {
        BeforeDocument,
        ListExpectKey,    // in the list object, before a member's key
        ListKey,          // inside a member's key string
        ListExpectColon,
        ListExpectValue,
        ListStringValue,  // the value of "object"
        ListSkipValue,    // any other member's value
        ListAfterValue,
        ArrayExpectEntry, // inside the entries' array, before an entry or ']'
        Entry,
        ArrayAfterEntry,
        AfterDocument,
        Broken,
    };

    bool step(char c, std::vector<Entry> &entries);
    bool fail(const QString &message);
    void beginEntry(char c);
    void appendToEntry(char c);
    void endEntry(std::vector<Entry> &entries);
    bool closeEntriesArray();
    // Tracks strings and brackets inside a value; true when the value has just ended.
    // For a scalar, the byte that ends it is not part of it and must be looked at again.
    enum class ValueStep { Continue, Ended, EndedBefore, Mismatch };
    ValueStep valueStep(char c);
    void beginValue(char c);

    qsizetype m_maxEntryBytes;
    Form m_form = Form::Unknown;
    State m_state = State::BeforeDocument;
    QString m_error;

    qint64 m_line = 1;
    bool m_sawData = false;

    // The value being followed (an entry or a skipped member value).
    QByteArray m_brackets; // open brackets, innermost last
    bool m_valueIsScalar = false;
    bool m_inString = false;
    bool m_escaped = false;

    QByteArray m_key;
    QByteArray m_stringValue;
    bool m_keyEscaped = false;

    Entry m_entry;
    qint64 m_nextIndex = 0;
};

} // namespace RefundDesk::Internal
