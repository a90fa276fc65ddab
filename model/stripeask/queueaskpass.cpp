#include "stripeask/queueaskpass.h"

#include "store/store.h"
#include "stripe/stripeclient.h"
#include "stripe/striperefundevents.h"
#include "stripeask/refundquestionasker.h"
#include "stripeask/sharedrefundlisting.h"
#include "stripeask/undeliveredrefundevents.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <optional>

namespace RefundDesk {

QueueAskPass::QueueAskPass(Store &store, StripeClient &client, QueueAskQuestions::Reading reading,
                           double requestsPerSecond, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_client(client)
    , m_pacer(requestsPerSecond)
    , m_reading(std::move(reading))
    , m_total(qint64(m_reading.questions.size()))
{
}

QueueAskPass::~QueueAskPass()
{
    stop();
}

qint64 QueueAskPass::eventsRead() const
{
    return m_events ? m_events->eventsRead() : 0;
}

qint64 QueueAskPass::eventsAdded() const
{
    return m_events ? m_events->eventsAdded() : 0;
}

void QueueAskPass::start(qint64 nowSeconds)
{
    if (m_reading.questions.empty()) {
        emit finished();
        return;
    }
    // Operations whose windows ended before Stripe's 30 days go straight to the listings.
    const qint64 keptSince = nowSeconds - StripeRefundEvents::KeptSeconds;
    std::optional<qint64> from;
    for (const RefundLookupQuestion &question : m_reading.questions) {
        if (SharedRefundListing::toSeconds(question) >= keptSince)
            from = std::min(from.value_or(nowSeconds), SharedRefundListing::fromSeconds(question));
    }
    if (!from)
        return eventsListed();
    // Up to now, not to the last window's end: a refund created in a window changes later
    // (refund.updated), and its latest event is what the verdict reads.
    m_events = std::make_unique<UndeliveredRefundEvents>(m_store, m_client, m_pacer, *from, nowSeconds, nowSeconds);
    connect(m_events.get(), &UndeliveredRefundEvents::finished, this, &QueueAskPass::eventsListed);
    connect(m_events.get(), &UndeliveredRefundEvents::refused, this, &QueueAskPass::eventsRefused);
    connect(m_events.get(), &UndeliveredRefundEvents::failed, this, &QueueAskPass::failed);
    m_events->start();
}

void QueueAskPass::stop()
{
    m_stopped = true;
    if (m_events)
        m_events->stop();
    if (m_asker)
        m_asker->stop();
}

void QueueAskPass::eventsListed()
{
    if (m_stopped)
        return;
    m_eventRequests = m_pacer.requestsSent();
    std::vector<RefundLookupQuestion> questions = std::move(m_reading.questions);
    m_reading.questions.clear();
    if (eventsAdded() > 0) {
        // The new events may have given some operations a verdict: those are settled. The
        // others are asked as they were read (a run given a limit asks no other ones).
        auto again = QueueAskQuestions::read(m_store);
        if (!again) {
            emit failed(again.error());
            return;
        }
        QSet<QString> still;
        for (const RefundLookupQuestion &question : again->questions)
            still.insert(question.operationId);
        const auto settledEnd = std::stable_partition(questions.begin(), questions.end(), [&still](const auto &question) {
            return still.contains(question.operationId);
        });
        m_settledByEvents = qint64(questions.end() - settledEnd);
        questions.erase(settledEnd, questions.end());
    }
    emit settled(m_settledByEvents);
    ask(std::move(questions));
}

void QueueAskPass::eventsRefused(const Error &error)
{
    // A key with Refunds: Read alone still answers every operation, only at the listings' cost.
    emit eventsSkipped(QCoreApplication::translate("Stripe", "%1 The undelivered events were not listed: every operation "
                                                             "is asked by listing or by id instead; give the key Events: "
                                                             "Read to settle missed webhooks first.")
                           .arg(error.message));
    eventsListed();
}

void QueueAskPass::ask(std::vector<RefundLookupQuestion> questions)
{
    m_asker = std::make_unique<RefundQuestionAsker>(m_client, std::move(questions), m_pacer);
    connect(m_asker.get(), &RefundQuestionAsker::operationAnswered, this, &QueueAskPass::operationAnswered);
    connect(m_asker.get(), &RefundQuestionAsker::finished, this, &QueueAskPass::finished);
    connect(m_asker.get(), &RefundQuestionAsker::failed, this, &QueueAskPass::failed);
    m_asker->start();
}

} // namespace RefundDesk
