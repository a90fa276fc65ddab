#include "stripe/stripeclient.h"

#include "stripe/stripefailure.h"

#include <QCoreApplication>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRandomGenerator>
#include <QTimer>

namespace RefundDesk {

namespace {

QString waitingSentence(StripeRetryPolicy::Reason reason, qint64 ms, const QString &what)
{
    const QString seconds = QString::number(double(ms) / 1000.0, 'f', 1);
    switch (reason) {
    case StripeRetryPolicy::Reason::RateLimited:
        return QCoreApplication::translate("Stripe", "Stripe limits the rate of requests (429): waiting %1 s as it asks, then "
                                                     "asking for %2 again.").arg(seconds, what);
    case StripeRetryPolicy::Reason::Timeout:
        return QCoreApplication::translate("Stripe", "Stripe did not answer %1 in time: asking again in %2 s.").arg(what, seconds);
    case StripeRetryPolicy::Reason::Network:
        return QCoreApplication::translate("Stripe", "The connection to Stripe failed for %1: trying again in %2 s.").arg(what, seconds);
    case StripeRetryPolicy::Reason::Lock:
    case StripeRetryPolicy::Reason::ServerError:
    case StripeRetryPolicy::Reason::None:
        break;
    }
    return QCoreApplication::translate("Stripe", "Stripe answered %1 with an error it says is worth retrying: asking again in "
                                                 "%2 s.").arg(what, seconds);
}

} // namespace

StripeClient::StripeClient(StripeSecret secret, QUrl apiBase, QObject *parent)
    : QObject(parent)
    , m_secret(std::move(secret))
    , m_apiBase(std::move(apiBase))
{
    qRegisterMetaType<RefundDesk::StripeAnswer>();
    // The key must never follow a redirect to another host.
    m_network.setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
}

StripeClient::~StripeClient()
{
    for (auto &[tag, pending] : m_pending) {
        if (pending.reply) {
            pending.reply->disconnect(this);
            pending.reply->abort();
        }
    }
}

quint64 StripeClient::get(const QString &path, const QUrlQuery &query)
{
    const quint64 tag = m_nextTag++;
    Pending pending;
    QUrl url = m_apiBase;
    QString basePath = url.path();
    if (basePath.endsWith(QLatin1Char('/')))
        basePath.chop(1);
    url.setPath(basePath + path);
    url.setQuery(query);
    pending.url = url;
    pending.answer.pathAndQuery = query.isEmpty() ? path : path + QLatin1Char('?') + query.toString(QUrl::FullyEncoded);
    m_pending.emplace(tag, std::move(pending));
    send(tag);
    return tag;
}

void StripeClient::cancel(quint64 tag)
{
    const auto found = m_pending.find(tag);
    if (found == m_pending.end())
        return;
    if (QNetworkReply *reply = found->second.reply) {
        reply->disconnect(this);
        reply->abort();
        reply->deleteLater();
    }
    m_pending.erase(found);
}

void StripeClient::send(quint64 tag)
{
    const auto found = m_pending.find(tag);
    if (found == m_pending.end())
        return;
    Pending &pending = found->second;
    QNetworkRequest request(pending.url);
    request.setRawHeader("Authorization", m_secret.authorization());
    request.setRawHeader("Stripe-Version", ApiVersion);
    request.setRawHeader("Accept", "application/json");
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("RefundDesk/%1").arg(QCoreApplication::applicationVersion()));
    request.setTransferTimeout(m_policy.transferTimeoutMs);
    ++pending.answer.attempts;
    ++m_requestsSent;
    QNetworkReply *reply = m_network.get(request);
    pending.reply = reply;
    connect(reply, &QNetworkReply::finished, this, [this, tag, reply]() { finished(tag, reply); });
}

void StripeClient::finished(quint64 tag, QNetworkReply *reply)
{
    reply->deleteLater();
    const auto found = m_pending.find(tag);
    if (found == m_pending.end() || found->second.reply != reply)
        return;
    Pending &pending = found->second;
    pending.reply = nullptr;
    StripeAnswer &answer = pending.answer;

    const QVariant status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute);
    answer.httpStatus = status.isValid() ? status.toInt() : 0;
    // An aborted reply (a transfer timeout) is closed and has nothing to read.
    answer.body = reply->isOpen() ? reply->readAll() : QByteArray();
    answer.requestId = QString::fromLatin1(reply->rawHeader("Request-Id"));
    if (!answer.requestId.isEmpty())
        answer.requestIds.append(answer.requestId);

    const QNetworkReply::NetworkError error = reply->error();
    // Qt reports a transfer timeout as a cancelled operation; nobody else cancels here.
    const bool timedOut = answer.httpStatus == 0
        && (error == QNetworkReply::OperationCanceledError || error == QNetworkReply::TimeoutError);
    const bool connectionFailed = answer.httpStatus == 0 && StripeFailure::isTransient(error);
    const auto reason = StripeRetryPolicy::reasonFor(answer.httpStatus, timedOut, connectionFailed,
                                                     reply->rawHeader("Stripe-Should-Retry").trimmed().toLower());
    const auto retryAfter = StripeRetryPolicy::retryAfterMs(reply->rawHeader("Retry-After"));

    if (answer.httpStatus >= 200 && answer.httpStatus < 300) {
        answer.error.reset();
        return this->answer(tag);
    }
    if (m_policy.allows(reason, pending.networkRetries, pending.rateLimitWaits))
        return retryLater(tag, reason, retryAfter);

    const QString what = answer.pathAndQuery.section(QLatin1Char('?'), 0, 0);
    if (answer.httpStatus != 0)
        answer.error = StripeFailure::fromHttp(answer.httpStatus, answer.body, answer.requestId, what, answer.attempts);
    else
        answer.error = StripeFailure::fromNetwork(error, reply->errorString(), pending.url.host(), what, answer.attempts,
                                                  m_policy.transferTimeoutMs);
    this->answer(tag);
}

void StripeClient::retryLater(quint64 tag, StripeRetryPolicy::Reason reason, std::optional<qint64> retryAfterMs)
{
    Pending &pending = m_pending.at(tag);
    int retryNumber = 0;
    if (reason == StripeRetryPolicy::Reason::RateLimited)
        retryNumber = ++pending.rateLimitWaits;
    else
        retryNumber = ++pending.networkRetries;
    const qint64 delay = m_policy.delayMs(reason, retryNumber, retryAfterMs, QRandomGenerator::global()->generateDouble());
    emit waiting(tag, delay, waitingSentence(reason, delay, pending.answer.pathAndQuery.section(QLatin1Char('?'), 0, 0)));
    QTimer::singleShot(std::chrono::milliseconds(delay), this, [this, tag]() { send(tag); });
}

void StripeClient::answer(quint64 tag)
{
    const auto found = m_pending.find(tag);
    if (found == m_pending.end())
        return;
    StripeAnswer answer = std::move(found->second.answer);
    m_pending.erase(found);
    emit answered(tag, answer);
}

} // namespace RefundDesk
