#pragma once

#include <QDate>
#include <QDateTime>
#include <QObject>
#include <QTimer>

#include <functional>

namespace RefundDesk {

// The local day, and a signal when it changes: a console left open past midnight lists
// again what the new day brings back (an operation whose follow-up day came needs a person
// again). One timer, set for the next local midnight; no polling.
class DayWatch final : public QObject
{
    Q_OBJECT

public:
    explicit DayWatch(QObject *parent = nullptr);

    QDate today() const { return m_today; }
    // The local time now; a seam for tests. Sets the timer again.
    void setClock(std::function<QDateTime()> clock);
    // Milliseconds until the timer fires (a little after the next local midnight).
    int remainingMs() const { return m_timer.remainingTime(); }

signals:
    void dayChanged(const QDate &today);

private:
    void arm();
    void check();

    std::function<QDateTime()> m_clock;
    QDate m_today;
    QTimer m_timer;
};

} // namespace RefundDesk
