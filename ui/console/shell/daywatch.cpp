#include "ui/console/shell/daywatch.h"

#include <algorithm>

namespace RefundDesk {

namespace {

// A little after midnight, so that the clock has surely turned when the timer fires.
constexpr qint64 AfterMidnightMs = 1000;
// A long wait is cut short and checked again: the system clock may be set, or the machine
// may sleep, meanwhile.
constexpr qint64 LongestWaitMs = 3'600'000;

} // namespace

DayWatch::DayWatch(QObject *parent)
    : QObject(parent)
    , m_clock([] { return QDateTime::currentDateTime(); })
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &DayWatch::check);
    m_today = m_clock().date();
    arm();
}

void DayWatch::setClock(std::function<QDateTime()> clock)
{
    m_clock = std::move(clock);
    check();
}

void DayWatch::arm()
{
    const QDateTime now = m_clock();
    const QDateTime midnight(now.date().addDays(1), QTime(0, 0));
    const qint64 wait = std::clamp<qint64>(now.msecsTo(midnight) + AfterMidnightMs, 0, LongestWaitMs);
    // A coarse timer may fire a little early: check() then sets it again for the rest.
    m_timer.setTimerType(wait < 2 * AfterMidnightMs ? Qt::PreciseTimer : Qt::CoarseTimer);
    m_timer.start(int(wait));
}

void DayWatch::check()
{
    const QDate today = m_clock().date();
    arm();
    if (today == m_today)
        return;
    m_today = today;
    emit dayChanged(today);
}

} // namespace RefundDesk
