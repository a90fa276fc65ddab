#include "stallprobe.h"

#include "processstats.h"

#include <algorithm>

namespace RefundDesk::Bench {

StallProbe::StallProbe(QObject *parent)
    : QObject(parent)
{
    m_timer.setTimerType(Qt::PreciseTimer);
    m_timer.setInterval(IntervalMs);
    connect(&m_timer, &QTimer::timeout, this, &StallProbe::tick);
}

void StallProbe::start()
{
    m_maxGapNs = 0;
    m_maxCpuNs = 0;
    m_maxBlockedNs = 0;
    m_ticks = 0;
    m_longGapsNs.clear();
    m_clock.start();
    m_lastWallNs = m_clock.nsecsElapsed();
    m_lastCpuNs = ProcessStats::threadCpuNs();
    m_lastRunWaitNs = ProcessStats::threadRunQueueWaitNs();
    m_timer.start();
}

void StallProbe::stop()
{
    tick(); // a stall still going on counts too
    m_timer.stop();
}

void StallProbe::tick()
{
    const qint64 wall = m_clock.nsecsElapsed();
    const qint64 cpu = ProcessStats::threadCpuNs();
    const qint64 runWait = ProcessStats::threadRunQueueWaitNs();
    const qint64 gap = wall - m_lastWallNs;
    m_maxGapNs = std::max(m_maxGapNs, gap);
    const qint64 waitedForCpu = runWait >= 0 && m_lastRunWaitNs >= 0 ? runWait - m_lastRunWaitNs : 0;
    m_maxBlockedNs = std::max(m_maxBlockedNs, gap - (cpu - m_lastCpuNs) - waitedForCpu);
    m_lastRunWaitNs = runWait;
    m_maxCpuNs = std::max(m_maxCpuNs, cpu - m_lastCpuNs);
    if (gap > 20'000'000)
        m_longGapsNs.push_back(gap);
    m_lastWallNs = wall;
    m_lastCpuNs = cpu;
    ++m_ticks;
}

int StallProbe::gapsOver(double ms) const
{
    return int(std::count_if(m_longGapsNs.begin(), m_longGapsNs.end(),
                             [ms](qint64 gap) { return gap / 1e6 > ms; }));
}

} // namespace RefundDesk::Bench
