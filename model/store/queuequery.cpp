#include "store/queuequery.h"

#include "domain/operation.h"

namespace RefundDesk {

QueueCursor cursorAfter(const QueueQuery &query, const Operation &operation)
{
    QVariant value;
    switch (query.sortKey) {
    case QueueQuery::SortKey::UpdatedAt: value = operation.updatedAt; break;
    case QueueQuery::SortKey::OperationId: value = operation.operationId; break;
    case QueueQuery::SortKey::OrderId: value = operation.orderId; break;
    case QueueQuery::SortKey::Amount: value = operation.amountCents; break;
    case QueueQuery::SortKey::Status: value = toString(operation.status); break;
    case QueueQuery::SortKey::Attempts: value = qint64(operation.attempts); break;
    case QueueQuery::SortKey::CreatedAt: value = operation.createdAt; break;
    // NULL never compares, so the store sorts unclaimed rows by an empty name.
    case QueueQuery::SortKey::ClaimedBy: value = operation.claimedBy.isNull() ? QStringLiteral("") : operation.claimedBy; break;
    }
    return {value, operation.operationId};
}

} // namespace RefundDesk
