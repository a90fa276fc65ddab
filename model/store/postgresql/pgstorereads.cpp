// PgStore's reads: an operation's panel, the store's metadata and change notifications;
// the queue's reads are PgQueueReader's, the whole tables a copy pages through
// PgTableReader's.
#include "store/postgresql/pgstore.h"

#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgeventlookup.h"
#include "store/postgresql/pgqueuereader.h"
#include "store/postgresql/pgresult.h"
#include "store/postgresql/pgrows.h"
#include "store/postgresql/pgtablereader.h"
#include "store/storetext.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {


// ---- Reads ----





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

Result<QueueCounts> PgStore::queueCounts(const QString &operatorName, const QDate &today, const QueueQuery &view)
{
    return queueReader().counts(operatorName, today, view);
}

Result<qint64> PgStore::dataVersion()
{
    // No query: only what the server has sent already. A lost connection is restored
    // here; the changes made meanwhile were never announced, so the version moves with
    // every new session (whichever read reconnected) to make readers look. Waiting, a
    // reconnect is tried at most once a second and a remote server that does not answer
    // holds the caller up to connect_timeout; in steps, each poll waits on the server
    // ReconnectStepMs at most.
    // A snapshot's end still waiting for a pipeline keeps the session in a transaction, and
    // the server holds notifications back until it ends: send it now.
    if (!m_reader.inSnapshot() && m_connection->isConnected() && m_connection->hasWaiting())
        m_connection->sendWaiting();
    auto reconnect = [this]() -> Result<qint64> {
        if (auto lost = m_connection->ensureConnected(ReconnectStepMs))
            return *lost;
        return m_version + m_connection->sessions();
    };
    if (!m_reader.inSnapshot() && !m_connection->isConnected())
        return reconnect();
    auto notified = m_connection->takeNotifications();
    if (!notified) {
        if (m_reader.inSnapshot())
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
    return queueReader().page(query, after, limit);
}

Result<QueueRows> PgStore::queueRows(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit)
{
    return queueReader().rows(query, after, limit);
}

Result<std::vector<QueueCursor>> PgStore::queueKeys(const QueueQuery &query, int limit)
{
    return queueReader().keys(query, limit);
}

Result<QueuePageReading> PgStore::queuePageWithEvents(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                                     int limit)
{
    return queueReader().pageWithEvents(query, after, limit);
}

Result<std::optional<Operation>> PgStore::operation(const QString &operationId)
{
    const QByteArray sql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                           + " FROM refund_ops WHERE operation_id = $1";
    auto rows = readOperations(sql, PgParams().add(operationId), QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId));
    if (!rows)
        return rows.error();
    if (rows->empty())
        return std::optional<Operation>();
    return std::optional<Operation>(rows->front());
}

Result<std::vector<Operation>> PgStore::operationsOf(const QStringList &operationIds)
{
    if (operationIds.isEmpty())
        return std::vector<Operation>();
    const QByteArray sql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                           + " FROM refund_ops WHERE operation_id = ANY($1::text[]) ORDER BY operation_id";
    return readOperations(sql, PgParams().addArray(operationIds),
                          QCoreApplication::translate("Store", "reading operations", "what the store was doing when it failed"));
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

Result<std::vector<Attempt>> PgStore::attemptsOf(const QStringList &operationIds)
{
    if (operationIds.isEmpty())
        return std::vector<Attempt>();
    static const QByteArray sql = QByteArray("SELECT ") + AttemptColumns
                                  + " FROM refund_attempts WHERE operation_id = ANY($1::text[])"
                                    " ORDER BY operation_id, attempt_no";
    std::optional<Error> error;
    PgResult result = read(sql, PgParams().addArray(operationIds),
                           QCoreApplication::translate("Store", "reading the attempts of several operations", "what the store was doing when it failed"), error);
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
    if (auto lost = m_reader.ready())
        return *lost;
    return m_eventLookup->candidatesOfEach(operations);
}

Result<std::vector<Operation>> PgStore::orderOperations(const QString &orderId)
{
    const QByteArray sql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                           + " FROM refund_ops WHERE order_id = $1 ORDER BY created_at, operation_id";
    return readOperations(sql, PgParams().add(orderId), QCoreApplication::translate("Store", "reading the operations of order %1", "what the store was doing when it failed").arg(orderId));
}

Result<std::vector<Operation>> PgStore::operationsOfOrders(const QStringList &orderIds)
{
    if (orderIds.isEmpty())
        return std::vector<Operation>();
    const QByteArray sql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                           + " FROM refund_ops WHERE order_id = ANY($1::text[]) ORDER BY order_id, created_at, operation_id";
    return readOperations(sql, PgParams().addArray(orderIds),
                          QCoreApplication::translate("Store", "reading the operations of several orders", "what the store was doing when it failed"));
}

Result<std::vector<Resolution>> PgStore::resolutions(const QString &operationId)
{
    static const QByteArray sql = QByteArray("SELECT ") + ResolutionColumns
                                  + " FROM resolutions WHERE operation_id = $1 ORDER BY resolution_id";
    return readResolutions(sql, PgParams().add(operationId));
}

Result<OperationReading> PgStore::operationReading(const QString &operationId)
{
    // One pipeline: BEGIN (unless a snapshot is open already), every statement, COMMIT. The
    // statements that would need the row's values (its key and refund id for the events,
    // its order for the order's operations) take only the operation id and read the row
    // again by subquery: the other way, waiting for the row before sending them, would
    // cost a second round trip. REPEATABLE READ makes every statement see one moment.
    const QString doing = QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId);
    if (auto lost = m_reader.ready())
        return *lost;
    const bool ownTransaction = !m_reader.inSnapshot();
    const QByteArray operationSql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                                    + " FROM refund_ops WHERE operation_id = $1";
    static const QByteArray attemptsSql = QByteArray("SELECT ") + AttemptColumns
                                          + " FROM refund_attempts WHERE operation_id = $1 ORDER BY attempt_no";
    const QByteArray orderSql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
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
    // Schema version 2's tables travel in the same pipeline; a version 1 store has none.
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
    if (auto failed = pipelineFailure(answers, {row, attemptRows, eventRows, orderRows, resolutionRows, retention,
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


// ---- Whole tables, for a copy: PgTableReader ----

Result<std::vector<MetaEntry>> PgStore::metaEntries()
{
    return tableReader().metaEntries();
}

Result<std::vector<Operation>> PgStore::operationsAfter(const std::optional<QString> &afterOperationId, int limit)
{
    return tableReader().operationsAfter(afterOperationId, limit);
}

Result<std::vector<Attempt>> PgStore::attemptsAfter(const std::optional<AttemptKey> &after, int limit)
{
    return tableReader().attemptsAfter(after, limit);
}

Result<std::vector<StoredEvent>> PgStore::eventsAfter(const std::optional<QString> &afterEventId, int limit)
{
    return tableReader().eventsAfter(afterEventId, limit);
}

Result<std::vector<Resolution>> PgStore::resolutionsAfter(qint64 afterId, int limit)
{
    return tableReader().resolutionsAfter(afterId, limit);
}

Result<std::vector<OperationNote>> PgStore::notesAfter(qint64 afterNoteId, int limit)
{
    return tableReader().notesAfter(afterNoteId, limit);
}

Result<std::vector<ProviderLookup>> PgStore::providerLookupsAfter(qint64 afterLookupId, int limit)
{
    return tableReader().providerLookupsAfter(afterLookupId, limit);
}

Result<std::vector<ResponseBody>> PgStore::responseBodiesAfter(const QString &afterSha256, int limit)
{
    return tableReader().responseBodiesAfter(afterSha256, limit);
}

Result<TableCounts> PgStore::tableCounts()
{
    return tableReader().counts();
}






} // namespace RefundDesk::Internal
