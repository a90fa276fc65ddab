#include "stripeask/striperequestpacer.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <memory>

namespace RefundDesk {

StripeRequestPacer::StripeRequestPacer(double requestsPerSecond, Clock clock)
    : m_rate(requestsPerSecond > 0 ? requestsPerSecond : DefaultRate)
    , m_clock(std::move(clock))
{
    if (!m_clock) {
        auto timer = std::make_shared<QElapsedTimer>();
        timer->start();
        m_clock = [timer] { return timer->elapsed(); };
    }
}

qint64 StripeRequestPacer::waitBeforeNext() const
{
    if (m_sent == 0)
        return 0;
    return std::max<qint64>(0, qint64(std::ceil(m_nextAllowedMs - double(m_clock()))));
}

void StripeRequestPacer::sent()
{
    const double now = double(m_clock());
    const double interval = 1000.0 / m_rate;
    if (m_sent == 0 || now > m_nextAllowedMs + interval) {
        // The first, or after a pause: from now, and the pause is not saved up for a
        // burst afterwards.
        m_nextAllowedMs = now + interval;
    } else {
        // On time, or late by less than a slot (the wait rounded up to whole milliseconds,
        // a timer fired late, the event loop busy keeping answers): the schedule goes on
        // from when this one was due, so that one late request does not push every later
        // one back; but the next never follows sooner than half a slot after this one.
        m_nextAllowedMs = std::max(m_nextAllowedMs + interval, now + interval / 2);
    }
    ++m_sent;
}

StripeListPager::Pacing StripeRequestPacer::pacing()
{
    return {[this] { return waitBeforeNext(); }, [this] { sent(); }};
}

} // namespace RefundDesk
