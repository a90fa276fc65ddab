#pragma once

#include "store/standbystatus.h"
#include "store/store.h"

#include <QString>

#include <optional>

namespace RefundDesk {

// What may change while a store is open, read without a query: whether it takes writes
// and why not, and on a hot standby how far behind the primary it is (and whether it
// was promoted).
struct StoreState
{
    bool readOnly = false;
    QString openNote;
    std::optional<StandbyStatus> standby;
    bool pollsForChanges = false; // see Store::pollsForChanges
    std::optional<QString> encryption; // see Store::encryption

    static StoreState of(const Store &store);
    bool operator==(const StoreState &other) const;
};

// What a window shows about an open store without asking it: read on the thread that owns
// the store when it is opened, handed to the UI by value. `state` is read again with every
// look for changes (LiveRefresher).
struct StoreFacts
{
    QString location;
    Store::Freshness freshness = Store::Freshness::Live;
    QString sessionOperator;
    int keyRetentionHours = 24;
    // store_meta queue_target_hours: an operation unknown for longer is overdue (24 unless
    // set; a value that is not a whole number of hours above 0 counts as 24, and is logged).
    int queueTargetHours = 24;
    // As opened: 1 holds no notes (the console then offers the upgrade, where the
    // connection may make it), 2 does, 3 also each operation's payment.
    int schemaVersion = 3;
    bool mayUpgradeSchema = false;
    StoreState state;

    static constexpr int DefaultQueueTargetHours = 24;
    // queue_target_hours as stored (null when the row is missing): the hours, or
    // DefaultQueueTargetHours when missing or not a whole number above 0 (then logged).
    static int queueTargetFrom(const QString &value);

    // Reads them from `store`: store_meta in one query (keyRetentionHours,
    // queueTargetHours), the rest none.
    static StoreFacts of(Store &store);
};

} // namespace RefundDesk
