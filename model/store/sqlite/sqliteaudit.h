#pragma once

#include "domain/result.h"
#include "store/auditquery.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

struct sqlite3;

namespace RefundDesk::Internal {

// The audit's read-only queries over one SQLite connection (the SqliteStore's); the
// implementation of Store's audit block. Nothing here writes.
class SqliteAudit final
{
public:
    SqliteAudit(sqlite3 *db, const QString &path);

    Result<std::vector<AuditEntry>> page(const AuditQuery &query, std::optional<qint64> afterId, int limit);
    Result<qint64> count(const AuditQuery &query);
    Result<std::vector<AuditTotal>> totals(const AuditQuery &query);
    Result<QStringList> operators();
    Result<std::vector<ExposureChange>> exposureChanges();
    Result<std::vector<DailyDecisions>> decisionsByDay();
    Result<std::vector<InvariantViolation>> checkInvariants();

    // SQL text as SQLite keeps it in sqlite_schema, reduced for comparison: comments
    // dropped, white space collapsed, lower case.
    static QString normalizedSql(const QString &sql);

private:
    Error error(int code, const QString &doing) const;

    sqlite3 *m_db = nullptr;
    QString m_path;
};

} // namespace RefundDesk::Internal
