#pragma once

#include "domain/result.h"
#include "store/auditquery.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace RefundDesk::Internal {

class PgConnection;

// The audit's read-only queries over the PgStore's connection: the PostgreSQL side of
// Store's audit block. Nothing here writes.
class PgAudit final
{
public:
    explicit PgAudit(PgConnection &connection);

    Result<std::vector<AuditEntry>> page(const AuditQuery &query, std::optional<qint64> afterId, int limit);
    Result<qint64> count(const AuditQuery &query);
    Result<std::vector<AuditTotal>> totals(const AuditQuery &query);
    Result<QStringList> operators();
    Result<std::vector<ExposureChange>> exposureChanges();
    Result<std::vector<DailyDecisions>> decisionsByDay();
    Result<std::vector<InvariantViolation>> checkInvariants();

private:
    PgConnection &m_connection;
};

} // namespace RefundDesk::Internal
