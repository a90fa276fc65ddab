#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

namespace RefundDesk::Bench {

// Measures how long the thread it lives on (the UI thread) goes without returning to
// its event loop: a 5 ms timer notes the gap between its ticks. A gap is the time the
// loop was busy (or the interval, when idle). Beside the wall-clock gap it keeps the
// thread's own CPU time over the gap, which on a busy shared machine tells work done on
// the UI thread apart from time the scheduler gave to other processes.
class StallProbe final : public QObject
{
    Q_OBJECT

public:
    static constexpr int IntervalMs = 5;

    explicit StallProbe(QObject *parent = nullptr);

    void start();
    void stop();

    double maxGapMs() const { return m_maxGapNs / 1e6; }
    // The longest time within one gap that the UI thread was neither running nor waiting
    // for a CPU: blocked, on a lock, a disk or the network. A busy machine makes gaps
    // longer, not this (where the kernel tells how long a thread waited for a CPU; else
    // it is the gap less the thread's CPU time).
    double maxBlockedMs() const { return m_maxBlockedNs / 1e6; }
    // The CPU time the UI thread spent inside its longest-working gap.
    double maxCpuMs() const { return m_maxCpuNs / 1e6; }
    // Gaps longer than `ms` of wall-clock time.
    int gapsOver(double ms) const;
    int ticks() const { return m_ticks; }

private:
    void tick();

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastWallNs = 0;
    qint64 m_lastCpuNs = 0;
    qint64 m_lastRunWaitNs = 0;
    qint64 m_maxBlockedNs = 0;
    qint64 m_maxGapNs = 0;
    qint64 m_maxCpuNs = 0;
    int m_ticks = 0;
    std::vector<qint64> m_longGapsNs; // gaps over 20 ms, for gapsOver()
};

} // namespace RefundDesk::Bench
