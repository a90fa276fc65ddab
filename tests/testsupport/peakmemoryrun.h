#pragma once

#include "clirun.h"

#include <QString>
#include <QStringList>

namespace RefundDesk::Test {

// One run of a program to completion together with its peak resident memory: the kernel's
// high-water mark of that process alone (VmHWM), read from /proc as it runs, so a short
// peak between two readings is not missed (only one in its last milliseconds could be).
// wait4's ru_maxrss would not do: a child starts from its parent's high-water mark, and
// the test process's can be the larger.
struct PeakMemoryRun
{
    CliRun run;
    qint64 peakResidentKiB = -1; // -1: the program did not start or did not finish
};

// A memory figure in KiB from /proc/PROCESS/status (`field` VmRSS, VmHWM, ...; `process`
// a process id or "self"), or -1 when there is none (the process has exited).
qint64 processStatusKiB(const QString &process, const char *field);

// Runs `program` with the test's environment (without AddressSanitizer's quarantine) and
// its standard input closed, and kills it after `timeoutMs`.
PeakMemoryRun runMeasuringPeakMemory(const QString &program, const QStringList &arguments, int timeoutMs = 60'000);

} // namespace RefundDesk::Test
