#pragma once

#include <QByteArray>
#include <QtGlobal>

#include <optional>

namespace RefundDesk {

// When to ask Stripe again, as Stripe's own SDKs do (stripe-python's and stripe-go's
// HTTP clients): a connection error, a timeout, a 409 (a lock) and a 5xx are retried a
// small, bounded number of times with exponential backoff and jitter; the
// Stripe-Should-Retry header overrides that when Stripe sends it; Retry-After is obeyed up
// to a minute. A 429 (rate limited) is waited out as Retry-After says, a bounded number
// of times of its own, since a read that waits its turn is always safe to repeat.
struct StripeRetryPolicy
{
    int maxNetworkRetries = 2;   // the SDKs' default
    int maxRateLimitWaits = 5;
    qint64 initialDelayMs = 500;
    qint64 maxDelayMs = 5000;
    qint64 maxRetryAfterMs = 60000;
    int transferTimeoutMs = 30000; // one request, from sending it to the last byte

    enum class Reason { None, Network, Timeout, RateLimited, Lock, ServerError };

    // What a finished request calls for. httpStatus is 0 when no answer came (reason
    // Network or Timeout given by the caller); shouldRetry is the Stripe-Should-Retry
    // header's value, or empty.
    static Reason reasonFor(int httpStatus, bool timedOut, bool connectionFailed, const QByteArray &shouldRetry);

    // Whether to send again after `retriesSoFar` retries for this reason (and waits of
    // 429 so far), and how long to wait first (jitter: unitRandom in [0, 1)).
    bool allows(Reason reason, int networkRetriesSoFar, int rateLimitWaitsSoFar) const;
    qint64 delayMs(Reason reason, int retryNumber, std::optional<qint64> retryAfterMs, double unitRandom) const;

    // Retry-After in milliseconds (whole seconds, as Stripe sends it), when present and
    // readable.
    static std::optional<qint64> retryAfterMs(const QByteArray &header);
};

} // namespace RefundDesk
