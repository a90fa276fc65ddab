#pragma once

#include <QString>
#include <QVariant>

#include <optional>

namespace RefundDesk {

// Which part of the queue (operations in unknown or checking) to list, and in what order.
// Filtering and sorting happen in SQL; pages follow each other by key, never by offset.
struct QueueQuery
{
    enum class StatusFilter { NeedsPerson, Unknown, Checking, ClaimedBy };
    enum class SortKey { UpdatedAt, OperationId, OrderId, Amount, Status, Attempts, CreatedAt, ClaimedBy };

    StatusFilter statusFilter = StatusFilter::NeedsPerson;
    QString claimedBy;  // with StatusFilter::ClaimedBy
    QString searchText; // matched within operation id, order id, key, refund id, conversation id
    SortKey sortKey = SortKey::UpdatedAt;
    bool descending = false;
};

// Where the next page starts: the sort value and operation id of the last row shown.
struct QueueCursor
{
    QVariant sortValue;
    QString operationId;
};

struct Operation;

// The cursor that continues a page after `operation` under `query`'s sort order.
QueueCursor cursorAfter(const QueueQuery &query, const Operation &operation);

} // namespace RefundDesk
