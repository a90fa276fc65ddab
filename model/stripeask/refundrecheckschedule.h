#pragma once

#include <QtGlobal>

namespace RefundDesk {

// When to ask Stripe again about a refund it last said was pending or requires_action:
// 15 minutes after the first answer that said so, then 1 hour after the second, 6 hours
// after the third, and a day after each one from then on. Counted from the last answer,
// so a pass that runs late does not ask twice in a row. The clock is the caller's (`nowMs`).
class RefundRecheckSchedule final
{
public:
    // How long to wait after the `answersSaidPending`-th answer that said the refund was
    // not settled (1 for the first; 0 counts as 1).
    static qint64 waitAfterMs(int answersSaidPending);
    // When to ask again, the last of those answers given at `lastAnswerMs`.
    static qint64 dueAtMs(qint64 lastAnswerMs, int answersSaidPending);
    static bool isDue(qint64 lastAnswerMs, int answersSaidPending, qint64 nowMs);
};

} // namespace RefundDesk
