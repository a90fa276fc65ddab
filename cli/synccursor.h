#pragma once

#include "domain/result.h"

#include <QString>

#include <optional>

namespace RefundDesk {
class Store;
}

namespace RefundDesk::Cli {

// Where sync-events stands, kept in store_meta so that a run killed half-way and started
// again adds nothing twice and misses nothing: the window of creation times already
// listed to its end (every event created in it is in the store), and the listing under
// way (its window and the last event id whose page is stored). A listing goes from the
// newest event to the oldest, so the window listed grows only when a listing ends; until
// then the next run resumes after the last stored page. Full syncs and syncs of
// undelivered events only keep separate cursors: the second does not cover the first.
class SyncCursor final
{
public:
    struct Window
    {
        qint64 from = 0;  // seconds, inclusive
        qint64 until = 0; // seconds, inclusive
    };
    struct Listing
    {
        Window window;
        QString lastEventId; // empty: no page stored yet
    };

    SyncCursor(Store &store, bool undeliveredOnly);

    // What the store holds; nothing when this store was never synced.
    Result<std::optional<Window>> listed();
    Result<std::optional<Listing>> underWay();

    Result<void> begin(const Window &window);
    Result<void> pageStored(const Window &window, const QString &lastEventId);
    // The listing reached its end: its window joins the one listed (when they meet) and
    // nothing is under way.
    Result<void> finished(const Window &window);

    QString prefix() const { return m_prefix; }

private:
    Result<void> setListing(const Window &window, const QString &lastEventId);

    Store &m_store;
    QString m_prefix;
};

} // namespace RefundDesk::Cli
