#pragma once

#include "stripe/stripeanswer.h"
#include "stripe/striperetrypolicy.h"
#include "stripe/stripesecret.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <QPointer>
#include <QUrl>
#include <QUrlQuery>

#include <map>

namespace RefundDesk {

// A read-only client of Stripe's API on Qt Network. It can send GET and nothing else:
// Refund Desk never writes to the provider. Every request carries the pinned
// Stripe-Version, the key as a Bearer token and a transfer timeout; failures are retried
// as StripeRetryPolicy says, on timers of the thread the client lives in (never a nested
// event loop), and each request's answer comes back once, with the Request-Id of every
// answer on the way, through answered(). Live on a thread of its own or a worker's: the
// client never waits, but what it answers to may.
class StripeClient final : public QObject
{
    Q_OBJECT

public:
    // The API version every request pins, so that the shapes Refund Desk reads do not
    // change with the account's default version.
    static constexpr const char *ApiVersion = "2024-06-20";

    StripeClient(StripeSecret secret, QUrl apiBase, QObject *parent = nullptr);
    ~StripeClient() override;

    void setRetryPolicy(const StripeRetryPolicy &policy) { m_policy = policy; }
    const StripeRetryPolicy &retryPolicy() const { return m_policy; }
    const QUrl &apiBase() const { return m_apiBase; }
    StripeSecret::Mode mode() const { return m_secret.mode(); }

    // GET {apiBase}{path}?{query}. Returns the tag answered() carries for it.
    quint64 get(const QString &path, const QUrlQuery &query = {});
    // Aborts a request nobody wants any more; its answer never comes.
    void cancel(quint64 tag);
    // Requests sent so far, retries included: what the targets count.
    int requestsSent() const { return m_requestsSent; }

signals:
    void answered(quint64 tag, const RefundDesk::StripeAnswer &answer);
    // The request waits before trying again; `why` is one sentence for the person.
    void waiting(quint64 tag, qint64 milliseconds, const QString &why);

private:
    struct Pending
    {
        QUrl url;
        StripeAnswer answer;
        int networkRetries = 0;
        int rateLimitWaits = 0;
        QPointer<QNetworkReply> reply;
    };

    void send(quint64 tag);
    void finished(quint64 tag, QNetworkReply *reply);
    void retryLater(quint64 tag, StripeRetryPolicy::Reason reason, std::optional<qint64> retryAfterMs);
    void answer(quint64 tag);

    StripeSecret m_secret;
    QUrl m_apiBase;
    StripeRetryPolicy m_policy;
    QNetworkAccessManager m_network;
    std::map<quint64, Pending> m_pending;
    quint64 m_nextTag = 1;
    int m_requestsSent = 0;
};

} // namespace RefundDesk
