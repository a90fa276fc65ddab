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
    // Sent on time (the wait is rounded up to whole milliseconds): the schedule goes on
    // from when it was due, so the rounding never adds up. Sent after a pause: from now,
    // and the pause is not saved up for a burst afterwards.
    const double from = (m_sent > 0 && now <= m_nextAllowedMs + 1) ? m_nextAllowedMs : now;
    m_nextAllowedMs = from + 1000.0 / m_rate;
    ++m_sent;
}

StripeListPager::Pacing StripeRequestPacer::pacing()
{
    return {[this] { return waitBeforeNext(); }, [this] { sent(); }};
}

} // namespace RefundDesk
