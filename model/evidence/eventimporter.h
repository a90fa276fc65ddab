#pragma once

#include "domain/result.h"
#include "domain/webhookevent.h"

#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

// One entry the import could not take, or took but could not read, and why.
struct ImportNote
{
    QString where;  // "line 17", "index 4 (line 40)"
    QString reason;
};

struct ImportSummary
{
    QString format;              // "JSON Lines", "JSON array", "Stripe list object"
    qint64 read = 0;             // entries found (blank lines are not entries)
    qint64 added = 0;            // new events written
    qint64 alreadyPresent = 0;   // event ids the store already had (or the file repeated)
    qint64 skipped = 0;          // entries not taken: not JSON, not an object, no event id
    qint64 unreadable = 0;       // taken, but the evidence cannot read them (shown as unreadable)
    std::vector<ImportNote> skips;            // the first MaxNotes skips
    std::vector<ImportNote> unreadableNotes;  // the first MaxNotes unreadable ones
    QString stoppedEarly;        // why the rest of an array or list could not be followed

    bool complete() const { return skipped == 0 && stoppedEarly.isEmpty(); }
};

// Imports webhook events from a file, as the webhook receiver would have written them:
// a JSON array of events, a Stripe list object ({"object": "list", "data": [...]}) or
// JSON Lines. Every form streams, in constant memory, and goes to the store in batches.
// Each event keeps its raw text and gets the three indexed columns from its payload;
// events already in the store are left alone. Entries that cannot be stored (not JSON,
// no event id, too long) are skipped and reported after the good ones are taken.
class EventImporter final
{
public:
    using ProgressCallback = std::function<void(qint64 bytesRead, qint64 totalBytes)>;
    // Called with each batch of events just before and just after it is written.
    using BatchCallback = std::function<void(const std::vector<WebhookEvent> &batch)>;

    static constexpr int DefaultBatchSize = 1000;
    static constexpr qsizetype MaxEntryBytes = 16 * 1024 * 1024;
    static constexpr int MaxNotes = 100;

    explicit EventImporter(Store &store);

    void setBatchSize(int size);
    void setProgressCallback(ProgressCallback callback);
    void setBatchCallbacks(BatchCallback beforeWrite, BatchCallback afterWrite);
    // received_at of the imported events, in milliseconds; the time of the import by default.
    void setReceivedAt(qint64 receivedAtMs);

    // Usage when the file cannot be read; the store's error when a batch cannot be
    // written (the batches before it are kept: importing again skips them).
    Result<ImportSummary> importFile(const QString &path);
    // The events of one Stripe list object (a page of GET /v1/events) as it came, each
    // stored as the receiver would have stored it on delivery.
    Result<ImportSummary> importListBody(const QByteArray &body);

private:
    Store &m_store;
    int m_batchSize = DefaultBatchSize;
    ProgressCallback m_progress;
    BatchCallback m_beforeWrite;
    BatchCallback m_afterWrite;
    std::optional<qint64> m_receivedAt;
};

} // namespace RefundDesk
