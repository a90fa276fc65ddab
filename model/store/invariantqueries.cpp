#include "store/invariantqueries.h"

namespace RefundDesk::Internal {

std::vector<InvariantQuery> dataInvariantQueries(SqlDialect dialect)
{
    const QByteArray differs = dialect == SqlDialect::Sqlite ? " IS NOT " : " IS DISTINCT FROM ";
    std::vector<InvariantQuery> queries;

    // Keys: no key twice (the backend checks the unique index itself).
    queries.push_back({QStringLiteral("idempotency keys are unique"),
                       "SELECT idempotency_key, count(*), min(operation_id), max(operation_id) FROM refund_ops "
                       "GROUP BY idempotency_key HAVING count(*) > 1 ORDER BY 3",
                       [](const InvariantRow &r, InvariantViolation &v) {
                           v.operationId = r.text(2);
                           v.message = QStringLiteral("idempotency key %1 is on %2 operations (%3 ... %4).")
                                           .arg(r.text(0)).arg(r.integer(1)).arg(r.text(2), r.text(3));
                       }});
    queries.push_back({QStringLiteral("one open refund per order and amount"),
                       "SELECT order_id, amount_cents, count(*), min(operation_id) FROM refund_ops "
                       "WHERE status IN ('open', 'unknown', 'checking') GROUP BY 1, 2 HAVING count(*) > 1 ORDER BY 4",
                       [](const InvariantRow &r, InvariantViolation &v) {
                           v.operationId = r.text(3);
                           v.message = QStringLiteral("order %1 has %2 open refunds of %3 minor units.")
                                           .arg(r.text(0)).arg(r.integer(2)).arg(r.integer(1));
                       }});

    // Every resolution names a real operation.
    queries.push_back({QStringLiteral("every resolution names an operation"),
                       "SELECT r.resolution_id, r.operation_id FROM resolutions r WHERE NOT EXISTS "
                       "(SELECT 1 FROM refund_ops o WHERE o.operation_id = r.operation_id) ORDER BY r.resolution_id",
                       [](const InvariantRow &r, InvariantViolation &v) {
                           v.resolutionId = r.integer(0);
                           v.operationId = r.text(1);
                           v.message = QStringLiteral("resolution #%1 names operation %2, which is not in refund_ops.")
                                           .arg(r.integer(0)).arg(r.text(1));
                       }});

    // A decision is final: one resolution per operation.
    queries.push_back({QStringLiteral("one decision per operation"),
                       "SELECT r.resolution_id, r.operation_id, (SELECT min(r0.resolution_id) FROM resolutions r0 "
                       "WHERE r0.operation_id = r.operation_id) FROM resolutions r WHERE EXISTS (SELECT 1 FROM "
                       "resolutions r2 WHERE r2.operation_id = r.operation_id AND r2.resolution_id < r.resolution_id) "
                       "ORDER BY r.resolution_id",
                       [](const InvariantRow &r, InvariantViolation &v) {
                           v.resolutionId = r.integer(0);
                           v.operationId = r.text(1);
                           v.message = QStringLiteral("resolution #%1 decides operation %2 again, after #%3: a "
                                                      "decision is final.")
                                           .arg(r.integer(0)).arg(r.text(1)).arg(r.integer(2));
                       }});

    // Every resolved operation's status (and refund id) agrees with its last resolution.
    queries.push_back({QStringLiteral("status agrees with the last resolution"),
                       "SELECT r.resolution_id, r.operation_id, r.outcome, r.refund_id, o.status, o.refund_id "
                       "FROM resolutions r JOIN refund_ops o ON o.operation_id = r.operation_id "
                       "WHERE r.resolution_id = (SELECT max(r2.resolution_id) FROM resolutions r2 "
                       "                         WHERE r2.operation_id = r.operation_id) "
                       "AND (o.status" + differs + "r.outcome "
                       "     OR (r.outcome = 'refunded' AND o.refund_id" + differs + "r.refund_id)) "
                       "ORDER BY r.resolution_id",
                       [](const InvariantRow &r, InvariantViolation &v) {
                           v.resolutionId = r.integer(0);
                           v.operationId = r.text(1);
                           if (r.text(4) != r.text(2)) {
                               v.message = QStringLiteral("operation %1 is '%2', but its last resolution #%3 "
                                                          "recorded '%4'.")
                                               .arg(r.text(1), r.text(4)).arg(r.integer(0)).arg(r.text(2));
                           } else {
                               v.message = QStringLiteral("operation %1 has refund id %2, but its last resolution "
                                                          "#%3 recorded %4.")
                                               .arg(r.text(1), r.isNull(5) ? QStringLiteral("none") : r.text(5))
                                               .arg(r.integer(0))
                                               .arg(r.isNull(3) ? QStringLiteral("none") : r.text(3));
                           }
                       }});

    // Refunded means a refund id, on the operation and on the resolution.
    queries.push_back({QStringLiteral("refunded resolutions carry a refund id"),
                       "SELECT resolution_id, operation_id FROM resolutions WHERE outcome = 'refunded' "
                       "AND (refund_id IS NULL OR refund_id = '') ORDER BY resolution_id",
                       [](const InvariantRow &r, InvariantViolation &v) {
                           v.resolutionId = r.integer(0);
                           v.operationId = r.text(1);
                           v.message = QStringLiteral("resolution #%1 recorded 'refunded' for %2 without a refund id.")
                                           .arg(r.integer(0)).arg(r.text(1));
                       }});
    queries.push_back({QStringLiteral("refunded operations carry a refund id"),
                       "SELECT operation_id FROM refund_ops WHERE status = 'refunded' "
                       "AND (refund_id IS NULL OR refund_id = '') ORDER BY operation_id",
                       [](const InvariantRow &r, InvariantViolation &v) {
                           v.operationId = r.text(0);
                           v.message = QStringLiteral("operation %1 is 'refunded' without a refund id.").arg(r.text(0));
                       }});
    return queries;
}

} // namespace RefundDesk::Internal
