#pragma once

#include <QString>

namespace RefundDesk::TimeText {

// A span of time the way a support agent reads it at a glance: "45 s", "12 min",
// "3 h 05 m", "2 d 4 h".
QString span(qint64 milliseconds);

// A moment in local time: "14:02" today, "28 Nov 14:02" otherwise.
QString moment(qint64 msecsSinceEpoch, qint64 nowMsecs);

// A moment in full local time with seconds, for tooltips and the history.
QString fullMoment(qint64 msecsSinceEpoch);

} // namespace RefundDesk::TimeText
