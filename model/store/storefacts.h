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
    // As opened: 1 holds no notes (the console then offers the upgrade, where the
    // connection may make it), 2 does.
    int schemaVersion = 2;
    bool mayUpgradeSchema = false;
    StoreState state;

    // Reads them from `store`; keyRetentionHours is one query, the rest none.
    static StoreFacts of(Store &store);
};

} // namespace RefundDesk
