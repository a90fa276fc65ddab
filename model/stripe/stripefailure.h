#pragma once

#include "domain/error.h"

#include <QByteArray>
#include <QNetworkReply>
#include <QString>

namespace RefundDesk {

// The sentence for each way a request to Stripe can fail, each saying what to do. A
// message never holds the key: Stripe's own messages are read for the permission they
// name, not repeated.
class StripeFailure final
{
public:
    // An answer with an error status (4xx, or 5xx once the retries are spent).
    static Error fromHttp(int httpStatus, const QByteArray &body, const QString &requestId, const QString &what,
                          int attempts);
    // No answer: the connection, the name, TLS or the timeout failed (after the retries).
    static Error fromNetwork(QNetworkReply::NetworkError error, const QString &errorString, const QString &host,
                             const QString &what, int attempts, int timeoutMs);

    // The permission a 403's message names (Stripe writes e.g. "Having the
    // 'rak_refund_read' permission would allow this request to continue"), as the
    // Dashboard calls it ("Refunds: Read"), else empty.
    static QString missingPermission(const QByteArray &body);
    // {"error": {"message": …}} of an error body, else empty.
    static QString stripeMessage(const QByteArray &body);

    // Whether a failure without an answer is worth retrying (the connection, not TLS or DNS).
    static bool isTransient(QNetworkReply::NetworkError error);
};

} // namespace RefundDesk
