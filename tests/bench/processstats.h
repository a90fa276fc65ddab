#pragma once

#include <QtGlobal>

#include <vector>

namespace RefundDesk::Bench {

// What the kernel says about this process (Linux /proc and clocks).
namespace ProcessStats {

qint64 residentKiB();     // VmRSS
qint64 peakResidentKiB(); // VmHWM
qint64 processCpuNs();    // all threads, user + system
qint64 threadCpuNs();     // the calling thread only
// How long the calling thread has waited, runnable, for a CPU (/proc/thread-self/schedstat):
// time it lost to a busy machine, not to waiting on anything. -1 when the kernel keeps no
// such count.
qint64 threadRunQueueWaitNs();
double loadAverage();     // the 1-minute load average of the machine
int cpuCount();

} // namespace ProcessStats

// Summary figures of a set of samples.
struct Summary
{
    int count = 0;
    double mean = 0;
    double median = 0;
    double p95 = 0;
    double max = 0;
    double min = 0;

    static Summary of(std::vector<double> samples);
};

} // namespace RefundDesk::Bench
