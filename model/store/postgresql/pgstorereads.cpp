// PgStore's reads: the queue, an operation's panel, the store's metadata and change
// notifications, and the whole tables a copy pages through.
#include "store/postgresql/pgstore.h"

#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgeventlookup.h"
#include "store/postgresql/pgresult.h"
#include "store/postgresql/pgrows.h"
#include "store/queuesql.h"
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
                              int limit, bool notes, bool detail = false)
{
    QueueStatement s;
    const QByteArray sort = QueueSql::sortExpression(query.sortKey, SqlDialect::PostgreSql);
    const QByteArray direction = query.descending ? " DESC" : "";
    // Placeholders are numbered as they are bound; bind only what the query uses.
    const QByteArray claimant = query.statusFilter == QueueQuery::StatusFilter::ClaimedBy ? s.bind(query.claimedBy) : QByteArray();
    const QByteArray pattern = query.searchText.trimmed().isEmpty() ? QByteArray()
                                                                     : s.bind(containsPattern(query.searchText.trimmed()));
    const QByteArray day = (detail && notes) || QueueSql::usesFollowUpDay(query, notes)
        ? s.bind(QueueSql::followUpDay(query.today)) : QByteArray();
    s.sql = "SELECT " + (keysOnly ? sort + ", operation_id" : QByteArray(OperationColumns))
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

// ---- Reads ----

PgResult PgStore::read(const QByteArray &sql, const PgParams &params, const QString &doing,
                       std::optional<Error> &error)
{
    if (m_snapshotDepth == 0) {
        if (auto lost = m_connection->ensureConnected()) {
            error = *lost;
            return PgResult();
        }
    }
    PgResult result = m_connection->exec(sql, params);
    if (!result.isOk())
        error = m_connection->errorFor(result, doing);
    return result;
}

std::optional<Error> PgStore::flightFailure(const std::vector<PgResult> &answers, std::initializer_list<int> statements,
                                            bool ownTransaction, const QString &doing)
{
    for (int index : statements) {
        const PgResult &answer = answers[size_t(index)];
        if (answer.isOk())
            continue;
        // The transaction failed halfway: its end rides with the next flight.
        if (ownTransaction && m_connection->isConnected() && m_connection->inTransaction())
            m_connection->sendWithNext("ROLLBACK");
        return m_connection->errorFor(answer, doing);
    }
    return std::nullopt;
}

Result<std::vector<Operation>> PgStore::readOperations(const QByteArray &sql, const PgParams &params,
                                                        const QString &doing)
{
    std::optional<Error> error;
    PgResult result = read(sql, params, doing, error);
    if (error)
        return *error;
    std::vector<Operation> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(operationFrom(result, row));
    return rows;
}

Result<std::vector<Resolution>> PgStore::readResolutions(const QByteArray &sql, const PgParams &params)
{
    std::optional<Error> error;
    PgResult result = read(sql, params, QCoreApplication::translate("Store", "reading the audit log", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<Resolution> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(resolutionFrom(result, row));
    return rows;
}

Result<QString> PgStore::meta(const QString &key)
{
    std::optional<Error> error;
    PgResult result = read("SELECT value FROM store_meta WHERE key = $1", PgParams().add(key),
                           QCoreApplication::translate("Store", "reading store_meta", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    return result.rows() > 0 ? result.text(0, 0) : QString();
}

Result<int> PgStore::keyRetentionHours()
{
    auto value = meta(QStringLiteral("key_retention_hours"));
    if (!value)
        return value.error();
    return keyRetentionFrom(*value);
}

Result<QueueCounts> PgStore::queueCounts(const QString &operatorName, const QDate &today)
{
    std::optional<Error> error;
    const bool notes = m_schemaVersion >= 2;
    PgParams params;
    params.add(operatorName);
    if (notes)
        params.add(QueueSql::followUpDay(today));
    PgResult result = read(QueueSql::countsSql("$1", "$2", notes), params,
                           QCoreApplication::translate("Store", "counting the queue", "what the store was doing when it failed"),
                           error);
    if (error)
        return *error;
    return QueueCounts{result.integer(0, 0), result.integer(0, 1), result.integer(0, 2), result.integer(0, 3)};
}

Result<qint64> PgStore::dataVersion()
{
    // No query: only what the server has sent already. A lost connection is restored
    // here; the changes made meanwhile were never announced, so the version moves with
    // every new session (whichever read reconnected) to make readers look. Waiting, a
    // reconnect is tried at most once a second and a remote server that does not answer
    // holds the caller up to connect_timeout; in steps, each poll waits on the server
    // ReconnectStepMs at most.
    // A snapshot's end still waiting for a flight keeps the session in a transaction, and
    // the server holds notifications back until it ends: send it now.
    if (m_snapshotDepth == 0 && m_connection->isConnected() && m_connection->hasWaiting())
        m_connection->sendWaiting();
    auto reconnect = [this]() -> Result<qint64> {
        if (auto lost = m_connection->ensureConnected(ReconnectStepMs))
            return *lost;
        return m_version + m_connection->sessions();
    };
    if (m_snapshotDepth == 0 && !m_connection->isConnected())
        return reconnect();
    auto notified = m_connection->takeNotifications();
    if (!notified) {
        if (m_snapshotDepth > 0)
            return notified.error();
        return reconnect();
    }
    m_version += *notified + takeListenerNotifications();
    if (!m_connection->isStandby() && !hearsChanges()) {
        auto moved = m_changes.poll(*m_connection);
        if (!moved)
            return moved.error();
        m_version += *moved ? 1 : 0;
    }
    if (m_connection->isStandby()) {
        auto replayed = m_replication.poll(*m_connection);
        if (!replayed)
            return replayed.error();
        m_version += *replayed ? 1 : 0;
    }
    return m_version + m_connection->sessions() + (m_listener ? m_listener->sessions() : 0);
}

bool PgStore::hearsChanges() const
{
    return m_connection->isListening() || (m_listener && m_listener->isConnected() && m_listener->isListening());
}

int PgStore::takeListenerNotifications()
{
    if (!m_listener)
        return 0;
    // While it is away, the WAL position is polled instead (hearsChanges), and a new
    // session counts as a change, since what happened meanwhile was never announced.
    if (m_listener->ensureConnected(ReconnectStepMs))
        return 0;
    auto notified = m_listener->takeNotifications();
    return notified ? *notified : 0;
}

bool PgStore::pollsForChanges() const
{
    return !m_connection->isStandby() && !hearsChanges();
}

std::optional<QString> PgStore::encryption() const
{
    // A link that never leaves this machine has nothing to say unless it is encrypted.
    const QString tls = m_connection->tlsProtocol();
    if (tls.isEmpty() && !m_connection->isRemote())
        return std::nullopt;
    return tls;
}

void PgStore::setReconnectWithoutWaiting(bool on)
{
    m_connection->setReconnect(on ? PgConnection::Reconnect::InSteps : PgConnection::Reconnect::Waiting);
    if (m_listener)
        m_listener->setReconnect(on ? PgConnection::Reconnect::InSteps : PgConnection::Reconnect::Waiting);
}

Result<std::vector<Operation>> PgStore::queuePage(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                                  int limit)
{
    const QueueStatement s = queueStatement(query, false, after, limit, m_schemaVersion >= 2);
    return readOperations(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"));
}

Result<QueueRows> PgStore::queueRows(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit)
{
    const QueueStatement s = queueStatement(query, false, after, limit, m_schemaVersion >= 2, true);
    std::optional<Error> error;
    PgResult result = read(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    QueueRows rows;
    for (int row = 0; row < result.rows(); ++row) {
        rows.operations.push_back(operationFrom(result, row));
        rows.details.push_back(detailFrom(result, row));
    }
    return rows;
}

Result<std::vector<QueueCursor>> PgStore::queueKeys(const QueueQuery &query, int limit)
{
    const QueueStatement s = queueStatement(query, true, std::nullopt, limit, m_schemaVersion >= 2);
    std::optional<Error> error;
    PgResult result = read(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"), error);
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

Result<QueuePageReading> PgStore::queuePageWithEvents(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                                     int limit)
{
    // One flight: the page, then its events by a statement that lists the page again
    // with the same values, both in one REPEATABLE READ transaction (or the snapshot
    // already open) so that they see the same rows.
    const QString doing = QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed");
    if (m_snapshotDepth == 0) {
        if (auto lost = m_connection->ensureConnected())
            return *lost;
    }
    const bool ownTransaction = m_snapshotDepth == 0;
    // The events' and lookups' statements list the page by the same SQL (its day bound).
    const QueueStatement s = queueStatement(query, false, after, limit, m_schemaVersion >= 2, true);
    PgBatch batch;
    if (ownTransaction)
        batch.addControl("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const int rows = batch.add(s.sql, s.params);
    const int events = PgEventLookup::addForPage(batch, s.sql, s.params);
    // The page's provider lookups, by the page read again the same way (version 2 only).
    const bool versionTwo = m_schemaVersion >= 2;
    const int lookups = versionTwo ? batch.add("WITH page AS (" + s.sql + ") SELECT " + QByteArray(LookupColumns)
                                                   + " FROM provider_lookups WHERE operation_id = ANY(ARRAY(SELECT "
                                                     "operation_id FROM page)) ORDER BY lookup_id",
                                               s.params)
                                   : events;
    if (ownTransaction)
        batch.addControl("COMMIT");
    const std::vector<PgResult> answers = m_connection->execAll(batch);
    if (auto failed = flightFailure(answers, {rows, events, lookups}, ownTransaction, doing))
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
    if (versionTwo) {
        const PgResult &found = answers[size_t(lookups)];
        for (int row = 0; row < found.rows(); ++row)
            lookupRows.push_back(lookupFrom(found, row));
    }
    reading.lookups = lookupsByOperation(reading.operations, std::move(lookupRows));
    return reading;
}

Result<std::optional<Operation>> PgStore::operation(const QString &operationId)
{
    static const QByteArray sql = QByteArray("SELECT ") + OperationColumns + " FROM refund_ops WHERE operation_id = $1";
    auto rows = readOperations(sql, PgParams().add(operationId), QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId));
    if (!rows)
        return rows.error();
    if (rows->empty())
        return std::optional<Operation>();
    return std::optional<Operation>(rows->front());
}

Result<std::vector<Attempt>> PgStore::attempts(const QString &operationId)
{
    static const QByteArray sql = QByteArray("SELECT ") + AttemptColumns
                                  + " FROM refund_attempts WHERE operation_id = $1 ORDER BY attempt_no";
    std::optional<Error> error;
    PgResult result = read(sql, PgParams().add(operationId),
                           QCoreApplication::translate("Store", "reading the attempts of %1", "what the store was doing when it failed").arg(operationId), error);
    if (error)
        return *error;
    std::vector<Attempt> rows;
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(attemptFrom(result, row));
    return rows;
}

Result<std::vector<WebhookEvent>> PgStore::candidateEvents(const Operation &operation)
{
    auto lists = candidateEventsOfEach({operation});
    if (!lists)
        return lists.error();
    return std::move(lists->front());
}

Result<std::vector<std::vector<WebhookEvent>>> PgStore::candidateEventsOfEach(const std::vector<Operation> &operations)
{
    if (m_snapshotDepth == 0) {
        if (auto lost = m_connection->ensureConnected())
            return *lost;
    }
    return m_eventLookup->candidatesOfEach(operations);
}

Result<std::vector<Operation>> PgStore::orderOperations(const QString &orderId)
{
    static const QByteArray sql = QByteArray("SELECT ") + OperationColumns
                                  + " FROM refund_ops WHERE order_id = $1 ORDER BY created_at, operation_id";
    return readOperations(sql, PgParams().add(orderId), QCoreApplication::translate("Store", "reading the operations of order %1", "what the store was doing when it failed").arg(orderId));
}

Result<std::vector<Resolution>> PgStore::resolutions(const QString &operationId)
{
    static const QByteArray sql = QByteArray("SELECT ") + ResolutionColumns
                                  + " FROM resolutions WHERE operation_id = $1 ORDER BY resolution_id";
    return readResolutions(sql, PgParams().add(operationId));
}

Result<OperationReading> PgStore::operationReading(const QString &operationId)
{
    // One flight: BEGIN (unless a snapshot is open already), every statement, COMMIT. The
    // statements that would need the row's values (its key and refund id for the events,
    // its order for the order's operations) take only the operation id and read the row
    // again by subquery: the other way, waiting for the row before sending them, would
    // cost a second round trip. REPEATABLE READ makes every statement see one moment.
    const QString doing = QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId);
    if (m_snapshotDepth == 0) {
        if (auto lost = m_connection->ensureConnected())
            return *lost;
    }
    const bool ownTransaction = m_snapshotDepth == 0;
    static const QByteArray operationSql = QByteArray("SELECT ") + OperationColumns + " FROM refund_ops WHERE operation_id = $1";
    static const QByteArray attemptsSql = QByteArray("SELECT ") + AttemptColumns
                                          + " FROM refund_attempts WHERE operation_id = $1 ORDER BY attempt_no";
    static const QByteArray orderSql = QByteArray("SELECT ") + OperationColumns
        + " FROM refund_ops WHERE order_id = (SELECT order_id FROM refund_ops WHERE operation_id = $1)"
          " ORDER BY created_at, operation_id";
    static const QByteArray resolutionsSql = QByteArray("SELECT ") + ResolutionColumns
                                             + " FROM resolutions WHERE operation_id = $1 ORDER BY resolution_id";
    const PgParams id = PgParams().add(operationId);
    PgBatch batch;
    if (ownTransaction)
        batch.addControl("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const int row = batch.add(operationSql, id);
    const int attemptRows = batch.add(attemptsSql, id);
    const int eventRows = PgEventLookup::addForOperationId(batch, operationId);
    const int orderRows = batch.add(orderSql, id);
    const int resolutionRows = batch.add(resolutionsSql, id);
    const int retention = batch.add("SELECT value FROM store_meta WHERE key = $1",
                                    PgParams().add(QStringLiteral("key_retention_hours")));
    // Schema version 2's tables travel in the same flight; a version 1 store has none.
    static const QByteArray notesSql = QByteArray("SELECT ") + NoteColumns
                                       + " FROM operation_notes WHERE operation_id = $1 ORDER BY note_id";
    static const QByteArray lookupsSql = QByteArray("SELECT ") + LookupColumns
                                         + " FROM provider_lookups WHERE operation_id = $1 ORDER BY lookup_id";
    const bool versionTwo = m_schemaVersion >= 2;
    const int noteRows = versionTwo ? batch.add(notesSql, id) : retention;
    const int lookupRows = versionTwo ? batch.add(lookupsSql, id) : retention;
    if (ownTransaction)
        batch.addControl("COMMIT");
    const std::vector<PgResult> answers = m_connection->execAll(batch);
    if (auto failed = flightFailure(answers, {row, attemptRows, eventRows, orderRows, resolutionRows, retention,
                                              noteRows, lookupRows},
                                    ownTransaction, doing))
        return *failed;

    OperationReading reading;
    const PgResult &found = answers[size_t(row)];
    if (found.rows() == 0)
        return reading;
    reading.operation = operationFrom(found, 0);
    for (int r = 0; r < answers[size_t(attemptRows)].rows(); ++r)
        reading.attempts.push_back(attemptFrom(answers[size_t(attemptRows)], r));
    reading.candidates = std::move(PgEventLookup::assign({*reading.operation}, answers[size_t(eventRows)]).front());
    for (int r = 0; r < answers[size_t(orderRows)].rows(); ++r)
        reading.orderOperations.push_back(operationFrom(answers[size_t(orderRows)], r));
    for (int r = 0; r < answers[size_t(resolutionRows)].rows(); ++r)
        reading.resolutions.push_back(resolutionFrom(answers[size_t(resolutionRows)], r));
    const PgResult &hours = answers[size_t(retention)];
    reading.keyRetentionHours = keyRetentionFrom(hours.rows() > 0 ? hours.text(0, 0) : QString());
    if (versionTwo) {
        for (int r = 0; r < answers[size_t(noteRows)].rows(); ++r)
            reading.notes.push_back(noteFrom(answers[size_t(noteRows)], r));
        for (int r = 0; r < answers[size_t(lookupRows)].rows(); ++r)
            reading.lookups.push_back(lookupFrom(answers[size_t(lookupRows)], r));
    }
    return reading;
}

Result<std::vector<Resolution>> PgStore::resolutionsAfter(qint64 afterId, int limit)
{
    static const QByteArray sql = QByteArray("SELECT ") + ResolutionColumns
                                  + " FROM resolutions WHERE resolution_id > $1 ORDER BY resolution_id LIMIT $2";
    return readResolutions(sql, PgParams().add(afterId).add(qint64(limit)));
}

// ---- Whole tables, for a copy ----
// The schema version is the destination's own business (its schema writes it), so the
// whole-table reads leave that row out, as SQLite's PRAGMA user_version is no row at all.

Result<std::vector<MetaEntry>> PgStore::metaEntries()
{
    std::optional<Error> error;
    PgResult result = read("SELECT key, value FROM store_meta WHERE key <> 'schema_version' ORDER BY key",
                           PgParams(), QCoreApplication::translate("Store", "reading store_meta", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<MetaEntry> rows;
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(MetaEntry{result.text(row, 0), result.text(row, 1)});
    return rows;
}

Result<std::vector<Operation>> PgStore::operationsAfter(const std::optional<QString> &afterOperationId, int limit)
{
    static const QByteArray sql = QByteArray("SELECT ") + OperationColumns
                                  + " FROM refund_ops WHERE $1::text IS NULL OR operation_id > $1"
                                    " ORDER BY operation_id LIMIT $2";
    return readOperations(sql, PgParams().add(afterOperationId.value_or(QString())).add(qint64(limit)),
                          QCoreApplication::translate("Store", "reading operations", "what the store was doing when it failed"));
}

Result<std::vector<Attempt>> PgStore::attemptsAfter(const std::optional<AttemptKey> &after, int limit)
{
    static const QByteArray sql = QByteArray("SELECT ") + AttemptColumns
                                  + " FROM refund_attempts WHERE $1::text IS NULL OR (operation_id, attempt_no) > ($1, $2)"
                                    " ORDER BY operation_id, attempt_no LIMIT $3";
    PgParams params;
    params.add(after ? after->operationId : QString()).add(qint64(after ? after->attemptNo : 0)).add(qint64(limit));
    std::optional<Error> error;
    PgResult result = read(sql, params, QCoreApplication::translate("Store", "reading attempts", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<Attempt> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(attemptFrom(result, row));
    return rows;
}

Result<std::vector<StoredEvent>> PgStore::eventsAfter(const std::optional<QString> &afterEventId, int limit)
{
    static const QByteArray sql = QByteArray("SELECT ") + EventColumns
                                  + " FROM webhook_events WHERE $1::text IS NULL OR event_id > $1"
                                    " ORDER BY event_id LIMIT $2";
    std::optional<Error> error;
    PgResult result = read(sql, PgParams().add(afterEventId.value_or(QString())).add(qint64(limit)),
                           QCoreApplication::translate("Store", "reading webhook events", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<StoredEvent> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row) {
        StoredEvent stored{eventFrom(result, row), result.bytes(row, 4)};
        stored.event.payload.clear();
        rows.push_back(std::move(stored));
    }
    return rows;
}

Result<TableCounts> PgStore::tableCounts()
{
    const QString doing = QCoreApplication::translate("Store", "counting the rows of %1",
                                                      "what the store was doing when it failed").arg(location());
    std::optional<Error> error;
    const QByteArray counts = "SELECT (SELECT count(*) FROM store_meta WHERE key <> 'schema_version'), "
                              "(SELECT count(*) FROM refund_ops), (SELECT count(*) FROM refund_attempts), "
                              "(SELECT count(*) FROM webhook_events), (SELECT count(*) FROM resolutions)";
    PgResult result = read(m_schemaVersion >= 2 ? counts + ", (SELECT count(*) FROM operation_notes), "
                                                           "(SELECT count(*) FROM provider_lookups)"
                                                : counts + ", 0, 0",
                           PgParams(), doing, error);
    if (error)
        return *error;
    return TableCounts{result.integer(0, 0), result.integer(0, 1), result.integer(0, 2), result.integer(0, 3),
                       result.integer(0, 4), result.integer(0, 5), result.integer(0, 6)};
}

} // namespace RefundDesk::Internal
