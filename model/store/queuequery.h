#pragma once

#include "domain/reconcilepassrecord.h"

#include <QDate>
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
    // Whether an operation waits for a follow-up: a note's follow-up date after `today`
    // (the day comes, and the operation needs a person again by itself).
    enum class FollowUp { Any, NotWaiting, Waiting };

    StatusFilter statusFilter = StatusFilter::NeedsPerson;
    QString claimedBy;  // with StatusFilter::ClaimedBy
    QString searchText; // matched within operation id, order id, key, refund id, conversation id
    FollowUp followUp = FollowUp::Any;
    QDate today; // with a FollowUp other than Any; invalid: the local date
    // Oldest first by creation: updated_at moves with every claim and release, so a queue
    // in its order would send a claimed operation below younger ones.
    SortKey sortKey = SortKey::CreatedAt;
    bool descending = false;
};

// Where the next page starts: the sort value and operation id of the last row shown.
struct QueueCursor
{
    QVariant sortValue;
    QString operationId;
};

// How many operations each view of the queue holds (Store::queueCounts), as of one moment.
struct QueueCounts
{
    qint64 all = 0;     // unknown and checking
    qint64 free = 0;    // unknown: nobody on it
    qint64 mine = 0;    // checking, claimed by the operator asked about
    qint64 waiting = 0; // a follow-up date after today
    // How many the view asked about lists (Store::queueCounts' `view`; `all` for the
    // whole queue).
    qint64 inView = 0;
    // The operation of that view unknown the longest: since its last attempt's end (its
    // creation without attempts), the moment the queue's Age counts from; a null id when
    // the view is empty.
    QString oldestOperationId;
    qint64 oldestUnknownSince = 0;
    // How the reconciler's last pass ended (store_meta's ReconcilePassRecord::MetaKey),
    // read by the same statement: none when no pass ever kept one.
    std::optional<ReconcilePassRecord> lastReconcilePass;
    qint64 needsPersonNow() const { return all - waiting; }
    bool operator==(const QueueCounts &) const = default;
};

struct Operation;

// The cursor that continues a page after `operation` under `query`'s sort order.
QueueCursor cursorAfter(const QueueQuery &query, const Operation &operation);

} // namespace RefundDesk
