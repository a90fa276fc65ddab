#include "stripeask/refundrecheckschedule.h"

#include <algorithm>
#include <array>

namespace RefundDesk {

namespace {

constexpr qint64 MinuteMs = 60 * 1000;
constexpr qint64 HourMs = 60 * MinuteMs;
// The last wait repeats: a refund pending for days is asked once a day.
constexpr std::array<qint64, 4> WaitsMs{15 * MinuteMs, HourMs, 6 * HourMs, 24 * HourMs};

} // namespace

qint64 RefundRecheckSchedule::waitAfterMs(int answersSaidPending)
{
    const int index = std::clamp(answersSaidPending - 1, 0, int(WaitsMs.size()) - 1);
    return WaitsMs[size_t(index)];
}

qint64 RefundRecheckSchedule::dueAtMs(qint64 lastAnswerMs, int answersSaidPending)
{
    return lastAnswerMs + waitAfterMs(answersSaidPending);
}

bool RefundRecheckSchedule::isDue(qint64 lastAnswerMs, int answersSaidPending, qint64 nowMs)
{
    return nowMs >= dueAtMs(lastAnswerMs, answersSaidPending);
}

} // namespace RefundDesk
