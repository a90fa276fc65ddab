#include "clirun.h"

#include <QProcess>

namespace RefundDesk::Test {

CliRun runRefundDesk(const QStringList &arguments, int timeoutMs)
{
    QProcess process;
    process.start(QStringLiteral(RD_APP_PATH), arguments);
    CliRun run;
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5'000);
        run.err = QStringLiteral("refund-desk did not finish within %1 ms: %2").arg(timeoutMs).arg(process.errorString());
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace RefundDesk::Test
