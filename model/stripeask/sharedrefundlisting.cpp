#include "stripeask/sharedrefundlisting.h"

#include "domain/lookupbodies.h"
#include "domain/providerlookupresult.h"
#include "stripe/refundlookupsummary.h"
#include "stripe/stripelistpager.h"
#include "stripe/striperefundobject.h"
#include "stripeask/striperequestpacer.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

#include <algorithm>

namespace RefundDesk {

std::vector<std::vector<RefundLookupQuestion>> SharedRefundListing::groupsOf(std::vector<RefundLookupQuestion> questions)
{
    std::sort(questions.begin(), questions.end(), [](const auto &a, const auto &b) {
        return a.windowFromMs != b.windowFromMs ? a.windowFromMs < b.windowFromMs : a.operationId < b.operationId;
    });
    std::vector<std::vector<RefundLookupQuestion>> groups;
    qint64 groupTo = 0;
    for (RefundLookupQuestion &question : questions) {
        // Windows that overlap, or touch within the same second, are listed together.
        if (groups.empty() || fromSeconds(question) > groupTo) {
            groups.emplace_back();
            groupTo = toSeconds(question);
        }
        groupTo = std::max(groupTo, toSeconds(question));
        groups.back().push_back(std::move(question));
    }
    return groups;
}

SharedRefundListing::SharedRefundListing(StripeClient &client, StripeRequestPacer &pacer,
                                         std::vector<RefundLookupQuestion> group, QObject *parent)
    : QObject(parent)
{
    std::sort(group.begin(), group.end(), [](const auto &a, const auto &b) { return toSeconds(a) > toSeconds(b); });
    m_pending.reserve(group.size());
    for (RefundLookupQuestion &question : group) {
        m_byOperation.insert(question.operationId, m_pending.size());
        m_pending.push_back(Pending{std::move(question), {}, {}, {}, false, false});
    }
    if (!m_pending.empty()) {
        m_toSeconds = toSeconds(m_pending.front().question);
        m_fromSeconds = fromSeconds(m_pending.front().question);
        for (const Pending &pending : m_pending)
            m_fromSeconds = std::min(m_fromSeconds, fromSeconds(pending.question));
    }
    m_coveredDownTo = m_toSeconds;
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("created[gte]"), QString::number(m_fromSeconds));
    query.addQueryItem(QStringLiteral("created[lte]"), QString::number(m_toSeconds));
    m_pager = std::make_unique<StripeListPager>(client, QStringLiteral("/v1/refunds"), query);
    m_pager->setPacing(pacer.pacing());
    connect(m_pager.get(), &StripeListPager::pageRead, this, &SharedRefundListing::pageRead);
    connect(m_pager.get(), &StripeListPager::finished, this, &SharedRefundListing::finished);
    connect(m_pager.get(), &StripeListPager::failed, this, &SharedRefundListing::failed);
}

SharedRefundListing::~SharedRefundListing()
{
    stop();
}

void SharedRefundListing::start()
{
    if (m_pending.empty()) {
        emit finished();
        return;
    }
    m_pager->start();
}

void SharedRefundListing::stop()
{
    m_pager->stop();
}

void SharedRefundListing::pageRead(const StripePage &page)
{
    const QByteArray &body = page.body;
    // The page covers from the oldest second the pages before it reached down to its own
    // oldest refund's second; the last page down to the window's start.
    const std::vector<StripeRefundObject> data = StripeRefundObject::fromListPage(body);
    qint64 oldest = m_coveredDownTo;
    m_refundsRead += qsizetype(data.size());
    for (const StripeRefundObject &refund : data) {
        const qint64 created = refund.created;
        oldest = std::min(oldest, created);
        const auto index = m_byOperation.constFind(refund.operationId);
        if (index == m_byOperation.constEnd() || !refund.isRefund)
            continue;
        Pending &pending = m_pending[*index];
        if (pending.done || created < fromSeconds(pending.question) || created > toSeconds(pending.question))
            continue;
        pending.found.push_back(refund);
    }
    const bool last = !page.hasMore || page.ids.isEmpty();
    const qint64 lowest = last ? m_fromSeconds : oldest;
    m_coveredDownTo = lowest;

    // Windows this page reached: those ending at or after its lowest second.
    while (m_nextToActivate < m_pending.size() && toSeconds(m_pending[m_nextToActivate].question) >= lowest) {
        m_pending[m_nextToActivate].active = true;
        m_active.push_back(m_nextToActivate++);
    }
    // One body for every operation the page covered: the store keeps it once.
    const ResponseBody kept = LookupBodies::bodyOf(body);
    const QJsonObject request = LookupBodies::request(page.pathAndQuery, page.httpStatus, page.requestId, kept);
    std::vector<size_t> stillActive;
    for (size_t index : m_active) {
        Pending &pending = m_pending[index];
        pending.requests.append(request);
        pending.bodies.push_back(kept);
        // Passed: every refund created at or after the window's start has been seen (the
        // list is newest first; refunds of the lowest second may go on to the next page).
        if (last || fromSeconds(pending.question) > lowest)
            finish(pending);
        else
            stillActive.push_back(index);
    }
    m_active = std::move(stillActive);
}

void SharedRefundListing::finish(Pending &pending)
{
    pending.done = true;
    const RefundLookupQuestion &question = pending.question;
    // The shared listing always finished: a pending operation is answered only then.

    ProviderLookupDraft draft;
    draft.operationId = question.operationId;
    draft.provider = QStringLiteral("stripe");
    draft.windowFrom = question.windowFromMs;
    draft.windowTo = question.windowToMs;
    draft.requests = QString::fromUtf8(QJsonDocument(pending.requests).toJson(QJsonDocument::Compact));
    draft.bodies = std::move(pending.bodies);
    QJsonObject result;
    result.insert(QLatin1String("complete"), true);
    result.insert(QLatin1String("method"), QStringLiteral("list"));
    result.insert(QLatin1String("route"), QStringLiteral("window"));
    result.insert(QLatin1String("shared"), true);
    // Each found refund's metadata names the question's operation: it was matched by it.
    result.insert(QLatin1String("refunds"), StripeRefundObject::resultEntries(pending.found));
    result.insert(QLatin1String("missing"), QJsonArray());
    // The summary from the result read back as a kept record is read.
    const QString summary = RefundLookupSummary::fromResult(
        ProviderLookupResult::read(QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact))),
        question.windowFromMs, question.windowToMs);
    result.insert(QLatin1String("summary"), summary);
    draft.result = QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
    draft.responseSha256 = LookupBodies::digest(draft.bodies);
    // The pages are in the record now; the listing keeps none of them.
    pending.requests = QJsonArray();
    pending.bodies.clear();
    pending.found.clear();
    emit operationAnswered(draft, summary);
}

} // namespace RefundDesk
