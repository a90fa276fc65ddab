#pragma once

#include "domain/operation.h"
#include "domain/result.h"
#include "store/queuepagereading.h"
#include "store/queuequery.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

// A row of the queue as the worker thread reads it: the key always, the operation and its
// verdict when read together with it.
struct QueueRow
{
    struct Verdict
    {
        QString code;     // "refunded", "conflict", …; empty when it could not be worked out
        QString sentence; // why, or why it could not be worked out
    };

    QueueCursor key;
    std::shared_ptr<const Operation> operation;
    std::optional<Verdict> verdict;
    QueueRowDetail detail; // read with the operation, let go with it
};

// Whether a verdict ("refunded", "failed", …) settles the outcome by the evidence alone:
// the one definition behind the Settled by evidence view, its count and Queue › Select
// all that the evidence settles.
bool settledByEvidence(const QString &verdictCode);
// The verdict filter (QueueModel::setVerdictFilter) that keeps the rows settled by evidence.
inline const QString SettledVerdictFilter = QStringLiteral("settled");

// Where a listing stopped: what the next page continues after.
struct QueueScan
{
    std::vector<QueueRow> rows; // those the verdict filter lets through
    int scanned = 0;            // rows read from the store, shown or filtered out
    std::optional<QueueCursor> lastScanned;
    bool atEnd = false;
};

// The queue's reads, made on the store worker's thread (StoreWorker) and handed to the
// QueueModel whole. Every row comes with its verdict, worked out from the events read with
// its page (Store::queuePageWithEvents: on PostgreSQL in the page's round trip), never one
// read per row.
namespace QueueReads {

// Up to `pageSize` rows after `after`. With a verdict filter a page may let nothing
// through: then it reads on, up to `maxPages` pages.
Result<QueueScan> pages(Store &store, const QueueQuery &query, const QString &verdictFilter,
                        const std::optional<QueueCursor> &after, int pageSize, int maxPages);
// The first `limit` rows again, for a refresh. Without a verdict filter only their keys
// (an index holds them); the operations are read again as the view shows them (rowsAfter).
Result<QueueScan> refresh(Store &store, const QueueQuery &query, const QString &verdictFilter, int limit);
// The `count` rows after `after` (from the start when none), with their verdicts: a page
// the view shows again after its operations were let go or refreshed.
Result<std::vector<QueueRow>> rowsAfter(Store &store, const QueueQuery &query,
                                        const std::optional<QueueCursor> &after, int count);

} // namespace QueueReads

} // namespace RefundDesk
