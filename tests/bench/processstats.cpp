#include "processstats.h"

#include "peakmemoryrun.h"

#include <QFile>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <numeric>

#include <time.h>

namespace RefundDesk::Bench {

namespace {

qint64 clockNs(clockid_t clock)
{
    timespec ts{};
    clock_gettime(clock, &ts);
    return qint64(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace

namespace ProcessStats {

qint64 residentKiB()
{
    return Test::processStatusKiB(QStringLiteral("self"), "VmRSS");
}

qint64 peakResidentKiB()
{
    return Test::processStatusKiB(QStringLiteral("self"), "VmHWM");
}

qint64 processCpuNs()
{
    return clockNs(CLOCK_PROCESS_CPUTIME_ID);
}

qint64 threadCpuNs()
{
    return clockNs(CLOCK_THREAD_CPUTIME_ID);
}

qint64 threadRunQueueWaitNs()
{
    QFile file(QStringLiteral("/proc/thread-self/schedstat"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    bool ok = false;
    const qint64 waited = file.readAll().split(' ').value(1).trimmed().toLongLong(&ok);
    return ok ? waited : -1;
}

double loadAverage()
{
    QFile file(QStringLiteral("/proc/loadavg"));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    return file.readAll().split(' ').value(0).toDouble();
}

int cpuCount()
{
    return QThread::idealThreadCount();
}

} // namespace ProcessStats

Summary Summary::of(std::vector<double> samples)
{
    Summary s;
    s.count = int(samples.size());
    if (samples.empty())
        return s;
    std::sort(samples.begin(), samples.end());
    s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
    s.median = samples[samples.size() / 2];
    // Nearest rank: the smallest sample at or above 95% of them.
    const size_t rank = size_t(std::ceil(0.95 * double(samples.size())));
    s.p95 = samples[std::clamp<size_t>(rank, 1, samples.size()) - 1];
    s.min = samples.front();
    s.max = samples.back();
    return s;
}

} // namespace RefundDesk::Bench
