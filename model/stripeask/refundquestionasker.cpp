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
    : QObject(parent)
    , m_client(client)
    // Its own pacer, made before the reference to it (the members' order).
    , m_ownPacer(requestsPerSecond)
    , m_pacer(m_ownPacer)
    , m_lookupsAtOnce(lookupsAtOnce(requestsPerSecond))
    , m_total(int(questions.size()))
{
    sortQuestions(std::move(questions));
}

RefundQuestionAsker::RefundQuestionAsker(StripeClient &client, std::vector<RefundLookupQuestion> questions,
                                         StripeRequestPacer &pacer, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_pacer(pacer)
    , m_lookupsAtOnce(lookupsAtOnce(pacer.rate()))
    , m_total(int(questions.size()))
{
    sortQuestions(std::move(questions));
}

void RefundQuestionAsker::sortQuestions(std::vector<RefundLookupQuestion> questions)
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

int RefundQuestionAsker::lookupsAtOnce(double requestsPerSecond)
{
    // A Stripe answer takes about a quarter of a second: that many seconds' worth of the
    // rate in flight keeps the pacer's slots filled. Never more than 16: Stripe limits
    // concurrent requests as well as their rate, and a stop drops what is in flight.
    constexpr double AnswerSeconds = 0.25;
    constexpr int MostAtOnce = 16;
    return std::clamp(int(std::ceil(requestsPerSecond * AnswerSeconds)), 1, MostAtOnce);
}

void RefundQuestionAsker::start()
{
    next();
}

void RefundQuestionAsker::stop()
{
    m_stopped = true;
    dropInProgress();
}

void RefundQuestionAsker::dropInProgress()
{
    if (m_listing) {
        m_listing->stop();
        disconnect(m_listing.get(), nullptr, this, nullptr);
        m_listing.release()->deleteLater();
    }
    // The lookups in progress are dropped with their answers: nothing of them is handed over.
    for (auto &lookup : m_lookups) {
        lookup->stop(); // its request in flight is cancelled: nothing more goes to Stripe for it
        disconnect(lookup.get(), nullptr, this, nullptr);
        lookup.release()->deleteLater();
    }
    m_lookups.clear();
}

void RefundQuestionAsker::next()
{
    if (m_stopped || m_failed || m_finished)
        return;
    while (!m_known.empty() && int(m_lookups.size()) < m_lookupsAtOnce) {
        retrieveNext();
        if (m_stopped || m_failed || m_finished)
            return; // a lookup that ended at once may have ended the whole pass
    }
    // The shared windows one listing at a time, beside the lookups: each listing learns
    // from those before it how close windows must be to share one.
    if (!m_listing && !m_groups.empty()) {
        listNext();
        if (m_stopped || m_failed || m_finished)
            return;
    }
    if (!m_lookups.empty() || m_listing)
        return;
    m_finished = true;
    emit finished();
}

void RefundQuestionAsker::retrieveNext()
{
    auto *lookup = m_lookups.emplace_back(std::make_unique<StripeRefundLookup>(m_client, std::move(m_known.front()))).get();
    m_known.pop_front();
    lookup->setPacing(m_pacer.pacing()); // each request, a payment's pages or a retrieval, keeps the rate
    connect(lookup, &StripeRefundLookup::finished, this, [this, lookup] { lookupFinished(lookup); });
    connect(lookup, &StripeRefundLookup::failed, this, &RefundQuestionAsker::fail);
    lookup->start();
}

void RefundQuestionAsker::lookupFinished(StripeRefundLookup *lookup)
{
    const auto found = std::find_if(m_lookups.begin(), m_lookups.end(),
                                    [lookup](const auto &inProgress) { return inProgress.get() == lookup; });
    if (found == m_lookups.end())
        return;
    found->release()->deleteLater();
    m_lookups.erase(found);
    answer(lookup->draft(), lookup->summary());
    next();
}

void RefundQuestionAsker::fail(const Error &error)
{
    if (m_stopped || m_failed)
        return;
    // One request failed: the others in progress are dropped, and nothing more is asked.
    m_failed = true;
    dropInProgress();
    emit failed(error);
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
    connect(m_listing.get(), &SharedRefundListing::failed, this, &RefundQuestionAsker::fail);
    m_listing->start();
}

void RefundQuestionAsker::answer(const ProviderLookupDraft &draft, const QString &summary)
{
    if (m_stopped || m_failed)
        return;
    ++m_answered;
    emit operationAnswered(draft, summary);
}

} // namespace RefundDesk
