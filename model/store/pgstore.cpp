#include "store/pgstore.h"

#include "domain/auditchain.h"
#include "store/pgaudit.h"
#include "store/pgconnection.h"
#include "store/pgconninfo.h"
#include "store/pgeventlookup.h"
#include "store/pgrows.h"
#include "store/pgschema.h"
#include "store/pgtransaction.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QThread>

namespace RefundDesk::Internal {

namespace {

// The key of the advisory lock that serialises appends to the audit chain ("rdchain").
constexpr qint64 ChainLockKey = 0x7264636861696e;

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QByteArray sortExpression(QueueQuery::SortKey key)
{
    switch (key) {
    case QueueQuery::SortKey::UpdatedAt: return "updated_at";
    case QueueQuery::SortKey::OperationId: return "operation_id";
    case QueueQuery::SortKey::OrderId: return "order_id";
    case QueueQuery::SortKey::Amount: return "amount_cents";
    case QueueQuery::SortKey::Status: return "status";
    case QueueQuery::SortKey::Attempts: return "attempts";
    case QueueQuery::SortKey::CreatedAt: return "created_at";
    case QueueQuery::SortKey::ClaimedBy: return "COALESCE(claimed_by, '')";
    }
    return "updated_at";
}

bool sortsByNumber(QueueQuery::SortKey key)
{
    return key == QueueQuery::SortKey::UpdatedAt || key == QueueQuery::SortKey::Amount
        || key == QueueQuery::SortKey::Attempts || key == QueueQuery::SortKey::CreatedAt;
}

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

QueueStatement queueStatement(const QueueQuery &query, bool keysOnly, const std::optional<QueueCursor> &after,
                              int limit)
{
    QueueStatement s;
    const QByteArray sort = sortExpression(query.sortKey);
    const QByteArray direction = query.descending ? " DESC" : "";
    s.sql = "SELECT " + (keysOnly ? sort + ", operation_id" : QByteArray(OperationColumns))
            + " FROM refund_ops WHERE status IN ('unknown', 'checking')";
    switch (query.statusFilter) {
    case QueueQuery::StatusFilter::NeedsPerson: break;
    case QueueQuery::StatusFilter::Unknown: s.sql += " AND status = 'unknown'"; break;
    case QueueQuery::StatusFilter::Checking: s.sql += " AND status = 'checking'"; break;
    case QueueQuery::StatusFilter::ClaimedBy:
        s.sql += " AND status = 'checking' AND claimed_by = " + s.bind(query.claimedBy);
        break;
    }
    if (!query.searchText.trimmed().isEmpty()) {
        const QByteArray p = s.bind(containsPattern(query.searchText.trimmed()));
        s.sql += " AND (operation_id LIKE " + p + " OR order_id LIKE " + p + " OR idempotency_key LIKE " + p
                 + " OR refund_id LIKE " + p + " OR conversation_id LIKE " + p + ')';
    }
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

// ---- Opening ----

Result<std::unique_ptr<Store>> PgStore::open(const QString &location, OpenMode mode)
{
    auto info = PgConnInfo::parse(location);
    if (!info)
        return info.error();
    const bool readOnly = mode == OpenMode::ReadOnly;
    auto connection = PgConnection::connect(*info, readOnly);
    if (!connection)
        return connection.error();
    if (auto schema = PgSchema::check(**connection); !schema)
        return schema.error();
    QString note;
    if (!readOnly) {
        auto why = PgSchema::whyNotWritable(**connection);
        if (!why)
            return why.error();
        note = *why;
    }
    const bool openedReadOnly = readOnly || !note.isEmpty();
    if (openedReadOnly && !readOnly) {
        // The server refuses writes anyway; the session says so early and plainly.
        PgResult(connection.value()->execText("SET default_transaction_read_only = on"));
    }
    return std::unique_ptr<Store>(std::make_unique<PgStore>(std::move(*connection), openedReadOnly, note));
}

Result<std::unique_ptr<Store>> PgStore::create(const QString &location)
{
    auto info = PgConnInfo::parse(location);
    if (!info)
        return info.error();
    auto connection = PgConnection::connect(*info, false);
    if (!connection)
        return connection.error();
    {
        PgTransaction transaction(**connection);
        if (!transaction.isActive())
            return connection.value()->errorFor(transaction.beginResult(), QCoreApplication::translate("Store", "creating the store", "what the store was doing when it failed"));
        if (auto applied = PgSchema::apply(**connection); !applied)
            return applied.error();
        PgResult committed = transaction.commit();
        if (!committed.isOk())
            return connection.value()->errorFor(committed, QCoreApplication::translate("Store", "creating the store", "what the store was doing when it failed"));
    }
    return open(info->display(), OpenMode::ReadWrite);
}

PgStore::PgStore(std::unique_ptr<PgConnection> connection, bool readOnly, const QString &openNote)
    : m_connection(std::move(connection))
    , m_eventLookup(std::make_unique<PgEventLookup>(*m_connection))
    , m_readOnly(readOnly)
    , m_openNote(openNote)
{
}

PgStore::~PgStore() = default;

QString PgStore::location() const
{
    return m_connection->location();
}

QString PgStore::sessionOperator() const
{
    return m_connection->sessionUser();
}

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

Result<qint64> PgStore::dataVersion()
{
    // No query: only what the server has sent already. A lost connection is restored
    // here; the changes made meanwhile were never announced, so the version moves with
    // every new session (whichever read reconnected) to make readers look. Waiting, a
    // reconnect is tried at most once a second and a remote server that does not answer
    // holds the caller up to connect_timeout; in steps, each poll waits on the server
    // ReconnectStepMs at most.
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
    m_version += *notified;
    return m_version + m_connection->sessions();
}

void PgStore::setReconnectWithoutWaiting(bool on)
{
    m_connection->setReconnect(on ? PgConnection::Reconnect::InSteps : PgConnection::Reconnect::Waiting);
}

Result<std::vector<Operation>> PgStore::queuePage(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                                  int limit)
{
    const QueueStatement s = queueStatement(query, false, after, limit);
    return readOperations(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"));
}

Result<std::vector<QueueCursor>> PgStore::queueKeys(const QueueQuery &query, int limit)
{
    const QueueStatement s = queueStatement(query, true, std::nullopt, limit);
    std::optional<Error> error;
    PgResult result = read(s.sql, s.params, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<QueueCursor> keys;
    keys.reserve(size_t(result.rows()));
    const bool number = sortsByNumber(query.sortKey);
    for (int row = 0; row < result.rows(); ++row) {
        const QVariant value = number ? QVariant(result.integer(row, 0)) : QVariant(result.text(row, 0));
        keys.push_back({value, result.text(row, 1)});
    }
    return keys;
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
    PgResult result = read("SELECT (SELECT count(*) FROM store_meta WHERE key <> 'schema_version'), "
                           "(SELECT count(*) FROM refund_ops), (SELECT count(*) FROM refund_attempts), "
                           "(SELECT count(*) FROM webhook_events), (SELECT count(*) FROM resolutions)",
                           PgParams(), doing, error);
    if (error)
        return *error;
    return TableCounts{result.integer(0, 0), result.integer(0, 1), result.integer(0, 2), result.integer(0, 3),
                       result.integer(0, 4)};
}

// ---- Snapshots ----

std::optional<Error> PgStore::beginSnapshot()
{
    if (m_snapshotDepth == 0) {
        if (auto lost = m_connection->ensureConnected())
            return lost;
        PgResult begun = m_connection->execText("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        if (!begun.isOk())
            return m_connection->errorFor(begun, QCoreApplication::translate("Store", "starting a consistent read", "what the store was doing when it failed"));
    }
    ++m_snapshotDepth;
    return std::nullopt;
}

void PgStore::endSnapshot()
{
    if (m_snapshotDepth == 0 || --m_snapshotDepth > 0)
        return;
    // Nothing was written; ending a read transaction has nothing to report.
    if (m_connection->isConnected())
        m_connection->execText("ROLLBACK"); // its PgResult is cleared at once
}

// ---- Writes ----

std::optional<Error> PgStore::refuseWrite() const
{
    if (m_snapshotDepth > 0)
        return Error::internal(QCoreApplication::translate("Store", "A change to %1 was asked for while a read snapshot of it is open. "
                                              "Nothing was written. Close the snapshot first.").arg(location()));
    if (!m_readOnly)
        return std::nullopt;
    return Error::unavailable(QCoreApplication::translate("Store", "%1 is open read-only, so nothing can be recorded in it. %2")
                                  .arg(location(), m_openNote.isEmpty()
                                                       ? QCoreApplication::translate("Store", "Open it without --read-only.")
                                                       : m_openNote));
}

Result<QString> PgStore::operatorFor(const QString &requested, const QString &doing) const
{
    const QString login = m_connection->sessionUser();
    const QString name = requested.trimmed();
    if (!name.isEmpty() && name != login)
        return Error::refused(QCoreApplication::translate("Store", "On PostgreSQL the operator recorded is the database login: you are "
                                             "logged in as %1, so %2 cannot be recorded as %3. Nothing was written. "
                                             "Log in as %3, or leave the operator name out.")
                                  .arg(login, doing, name));
    return login;
}

Error PgStore::describeChange(const Operation &current)
{
    std::optional<Resolution> last;
    if (current.status == OperationStatus::Refunded || current.status == OperationStatus::Failed) {
        static const QByteArray sql = QByteArray("SELECT ") + ResolutionColumns
            + " FROM resolutions WHERE operation_id = $1 ORDER BY resolution_id DESC LIMIT 1";
        PgResult found = m_connection->exec(sql, PgParams().add(current.operationId));
        if (found.isOk() && found.rows() == 1)
            last = resolutionFrom(found, 0);
    }
    return conflictFor(current, last);
}

Result<Operation> PgStore::lockedForWrite(const QString &operationId, const SeenState &seen)
{
    // The row lock: a concurrent write of the same operation waits here until this
    // transaction ends, and then reads the row as that one left it.
    static const QByteArray sql = QByteArray("SELECT ") + OperationColumns
                                  + " FROM refund_ops WHERE operation_id = $1 FOR UPDATE";
    PgResult found = m_connection->exec(sql, PgParams().add(operationId));
    if (!found.isOk())
        return m_connection->errorFor(found, QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId));
    if (found.rows() == 0)
        return Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                .arg(operationId, location()));
    const Operation current = operationFrom(found, 0);
    if (current.status != seen.status || current.version != seen.version)
        return describeChange(current);
    return current;
}

Result<int> PgStore::insertEvents(const std::vector<WebhookEvent> &events)
{
    if (auto error = refuseWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "importing events", "what the store was doing when it failed");
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    static const QByteArray sql = pgInsert("webhook_events", EventColumns) + " ON CONFLICT (event_id) DO NOTHING";
    int inserted = 0;
    for (const WebhookEvent &e : events) {
        PgResult result = m_connection->exec(sql, eventParams(e));
        if (!result.isOk())
            return m_connection->errorFor(result, QCoreApplication::translate("Store", "importing event %1", "what the store was doing when it failed").arg(e.eventId));
        inserted += int(result.affectedRows());
    }
    PgResult committed = transaction.commit();
    if (!committed.isOk())
        return m_connection->errorFor(committed, doing);
    return inserted;
}

Result<qint64> PgStore::updateAndCommit(PgTransaction &transaction, Operation &operation, const QByteArray &update,
                                        const QString &doing)
{
    // The times are the server's for every login but the store's owner (roles-postgresql.sql):
    // what is kept is what the UPDATE returns.
    PgResult updated = m_connection->exec(update + " RETURNING updated_at, claimed_at",
                                          PgParams().add(nowMs()).add(operation.operationId).add(operation.version));
    if (!updated.isOk())
        return m_connection->errorFor(updated, doing);
    if (updated.rows() != 1)
        return describeChange(operation);
    const qint64 updatedAt = updated.integer(0, 0);
    const std::optional<qint64> claimedAt = updated.optionalInteger(0, 1);
    PgResult committed = transaction.commit();
    if (!committed.isOk())
        return m_connection->errorFor(committed, doing);
    operation.updatedAt = updatedAt;
    operation.claimedAt = claimedAt;
    ++operation.version;
    return updatedAt;
}

Result<Operation> PgStore::claim(const QString &operationId, const SeenState &seen, const QString &operatorName,
                                 bool takeOver)
{
    if (auto error = refuseWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId);
    auto login = operatorFor(operatorName, QCoreApplication::translate("Store", "a claim"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    auto current = lockedForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Checking && operation.claimedBy == *login)
        return operation; // already ours
    if (operation.status == OperationStatus::Checking && !takeOver)
        return describeChange(operation);
    if (!operation.needsPerson())
        return describeChange(operation);

    auto now = updateAndCommit(transaction, operation,
                               "UPDATE refund_ops SET status = 'checking', claimed_by = session_user, "
                               "claimed_at = $1, updated_at = $1, version = version + 1 "
                               "WHERE operation_id = $2 AND version = $3",
                               doing);
    if (!now)
        return now.error();
    operation.status = OperationStatus::Checking;
    operation.claimedBy = *login;
    return operation;
}

Result<Operation> PgStore::release(const QString &operationId, const SeenState &seen, const QString &operatorName)
{
    if (auto error = refuseWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId);
    auto login = operatorFor(operatorName, QCoreApplication::translate("Store", "a release"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    auto current = lockedForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Unknown)
        return Error::conflict(QCoreApplication::translate("Store", "%1 is not claimed by anyone; there is nothing to release.")
                                   .arg(operationId));
    if (operation.status != OperationStatus::Checking || operation.claimedBy != *login)
        return describeChange(operation);

    auto now = updateAndCommit(transaction, operation,
                               "UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, "
                               "claimed_at = NULL, updated_at = $1, version = version + 1 "
                               "WHERE operation_id = $2 AND version = $3",
                               doing);
    if (!now)
        return now.error();
    operation.status = OperationStatus::Unknown;
    operation.claimedBy = QString();
    return operation;
}

Result<Resolution> PgStore::recordResolution(const ResolutionDraft &draft, const SeenState &seen)
{
    if (auto error = refuseWrite())
        return *error;
    if (draft.outcome == Outcome::Refunded && draft.refundId.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "A refunded outcome needs the provider's refund id."));
    const QString doing = QCoreApplication::translate("Store", "recording the outcome of %1", "what the store was doing when it failed").arg(draft.operationId);
    auto login = operatorFor(draft.operatorName, QCoreApplication::translate("Store", "a decision"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    // READ COMMITTED, whatever the database's default: the head read after the lock below
    // must see every append committed before (the server's chain trigger wants it too).
    PgTransaction transaction(*m_connection, "BEGIN ISOLATION LEVEL READ COMMITTED");
    if (!transaction.isActive())
        return m_connection->errorFor(transaction.beginResult(), doing);
    auto current = lockedForWrite(draft.operationId, seen);
    if (!current)
        return current.error();
    const Operation &operation = *current;
    if (!operation.needsPerson())
        return describeChange(operation);
    if (operation.status == OperationStatus::Checking && operation.claimedBy != *login)
        return describeChange(operation);

    // The chain's append, serialised: the head read below stays the head until COMMIT.
    PgResult locked = m_connection->exec("SELECT pg_advisory_xact_lock($1)", PgParams().add(ChainLockKey));
    if (!locked.isOk())
        return m_connection->errorFor(locked, doing);
    PgResult head = m_connection->exec("SELECT resolution_id, hash FROM resolutions ORDER BY resolution_id DESC LIMIT 1");
    if (!head.isOk())
        return m_connection->errorFor(head, doing);

    Resolution r;
    r.resolutionId = head.rows() == 1 ? head.integer(0, 0) + 1 : 1;
    r.prevHash = head.rows() == 1 ? head.text(0, 1) : AuditChain::genesisHash();
    r.operationId = draft.operationId;
    r.outcome = draft.outcome;
    r.refundId = draft.outcome == Outcome::Refunded ? draft.refundId.trimmed() : QString();
    r.evidence = draft.evidence.trimmed();
    r.note = draft.note.trimmed().isEmpty() ? QString() : draft.note.trimmed();
    r.operatorName = *login;
    r.recordedAt = nowMs();
    r.previousStatus = operation.status;
    r.overridesEvidence = draft.overridesEvidence;
    r.hash = AuditChain::hashOf(r);

    // The resolution first, as stored: for every login but the store's owner the server
    // fills in its id, time, prev_hash and hash (roles-postgresql.sql), and the operation's
    // updated_at is then the time it was recorded.
    static const QByteArray insert = pgInsert("resolutions", ResolutionColumns) + " RETURNING " + ResolutionColumns;
    PgResult inserted = m_connection->exec(insert, resolutionParams(r));
    if (!inserted.isOk())
        return m_connection->errorFor(inserted, doing);
    if (inserted.rows() == 1)
        r = resolutionFrom(inserted, 0);

    // Test-only seam: the crash tests kill a decision here, between its two writes.
    if (const int delayMs = qEnvironmentVariableIntValue("RD_TEST_DELAY_IN_RESOLVE_MS"); delayMs > 0)
        QThread::msleep(ulong(delayMs));

    PgResult updated = m_connection->exec("UPDATE refund_ops SET status = $1, refund_id = COALESCE($2, refund_id), "
                                          "claimed_by = NULL, claimed_at = NULL, updated_at = $3, "
                                          "version = version + 1 WHERE operation_id = $4 AND version = $5",
                                          PgParams().add(toString(r.outcome)).add(r.refundId).add(r.recordedAt)
                                              .add(r.operationId).add(operation.version));
    if (!updated.isOk())
        return m_connection->errorFor(updated, doing);
    PgResult committed = transaction.commit();
    if (!committed.isOk()) {
        const Error lost = m_connection->errorFor(committed, doing);
        if (m_connection->isConnected())
            return lost;
        return settleUnansweredCommit(r, lost);
    }
    return r;
}

Result<Resolution> PgStore::settleUnansweredCommit(const Resolution &resolution, const Error &lost)
{
    // The server may have committed before the connection broke: look, once it is back.
    if (auto down = m_connection->ensureConnected())
        return Error::unavailable(QCoreApplication::translate("Store", "The connection to the PostgreSQL server at %1 broke while the "
                                                 "decision on %2 was being committed, and the server is not back "
                                                 "yet: it was either fully recorded or not at all. Look at %2 "
                                                 "again once the server is back before recording anything.")
                                      .arg(location(), resolution.operationId));
    PgResult found = m_connection->exec("SELECT 1 FROM resolutions WHERE hash = $1", PgParams().add(resolution.hash));
    if (found.isOk() && found.rows() == 1)
        return resolution;
    if (found.isOk())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 Checked after reconnecting: the decision on %2 was not "
                                                 "recorded.").arg(lost.message, resolution.operationId));
    return lost;
}

// ---- Diagnostics ----

void PgStore::setRecordingQueryPlans(bool on)
{
    m_recordingPlans = on;
    if (!on) {
        m_connection->setStatementObserver({});
        return;
    }
    m_recorded.clear();
    m_recordedSeen.clear();
    m_connection->setStatementObserver([this](const QByteArray &sql, const PgParams &params) {
        if (m_recordedSeen.insert(sql.toStdString()).second)
            m_recorded.emplace_back(sql, params);
    });
}

Result<std::vector<QueryPlan>> PgStore::recordedQueryPlans()
{
    // Explaining runs statements too: note none of them.
    m_connection->setStatementObserver({});
    std::vector<QueryPlan> plans;
    std::optional<Error> failure;
    for (const auto &[sql, params] : m_recorded) {
        QueryPlan plan;
        plan.sql = QString::fromUtf8(sql);
        PgResult explained = m_connection->exec("EXPLAIN " + sql, params);
        if (!explained.isOk() && !failure)
            failure = m_connection->errorFor(explained, QCoreApplication::translate("Store", "explaining %1", "what the store was doing when it failed").arg(plan.sql));
        for (int row = 0; row < explained.rows(); ++row)
            plan.steps << explained.text(row, 0);
        plans.push_back(std::move(plan));
    }
    setRecordingQueryPlans(m_recordingPlans);
    if (failure)
        return *failure;
    return plans;
}

// ---- The audit block: read-only queries, implemented in pgaudit.cpp ----

Result<std::vector<AuditEntry>> PgStore::auditPage(const AuditQuery &query, std::optional<qint64> afterId, int limit)
{
    return PgAudit(*m_connection).page(query, afterId, limit);
}

Result<qint64> PgStore::auditCount(const AuditQuery &query)
{
    return PgAudit(*m_connection).count(query);
}

Result<std::vector<AuditTotal>> PgStore::auditTotals(const AuditQuery &query)
{
    return PgAudit(*m_connection).totals(query);
}

Result<QStringList> PgStore::auditOperators()
{
    return PgAudit(*m_connection).operators();
}

Result<std::vector<ExposureChange>> PgStore::exposureChanges()
{
    return PgAudit(*m_connection).exposureChanges();
}

Result<std::vector<DailyDecisions>> PgStore::decisionsByDay()
{
    return PgAudit(*m_connection).decisionsByDay();
}

Result<std::vector<InvariantViolation>> PgStore::checkInvariants()
{
    return PgAudit(*m_connection).checkInvariants();
}

} // namespace RefundDesk::Internal
