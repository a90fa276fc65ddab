#include "stripeask/queueasker.h"

#include "stripe/stripeclient.h"
#include "stripeask/sharedrefundlisting.h"

#include <QTimer>

namespace RefundDesk {

QueueAsker::QueueAsker(StripeClient &client, std::vector<RefundLookupQuestion> questions, double requestsPerSecond,
                       QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_pacer(requestsPerSecond)
    , m_total(int(questions.size()))
{
    std::vector<RefundLookupQuestion> listed;
    for (RefundLookupQuestion &question : questions) {
        if (question.knownRefundIds.isEmpty())
            listed.push_back(std::move(question));
        else
            m_known.push_back(std::move(question));
    }
    for (auto &group : SharedRefundListing::groupsOf(std::move(listed)))
        m_groups.push_back(std::move(group));
}

QueueAsker::~QueueAsker()
{
    stop();
}

void QueueAsker::start()
{
    next();
}

void QueueAsker::stop()
{
    m_stopped = true;
    if (m_listing)
        m_listing->stop();
    // A lookup in flight is dropped with its answer: nothing of it is handed over.
    if (m_lookup)
        m_lookup.release()->deleteLater();
}

void QueueAsker::next()
{
    if (m_stopped)
        return;
    if (!m_known.empty())
        return retrieveNext();
    if (!m_groups.empty())
        return listNext();
    emit finished();
}

void QueueAsker::retrieveNext()
{
    if (const qint64 wait = m_pacer.waitBeforeNext(); wait > 0) {
        QTimer::singleShot(wait, this, [this] {
            if (!m_stopped)
                retrieveNext();
        });
        return;
    }
    const qsizetype requests = m_known.front().knownRefundIds.size(); // one per refund known by id
    m_lookup = std::make_unique<StripeRefundLookup>(m_client, std::move(m_known.front()));
    m_known.pop_front();
    connect(m_lookup.get(), &StripeRefundLookup::finished, this, [this] {
        auto *lookup = m_lookup.release();
        lookup->deleteLater();
        answer(lookup->draft(), lookup->summary());
        next();
    });
    connect(m_lookup.get(), &StripeRefundLookup::failed, this, &QueueAsker::failed);
    for (qsizetype i = 0; i < requests; ++i)
        m_pacer.sent();
    m_lookup->start();
}

void QueueAsker::listNext()
{
    m_listing = std::make_unique<SharedRefundListing>(m_client, m_pacer, std::move(m_groups.front()));
    m_groups.pop_front();
    connect(m_listing.get(), &SharedRefundListing::operationAnswered, this, &QueueAsker::answer);
    connect(m_listing.get(), &SharedRefundListing::finished, this, [this] {
        m_listing.release()->deleteLater();
        next();
    });
    connect(m_listing.get(), &SharedRefundListing::failed, this, &QueueAsker::failed);
    m_listing->start();
}

void QueueAsker::answer(const ProviderLookupDraft &draft, const QString &summary)
{
    if (m_stopped)
        return;
    ++m_answered;
    emit operationAnswered(draft, summary);
}

} // namespace RefundDesk
