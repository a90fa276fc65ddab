#include "store/postgresql/pgaudit.h"

#include "store/invariantqueries.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgrows.h"


#include <QCoreApplication>

namespace RefundDesk::Internal {

namespace {

// The first row of a result, for the shared invariant queries.
class PgInvariantRow final : public InvariantRow
{
public:
    explicit PgInvariantRow(const PgResult &result) : m_result(result) {}
    QString text(int column) const override { return m_result.text(0, column); }
    qint64 integer(int column) const override { return m_result.integer(0, column); }
    bool isNull(int column) const override { return m_result.isNull(0, column); }

private:
    const PgResult &m_result;
};

// The filter part of every audit query, its values bound in the order of the placeholders.
QByteArray whereClause(const AuditQuery &query, PgParams &params)
{
    auto next = [&params] { return '$' + QByteArray::number(params.count()); };
    QByteArray sql = " WHERE true";
    if (query.fromMs) {
        params.add(*query.fromMs);
        sql += " AND r.recorded_at >= " + next();
    }
    if (query.toMs) {
        params.add(*query.toMs);
        sql += " AND r.recorded_at < " + next();
    }
    if (!query.operatorName.isEmpty()) {
        params.add(query.operatorName);
        sql += " AND r.operator = " + next();
    }
    if (query.outcome) {
        params.add(toString(*query.outcome));
        sql += " AND r.outcome = " + next();
    }
    if (query.overridesOnly)
        sql += " AND r.overrides_evidence = 1";
    return sql;
}

// The triggers the rules rest on, each on its table. Those of the roles come with
// roles-postgresql.sql and are required once the store gives the support role any rights.
struct GuardTrigger
{
    const char *name;
    const char *table;
    const char *guards;
    bool fromRolesFile = false;
    int sinceSchemaVersion = 1; // required from this version of the store on
};

constexpr GuardTrigger GuardTriggers[] = {
    {"refund_ops_key_immutable", "refund_ops", "an idempotency key could be changed"},
    {"refund_ops_claimed_by_session_user", "refund_ops", "a login could claim in someone else's name"},
    {"resolutions_no_delete", "resolutions", "a resolution could be deleted"},
    {"resolutions_no_truncate", "resolutions", "the audit log could be emptied"},
    {"resolutions_no_update", "resolutions", "a resolution could be edited in place"},
    {"resolutions_operator_is_session_user", "resolutions", "a login could record a decision in someone else's name"},
    {"refund_ops_support_moves", "refund_ops",
     "a support login could change an operation other than by a claim, a release or a decision (run "
     "roles-postgresql.sql again)", true},
    {"refund_ops_decision_recorded", "refund_ops",
     "a support login could set an outcome without recording the decision (run roles-postgresql.sql again)", true},
    {"resolutions_decide_their_operation", "resolutions",
     "a support login could add a decision without setting its outcome (run roles-postgresql.sql again)", true},
    {"refund_ops_agent_moves", "refund_ops",
     "an agent login could decide, claim or reopen an operation (run roles-postgresql.sql again)", true},
    {"resolutions_server_keeps_chain", "resolutions",
     "a support login could write the audit chain's id, time and hashes itself, and break the chain or backdate "
     "a decision (run roles-postgresql.sql again)", true},
    {"refund_ops_support_times", "refund_ops",
     "a support login could write any time on an operation (run roles-postgresql.sql again)", true},
    {"refund_attempts_agent_appends", "refund_attempts",
     "an agent login could rewrite the attempt history (run roles-postgresql.sql again)", true},
    {"store_meta_reconciler_rows", "store_meta",
     "a reconciler login could change any row of store_meta, the schema version too (run roles-postgresql.sql "
     "again)", true},
    {"provider_lookups_reconciler_mark", "provider_lookups",
     "a lookup could pass for the reconciler's, or a reconciler's pass for a person's (run roles-postgresql.sql "
     "again)", true, 2},
    {"operation_notes_no_update", "operation_notes", "a note could be edited", false, 2},
    {"operation_notes_no_delete", "operation_notes", "a note could be deleted", false, 2},
    {"operation_notes_server_keeps_author", "operation_notes",
     "a login could write a note in someone else's name or with another time", false, 2},
    {"provider_lookups_no_update", "provider_lookups", "what the provider answered could be edited", false, 2},
    {"provider_lookups_no_delete", "provider_lookups", "what the provider answered could be deleted", false, 2},
    {"provider_lookups_server_keeps_author", "provider_lookups",
     "a login could keep a lookup in someone else's name or with another time", false, 2},
    {"refund_ops_payment_immutable", "refund_ops", "the payment behind an operation could be changed once written",
     false, 3},
    {"provider_bodies_no_update", "provider_bodies", "a response body the provider sent could be edited", false, 3},
    {"provider_bodies_no_delete", "provider_bodies", "a response body the provider sent could be deleted", false, 3},
};

} // namespace

PgAudit::PgAudit(PgConnection &connection)
    : m_connection(connection)
{
}

Result<std::vector<AuditEntry>> PgAudit::page(const AuditQuery &query, std::optional<qint64> afterId, int limit)
{
    PgParams params;
    QByteArray sql = QByteArray("SELECT ") + AuditEntryColumns
                     + " FROM resolutions r LEFT JOIN refund_ops o ON o.operation_id = r.operation_id"
                     + whereClause(query, params);
    if (afterId) {
        params.add(*afterId);
        sql += (query.newestFirst ? " AND r.resolution_id < $" : " AND r.resolution_id > $")
               + QByteArray::number(params.count());
    }
    sql += query.newestFirst ? " ORDER BY r.resolution_id DESC" : " ORDER BY r.resolution_id";
    params.add(qint64(limit));
    sql += " LIMIT $" + QByteArray::number(params.count());
    PgResult result = m_connection.exec(sql, params);
    if (!result.isOk())
        return m_connection.errorFor(result, QCoreApplication::translate("Store", "reading the audit log", "what the store was doing when it failed"));
    std::vector<AuditEntry> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row) {
        AuditEntry e;
        e.resolution = resolutionFrom(result, row);
        e.operationFound = result.boolean(row, 12);
        e.orderId = result.text(row, 13);
        e.amountCents = result.integer(row, 14);
        e.currency = result.text(row, 15);
        rows.push_back(std::move(e));
    }
    return rows;
}

Result<qint64> PgAudit::count(const AuditQuery &query)
{
    PgParams params;
    const QByteArray sql = "SELECT count(*) FROM resolutions r" + whereClause(query, params);
    PgResult result = m_connection.exec(sql, params);
    if (!result.isOk())
        return m_connection.errorFor(result, QCoreApplication::translate("Store", "counting the audit log", "what the store was doing when it failed"));
    return result.integer(0, 0);
}

Result<std::vector<AuditTotal>> PgAudit::totals(const AuditQuery &query)
{
    PgParams params;
    const QByteArray sql = "SELECT r.outcome, COALESCE(o.currency, ''), count(*), COALESCE(sum(o.amount_cents), 0)"
                           " FROM resolutions r LEFT JOIN refund_ops o ON o.operation_id = r.operation_id"
                           + whereClause(query, params) + " GROUP BY 1, 2 ORDER BY 1 DESC, 2";
    PgResult result = m_connection.exec(sql, params);
    if (!result.isOk())
        return m_connection.errorFor(result, QCoreApplication::translate("Store", "totalling the audit log", "what the store was doing when it failed"));
    std::vector<AuditTotal> rows;
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back({outcomeFromString(result.text(row, 0)).value_or(Outcome::Failed), result.text(row, 1),
                        result.integer(row, 2), result.integer(row, 3)});
    return rows;
}

Result<QStringList> PgAudit::operators()
{
    PgResult result = m_connection.exec("SELECT DISTINCT operator FROM resolutions ORDER BY operator");
    if (!result.isOk())
        return m_connection.errorFor(result, QCoreApplication::translate("Store", "listing the operators", "what the store was doing when it failed"));
    QStringList names;
    for (int row = 0; row < result.rows(); ++row)
        names << result.text(row, 0);
    return names;
}

Result<std::vector<ExposureChange>> PgAudit::exposureChanges()
{
    PgResult result = m_connection.exec(
        "WITH exposed(operation_id) AS ("
        "  SELECT operation_id FROM refund_ops WHERE status IN ('unknown', 'checking')"
        "  UNION SELECT operation_id FROM resolutions),"
        " spans AS ("
        "  SELECT o.currency AS currency, o.amount_cents AS amount,"
        "         COALESCE((SELECT max(COALESCE(a.finished_at, a.started_at)) FROM refund_attempts a"
        "                   WHERE a.operation_id = o.operation_id), o.created_at) AS since,"
        "         (SELECT min(r.recorded_at) FROM resolutions r WHERE r.operation_id = o.operation_id) AS until"
        "  FROM exposed JOIN refund_ops o ON o.operation_id = exposed.operation_id)"
        " SELECT day, currency, sum(dc), sum(da) FROM ("
        "   SELECT since / $1 AS day, currency, 1 AS dc, amount AS da FROM spans"
        "   UNION ALL"
        "   SELECT until / $1, currency, -1, -amount FROM spans WHERE until IS NOT NULL) AS changes"
        " GROUP BY day, currency ORDER BY day, currency",
        PgParams().add(MsPerDay));
    if (!result.isOk())
        return m_connection.errorFor(result, QCoreApplication::translate("Store", "reading the unknown exposure", "what the store was doing when it failed"));
    std::vector<ExposureChange> rows;
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back({result.integer(row, 0), result.text(row, 1), result.integer(row, 2), result.integer(row, 3)});
    return rows;
}

Result<std::vector<DailyDecisions>> PgAudit::decisionsByDay()
{
    PgResult result = m_connection.exec("SELECT recorded_at / $1, outcome, count(*) FROM resolutions "
                                        "GROUP BY 1, 2 ORDER BY 1, 2",
                                        PgParams().add(MsPerDay));
    if (!result.isOk())
        return m_connection.errorFor(result, QCoreApplication::translate("Store", "counting decisions per day", "what the store was doing when it failed"));
    std::vector<DailyDecisions> rows;
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back({result.integer(row, 0), outcomeFromString(result.text(row, 1)).value_or(Outcome::Failed),
                        result.integer(row, 2)});
    return rows;
}

Result<std::vector<InvariantViolation>> PgAudit::checkInvariants()
{
    std::vector<InvariantViolation> found;
    const QString doing = QCoreApplication::translate("Store", "checking the store's invariants", "what the store was doing when it failed");

    // Every check in one pipeline: a constant number of statements, whatever the store's
    // size, and one round trip for all of them. The triggers of the roles file are asked
    // about whatever the roles say, and counted only when they are required.
    PgBatch batch;
    const int roles = batch.add("SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'refund_desk_support') "
                                "THEN has_any_column_privilege('refund_desk_support', 'refund_ops', 'UPDATE') "
                                "ELSE false END");
    const int version = batch.add("SELECT value FROM store_meta WHERE key = 'schema_version'");
    std::vector<int> triggers;
    for (const GuardTrigger &trigger : GuardTriggers) {
        triggers.push_back(batch.add("SELECT t.tgenabled <> 'D' FROM pg_trigger t "
                                     "WHERE t.tgrelid = to_regclass($1) AND t.tgname = $2 AND NOT t.tgisinternal",
                                     PgParams().add(trigger.table).add(trigger.name)));
    }
    const int openIndex = batch.add(
        "SELECT i.indisunique AND i.indisvalid "
        "AND (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n) "
        "     JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum) = 'order_id,amount_cents' "
        "AND pg_get_expr(i.indpred, i.indrelid) LIKE '%open%unknown%checking%' "
        "FROM pg_index i WHERE i.indexrelid = to_regclass('one_open_refund') "
        "AND i.indrelid = to_regclass('refund_ops')");
    const int keyIndex = batch.add(
        "SELECT count(*) FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid "
        "AND a.attnum = i.indkey[0] WHERE i.indrelid = to_regclass('refund_ops') AND i.indisunique "
        "AND i.indnatts = 1 AND i.indpred IS NULL AND a.attname = 'idempotency_key'");
    const std::vector<InvariantQuery> dataQueries = dataInvariantQueries(SqlDialect::PostgreSql);
    std::vector<int> data;
    for (const InvariantQuery &query : dataQueries)
        data.push_back(batch.add(query.sql));
    const std::vector<PgResult> answers = m_connection.execAll(batch);
    if (const PgResult *failed = firstFailure(answers))
        return m_connection.errorFor(*failed, doing);

    // 1. The triggers the rules rest on are in place and enabled, and one_open_refund is
    // a unique index on (order_id, amount_cents) over the open statuses.
    const bool supportMayWrite = answers[size_t(roles)].boolean(0, 0);
    const PgResult &versionRow = answers[size_t(version)];
    const int schemaVersion = versionRow.rows() == 1 ? versionRow.text(0, 0).toInt() : 1;
    for (size_t i = 0; i < std::size(GuardTriggers); ++i) {
        const GuardTrigger &trigger = GuardTriggers[i];
        if ((trigger.fromRolesFile && !supportMayWrite) || schemaVersion < trigger.sinceSchemaVersion)
            continue;
        const PgResult &result = answers[size_t(triggers[i])];
        InvariantViolation v;
        v.invariant = QStringLiteral("the trigger %1 is in place").arg(QLatin1String(trigger.name));
        if (result.rows() == 0)
            v.message = QStringLiteral("the trigger %1 is missing: %2.").arg(QLatin1String(trigger.name),
                                                                            QLatin1String(trigger.guards));
        else if (!result.boolean(0, 0))
            v.message = QStringLiteral("the trigger %1 is disabled: %2.").arg(QLatin1String(trigger.name),
                                                                             QLatin1String(trigger.guards));
        if (!v.message.isEmpty())
            found.push_back(v);
    }
    {
        const PgResult &index = answers[size_t(openIndex)];
        InvariantViolation v;
        v.invariant = QStringLiteral("the index one_open_refund is in place");
        if (index.rows() == 0)
            v.message = QStringLiteral("the index one_open_refund is missing: two open refunds of one order and "
                                       "amount could coexist.");
        else if (!index.boolean(0, 0))
            v.message = QStringLiteral("the index one_open_refund differs from the schema's definition: two open "
                                       "refunds of one order and amount could coexist.");
        if (!v.message.isEmpty())
            found.push_back(v);
    }

    // 2. Keys: a unique index on idempotency_key alone, and no key twice.
    if (answers[size_t(keyIndex)].integer(0, 0) == 0) {
        InvariantViolation v;
        v.invariant = QStringLiteral("idempotency keys are unique");
        v.message = QStringLiteral("refund_ops has no unique index on idempotency_key: one key could be "
                                   "written on two operations.");
        found.push_back(v);
    }
    // 3. The rows themselves, by the queries both backends share: each row a violation,
    // counted, the first described.
    for (size_t i = 0; i < dataQueries.size(); ++i) {
        const PgResult &result = answers[size_t(data[i])];
        if (result.rows() == 0)
            continue;
        InvariantViolation violation;
        violation.invariant = dataQueries[i].invariant;
        violation.count = result.rows();
        dataQueries[i].describe(PgInvariantRow(result), violation);
        found.push_back(violation);
    }

    return found;
}

} // namespace RefundDesk::Internal
