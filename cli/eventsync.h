#pragma once

#include "domain/error.h"
#include "domain/webhookevent.h"
#include "evidence/evidence.h"
#include "stripe/stripelistpager.h"
#include "stripe/striperefundevents.h"
#include "synccursor.h"

#include <QObject>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>

namespace RefundDesk {
class EventImporter;
class Store;
class StripeClient;
}

namespace RefundDesk::Cli {

struct SyncOptions
{
    qint64 sinceSeconds = 3 * 86400;
    bool undeliveredOnly = false;
    qint64 nowSeconds = 0; // the end of the window (Stripe's clock is assumed to agree)
};

struct VerdictChange
{
    QString operationId;
    Verdict before = Verdict::None;
    Verdict after = Verdict::None;
};

struct SyncSummary
{
    qint64 read = 0;           // events Stripe listed
    qint64 added = 0;          // new in the store
    qint64 alreadyPresent = 0; // the receiver (or an earlier sync) had them
    qint64 unreadable = 0;     // stored, but not readable as refund evidence
    int pages = 0;
    bool resumed = false;      // an interrupted listing was taken up again
    QString cursorProblem;     // why the place could not be kept, if it could not
    std::vector<VerdictChange> changes; // operations in the queue whose verdict changed
};

// Fetches the refund events Stripe holds and the store lacks (webhooks that were missed),
// and stores each as the webhook receiver would have, through the same EventImporter that
// import-events uses. It lists GET /v1/events for the refund event types from the start
// of the window to now, page by page; each page is written, and its place kept in the
// store (SyncCursor), before the next is asked for. Runs on the thread it lives in,
// driven by the StripeClient's answers.
class EventSync final : public QObject
{
    Q_OBJECT

public:
    // Stripe keeps events for 30 days; older ones cannot be listed.
    static constexpr qint64 StripeKeepsEventsSeconds = StripeRefundEvents::KeptSeconds;
    // A new listing starts this long before the end of the last one: an event Stripe
    // made visible a little late is not missed (and one seen twice is stored once).
    static constexpr qint64 OverlapSeconds = 300;
    static QStringList eventTypes();
    // Refused when --since reaches beyond what Stripe keeps.
    static std::optional<Error> checkSince(qint64 sinceSeconds);

    EventSync(Store &store, StripeClient &client, SyncOptions options, QObject *parent = nullptr);
    ~EventSync() override;

    void start();
    const SyncSummary &summary() const { return m_summary; }

signals:
    // One sentence worth saying on its own (a resumed listing, a place not kept).
    void note(const QString &line);
    // After each page is stored, the totals so far.
    void pageStored(int pages, qint64 read, qint64 added);
    void succeeded();
    void failed(const RefundDesk::Error &error);

private:
    void nextListing();
    void list(const SyncCursor::Window &window, const QString &startingAfter);
    void pageRead(const StripePage &page);
    void listingFinished();
    void fail(const Error &error);
    void keepPlace(Result<void> written);
    void noteBefore(const std::vector<WebhookEvent> &batch);
    void noteAfter(const std::vector<WebhookEvent> &batch);
    // The queue's verdict of each operation named that is in the queue.
    std::map<QString, Verdict> queueVerdicts(const QStringList &operationIds);

    Store &m_store;
    StripeClient &m_client;
    SyncOptions m_options;
    SyncCursor m_cursor;
    std::unique_ptr<EventImporter> m_importer;
    std::unique_ptr<StripeListPager> m_pager;
    SyncCursor::Window m_window;
    bool m_resumeChecked = false;
    bool m_mainListed = false;
    bool m_keepPlace = true;
    std::optional<Error> m_batchError;
    std::map<QString, Verdict> m_before;
    std::map<QString, Verdict> m_after;
    SyncSummary m_summary;
};

} // namespace RefundDesk::Cli
