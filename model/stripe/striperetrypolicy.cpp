#include "stripe/striperetrypolicy.h"

#include <algorithm>
#include <cmath>

namespace RefundDesk {

StripeRetryPolicy::Reason StripeRetryPolicy::reasonFor(int httpStatus, bool timedOut, bool connectionFailed,
                                                       const QByteArray &shouldRetry)
{
    if (timedOut)
        return Reason::Timeout;
    if (connectionFailed && httpStatus == 0)
        return Reason::Network;
    // Stripe says so itself: the SDKs obey it before looking at the status.
    if (shouldRetry == "false")
        return Reason::None;
    if (httpStatus == 429)
        return Reason::RateLimited;
    if (shouldRetry == "true")
        return httpStatus >= 500 ? Reason::ServerError : Reason::Lock;
    if (httpStatus == 409)
        return Reason::Lock;
    if (httpStatus >= 500)
        return Reason::ServerError;
    return Reason::None;
}

bool StripeRetryPolicy::allows(Reason reason, int networkRetriesSoFar, int rateLimitWaitsSoFar) const
{
    switch (reason) {
    case Reason::None:
        return false;
    case Reason::RateLimited:
        return rateLimitWaitsSoFar < maxRateLimitWaits;
    case Reason::Network:
    case Reason::Timeout:
    case Reason::Lock:
    case Reason::ServerError:
        return networkRetriesSoFar < maxNetworkRetries;
    }
    return false;
}

qint64 StripeRetryPolicy::delayMs(Reason reason, int retryNumber, std::optional<qint64> retryAfterMs, double unitRandom) const
{
    // Exponential backoff from the initial delay, capped, then jittered to between half
    // and all of it (stripe-python's formula), never below the initial delay.
    const double exponential = double(initialDelayMs) * std::pow(2.0, double(std::max(0, retryNumber - 1)));
    double delay = std::min(double(maxDelayMs), exponential);
    delay *= 0.5 * (1.0 + std::clamp(unitRandom, 0.0, 1.0));
    delay = std::max(double(initialDelayMs), delay);
    if (retryAfterMs && *retryAfterMs <= maxRetryAfterMs)
        delay = std::max(delay, double(*retryAfterMs) + (reason == Reason::RateLimited ? unitRandom * double(initialDelayMs) : 0.0));
    else if (reason == Reason::RateLimited && retryAfterMs)
        delay = double(maxRetryAfterMs);
    return qint64(delay);
}

std::optional<qint64> StripeRetryPolicy::retryAfterMs(const QByteArray &header)
{
    bool ok = false;
    const double seconds = header.trimmed().toDouble(&ok);
    if (!ok || seconds < 0 || !std::isfinite(seconds))
        return std::nullopt;
    return qint64(seconds * 1000.0);
}

} // namespace RefundDesk
