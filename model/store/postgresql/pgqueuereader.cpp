// The queue's reads on PostgreSQL.
#include "store/postgresql/pgqueuereader.h"

#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgeventlookup.h"
#include "store/postgresql/pgreader.h"
#include "store/postgresql/pgrows.h"
#include "store/queuesql.h"
#include "store/store.h"
#include "store/storetext.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

namespace {

// A queue read of the rows (or only the keys) `query` lists, after `after`: the SQL with
// $n placeholders and the values bound to them, numbered as they are added.
struct QueueStatement
{
    QByteArray sql;
    PgParams params;

    QByteArray bind(const QVariant &value)
    {
        params.add(value);
        return '$' + QByteArray::number(params.count());
    }
    QByteArray bind(const QString &value)
    {
        params.add(value);
        return '$' + QByteArray::number(params.count());
    }
};

// With `detail`, each row's QueueSql::detailColumns follow its own.
QueueStatement queueStatement(const QueueQuery &query, bool keysOnly, const std::optional<QueueCursor> &after,
                              int limit, int schemaVersion, bool detail = false)
{
    QueueStatement s;
    const bool notes = schemaVersion >= 2;
    const QByteArray sort = QueueSql::sortExpression(query.sortKey, SqlDialect::PostgreSql);
    const QByteArray direction = query.descending ? " DESC" : "";
    // Placeholders are numbered as they are bound; bind only what the query uses.
    const QByteArray claimant = query.namesClaimant() ? s.bind(query.claimedBy) : QByteArray();
    const QByteArray pattern = query.searchText.trimmed().isEmpty() ? QByteArray()
                                                                     : s.bind(containsPattern(query.searchText.trimmed()));
    const QByteArray day = (detail && notes) || QueueSql::usesFollowUpDay(query, notes)
        ? s.bind(QueueSql::followUpDay(query.today)) : QByteArray();
    s.sql = "SELECT " + (keysOnly ? sort + ", operation_id" : QByteArray(operationColumns(schemaVersion)))
            + (detail ? QueueSql::detailColumns(day, notes) : QByteArray()) + " FROM refund_ops";
    s.sql += QueueSql::where(query, claimant, pattern, day, notes);
    const bool byId = query.sortKey == QueueQuery::SortKey::OperationId;
    const QByteArray later = query.descending ? " < " : " > ";
    if (after) {
        if (byId) {
            s.sql += " AND operation_id" + later + s.bind(after->operationId);
        } else {
            const QByteArray value = s.bind(after->sortValue);
            s.sql += " AND (" + sort + ", operation_id)" + later + '(' + value + ", " + s.bind(after->operationId)
                     + ')';
        }
    }
    if (byId)
        s.sql += " ORDER BY operation_id" + direction;
    else
        s.sql += " ORDER BY " + sort + direction + ", operation_id" + direction;
    s.sql += " LIMIT " + s.bind(QVariant(qint64(limit)));
    return s;
}

} // namespace

Result<std::vector<Operation>> PgQueueReader::page(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                                   int limit)
{
    const QueueStatement s = queueStatement(query, false, after, limit, m_schemaVersion);
    return m_reader.readOperations(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"));
}

Result<QueueRows> PgQueueReader::rows(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit)
{
    const QueueStatement s = queueStatement(query, false, after, limit, m_schemaVersion, true);
    std::optional<Error> error;
    PgResult result = m_reader.read(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    QueueRows rows;
    for (int row = 0; row < result.rows(); ++row) {
        rows.operations.push_back(operationFrom(result, row));
        rows.details.push_back(detailFrom(result, row));
    }
    return rows;
}

Result<std::vector<QueueCursor>> PgQueueReader::keys(const QueueQuery &query, int limit)
{
    const QueueStatement s = queueStatement(query, true, std::nullopt, limit, m_schemaVersion);
    std::optional<Error> error;
    PgResult result = m_reader.read(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<QueueCursor> keys;
    keys.reserve(size_t(result.rows()));
    const bool number = QueueSql::sortsByNumber(query.sortKey);
    for (int row = 0; row < result.rows(); ++row) {
        const QVariant value = number ? QVariant(result.integer(row, 0)) : QVariant(result.text(row, 0));
        keys.push_back({value, result.text(row, 1)});
    }
    return keys;
}

Result<QueueCounts> PgQueueReader::counts(const QString &operatorName, const QDate &today, const QueueQuery &view)
{
    std::optional<Error> error;
    QueueStatement s;
    const QByteArray claimant = s.bind(operatorName);
    const QByteArray day = m_versionTwo ? s.bind(QueueSql::followUpDay(today)) : QByteArray();
    QByteArray viewWhere;
    if (QueueSql::narrowsQueue(view)) {
        // Placeholders numbered as they are bound: only what the view uses.
        const QByteArray viewClaimant = view.namesClaimant() ? s.bind(view.claimedBy) : QByteArray();
        const QByteArray pattern = view.searchText.trimmed().isEmpty()
            ? QByteArray() : s.bind(containsPattern(view.searchText.trimmed()));
        viewWhere = QueueSql::where(view, viewClaimant, pattern, day, m_versionTwo);
    }
    s.sql = QueueSql::countsSql(claimant, day, m_versionTwo, SqlDialect::PostgreSql, {}, viewWhere);
    PgResult result = m_reader.read(s.sql, s.params,
                                    QCoreApplication::translate("Store", "counting the queue", "what the store was doing when it failed"),
                                    error);
    if (error)
        return *error;
    const qint64 all = result.integer(0, 0);
    QueueCounts counts;
    counts.all = all;
    counts.free = all - result.integer(0, 1);
    counts.mine = result.integer(0, 2);
    counts.waiting = result.integer(0, 3);
    counts.waitingFreeOrMine = result.integer(0, 7);
    counts.inView = viewWhere.isEmpty() ? all : result.integer(0, 8);
    counts.oldestOperationId = result.isNull(0, 4) ? QString() : result.text(0, 4);
    counts.oldestUnknownSince = result.isNull(0, 5) ? 0 : result.integer(0, 5);
    counts.lastReconcilePass = result.isNull(0, 6) ? std::nullopt : ReconcilePassRecord::parse(result.text(0, 6));
    return counts;
}

Result<QueuePageReading> PgQueueReader::pageWithEvents(const QueueQuery &query,
                                                       const std::optional<QueueCursor> &after, int limit)
{
    // One pipeline: the page, then its events by a statement that lists the page again
    // with the same values, both in one REPEATABLE READ transaction (or the snapshot
    // already open) so that they see the same rows.
    const QString doing = QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed");
    if (auto lost = m_reader.ready())
        return *lost;
    const bool ownTransaction = !m_reader.inSnapshot();
    const QueueStatement s = queueStatement(query, false, after, limit, m_schemaVersion, true);
    // The events' and lookups' statements list the same rows again (same filter, order and
    // limit, same snapshot) without the detail columns: only the page itself shows those,
    // and each costs a subquery per row.
    const QueueStatement rowsAgain = queueStatement(query, false, after, limit, m_schemaVersion);
    PgBatch batch;
    if (ownTransaction)
        batch.addControl("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const int rows = batch.add(s.sql, s.params);
    const int events = PgEventLookup::addForPage(batch, rowsAgain.sql, rowsAgain.params);
    // The page's provider lookups (version 2 only).
    const int lookups = m_versionTwo ? batch.add("WITH page AS (" + rowsAgain.sql + ") SELECT " + QByteArray(LookupColumns)
                                                   + " FROM provider_lookups WHERE operation_id = ANY(ARRAY(SELECT "
                                                     "operation_id FROM page)) ORDER BY lookup_id",
                                               rowsAgain.params)
                                   : events;
    if (ownTransaction)
        batch.addControl("COMMIT");
    const std::vector<PgResult> answers = m_connection.execAll(batch);
    if (auto failed = m_reader.pipelineFailure(answers, {rows, events, lookups}, ownTransaction, doing))
        return *failed;
    QueuePageReading reading;
    const PgResult &page = answers[size_t(rows)];
    reading.operations.reserve(size_t(page.rows()));
    for (int row = 0; row < page.rows(); ++row) {
        reading.operations.push_back(operationFrom(page, row));
        reading.details.push_back(detailFrom(page, row));
    }
    reading.candidates = PgEventLookup::assign(reading.operations, answers[size_t(events)]);
    std::vector<ProviderLookup> lookupRows;
    if (m_versionTwo) {
        const PgResult &found = answers[size_t(lookups)];
        for (int row = 0; row < found.rows(); ++row)
            lookupRows.push_back(lookupFrom(found, row));
    }
    reading.lookups = Store::lookupsByOperation(reading.operations, std::move(lookupRows));
    return reading;
}

} // namespace RefundDesk::Internal
