#pragma once

#include "domain/error.h"

#include <QObject>
#include <QString>

#include <memory>

namespace RefundDesk {

class EventImporter;
class Store;
class StripeClient;
class StripeListPager;
class StripeRequestPacer;
struct StripePage;

// The first phase of the queue-wide ask: the refund events Stripe could not deliver to
// the webhook receiver, created within a span (GET /v1/events?delivery_success=false with
// the refund event types), listed page by page under the request rate, each page stored
// as the receiver would have stored it, through the EventImporter that sync-events and
// import-events use (deduplicated by id: an event already there is left alone). An
// operation whose webhooks were missed then has its events as evidence, and needs no
// listing of its window. Stripe keeps events 30 days: the span is cut there.
class UndeliveredRefundEvents final : public QObject
{
    Q_OBJECT

public:
    // `fromSeconds` to `toSeconds`, inclusive, Stripe's created times; `nowSeconds` cuts
    // the span at what Stripe still keeps.
    UndeliveredRefundEvents(Store &store, StripeClient &client, StripeRequestPacer &pacer, qint64 fromSeconds,
                            qint64 toSeconds, qint64 nowSeconds, QObject *parent = nullptr);
    ~UndeliveredRefundEvents() override;

    // Whether any of the span can still be listed.
    bool listable() const { return m_fromSeconds <= m_toSeconds; }

    void start();
    // No further page is asked for; the one in progress is dropped (the pages before it are stored).
    void stop();

    qint64 eventsRead() const { return m_read; }
    qint64 eventsAdded() const { return m_added; }
    int pages() const { return m_pages; }

signals:
    void finished();
    // Stripe refused the listing (403): the key may not read events. Nothing was stored.
    void refused(const RefundDesk::Error &error);
    void failed(const RefundDesk::Error &error);

private:
    void pageRead(const StripePage &page);
    void pagerFailed(const Error &error);

    std::unique_ptr<EventImporter> m_importer;
    std::unique_ptr<StripeListPager> m_pager;
    qint64 m_fromSeconds = 0;
    qint64 m_toSeconds = 0;
    qint64 m_read = 0;
    qint64 m_added = 0;
    int m_pages = 0;
};

} // namespace RefundDesk
