#include "peakmemoryrun.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>

#include <algorithm>

namespace RefundDesk::Test {

qint64 processStatusKiB(const QString &process, const char *field)
{
    QFile file(QStringLiteral("/proc/%1/status").arg(process));
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray name = QByteArray(field) + ':';
    for (const QByteArray &line : file.readAll().split('\n')) {
        if (line.startsWith(name))
            return line.mid(name.size()).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

PeakMemoryRun runMeasuringPeakMemory(const QString &program, const QStringList &arguments, int timeoutMs)
{
    PeakMemoryRun result;
    QProcess process;
    // AddressSanitizer (scripts/test-sanitized) holds freed memory in a quarantine of a
    // fixed size that a short run does not fill and a longer one does: its bookkeeping,
    // not the program's memory. The child runs sanitized still, without it. The last
    // setting given wins; a build without the sanitizer ignores the variable.
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    const QString asan = environment.value(QStringLiteral("ASAN_OPTIONS"));
    environment.insert(QStringLiteral("ASAN_OPTIONS"),
                       asan + (asan.isEmpty() ? QString() : QStringLiteral(":")) + QStringLiteral("quarantine_size_mb=0"));
    process.setProcessEnvironment(environment);
    QElapsedTimer timer;
    timer.start();
    process.start(program, arguments);
    if (!process.waitForStarted(timeoutMs)) {
        result.run.err = QStringLiteral("could not start %1: %2").arg(program, process.errorString());
        return result;
    }
    process.closeWriteChannel();
    const qint64 pid = process.processId();
    qint64 peakKiB = -1;
    QByteArray out;
    QByteArray err;
    // Read before each wait: the mark only grows, so the last reading is the peak.
    do {
        peakKiB = std::max(peakKiB, processStatusKiB(QString::number(pid), "VmHWM"));
        out += process.readAllStandardOutput();
        err += process.readAllStandardError();
    } while (!process.waitForFinished(20) && timer.elapsed() < timeoutMs);
    out += process.readAllStandardOutput();
    err += process.readAllStandardError();
    result.run.elapsedMs = timer.elapsed();
    result.run.out = out;
    result.run.err = QString::fromUtf8(err);
    if (process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished(5'000);
        result.run.err.prepend(QStringLiteral("%1 did not finish within %2 ms: ").arg(program).arg(timeoutMs));
        return result;
    }
    result.run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    result.peakResidentKiB = peakKiB;
    return result;
}

} // namespace RefundDesk::Test
