#pragma once

#include "stripe/stripelistpager.h"

#include <QtGlobal>

#include <functional>

namespace RefundDesk {

// Keeps requests to Stripe under a rate: request n may go no sooner than n/rate of a
// second after the schedule began, and never sooner than half a slot (1/(2 rate) s) after
// the one before. A request late by less than a slot (a timer fired late) keeps the
// schedule, so the next ones are not pushed back by it; after a longer pause the schedule
// begins again from then, and the pause is not saved up for a burst: over any span a run
// sends at most one request more than the rate allows for it. Stripe allows 25 reads a
// second in live mode; 20 leaves room for the other tools sharing the key. The clock is
// injected so that a test drives it; by default a monotonic one.
class StripeRequestPacer final
{
public:
    using Clock = std::function<qint64()>; // milliseconds, never going back

    static constexpr double DefaultRate = 20.0;

    explicit StripeRequestPacer(double requestsPerSecond = DefaultRate, Clock clock = {});

    double rate() const { return m_rate; }
    // How long to wait, from now, before the next request may be sent (0: at once).
    qint64 waitBeforeNext() const;
    // A request was sent now.
    void sent();
    int requestsSent() const { return m_sent; }
    // This pacer as a list pager's pacing (the pacer outlives the pager).
    StripeListPager::Pacing pacing();

private:
    double m_rate;
    Clock m_clock;
    double m_nextAllowedMs = 0; // when the next request may go
    int m_sent = 0;
};

} // namespace RefundDesk
