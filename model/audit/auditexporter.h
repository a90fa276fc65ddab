#pragma once

#include "domain/result.h"
#include "store/auditquery.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

QT_BEGIN_NAMESPACE
class QIODevice;
QT_END_NAMESPACE

namespace RefundDesk {

class Store;

// Writes the audit log (each resolution with its operation's order, amount and currency)
// as CSV or JSON, a page at a time, so a log of any length exports in flat memory.
//
// CSV: RFC 4180 (comma separated, CRLF line ends, fields with a comma, quote or line
// break quoted, quotes doubled), UTF-8 without a byte order mark, a header row. A text
// cell starting with = + - @, a tab or a carriage return gets a leading single quote so
// that a spreadsheet shows it instead of running it as a formula.
// JSON: one array of objects, one object per line, values as stored (no such quoting).
// Times are ISO 8601 UTC with milliseconds; amounts are integer minor units plus a
// formatted "38.00 USD" column. The last column, notes, holds the notes of the decided
// operation (schema version 2; empty before): in CSV one line per note ("time operator
// (follow up on DATE): text"), in JSON an array of objects.
class AuditExporter final
{
public:
    enum class Format { Csv, Json };
    // Called after each page with the rows written so far and the total; return false to
    // stop (write() then returns a cancelled error; what was written stays written).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    AuditExporter(Store &store, Format format);

    void setQuery(const AuditQuery &query) { m_query = query; }
    void setPageSize(int pageSize) { m_pageSize = pageSize; }

    // Returns the number of resolutions written.
    Result<qint64> write(QIODevice &device, const Progress &progress = {});

    static QStringList columnNames();
    static std::optional<Format> formatFromName(const QString &name); // "csv", "json"
    // One CSV field: the formula guard, then RFC 4180 quoting when needed.
    static QByteArray csvField(const QString &text);
    static QString isoUtc(qint64 msecsSinceEpoch);
    static QString cancelledMessage();

private:
    Store &m_store;
    Format m_format;
    AuditQuery m_query;
    int m_pageSize = 1000;
};

} // namespace RefundDesk
