#pragma once

#include "domain/error.h"
#include "domain/providerlookup.h"
#include "stripeask/queueaskquestions.h"
#include "stripeask/striperequestpacer.h"

#include <QObject>

#include <memory>
#include <optional>

namespace RefundDesk {

class RefundQuestionAsker;
class Store;
class StripeClient;
class UndeliveredRefundEvents;

// One pass of the queue-wide ask, in two phases, both under one request rate. First the
// refund events Stripe could not deliver, created from the first window of the operations
// to ask until now (within Stripe's 30 days), are listed and stored as the receiver would
// have stored them (UndeliveredRefundEvents): an operation whose webhooks were missed is
// settled by its own events, with no listing of its window. Then the operations still
// without evidence are asked as RefundQuestionAsker asks them (refunds known by id
// retrieved, the others in shared listings), each answer handed over for the caller to
// keep. A second pass stores no event twice and asks only what is left.
class QueueAskPass final : public QObject
{
    Q_OBJECT

public:
    QueueAskPass(Store &store, StripeClient &client, QueueAskQuestions::Reading reading,
                 double requestsPerSecond = StripeRequestPacer::DefaultRate, QObject *parent = nullptr);
    ~QueueAskPass() override;

    // `nowSeconds`: the time Stripe's 30 days of events are counted from.
    void start(qint64 nowSeconds);
    void stop();
    bool isStopped() const { return m_stopped; }

    const QueueAskQuestions::Reading &reading() const { return m_reading; }
    qint64 total() const { return m_total; }
    // Operations the undelivered events settled (their verdict is no longer none).
    qint64 settledByEvents() const { return m_settledByEvents; }
    qint64 eventsRead() const;
    qint64 eventsAdded() const;
    // Requests of each phase.
    int eventRequests() const { return m_asker ? m_eventRequests : m_pacer.requestsSent(); }
    int refundRequests() const { return m_pacer.requestsSent() - eventRequests(); }

signals:
    // The events phase is over: this many operations were settled by them.
    void settled(qint64 count);
    // The events phase was left out, and why (a key that may not read events): every
    // operation is asked by listing or by id, as it would be without it.
    void eventsSkipped(const QString &why);
    // One operation's record (operator left empty) and the sentence saying what was found.
    void operationAnswered(const RefundDesk::ProviderLookupDraft &draft, const QString &summary);
    void finished();
    void failed(const RefundDesk::Error &error);

private:
    void eventsListed();
    void eventsRefused(const Error &error);
    void ask(std::vector<RefundLookupQuestion> questions);

    Store &m_store;
    StripeClient &m_client;
    StripeRequestPacer m_pacer;
    QueueAskQuestions::Reading m_reading;
    std::unique_ptr<UndeliveredRefundEvents> m_events;
    std::unique_ptr<RefundQuestionAsker> m_asker;
    qint64 m_total = 0;
    qint64 m_settledByEvents = 0;
    int m_eventRequests = 0;
    bool m_stopped = false;
};

} // namespace RefundDesk
