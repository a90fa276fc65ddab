#pragma once

#include <QDate>
#include <QString>

namespace RefundDesk::TimeText {

// A span of time the way a support agent reads it at a glance: "45 s", "12 min",
// "3 h 05 m", "2 d 4 h".
QString span(qint64 milliseconds);

// How long ago, in words that read after a verb: "just now", "4 min ago", "3 h ago",
// "2 days ago" (under a minute, minutes, hours up to two days, then days). Said again as
// time passes by whoever shows it.
QString ago(qint64 milliseconds);

// A moment in local time: "14:02" today, "28 Nov 14:02" otherwise; in the words and
// formats of the default locale ("28 нояб. 14:02", "11月28日 14:02").
QString moment(qint64 msecsSinceEpoch, qint64 nowMsecs);

// A day: "12 Dec" in `today`'s year, "12 Jan 2028" in another; in the words of the default
// locale, as moment() says it.
QString day(const QDate &day, const QDate &today);

// The first line of a text a person wrote, without the white space around it.
QString firstLine(const QString &text);

// A moment in full local time with seconds, for tooltips and the history: the default
// locale's short date ("28.11.2026 14:02:05" in Russian); "2026-11-28 14:02:05" in the
// C locale. For display only: exports write ISO 8601 in UTC.
QString fullMoment(qint64 msecsSinceEpoch);

} // namespace RefundDesk::TimeText
