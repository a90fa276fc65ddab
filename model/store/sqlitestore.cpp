#include "store/sqlitestore.h"

#include "domain/auditchain.h"
#include "store/sqliteaudit.h"
#include "store/sqlitebusyanswer.h"
#include "store/sqliteeventlookup.h"
#include "store/sqliteopener.h"
#include "store/sqliterows.h"
#include "store/sqliteschema.h"
#include "store/sqlitestatement.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFileInfo>
#include <QThread>

#include <algorithm>

#include <sqlite3.h>

namespace RefundDesk {

namespace Internal {

namespace {

constexpr int BusyTimeoutMs = 5000;

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
    case QueueQuery::SortKey::ClaimedBy: return "IFNULL(claimed_by, '')";
    }
    return "updated_at";
}

} // namespace

SqliteStore::SqliteStore(sqlite3 *db, const QString &path, bool readOnly, const QString &openNote)
    : m_db(db)
    , m_path(path)
    , m_readOnly(readOnly)
    , m_openNote(openNote)
    , m_eventLookup(std::make_unique<SqliteEventLookup>(db, path))
{
}

SqliteStore::~SqliteStore()
{
    // Statements must be finalized before the connection closes.
    m_statements.clear();
    m_eventLookup.reset();
    sqlite3_close_v2(m_db);
}

ScopedStatement SqliteStore::cached(const QByteArray &sql)
{
    auto &slot = m_statements[sql.toStdString()];
    if (!slot || !slot->isValid())
        slot = std::make_unique<SqliteStatement>(m_db, sql.constData());
    return ScopedStatement(*slot);
}

Error SqliteStore::errorFor(sqlite3 *db, int code, const QString &path, const QString &doing)
{
    const QString detail = db ? QString::fromUtf8(sqlite3_errmsg(db)) : QString::fromUtf8(sqlite3_errstr(code));
    switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return Error::unavailable(QCoreApplication::translate("Store", "The store is busy: another program has held it locked for "
                                                 "more than %1 seconds while %2. Nothing was written. Try again "
                                                 "in a moment.").arg(BusyTimeoutMs / 1000).arg(doing));
    case SQLITE_READONLY:
        return Error::unavailable(QCoreApplication::translate("Store", "%1 cannot be written (%2) while %3. Nothing was written. Open "
                                                 "a writable copy, or ask for write access to the file and its folder.")
                                      .arg(path, detail, doing));
    case SQLITE_FULL:
        return Error::unavailable(QCoreApplication::translate("Store", "The disk holding %1 is full while %2. Nothing was written. "
                                                 "Free some space and try again.").arg(path, doing));
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return Error::unavailable(QCoreApplication::translate("Store", "%1 is damaged (%2) while %3. Restore it from a backup; "
                                                 "Refund Desk will not write to it.").arg(path, detail, doing));
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_AUTH:
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be read or written (%2) while %3. Check the disk "
                                                 "and the file's permissions.").arg(path, detail, doing));
    default:
        return Error::internal(QCoreApplication::translate("Store", "Unexpected database error while %1: %2 (SQLite code %3).")
                                   .arg(doing, detail).arg(code));
    }
}

Error SqliteStore::sqliteError(int code, const QString &doing) const
{
    return errorFor(m_db, code, m_path, doing);
}

std::optional<Error> SqliteStore::refuseWrite() const
{
    if (m_snapshotDepth > 0)
        return Error::internal(QCoreApplication::translate("Store", "A change to %1 was asked for while a read snapshot of it is open. "
                                              "Nothing was written. Close the snapshot first.").arg(m_path));
    if (!m_readOnly)
        return std::nullopt;
    return Error::unavailable(QCoreApplication::translate("Store", "%1 is open read-only, so nothing can be recorded in it. Open it "
                                             "without --read-only, from a folder you may write to.").arg(m_path));
}

std::optional<Error> SqliteStore::beginSnapshot()
{
    if (m_snapshotDepth == 0) {
        // A deferred BEGIN: the snapshot is taken by the first read that follows.
        const int code = sqlite3_exec(m_db, "BEGIN", nullptr, nullptr, nullptr);
        if (code != SQLITE_OK)
            return sqliteError(code, QCoreApplication::translate("Store", "starting a consistent read", "what the store was doing when it failed"));
    }
    ++m_snapshotDepth;
    return std::nullopt;
}

void SqliteStore::endSnapshot()
{
    if (m_snapshotDepth == 0 || --m_snapshotDepth > 0)
        return;
    // Nothing was written: ending a read transaction cannot fail for a reason to report,
    // and a ROLLBACK releases it whatever happened on the way.
    sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

Result<QString> SqliteStore::meta(const QString &key)
{
    auto s = cached("SELECT value FROM store_meta WHERE key = ?1");
    s->bind(1, key);
    const int code = s->step();
    if (code == SQLITE_ROW)
        return s->text(0);
    if (code == SQLITE_DONE)
        return QString();
    return sqliteError(code, QCoreApplication::translate("Store", "reading store_meta", "what the store was doing when it failed"));
}

Result<int> SqliteStore::keyRetentionHours()
{
    auto value = meta(QStringLiteral("key_retention_hours"));
    if (!value)
        return value.error();
    return keyRetentionFrom(*value);
}

Result<qint64> SqliteStore::dataVersion()
{
    auto s = cached("PRAGMA data_version");
    const int code = s->step();
    if (code != SQLITE_ROW)
        return sqliteError(code, QCoreApplication::translate("Store", "checking for changes", "what the store was doing when it failed"));
    return s->integer(0);
}

template<typename RowFrom>
auto SqliteStore::readRows(SqliteStatement &s, RowFrom rowFrom, const QString &doing)
    -> Result<std::vector<decltype(rowFrom(s))>>
{
    std::vector<decltype(rowFrom(s))> rows;
    int code;
    while ((code = s.step()) == SQLITE_ROW)
        rows.push_back(rowFrom(s));
    if (code != SQLITE_DONE)
        return sqliteError(code, doing);
    return rows;
}

Result<std::vector<Operation>> SqliteStore::readOperations(SqliteStatement &s)
{
    return readRows(s, operationFrom, QCoreApplication::translate("Store", "reading operations", "what the store was doing when it failed"));
}

Result<std::vector<Resolution>> SqliteStore::readResolutions(SqliteStatement &s)
{
    return readRows(s, resolutionFrom, QCoreApplication::translate("Store", "reading the audit log", "what the store was doing when it failed"));
}

bool SqliteStore::hasIndex(const QByteArray &name)
{
    auto s = cached("SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?1");
    s->bind(1, QString::fromLatin1(name));
    return s->step() == SQLITE_ROW;
}

QByteArray SqliteStore::queueIndexFor(const QueueQuery &query, bool keysOnly)
{
    // Performance: the index is named because SQLite's planner, without statistics (the
    // refund tool never runs ANALYZE) or with sampled ones, reads every queue page through
    // refund_ops_queue (status, updated_at) and sorts all the rows after the cursor, so
    // that each page cost the rest of the queue (quadratic when scrolling; 50 ms and more
    // per page at a million operations). The index below already holds the rows in the
    // wanted order, or holds every column a search looks at. A store made before an index
    // joined the schema goes without it and gets the same answers, more slowly.
    QByteArray name;
    if (!query.searchText.trimmed().isEmpty()
        || (keysOnly && query.sortKey == QueueQuery::SortKey::UpdatedAt)) {
        // It holds every column a filter or a search looks at: keys and matches come from
        // the index alone.
        name = "refund_ops_queue_search";
    } else if (query.statusFilter == QueueQuery::StatusFilter::Checking
               || query.statusFilter == QueueQuery::StatusFilter::ClaimedBy) {
        name = "refund_ops_queue"; // status = 'checking' first: no unknown row is read
    } else {
        switch (query.sortKey) {
        case QueueQuery::SortKey::UpdatedAt: name = "refund_ops_queue_age"; break;
        case QueueQuery::SortKey::OperationId: name = "refund_ops_queue_by_operation"; break;
        case QueueQuery::SortKey::OrderId: name = "refund_ops_queue_by_order"; break;
        case QueueQuery::SortKey::Amount: name = "refund_ops_queue_by_amount"; break;
        case QueueQuery::SortKey::Status: name = "refund_ops_queue_by_status"; break;
        case QueueQuery::SortKey::Attempts: name = "refund_ops_queue_by_attempts"; break;
        case QueueQuery::SortKey::CreatedAt: name = "refund_ops_queue_by_created"; break;
        case QueueQuery::SortKey::ClaimedBy: name = "refund_ops_queue_by_claimant"; break;
        }
    }
    return hasIndex(name) ? name : QByteArray();
}

QByteArray SqliteStore::queueSql(const QueueQuery &query, QueueRead read, CursorPart cursor)
{
    // Built from fixed fragments only; every value the user typed is a bound parameter.
    const QByteArray sort = sortExpression(query.sortKey);
    const QByteArray direction = query.descending ? " DESC" : "";
    const bool keys = read == QueueRead::Keys;
    const QByteArray index = queueIndexFor(query, keys);
    QByteArray sql = "SELECT " + (keys ? sort + ", operation_id" : QByteArray(OperationColumns)) + " FROM refund_ops";
    if (!index.isEmpty())
        sql += " INDEXED BY " + index;
    sql += " WHERE status IN ('unknown', 'checking')";
    switch (query.statusFilter) {
    case QueueQuery::StatusFilter::NeedsPerson: break;
    case QueueQuery::StatusFilter::Unknown: sql += " AND status = 'unknown'"; break;
    case QueueQuery::StatusFilter::Checking: sql += " AND status = 'checking'"; break;
    case QueueQuery::StatusFilter::ClaimedBy: sql += " AND status = 'checking' AND claimed_by = ?1"; break;
    }
    if (!query.searchText.trimmed().isEmpty())
        sql += " AND (operation_id LIKE ?2 ESCAPE '\\' OR order_id LIKE ?2 ESCAPE '\\'"
               " OR idempotency_key LIKE ?2 ESCAPE '\\' OR refund_id LIKE ?2 ESCAPE '\\'"
               " OR conversation_id LIKE ?2 ESCAPE '\\')";
    // Sorted by the id itself, the id alone is the key: SQLite would not see through
    // "ORDER BY operation_id, operation_id" and would sort every page again.
    const bool byId = query.sortKey == QueueQuery::SortKey::OperationId;
    const QByteArray after = query.descending ? "<" : ">";
    switch (cursor) {
    case CursorPart::None: break;
    case CursorPart::Whole:
        if (byId)
            sql += " AND operation_id " + after + " ?4";
        else
            sql += " AND (" + sort + ", operation_id) " + after + " (?3, ?4)";
        break;
    case CursorPart::SameSortValue: sql += " AND " + sort + " = ?3 AND operation_id " + after + " ?4"; break;
    case CursorPart::LaterSortValues: sql += " AND " + sort + " " + after + " ?3"; break;
    }
    // Within one sort value the id alone orders the rows (SQLite does not drop a term it
    // holds constant from the ORDER BY of an expression index, and would sort).
    if (byId || cursor == CursorPart::SameSortValue)
        sql += " ORDER BY operation_id" + direction;
    else
        sql += " ORDER BY " + sort + direction + ", operation_id" + direction;
    sql += " LIMIT ?5";
    return sql;
}

void SqliteStore::bindQueue(SqliteStatement &s, const QueueQuery &query, const std::optional<QueueCursor> &after,
                            int limit)
{
    if (query.statusFilter == QueueQuery::StatusFilter::ClaimedBy)
        s.bind(1, query.claimedBy);
    if (!query.searchText.trimmed().isEmpty())
        s.bind(2, containsPattern(query.searchText.trimmed()));
    if (after) {
        s.bind(3, after->sortValue); // unused (and harmless) when the id is the sort key
        s.bind(4, after->operationId);
    }
    s.bind(5, qint64(limit));
}

Result<std::vector<Operation>> SqliteStore::queuePage(const QueueQuery &query,
                                                      const std::optional<QueueCursor> &after, int limit)
{
    // SQLite seeks an index by a row value (sort, id) > (?3, ?4) on plain columns but not
    // on the expression IFNULL(claimed_by, ''): there a page is read in two seeks, the
    // rest of the cursor's own sort value, then the values after it.
    if (after && query.sortKey == QueueQuery::SortKey::ClaimedBy) {
        auto same = cached(queueSql(query, QueueRead::Rows, CursorPart::SameSortValue));
        bindQueue(*same, query, after, limit);
        auto rows = readOperations(*same);
        if (!rows || int(rows->size()) >= limit)
            return rows;
        auto later = cached(queueSql(query, QueueRead::Rows, CursorPart::LaterSortValues));
        bindQueue(*later, query, after, limit - int(rows->size()));
        auto more = readOperations(*later);
        if (!more)
            return more.error();
        rows->insert(rows->end(), more->begin(), more->end());
        return rows;
    }
    auto s = cached(queueSql(query, QueueRead::Rows, after ? CursorPart::Whole : CursorPart::None));
    bindQueue(*s, query, after, limit);
    return readOperations(*s);
}

Result<std::vector<QueueCursor>> SqliteStore::queueKeys(const QueueQuery &query, int limit)
{
    // Only the sort value and the id: for the usual views the index named by
    // queueIndexFor() holds both, so the rows themselves are never read.
    auto s = cached(queueSql(query, QueueRead::Keys, CursorPart::None));
    bindQueue(*s, query, std::nullopt, limit);
    std::vector<QueueCursor> keys;
    keys.reserve(size_t(std::max(0, limit)));
    int code;
    while ((code = s->step()) == SQLITE_ROW)
        keys.push_back({s->value(0), s->text(1)});
    if (code != SQLITE_DONE)
        return sqliteError(code, QCoreApplication::translate("Store", "reading the queue", "what the store was doing when it failed"));
    return keys;
}

Result<std::optional<Operation>> SqliteStore::operation(const QString &operationId)
{
    auto s = cached(QByteArray("SELECT ") + OperationColumns + " FROM refund_ops WHERE operation_id = ?1");
    s->bind(1, operationId);
    const int code = s->step();
    if (code == SQLITE_ROW)
        return std::optional<Operation>(operationFrom(*s));
    if (code == SQLITE_DONE)
        return std::optional<Operation>();
    return sqliteError(code, QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId));
}

Result<std::vector<Attempt>> SqliteStore::attempts(const QString &operationId)
{
    auto s = cached(QByteArray("SELECT ") + AttemptColumns
                     + " FROM refund_attempts WHERE operation_id = ?1 ORDER BY attempt_no");
    s->bind(1, operationId);
    return readRows(*s, attemptFrom, QCoreApplication::translate("Store", "reading the attempts of %1", "what the store was doing when it failed").arg(operationId));
}

Result<std::vector<WebhookEvent>> SqliteStore::candidateEvents(const Operation &operation)
{
    auto lists = m_eventLookup->candidatesOfEach({operation});
    if (!lists)
        return lists.error();
    return std::move(lists->front());
}

Result<std::vector<std::vector<WebhookEvent>>> SqliteStore::candidateEventsOfEach(const std::vector<Operation> &operations)
{
    return m_eventLookup->candidatesOfEach(operations);
}

Result<std::vector<Operation>> SqliteStore::orderOperations(const QString &orderId)
{
    auto s = cached(QByteArray("SELECT ") + OperationColumns
                     + " FROM refund_ops WHERE order_id = ?1 ORDER BY created_at, operation_id");
    s->bind(1, orderId);
    return readOperations(*s);
}

Result<std::vector<Resolution>> SqliteStore::resolutions(const QString &operationId)
{
    auto s = cached(QByteArray("SELECT ") + ResolutionColumns
                     + " FROM resolutions WHERE operation_id = ?1 ORDER BY resolution_id");
    s->bind(1, operationId);
    return readResolutions(*s);
}

Result<std::vector<Resolution>> SqliteStore::resolutionsAfter(qint64 afterId, int limit)
{
    auto s = cached(QByteArray("SELECT ") + ResolutionColumns
                     + " FROM resolutions WHERE resolution_id > ?1 ORDER BY resolution_id LIMIT ?2");
    s->bind(1, afterId);
    s->bind(2, qint64(limit));
    return readResolutions(*s);
}

// ---- Whole tables, for a copy ----

Result<std::vector<MetaEntry>> SqliteStore::metaEntries()
{
    auto s = cached("SELECT key, value FROM store_meta ORDER BY key");
    return readRows(*s, [](const SqliteStatement &row) { return MetaEntry{row.text(0), row.text(1)}; },
                    QStringLiteral("reading store_meta"));
}

Result<std::vector<Operation>> SqliteStore::operationsAfter(const std::optional<QString> &afterOperationId,
                                                            int limit)
{
    const QByteArray select = QByteArray("SELECT ") + OperationColumns + " FROM refund_ops ";
    auto s = cached(select + (afterOperationId ? "WHERE operation_id > ?2 " : "")
                    + "ORDER BY operation_id LIMIT ?1");
    s->bind(1, qint64(limit));
    if (afterOperationId)
        s->bind(2, *afterOperationId);
    return readOperations(*s);
}

Result<std::vector<Attempt>> SqliteStore::attemptsAfter(const std::optional<AttemptKey> &after, int limit)
{
    const QByteArray select = QByteArray("SELECT ") + AttemptColumns + " FROM refund_attempts ";
    auto s = cached(select + (after ? "WHERE (operation_id, attempt_no) > (?2, ?3) " : "")
                    + "ORDER BY operation_id, attempt_no LIMIT ?1");
    s->bind(1, qint64(limit));
    if (after)
        s->bind(2, after->operationId).bind(3, qint64(after->attemptNo));
    return readRows(*s, attemptFrom, QStringLiteral("reading attempts"));
}

Result<std::vector<StoredEvent>> SqliteStore::eventsAfter(const std::optional<QString> &afterEventId, int limit)
{
    const QByteArray select = QByteArray("SELECT ") + EventColumns + " FROM webhook_events ";
    auto s = cached(select + (afterEventId ? "WHERE event_id > ?2 " : "") + "ORDER BY event_id LIMIT ?1");
    s->bind(1, qint64(limit));
    if (afterEventId)
        s->bind(2, *afterEventId);
    return readRows(*s, storedEventFrom, QStringLiteral("reading webhook events"));
}

Result<TableCounts> SqliteStore::tableCounts()
{
    auto s = cached("SELECT (SELECT count(*) FROM store_meta), (SELECT count(*) FROM refund_ops), "
                    "(SELECT count(*) FROM refund_attempts), (SELECT count(*) FROM webhook_events), "
                    "(SELECT count(*) FROM resolutions)");
    const int code = s->step();
    if (code != SQLITE_ROW)
        return sqliteError(code, QStringLiteral("counting the rows of %1").arg(m_path));
    return TableCounts{s->integer(0), s->integer(1), s->integer(2), s->integer(3), s->integer(4)};
}

Result<int> SqliteStore::insertEvents(const std::vector<WebhookEvent> &events)
{
    if (auto error = refuseWrite())
        return *error;
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive())
        return sqliteError(transaction.beginCode(), QCoreApplication::translate("Store", "importing events", "what the store was doing when it failed"));
    auto s = cached("INSERT OR IGNORE INTO webhook_events " + columnsAndValues(EventColumns));
    int inserted = 0;
    for (const WebhookEvent &e : events) {
        s->reset();
        bindEvent(*s, e);
        const int code = s->step();
        if (code != SQLITE_DONE)
            return sqliteError(code, QCoreApplication::translate("Store", "importing event %1", "what the store was doing when it failed").arg(e.eventId));
        inserted += sqlite3_changes(m_db);
    }
    const int code = transaction.commit();
    if (code != SQLITE_OK)
        return sqliteError(code, QCoreApplication::translate("Store", "importing events", "what the store was doing when it failed"));
    return inserted;
}

std::optional<Resolution> SqliteStore::lastResolutionOf(const QString &operationId)
{
    auto s = cached(QByteArray("SELECT ") + ResolutionColumns
                     + " FROM resolutions WHERE operation_id = ?1 ORDER BY resolution_id DESC LIMIT 1");
    s->bind(1, operationId);
    if (s->step() == SQLITE_ROW)
        return resolutionFrom(*s);
    return std::nullopt;
}

Error SqliteStore::describeChange(const Operation &current)
{
    const bool decided = current.status == OperationStatus::Refunded || current.status == OperationStatus::Failed;
    return conflictFor(current, decided ? lastResolutionOf(current.operationId) : std::nullopt);
}

Result<Operation> SqliteStore::currentForWrite(const QString &operationId, const SeenState &seen)
{
    auto found = operation(operationId);
    if (!found)
        return found.error();
    if (!found->has_value())
        return Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                .arg(operationId, m_path));
    const Operation &current = **found;
    if (!seen.matches(current))
        return describeChange(current);
    return current;
}

Result<Operation> SqliteStore::claim(const QString &operationId, const SeenState &seen,
                                     const QString &operatorName, bool takeOver)
{
    if (auto error = refuseWrite())
        return *error;
    if (operatorName.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "The operator name is empty. Say who claims the operation."));
    SqliteTransaction transaction(m_db);
    // Kept from the lock, it still reads the operation and tells a loser so (sqlitebusyanswer.h).
    if (!transaction.isActive() && !SqliteBusyAnswer::isBusy(transaction.beginCode()))
        return sqliteError(transaction.beginCode(), QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId));
    auto current = currentForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Checking && operation.claimedBy == operatorName)
        return operation; // already ours
    if (operation.status == OperationStatus::Checking && !takeOver)
        return describeChange(operation);
    if (!operation.needsPerson())
        return describeChange(operation);
    if (!transaction.isActive())
        return SqliteBusyAnswer::busy(BusyTimeoutMs, QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId), operation);

    const qint64 now = nowMs();
    auto s = cached("UPDATE refund_ops SET status = 'checking', claimed_by = ?1, claimed_at = ?2, "
                     "updated_at = ?2, version = version + 1 WHERE operation_id = ?3 AND version = ?4");
    s->bind(1, operatorName).bind(2, now).bind(3, operationId).bind(4, operation.version);
    const int code = s->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId));
    const int commitCode = transaction.commit();
    if (commitCode != SQLITE_OK)
        return sqliteError(commitCode, QCoreApplication::translate("Store", "claiming %1", "what the store was doing when it failed").arg(operationId));
    operation.status = OperationStatus::Checking;
    operation.claimedBy = operatorName;
    operation.claimedAt = now;
    operation.updatedAt = now;
    ++operation.version;
    return operation;
}

Result<Operation> SqliteStore::release(const QString &operationId, const SeenState &seen,
                                       const QString &operatorName)
{
    if (auto error = refuseWrite())
        return *error;
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive() && !SqliteBusyAnswer::isBusy(transaction.beginCode()))
        return sqliteError(transaction.beginCode(), QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId));
    auto current = currentForWrite(operationId, seen);
    if (!current)
        return current.error();
    Operation operation = *current;
    if (operation.status == OperationStatus::Unknown)
        return Error::conflict(QCoreApplication::translate("Store", "%1 is not claimed by anyone; there is nothing to release.")
                                   .arg(operationId));
    if (operation.status != OperationStatus::Checking || operation.claimedBy != operatorName)
        return describeChange(operation);
    if (!transaction.isActive())
        return SqliteBusyAnswer::busy(BusyTimeoutMs, QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId), operation);

    const qint64 now = nowMs();
    auto s = cached("UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, claimed_at = NULL, "
                     "updated_at = ?1, version = version + 1 WHERE operation_id = ?2 AND version = ?3");
    s->bind(1, now).bind(2, operationId).bind(3, operation.version);
    const int code = s->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId));
    const int commitCode = transaction.commit();
    if (commitCode != SQLITE_OK)
        return sqliteError(commitCode, QCoreApplication::translate("Store", "releasing %1", "what the store was doing when it failed").arg(operationId));
    operation.status = OperationStatus::Unknown;
    operation.claimedBy = QString();
    operation.claimedAt.reset();
    operation.updatedAt = now;
    ++operation.version;
    return operation;
}

Result<Resolution> SqliteStore::recordResolution(const ResolutionDraft &draft, const SeenState &seen)
{
    if (auto error = refuseWrite())
        return *error;
    if (draft.outcome == Outcome::Refunded && draft.refundId.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "A refunded outcome needs the provider's refund id."));
    const QString doing = QCoreApplication::translate("Store", "recording the outcome of %1", "what the store was doing when it failed").arg(draft.operationId);
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive() && !SqliteBusyAnswer::isBusy(transaction.beginCode()))
        return sqliteError(transaction.beginCode(), doing);
    auto current = currentForWrite(draft.operationId, seen);
    if (!current)
        return current.error();
    const Operation &operation = *current;
    if (!operation.canBeDecidedBy(draft.operatorName))
        return describeChange(operation);
    if (!transaction.isActive())
        return SqliteBusyAnswer::busy(BusyTimeoutMs, doing, operation);

    auto last = cached("SELECT resolution_id, hash FROM resolutions ORDER BY resolution_id DESC LIMIT 1");
    const int lastCode = last->step();
    if (lastCode != SQLITE_ROW && lastCode != SQLITE_DONE)
        return sqliteError(lastCode, doing);

    Resolution r;
    r.resolutionId = lastCode == SQLITE_ROW ? last->integer(0) + 1 : 1;
    r.prevHash = lastCode == SQLITE_ROW ? last->text(1) : AuditChain::genesisHash();
    last->reset();
    r.operationId = draft.operationId;
    r.outcome = draft.outcome;
    r.refundId = draft.outcome == Outcome::Refunded ? draft.refundId.trimmed() : QString();
    r.evidence = draft.evidence.trimmed();
    r.note = draft.note.trimmed().isEmpty() ? QString() : draft.note.trimmed();
    r.operatorName = draft.operatorName.trimmed();
    r.recordedAt = nowMs();
    r.previousStatus = operation.status;
    r.overridesEvidence = draft.overridesEvidence;
    r.hash = AuditChain::hashOf(r);

    auto update = cached("UPDATE refund_ops SET status = ?1, refund_id = COALESCE(?2, refund_id), "
                          "claimed_by = NULL, claimed_at = NULL, updated_at = ?3, version = version + 1 "
                          "WHERE operation_id = ?4 AND version = ?5");
    update->bind(1, toString(r.outcome)).bind(2, r.refundId).bind(3, r.recordedAt);
    update->bind(4, r.operationId).bind(5, operation.version);
    int code = update->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, doing);

    // Test-only seam: the crash tests kill a decision here, between its two writes.
    if (const int delayMs = qEnvironmentVariableIntValue("RD_TEST_DELAY_IN_RESOLVE_MS"); delayMs > 0)
        QThread::msleep(ulong(delayMs));

    auto insert = cached("INSERT INTO resolutions " + columnsAndValues(ResolutionColumns));
    bindResolution(*insert, r);
    code = insert->step();
    if (code != SQLITE_DONE)
        return sqliteError(code, doing);

    code = transaction.commit();
    if (code != SQLITE_OK)
        return sqliteError(code, doing);
    return r;
}

// ---- Diagnostics ----

void SqliteStore::recordStatement(const char *sql)
{
    // Trigger programs report themselves as "-- TRIGGER name": they are not statements.
    if (!sql || (sql[0] == '-' && sql[1] == '-'))
        return;
    std::string text(sql);
    if (m_recordedSeen.insert(text).second)
        m_recordedSql.push_back(std::move(text));
}

void SqliteStore::traceStatements(bool on)
{
    if (!on) {
        sqlite3_trace_v2(m_db, 0, nullptr, nullptr);
        return;
    }
    sqlite3_trace_v2(
        m_db, SQLITE_TRACE_STMT,
        [](unsigned, void *context, void *, void *sql) {
            static_cast<SqliteStore *>(context)->recordStatement(static_cast<const char *>(sql));
            return 0;
        },
        this);
}

void SqliteStore::setRecordingQueryPlans(bool on)
{
    m_recordingPlans = on;
    if (on) {
        m_recordedSql.clear();
        m_recordedSeen.clear();
    }
    traceStatements(on);
}

Result<std::vector<QueryPlan>> SqliteStore::recordedQueryPlans()
{
    // Explaining runs statements too: note none of them.
    traceStatements(false);
    std::vector<QueryPlan> plans;
    std::optional<Error> failure;
    for (const std::string &sql : m_recordedSql) {
        QueryPlan plan;
        plan.sql = QString::fromStdString(sql);
        SqliteStatement explain(m_db, ("EXPLAIN QUERY PLAN " + sql).c_str());
        std::unordered_map<qint64, int> depthOf; // step id -> depth
        int code;
        while ((code = explain.step()) == SQLITE_ROW) {
            const auto parent = depthOf.find(explain.integer(1));
            const int depth = parent == depthOf.end() ? 0 : parent->second + 1;
            depthOf[explain.integer(0)] = depth;
            plan.steps << QString(depth * 2, u' ') + explain.text(3);
        }
        if (code != SQLITE_DONE && !failure)
            failure = sqliteError(code, QCoreApplication::translate("Store", "explaining %1", "what the store was doing when it failed").arg(plan.sql));
        plans.push_back(std::move(plan));
    }
    traceStatements(m_recordingPlans);
    if (failure)
        return *failure;
    return plans;
}

// ---- The audit block: read-only queries, implemented in sqliteaudit.cpp ----

Result<std::vector<AuditEntry>> SqliteStore::auditPage(const AuditQuery &query, std::optional<qint64> afterId,
                                                       int limit)
{
    return SqliteAudit(m_db, m_path).page(query, afterId, limit);
}

Result<qint64> SqliteStore::auditCount(const AuditQuery &query)
{
    return SqliteAudit(m_db, m_path).count(query);
}

Result<std::vector<AuditTotal>> SqliteStore::auditTotals(const AuditQuery &query)
{
    return SqliteAudit(m_db, m_path).totals(query);
}

Result<QStringList> SqliteStore::auditOperators()
{
    return SqliteAudit(m_db, m_path).operators();
}

Result<std::vector<ExposureChange>> SqliteStore::exposureChanges()
{
    return SqliteAudit(m_db, m_path).exposureChanges();
}

Result<std::vector<DailyDecisions>> SqliteStore::decisionsByDay()
{
    return SqliteAudit(m_db, m_path).decisionsByDay();
}

Result<std::vector<InvariantViolation>> SqliteStore::checkInvariants()
{
    return SqliteAudit(m_db, m_path).checkInvariants();
}

Result<std::unique_ptr<Store>> SqliteStore::openFile(const QString &path, Store::OpenMode mode)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 does not exist. Nothing was created. Check the path, or create "
                                                 "an empty store with 'refund-desk init --db %1'.").arg(path));
    if (info.isDir())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 is a folder, not a store. Name the store file inside it.")
                                      .arg(path));
    // SQLite would take an empty file for an empty database; it is no store either.
    if (info.size() == 0 && !QFileInfo::exists(path + QStringLiteral("-wal")))
        return Error::unavailable(QCoreApplication::translate("Store", "%1 is empty (0 bytes), not a Refund Desk store. Open the store "
                                                 "file the refund tool writes, or create one with 'refund-desk init "
                                                 "--db PATH'.").arg(path));

    // Read-only flags, the fall-back to read-only for a store the user may not write, and
    // the immutable open of a WAL store on a read-only medium: see SqliteOpener.
    auto connection = SqliteOpener::open(path, mode);
    if (!connection)
        return connection.error();
    const QString openNote = connection->note();
    const bool openedReadOnly = connection->isReadOnly();
    sqlite3 *db = connection->release();
    sqlite3_busy_timeout(db, BusyTimeoutMs);
    sqlite3_extended_result_codes(db, 1);
    // Test-only seam: a full disk where no small file system can be mounted to fill.
    if (const int maxPages = qEnvironmentVariableIntValue("RD_TEST_MAX_PAGE_COUNT"); maxPages > 0) {
        const QByteArray pragma = "PRAGMA max_page_count = " + QByteArray::number(maxPages);
        sqlite3_exec(db, pragma.constData(), nullptr, nullptr, nullptr);
    }

    const QString problem = checkSchema(db, path);
    if (!problem.isEmpty()) {
        sqlite3_close_v2(db);
        return Error::unavailable(problem);
    }
    const bool readOnly = openedReadOnly || sqlite3_db_readonly(db, "main") == 1;
    return std::unique_ptr<Store>(std::make_unique<SqliteStore>(db, path, readOnly, openNote));
}

Result<std::unique_ptr<Store>> SqliteStore::createFile(const QString &path)
{
    if (QFileInfo::exists(path))
        return Error::unavailable(QCoreApplication::translate("Store", "%1 already exists. Refund Desk never overwrites a file; "
                                                 "choose a new path.").arg(path));
    sqlite3 *db = nullptr;
    const int code = sqlite3_open_v2(QFile::encodeName(path).constData(), &db,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (code != SQLITE_OK) {
        Error error = SqliteStore::errorFor(db, code, path, QCoreApplication::translate("Store", "creating the store", "what the store was doing when it failed"));
        sqlite3_close_v2(db);
        return error;
    }
    const QString problem = applySchema(db);
    sqlite3_close_v2(db);
    if (!problem.isEmpty()) {
        QFile::remove(path);
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be created: %2").arg(path, problem));
    }
    return openFile(path, Store::OpenMode::ReadWrite);
}

} // namespace Internal

} // namespace RefundDesk
