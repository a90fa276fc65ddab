#include "stripe/striperefundlookup.h"

#include "stripe/refundlookupsummary.h"
#include "stripe/stripeclient.h"
#include "stripe/stripelistpager.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUrlQuery>

#include <algorithm>

namespace RefundDesk {

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
    if (!m_question.knownRefundIds.isEmpty())
        return retrieveNext();
    // Stripe's created filters are in seconds: the window is widened to whole seconds.
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("created[gte]"), QString::number(m_question.windowFromMs / 1000));
    query.addQueryItem(QStringLiteral("created[lte]"), QString::number((m_question.windowToMs + 999) / 1000));
    m_listed = true;
    m_pager = std::make_unique<StripeListPager>(m_client, QStringLiteral("/v1/refunds"), query);
    connect(m_pager.get(), &StripeListPager::pageRead, this, &StripeRefundLookup::pageRead);
    connect(m_pager.get(), &StripeListPager::finished, this, [this] {
        m_complete = true;
        emit finished();
    });
    connect(m_pager.get(), &StripeListPager::failed, this, &StripeRefundLookup::listingFailed);
    m_pager->start();
}

void StripeRefundLookup::retrieveNext()
{
    if (m_nextKnown >= m_question.knownRefundIds.size()) {
        m_complete = true;
        emit finished();
        return;
    }
    const QString id = m_question.knownRefundIds.at(m_nextKnown++);
    m_tag = m_client.get(QStringLiteral("/v1/refunds/") + QString::fromLatin1(QUrl::toPercentEncoding(id)));
}

void StripeRefundLookup::retrieved(quint64 tag, const StripeAnswer &answer)
{
    if (tag != m_tag || m_tag == 0)
        return;
    m_tag = 0;
    // A refund id Stripe does not know is an answer worth keeping, not a failure.
    if (answer.httpStatus == 404) {
        keepRequest(answer.pathAndQuery, answer.httpStatus, answer.requestId, answer.body);
        m_missing.append(m_question.knownRefundIds.at(m_nextKnown - 1));
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
        if (refund.isRefund && !refund.id.isEmpty() && refund.operationId == m_question.operationId)
            m_found.push_back(std::move(refund));
    }
}

void StripeRefundLookup::listingFailed(const Error &error)
{
    emit failed(error);
}

void StripeRefundLookup::keepRequest(const QString &pathAndQuery, int status, const QString &requestId, const QByteArray &body)
{
    QJsonObject request;
    request.insert(QLatin1String("method"), QStringLiteral("GET"));
    request.insert(QLatin1String("path"), pathAndQuery);
    request.insert(QLatin1String("status"), status);
    request.insert(QLatin1String("request_id"), requestId);
    request.insert(QLatin1String("body"), QString::fromUtf8(body));
    m_requests.append(request);
    m_bodies += body;
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
    QJsonArray refunds;
    for (const StripeRefundObject &found : m_found) {
        QJsonObject refund;
        refund.insert(QLatin1String("id"), found.id);
        refund.insert(QLatin1String("status"), found.status);
        refund.insert(QLatin1String("amount"), found.amount);
        refund.insert(QLatin1String("currency"), found.currency);
        refund.insert(QLatin1String("created"), found.created);
        refund.insert(QLatin1String("operation_id"), found.operationId);
        refunds.append(refund);
    }
    QJsonObject result;
    result.insert(QLatin1String("complete"), m_complete);
    result.insert(QLatin1String("method"), m_listed ? QStringLiteral("list") : QStringLiteral("retrieve"));
    result.insert(QLatin1String("refunds"), refunds);
    result.insert(QLatin1String("missing"), QJsonArray::fromStringList(m_missing));
    result.insert(QLatin1String("summary"), summary());
    draft.result = QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
    draft.responseSha256 = QString::fromLatin1(QCryptographicHash::hash(m_bodies, QCryptographicHash::Sha256).toHex());
    return draft;
}

QString StripeRefundLookup::summary() const
{
    std::vector<RefundLookupSummary::Refund> found;
    for (const StripeRefundObject &refund : m_found)
        found.push_back({refund.id, refund.status, refund.amount, refund.currency});
    return RefundLookupSummary::text(found, m_missing, m_listed, m_complete, m_question.windowFromMs,
                                     m_question.windowToMs);
}

} // namespace RefundDesk
