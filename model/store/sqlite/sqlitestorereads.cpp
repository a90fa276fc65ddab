// SqliteStore's reads: the queue (its SQL and the index each view goes through), an
// operation's panel and the whole tables a copy pages through.
#include "store/sqlite/sqlitestore.h"

#include "store/queuesql.h"
#include "store/sqlite/sqliteeventlookup.h"
#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqlitestatement.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

#include <sqlite3.h>

namespace RefundDesk::Internal {

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
    const QByteArray sort = QueueSql::sortExpression(query.sortKey, SqlDialect::Sqlite);
    const QByteArray direction = query.descending ? " DESC" : "";
    const bool keys = read == QueueRead::Keys;
    const QByteArray index = queueIndexFor(query, keys);
    QByteArray sql = "SELECT " + (keys ? sort + ", operation_id" : QByteArray(operationColumns(m_schemaVersion)));
    if (read == QueueRead::RowsWithDetail)
        sql += QueueSql::detailColumns("?6", m_schemaVersion >= 2);
    sql += " FROM refund_ops";
    if (!index.isEmpty())
        sql += " INDEXED BY " + index;
    sql += QueueSql::where(query, "?1", "?2", "?6", m_schemaVersion >= 2);
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
                            int limit, QueueRead read)
{
    if (query.namesClaimant())
        s.bind(1, query.claimedBy);
    if (!query.searchText.trimmed().isEmpty())
        s.bind(2, containsPattern(query.searchText.trimmed()));
    if (after) {
        s.bind(3, after->sortValue); // unused (and harmless) when the id is the sort key
        s.bind(4, after->operationId);
    }
    s.bind(5, qint64(limit));
    const bool detail = read == QueueRead::RowsWithDetail && m_schemaVersion >= 2;
    if (detail || QueueSql::usesFollowUpDay(query, m_schemaVersion >= 2))
        s.bind(6, QueueSql::followUpDay(query.today));
}

template<typename RowFrom>
auto SqliteStore::readQueue(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit,
                            QueueRead read, RowFrom rowFrom)
    -> Result<std::vector<decltype(rowFrom(std::declval<SqliteStatement &>()))>>
{
    const QString doing = QCoreApplication::translate("Store", "reading operations", "what the store was doing when it failed");
    // SQLite seeks an index by a row value (sort, id) > (?3, ?4) on plain columns but not
    // on the expression IFNULL(claimed_by, ''): there a page is read in two seeks, the
    // rest of the cursor's own sort value, then the values after it.
    if (after && query.sortKey == QueueQuery::SortKey::ClaimedBy) {
        auto same = cached(queueSql(query, read, CursorPart::SameSortValue));
        bindQueue(*same, query, after, limit, read);
        auto rows = readRows(*same, rowFrom, doing);
        if (!rows || int(rows->size()) >= limit)
            return rows;
        auto later = cached(queueSql(query, read, CursorPart::LaterSortValues));
        bindQueue(*later, query, after, limit - int(rows->size()), read);
        auto more = readRows(*later, rowFrom, doing);
        if (!more)
            return more.error();
        rows->insert(rows->end(), std::make_move_iterator(more->begin()), std::make_move_iterator(more->end()));
        return rows;
    }
    auto s = cached(queueSql(query, read, after ? CursorPart::Whole : CursorPart::None));
    bindQueue(*s, query, after, limit, read);
    return readRows(*s, rowFrom, doing);
}

Result<std::vector<Operation>> SqliteStore::queuePage(const QueueQuery &query,
                                                      const std::optional<QueueCursor> &after, int limit)
{
    return readQueue(query, after, limit, QueueRead::Rows, operationFrom);
}

Result<QueueRows> SqliteStore::queueRows(const QueueQuery &query, const std::optional<QueueCursor> &after, int limit)
{
    constexpr int First = OperationColumnCount; // the detail's columns come after the row's
    auto rows = readQueue(query, after, limit, QueueRead::RowsWithDetail, [](const SqliteStatement &s) {
        return std::make_pair(operationFrom(s),
                              QueueSql::detailFrom(s.text(First), s.text(First + 1), s.optionalInteger(First + 2),
                                                   s.optionalInteger(First + 3), s.text(First + 4),
                                                   s.optionalInteger(First + 5).value_or(0)));
    });
    if (!rows)
        return rows.error();
    QueueRows page;
    page.operations.reserve(rows->size());
    page.details.reserve(rows->size());
    for (auto &[operation, detail] : *rows) {
        page.operations.push_back(std::move(operation));
        page.details.push_back(std::move(detail));
    }
    return page;
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

Result<QueueCounts> SqliteStore::queueCounts(const QString &operatorName, const QDate &today, const QueueQuery &view)
{
    const bool notes = m_schemaVersion >= 2;
    // Performance: named because SQLite's planner, with sampled statistics or none, finds
    // the oldest through refund_ops_queue (status) and sorts the whole queue, reads every
    // claimed row for the claimant's count, and looks a
    // note's operation up in the table (a row read each, scattered over the store) rather
    // than in the queue's small index. A store made before an index joined the schema goes
    // without it: the same answers, more slowly.
    const auto index = [this](const QByteArray &name) { return hasIndex(name) ? name : QByteArray(); };
    QueueSql::CountsIndexes indexes;
    indexes.oldest = index("refund_ops_queue_by_created");
    indexes.claimant = index("refund_ops_queue_by_claimant");
    if (notes) {
        indexes.followUp = index("operation_notes_follow_up");
        indexes.queueByOperation = index("refund_ops_queue_by_operation");
    }
    // The view's claimant and search are ?3 and ?4; its day is the counts' own ?2.
    const bool narrow = QueueSql::narrowsQueue(view);
    const QByteArray viewWhere = narrow ? QueueSql::where(view, "?3", "?4", "?2", notes) : QByteArray();
    auto s = cached(QueueSql::countsSql("?1", "?2", notes, SqlDialect::Sqlite, indexes, viewWhere));
    s->bind(1, operatorName);
    if (notes)
        s->bind(2, QueueSql::followUpDay(today));
    if (narrow && view.namesClaimant())
        s->bind(3, view.claimedBy);
    if (narrow && !view.searchText.trimmed().isEmpty())
        s->bind(4, containsPattern(view.searchText.trimmed()));
    const int code = s->step();
    if (code != SQLITE_ROW)
        return sqliteError(code, QCoreApplication::translate("Store", "counting the queue", "what the store was doing when it failed"));
    const qint64 all = s->value(0).toLongLong();
    QueueCounts counts;
    counts.all = all;
    counts.free = all - s->value(1).toLongLong();
    counts.mine = s->value(2).toLongLong();
    counts.waiting = s->value(3).toLongLong();
    counts.waitingFreeOrMine = s->value(7).toLongLong();
    counts.inView = narrow ? s->value(8).toLongLong() : all;
    counts.oldestOperationId = s->text(4);
    counts.oldestUnknownSince = s->value(5).toLongLong();
    counts.lastReconcilePass = ReconcilePassRecord::parse(s->text(6));
    return counts;
}

Result<std::optional<Operation>> SqliteStore::operation(const QString &operationId)
{
    auto s = cached(QByteArray("SELECT ") + operationColumns(m_schemaVersion) + " FROM refund_ops WHERE operation_id = ?1");
    s->bind(1, operationId);
    const int code = s->step();
    if (code == SQLITE_ROW)
        return std::optional<Operation>(operationFrom(*s));
    if (code == SQLITE_DONE)
        return std::optional<Operation>();
    return sqliteError(code, QCoreApplication::translate("Store", "reading operation %1", "what the store was doing when it failed").arg(operationId));
}

Result<std::vector<Operation>> SqliteStore::operationsOf(const QStringList &operationIds)
{
    if (operationIds.isEmpty())
        return std::vector<Operation>();
    // The ids as a JSON array, so that the SQL stays the same (and cached) whatever their number.
    auto s = cached(QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                    + " FROM refund_ops WHERE operation_id IN (SELECT value FROM json_each(?1)) ORDER BY operation_id");
    s->bind(1, QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(operationIds)).toJson(QJsonDocument::Compact)));
    return readOperations(*s);
}

Result<std::vector<Attempt>> SqliteStore::attempts(const QString &operationId)
{
    auto s = cached(QByteArray("SELECT ") + AttemptColumns
                     + " FROM refund_attempts WHERE operation_id = ?1 ORDER BY attempt_no");
    s->bind(1, operationId);
    return readRows(*s, attemptFrom, QCoreApplication::translate("Store", "reading the attempts of %1", "what the store was doing when it failed").arg(operationId));
}

Result<std::vector<Attempt>> SqliteStore::attemptsOf(const QStringList &operationIds)
{
    if (operationIds.isEmpty())
        return std::vector<Attempt>();
    auto s = cached(QByteArray("SELECT ") + AttemptColumns
                    + " FROM refund_attempts WHERE operation_id IN (SELECT value FROM json_each(?1))"
                      " ORDER BY operation_id, attempt_no");
    s->bind(1, QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(operationIds)).toJson(QJsonDocument::Compact)));
    return readRows(*s, attemptFrom, QCoreApplication::translate("Store", "reading the attempts of several operations", "what the store was doing when it failed"));
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
    auto s = cached(QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                     + " FROM refund_ops WHERE order_id = ?1 ORDER BY created_at, operation_id");
    s->bind(1, orderId);
    return readOperations(*s);
}

Result<std::vector<Operation>> SqliteStore::operationsOfOrders(const QStringList &orderIds)
{
    if (orderIds.isEmpty())
        return std::vector<Operation>();
    auto s = cached(QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                    + " FROM refund_ops WHERE order_id IN (SELECT value FROM json_each(?1))"
                      " ORDER BY order_id, created_at, operation_id");
    s->bind(1, QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(orderIds)).toJson(QJsonDocument::Compact)));
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
    const QByteArray select = QByteArray("SELECT ") + operationColumns(m_schemaVersion) + " FROM refund_ops ";
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
    const QByteArray counts = "SELECT (SELECT count(*) FROM store_meta), (SELECT count(*) FROM refund_ops), "
                              "(SELECT count(*) FROM refund_attempts), (SELECT count(*) FROM webhook_events), "
                              "(SELECT count(*) FROM resolutions)";
    auto s = cached(counts
                    + (m_schemaVersion >= 2
                           ? QByteArray(", (SELECT count(*) FROM operation_notes), (SELECT count(*) FROM provider_lookups)")
                           : QByteArray(", 0, 0"))
                    + (m_schemaVersion >= 3 ? QByteArray(", (SELECT count(*) FROM provider_bodies)") : QByteArray(", 0")));
    const int code = s->step();
    if (code != SQLITE_ROW)
        return sqliteError(code, QStringLiteral("counting the rows of %1").arg(m_path));
    return TableCounts{s->integer(0), s->integer(1), s->integer(2), s->integer(3),
                       s->integer(4), s->integer(5), s->integer(6), s->integer(7)};
}

} // namespace RefundDesk::Internal
