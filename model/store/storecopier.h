#pragma once

#include "domain/result.h"
#include "store/storetables.h"

#include <QString>

#include <functional>

namespace RefundDesk {

class Store;
class StoreBuilder;

// Copies every row of one store into a new one, whatever their backends: store_meta,
// refund_ops, refund_attempts, webhook_events, resolutions and (schema version 2)
// operation_notes and provider_lookups, and (schema version 3) provider_bodies, each a
// page at a time in its key order (flat memory for a store of any size), every value as stored — ids,
// hashes, times, payload bytes. Nothing is checked or repaired on the way: a broken chain
// arrives broken. The new store's schema is its own (triggers, indexes, schema version).
//
// All reads happen in one snapshot of the source, so the copy is the store as it was at
// one moment even while others write to it. The caller finishes the builder (nothing is
// kept without that) and may keep its own snapshot open around copy() to check the source
// as it was copied.
class StoreCopier final
{
public:
    // Rows copied so far and in all; return false to stop (copy() then returns an error).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    StoreCopier(Store &source, StoreBuilder &destination);

    void setPageSize(int rows) { m_pageSize = rows; }

    // The rows copied, per table. Fails, and the builder must then be dropped unfinished,
    // when a read or a write fails, when progress says stop, or when the rows read do not
    // add up to the source's counts.
    Result<TableCounts> copy(const Progress &progress = {});

    static QString cancelledMessage();

private:
    Store &m_source;
    StoreBuilder &m_destination;
    int m_pageSize = 2000;
};

} // namespace RefundDesk
