#include "stripe/striperefundlookup.h"

#include "domain/lookupbodies.h"
#include "domain/providerlookupresult.h"
#include "stripe/refundlookupsummary.h"
#include "stripe/stripeclient.h"
#include "stripe/stripelistpager.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimer>
#include <QUrlQuery>

#include <algorithm>

namespace RefundDesk {

namespace {

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

RefundLookupQuestion RefundLookupQuestion::forOperation(const QString &operationId, qint64 createdAtMs,
                                                        const QList<QPair<qint64, qint64>> &attemptSpansMs,
                                                        const QStringList &knownRefundIds)
{
    RefundLookupQuestion question;
    question.operationId = operationId;
    question.knownRefundIds = knownRefundIds;
    qint64 from = createdAtMs;
    qint64 to = createdAtMs;
    if (!attemptSpansMs.isEmpty()) {
        from = attemptSpansMs.front().first;
        to = attemptSpansMs.front().second;
        for (const auto &[started, ended] : attemptSpansMs) {
            from = std::min(from, started);
            to = std::max({to, started, ended});
        }
    }
    question.windowFromMs = from - WindowMarginMs;
    question.windowToMs = to + WindowMarginMs;
    return question;
}

QString RefundLookupQuestion::route() const
{
    if (!paymentId.isEmpty())
        return paymentId.startsWith(QLatin1String("pi_")) ? QStringLiteral("payment_intent") : QStringLiteral("charge");
    return knownRefundIds.isEmpty() ? QStringLiteral("window") : QStringLiteral("refund_ids");
}

StripeRefundLookup::StripeRefundLookup(StripeClient &client, RefundLookupQuestion question, QObject *parent)
    : QObject(parent)
    , m_client(client)
    , m_question(std::move(question))
{
    connect(&m_client, &StripeClient::answered, this, &StripeRefundLookup::retrieved);
}

StripeRefundLookup::~StripeRefundLookup() = default;

void StripeRefundLookup::start()
{
    if (!m_question.paymentId.isEmpty())
        return listPayment();
    if (!m_question.knownRefundIds.isEmpty()) {
        m_toRetrieve = m_question.knownRefundIds;
        return retrieveNext();
    }
    // Stripe's created filters are in seconds: the window is widened to whole seconds.
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("created[gte]"), QString::number(m_question.windowFromMs / 1000));
    query.addQueryItem(QStringLiteral("created[lte]"), QString::number((m_question.windowToMs + 999) / 1000));
    m_listed = true;
    m_pager = std::make_unique<StripeListPager>(m_client, QStringLiteral("/v1/refunds"), query);
    m_pager->setPacing(m_pacing);
    connect(m_pager.get(), &StripeListPager::pageRead, this, &StripeRefundLookup::pageRead);
    connect(m_pager.get(), &StripeListPager::finished, this, [this] {
        m_complete = true;
        emit finished();
    });
    connect(m_pager.get(), &StripeListPager::failed, this, &StripeRefundLookup::listingFailed);
    m_pager->start();
}

void StripeRefundLookup::stop()
{
    m_stopped = true;
    if (m_pager)
        m_pager->stop();
    if (m_tag != 0)
        m_client.cancel(m_tag);
    m_tag = 0;
}

void StripeRefundLookup::listPayment()
{
    // The payment's refunds are few: one page of Stripe's largest, more only while has_more.
    m_byPayment = true;
    QUrlQuery query;
    query.addQueryItem(m_question.route(), m_question.paymentId);
    m_pager = std::make_unique<StripeListPager>(m_client, QStringLiteral("/v1/refunds"), query);
    m_pager->setPacing(m_pacing);
    connect(m_pager.get(), &StripeListPager::pageRead, this, &StripeRefundLookup::pageRead);
    connect(m_pager.get(), &StripeListPager::finished, this, [this] {
        // A refund known by id that the payment's listing did not hold (the payment was
        // read from another operation, or the refund is of another charge) is asked for by id.
        for (const QString &id : std::as_const(m_question.knownRefundIds)) {
            const bool listed = std::any_of(m_found.cbegin(), m_found.cend(), [&id](const StripeRefundObject &f) { return f.id == id; });
            if (!listed)
                m_toRetrieve.append(id);
        }
        retrieveNext();
    });
    connect(m_pager.get(), &StripeListPager::failed, this, &StripeRefundLookup::listingFailed);
    m_pager->start();
}

void StripeRefundLookup::retrieveNext()
{
    if (m_stopped)
        return;
    if (m_toRetrieve.isEmpty()) {
        m_complete = true;
        emit finished();
        return;
    }
    if (const qint64 wait = m_pacing.waitBeforeNext ? m_pacing.waitBeforeNext() : 0; wait > 0) {
        QTimer::singleShot(wait, this, [this] { retrieveNext(); });
        return;
    }
    send(m_toRetrieve.front());
}

void StripeRefundLookup::send(const QString &refundId)
{
    if (m_pacing.sent)
        m_pacing.sent();
    m_tag = m_client.get(QStringLiteral("/v1/refunds/") + QString::fromLatin1(QUrl::toPercentEncoding(refundId)));
}

void StripeRefundLookup::retrieved(quint64 tag, const StripeAnswer &answer)
{
    if (tag != m_tag || m_tag == 0)
        return;
    m_tag = 0;
    const QString id = m_toRetrieve.takeFirst();
    // A refund id Stripe does not know is an answer worth keeping, not a failure.
    if (answer.httpStatus == 404) {
        keepRequest(answer.pathAndQuery, answer.httpStatus, answer.requestId, answer.body);
        m_missing.append(id);
        return retrieveNext();
    }
    if (!answer.ok()) {
        emit failed(answer.error.value_or(Error::internal(QStringLiteral("Stripe answered HTTP %1.").arg(answer.httpStatus))));
        return;
    }
    keepRequest(answer.pathAndQuery, answer.httpStatus, answer.requestId, answer.body);
    const auto refund = StripeRefundObject::fromRetrieval(answer.body);
    if (!refund) {
        emit failed(Error::internal(QCoreApplication::translate("Stripe", "Stripe's answer to %1 is not a refund object "
                                                                          "(request %2): report it with this request id.")
                                        .arg(answer.pathAndQuery, answer.requestId)));
        return;
    }
    m_found.push_back(*refund);
    retrieveNext();
}

void StripeRefundLookup::pageRead(const StripePage &page)
{
    keepRequest(page.pathAndQuery, 200, page.requestId, page.body);
    for (StripeRefundObject &refund : StripeRefundObject::fromListPage(page.body)) {
        if (!refund.isRefund || refund.id.isEmpty())
            continue;
        if (refund.operationId == m_question.operationId || (m_byPayment && m_question.knownRefundIds.contains(refund.id)))
            m_found.push_back(std::move(refund));
        else if (m_byPayment)
            m_others.push_back(std::move(refund));
    }
}

void StripeRefundLookup::listingFailed(const Error &error)
{
    emit failed(error);
}

void StripeRefundLookup::keepRequest(const QString &pathAndQuery, int status, const QString &requestId, const QByteArray &body)
{
    // The body goes beside the requests: the store keeps it once, by its address.
    m_bodies.push_back(LookupBodies::bodyOf(body));
    m_requests.append(LookupBodies::request(pathAndQuery, status, requestId, m_bodies.back()));
}

QJsonObject StripeRefundLookup::resultWithoutSummary() const
{
    QJsonObject result;
    result.insert(QLatin1String("complete"), m_complete);
    // "payment": the payment's refunds were listed; older consoles read neither "list" nor
    // "retrieve" in it, and so never take it for a window that found nothing.
    result.insert(QLatin1String("method"), m_byPayment ? QStringLiteral("payment")
                                                       : m_listed ? QStringLiteral("list") : QStringLiteral("retrieve"));
    result.insert(QLatin1String("route"), m_question.route());
    if (m_byPayment) {
        result.insert(QLatin1String("payment_id"), m_question.paymentId);
        result.insert(QLatin1String("payment_from"), m_question.paymentFrom);
        if (!m_question.paymentFromOperation.isEmpty())
            result.insert(QLatin1String("payment_from_operation"), m_question.paymentFromOperation);
        if (!m_question.paymentFromEvent.isEmpty())
            result.insert(QLatin1String("payment_from_event"), m_question.paymentFromEvent);
        result.insert(QLatin1String("quiet_since"), m_question.quietSinceMs());
        result.insert(QLatin1String("payment_refunds"), StripeRefundObject::resultEntries(m_others));
    }
    result.insert(QLatin1String("refunds"), StripeRefundObject::resultEntries(m_found));
    result.insert(QLatin1String("missing"), QJsonArray::fromStringList(m_missing));
    return result;
}

QString StripeRefundLookup::summaryOf(const QJsonObject &result) const
{
    // Read back as a kept record is read, so that the summary says what the record holds;
    // only a listing keeps its window.
    const auto window = [this](qint64 ms) { return m_listed ? std::optional<qint64>(ms) : std::nullopt; };
    return RefundLookupSummary::fromResult(ProviderLookupResult::read(compact(result)), window(m_question.windowFromMs),
                                           window(m_question.windowToMs));
}

ProviderLookupDraft StripeRefundLookup::draft() const
{
    ProviderLookupDraft draft;
    draft.operationId = m_question.operationId;
    draft.provider = QStringLiteral("stripe");
    if (m_listed) {
        draft.windowFrom = m_question.windowFromMs;
        draft.windowTo = m_question.windowToMs;
    }
    draft.requests = QString::fromUtf8(QJsonDocument(m_requests).toJson(QJsonDocument::Compact));
    draft.bodies = m_bodies;
    QJsonObject result = resultWithoutSummary();
    result.insert(QLatin1String("summary"), summaryOf(result));
    draft.result = compact(result);
    draft.responseSha256 = LookupBodies::digest(m_bodies);
    return draft;
}

QString StripeRefundLookup::summary() const
{
    return summaryOf(resultWithoutSummary());
}

} // namespace RefundDesk
