#include "stripeask/refundquestionasker.h"

#include "stripe/stripeclient.h"
#include "stripe/stripelistpager.h"
#include "stripeask/sharedrefundlisting.h"

#include <QTimer>

#include <algorithm>
#include <cmath>

namespace RefundDesk {

RefundQuestionAsker::RefundQuestionAsker(StripeClient &client, std::vector<RefundLookupQuestion> questions,
                                         double requestsPerSecond, QObject *parent)
    : RefundQuestionAsker(client, std::move(questions), m_ownPacer, parent)
{
    m_ownPacer = StripeRequestPacer(requestsPerSecond);
}

RefundQuestionAsker::RefundQuestionAsker(StripeClient &client, std::vector<RefundLookupQuestion> questions,
                                         StripeRequestPacer &pacer, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_pacer(pacer)
    , m_total(int(questions.size()))
{
    std::vector<RefundLookupQuestion> listed;
    for (RefundLookupQuestion &question : questions) {
        // A payment's own listing costs a request or two whatever the shop does; only
        // the operations with neither a payment nor a refund known by id share windows.
        if (question.paymentId.isEmpty() && question.knownRefundIds.isEmpty())
            listed.push_back(std::move(question));
        else
            m_known.push_back(std::move(question));
    }
    for (auto &group : SharedRefundListing::groupsOf(std::move(listed)))
        m_groups.push_back(std::move(group));
}

RefundQuestionAsker::~RefundQuestionAsker()
{
    stop();
}

void RefundQuestionAsker::start()
{
    next();
}

void RefundQuestionAsker::stop()
{
    m_stopped = true;
    if (m_listing)
        m_listing->stop();
    // A lookup in progress is dropped with its answer: nothing of it is handed over.
    if (m_lookup)
        m_lookup.release()->deleteLater();
}

void RefundQuestionAsker::next()
{
    if (m_stopped)
        return;
    if (!m_known.empty())
        return retrieveNext();
    if (!m_groups.empty())
        return listNext();
    emit finished();
}

void RefundQuestionAsker::retrieveNext()
{
    m_lookup = std::make_unique<StripeRefundLookup>(m_client, std::move(m_known.front()));
    m_known.pop_front();
    m_lookup->setPacing(m_pacer.pacing()); // each request, a payment's pages or a retrieval, keeps the rate
    connect(m_lookup.get(), &StripeRefundLookup::finished, this, [this] {
        auto *lookup = m_lookup.release();
        lookup->deleteLater();
        answer(lookup->draft(), lookup->summary());
        next();
    });
    connect(m_lookup.get(), &StripeRefundLookup::failed, this, &RefundQuestionAsker::failed);
    m_lookup->start();
}

std::vector<RefundLookupQuestion> RefundQuestionAsker::nextListing()
{
    std::vector<RefundLookupQuestion> listing = std::move(m_groups.front());
    m_groups.pop_front();
    if (m_secondsListed <= 0)
        return listing; // nothing known yet of how many refunds a second Stripe holds
    const double perSecond = double(m_refundsRead) / double(m_secondsListed);
    const auto pages = [](double refunds) { return std::max(1.0, std::ceil(refunds / StripeListPager::PageLimit)); };
    const auto span = [](const std::vector<RefundLookupQuestion> &group, qint64 &from, qint64 &to) {
        from = SharedRefundListing::fromSeconds(group.front());
        to = SharedRefundListing::toSeconds(group.front());
        for (const RefundLookupQuestion &question : group) {
            from = std::min(from, SharedRefundListing::fromSeconds(question));
            to = std::max(to, SharedRefundListing::toSeconds(question));
        }
    };
    qint64 from = 0;
    qint64 to = 0;
    span(listing, from, to);
    while (!m_groups.empty()) {
        qint64 nextFrom = 0;
        qint64 nextTo = 0;
        span(m_groups.front(), nextFrom, nextTo);
        const double apart = pages(perSecond * double(to - from + 1)) + pages(perSecond * double(nextTo - nextFrom + 1));
        const double together = pages(perSecond * double(std::max(to, nextTo) - std::min(from, nextFrom) + 1));
        if (together > apart)
            break;
        for (RefundLookupQuestion &question : m_groups.front())
            listing.push_back(std::move(question));
        m_groups.pop_front();
        from = std::min(from, nextFrom);
        to = std::max(to, nextTo);
    }
    return listing;
}

void RefundQuestionAsker::listNext()
{
    m_listing = std::make_unique<SharedRefundListing>(m_client, m_pacer, nextListing());
    connect(m_listing.get(), &SharedRefundListing::operationAnswered, this, &RefundQuestionAsker::answer);
    connect(m_listing.get(), &SharedRefundListing::finished, this, [this] {
        m_refundsRead += m_listing->refundsRead();
        m_secondsListed += m_listing->secondsCovered();
        m_listing.release()->deleteLater();
        next();
    });
    connect(m_listing.get(), &SharedRefundListing::failed, this, &RefundQuestionAsker::failed);
    m_listing->start();
}

void RefundQuestionAsker::answer(const ProviderLookupDraft &draft, const QString &summary)
{
    if (m_stopped)
        return;
    ++m_answered;
    emit operationAnswered(draft, summary);
}

} // namespace RefundDesk
