#include "store/queuesql.h"

namespace RefundDesk::Internal::QueueSql {

QByteArray sortExpression(QueueQuery::SortKey key, SqlDialect dialect)
{
    switch (key) {
    case QueueQuery::SortKey::UpdatedAt: return "updated_at";
    case QueueQuery::SortKey::OperationId: return "operation_id";
    case QueueQuery::SortKey::OrderId: return "order_id";
    case QueueQuery::SortKey::Amount: return "amount_cents";
    case QueueQuery::SortKey::Status: return "status";
    case QueueQuery::SortKey::Attempts: return "attempts";
    case QueueQuery::SortKey::CreatedAt: return "created_at";
    case QueueQuery::SortKey::ClaimedBy:
        return dialect == SqlDialect::Sqlite ? "IFNULL(claimed_by, '')" : "COALESCE(claimed_by, '')";
    }
    return "updated_at";
}

bool sortsByNumber(QueueQuery::SortKey key)
{
    return key == QueueQuery::SortKey::UpdatedAt || key == QueueQuery::SortKey::Amount
        || key == QueueQuery::SortKey::Attempts || key == QueueQuery::SortKey::CreatedAt;
}

QString followUpDay(const QDate &today)
{
    return (today.isValid() ? today : QDate::currentDate()).toString(Qt::ISODate);
}

QByteArray waitingCondition(const QByteArray &day, bool notes)
{
    if (!notes)
        return "1 = 0";
    return "EXISTS (SELECT 1 FROM operation_notes n WHERE n.operation_id = refund_ops.operation_id"
           " AND n.follow_up_on > " + day + ")";
}

namespace {

// One column of the row's latest note: the last entry of operation_notes_operation
// (operation_id, note_id) for the row, no sort.
QByteArray latestNoteColumn(const QByteArray &column)
{
    return ", (SELECT " + column + " FROM operation_notes n WHERE n.operation_id = refund_ops.operation_id"
           " ORDER BY n.note_id DESC LIMIT 1)";
}

} // namespace

QByteArray detailColumns(const QByteArray &day, bool notes)
{
    // The refund tool marks a row unknown when its last attempt ends (a timeout, a saved
    // 500, the budget spent: DESIGN.md); updated_at moves with every claim and release, so
    // it cannot tell how long the row has waited for a person. The primary key
    // (operation_id, attempt_no) finds the attempts.
    const QByteArray lastAttempt = ", (SELECT MAX(COALESCE(a.finished_at, a.started_at)) FROM refund_attempts a"
                                   " WHERE a.operation_id = refund_ops.operation_id)";
    if (!notes)
        return ", NULL, NULL" + lastAttempt + ", NULL, NULL, NULL";
    // The latest day is the one the row needs a person again (it waits while any note's
    // day is to come); its note is the latest that set it. MAX and the index's own order
    // (operation_id, note_id): no sort per row.
    const QByteArray latestDay = "SELECT MAX(m.follow_up_on) FROM operation_notes m"
                                 " WHERE m.operation_id = refund_ops.operation_id AND m.follow_up_on > " + day;
    return ", (" + latestDay + "), (SELECT n.text FROM operation_notes n WHERE n.operation_id = refund_ops.operation_id"
           " AND n.follow_up_on = (" + latestDay + ") ORDER BY n.note_id DESC LIMIT 1)" + lastAttempt
           + latestNoteColumn("n.note_id") + latestNoteColumn("n.text") + latestNoteColumn("n.recorded_at");
}

QueueRowDetail detailFrom(const QString &followUpDay, const QString &followUpNote, std::optional<qint64> lastAttemptAt,
                          std::optional<qint64> latestNoteId, const QString &latestNoteText, qint64 latestNoteAt)
{
    QueueRowDetail detail;
    detail.lastAttemptAt = lastAttemptAt;
    if (latestNoteId)
        detail.latestNote = QueueLatestNote{*latestNoteId, latestNoteText, latestNoteAt};
    const QDate day = QDate::fromString(followUpDay, Qt::ISODate);
    if (day.isValid())
        detail.followUp = QueueFollowUp{day, followUpNote};
    return detail;
}

bool narrowsQueue(const QueueQuery &view)
{
    return view.statusFilter != QueueQuery::StatusFilter::NeedsPerson || view.followUp != QueueQuery::FollowUp::Any
        || !view.searchText.trimmed().isEmpty();
}

QByteArray countsSql(const QByteArray &claimant, const QByteArray &day, bool notes, SqlDialect dialect,
                     const CountsIndexes &indexes, const QByteArray &viewWhere)
{
    // Each part reads only what it counts, so that the statement costs the queue's own
    // indexes and not a probe per queue row:
    // - all and checking: counts over a partial index of the queue that holds the status
    //   (refund_ops_queue), never the rows (a count alone steps through the index faster
    //   than a sum that looks at each status); free is all less checking;
    // - mine: the claimant's own entries of refund_ops_queue_by_claimant (an empty name
    //   reads nothing: the free operations have no claimant);
    // - waiting: the notes with a follow-up after the day (operation_notes_follow_up),
    //   each looked up in the queue's index by id; an operation with two such notes counts
    //   once (an EXISTS, not a join: SQLite would build a Bloom filter over the whole queue
    //   for a join);
    // - the oldest: the first entries of refund_ops_queue_by_created (see below).
    const QByteArray queue = "status IN ('unknown', 'checking')";
    const QByteArray claimantOf = dialect == SqlDialect::Sqlite ? "IFNULL(claimed_by, '')" : "COALESCE(claimed_by, '')";
    const auto hint = [](const QByteArray &index) { return index.isEmpty() ? QByteArray() : " INDEXED BY " + index; };
    const QByteArray waiting =
        notes ? "(SELECT COUNT(DISTINCT n.operation_id) FROM operation_notes n" + hint(indexes.followUp)
                    + " WHERE n.follow_up_on > " + day + " AND EXISTS (SELECT 1 FROM refund_ops r"
                    + hint(indexes.queueByOperation) + " WHERE r.operation_id = n.operation_id AND r." + queue + "))"
              : QByteArray("0");
    // The oldest is the row unknown the longest: by the end of its last attempt (its
    // creation without attempts), as the rows' Age counts (detailColumns). An index cannot
    // order by that, but it is never before the row's creation, so the row first by
    // creation (the first entry of refund_ops_queue_by_created, "f") bounds it: only the
    // rows created by the moment that row became unknown can have waited longer ("o", a
    // range of the same index: the rows created while the first one's attempts ran).
    // Each is probed for its attempts by the primary key. Id and time come from the same
    // order, as of the statement's one moment.
    const auto since = [](const QByteArray &row) {
        return "COALESCE((SELECT MAX(COALESCE(a.finished_at, a.started_at)) FROM refund_attempts a"
               " WHERE a.operation_id = " + row + ".operation_id), " + row + ".created_at)";
    };
    QByteArray bound = "(SELECT " + since("f") + " FROM refund_ops f" + hint(indexes.oldest) + " WHERE f."
                       + queue + " ORDER BY f.created_at, f.operation_id LIMIT 1)";
    QByteArray oldest = " FROM refund_ops o" + hint(indexes.oldest) + " WHERE o." + queue
                        + " AND o.created_at <= " + bound + " ORDER BY " + since("o") + ", o.operation_id LIMIT 1)";
    QByteArray oldestSince = since("o");
    if (!viewWhere.isEmpty()) {
        // The same bound within the view. Without aliases: where() names the table itself
        // (refund_ops.operation_id in its follow-up's EXISTS), and each subquery's own
        // refund_ops is the nearest one its names reach.
        bound = "(SELECT " + since("refund_ops") + " FROM refund_ops" + hint(indexes.oldest) + viewWhere
                + " ORDER BY created_at, operation_id LIMIT 1)";
        oldest = " FROM refund_ops" + hint(indexes.oldest) + viewWhere + " AND created_at <= " + bound
                 + " ORDER BY " + since("refund_ops") + ", operation_id LIMIT 1)";
        oldestSince = since("refund_ops");
    }
    const QByteArray idColumn = viewWhere.isEmpty() ? "o.operation_id" : "operation_id";
    // Scalar subqueries only: on SQLite, a subquery in FROM (materialized or a co-routine)
    // costs more than all of the counts together at 100k operations.
    QByteArray sql = "SELECT (SELECT COUNT(*) FROM refund_ops WHERE " + queue + "),"
                     " (SELECT COUNT(*) FROM refund_ops WHERE " + queue + " AND status = 'checking'),"
                     " (SELECT COUNT(*) FROM refund_ops" + hint(indexes.claimant) + " WHERE " + queue + " AND "
                     + claimantOf + " = " + claimant + " AND status = 'checking' AND " + claimant + " <> ''),"
                     " " + waiting + ","
                     " (SELECT " + idColumn + oldest + ", (SELECT " + oldestSince + oldest + ","
                     " (SELECT value FROM store_meta WHERE key = 'reconcile_last_pass')"; // ReconcilePassRecord::MetaKey
    // The view's own count: what the queue lists under it, as the listing's own WHERE says.
    if (!viewWhere.isEmpty())
        sql += ", (SELECT COUNT(*) FROM refund_ops" + viewWhere + ")";
    return sql;
}

bool usesFollowUpDay(const QueueQuery &query, bool notes)
{
    return notes && query.followUp != QueueQuery::FollowUp::Any;
}

QByteArray where(const QueueQuery &query, const QByteArray &claimant, const QByteArray &pattern, const QByteArray &day,
                 bool notes)
{
    QByteArray sql = " WHERE status IN ('unknown', 'checking')";
    switch (query.statusFilter) {
    case QueueQuery::StatusFilter::NeedsPerson: break;
    case QueueQuery::StatusFilter::Unknown: sql += " AND status = 'unknown'"; break;
    case QueueQuery::StatusFilter::Checking: sql += " AND status = 'checking'"; break;
    case QueueQuery::StatusFilter::ClaimedBy: sql += " AND status = 'checking' AND claimed_by = " + claimant; break;
    }
    switch (query.followUp) {
    case QueueQuery::FollowUp::Any: break;
    case QueueQuery::FollowUp::NotWaiting: sql += " AND NOT " + waitingCondition(day, notes); break;
    case QueueQuery::FollowUp::Waiting: sql += " AND " + waitingCondition(day, notes); break;
    }
    if (!query.searchText.trimmed().isEmpty()) {
        // The escape character is named: containsPattern() escapes % and _ with it.
        const QByteArray like = " LIKE " + pattern + " ESCAPE '\\'";
        sql += " AND (operation_id" + like + " OR order_id" + like + " OR idempotency_key" + like
               + " OR refund_id" + like + " OR conversation_id" + like + ')';
    }
    return sql;
}

} // namespace RefundDesk::Internal::QueueSql
