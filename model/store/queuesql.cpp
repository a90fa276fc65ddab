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

QByteArray countsSql(const QByteArray &claimant, const QByteArray &day, bool notes)
{
    return "SELECT COUNT(*),"
           " COALESCE(SUM(CASE WHEN status = 'unknown' THEN 1 ELSE 0 END), 0),"
           " COALESCE(SUM(CASE WHEN status = 'checking' AND claimed_by = " + claimant + " THEN 1 ELSE 0 END), 0),"
           " COALESCE(SUM(CASE WHEN " + waitingCondition(day, notes) + " THEN 1 ELSE 0 END), 0)"
           " FROM refund_ops WHERE status IN ('unknown', 'checking')";
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
