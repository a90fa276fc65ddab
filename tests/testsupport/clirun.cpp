#include "clirun.h"
#include "testpaths.h"

#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

namespace RefundDesk::Test {

QStringList queueIds(const CliRun &run, const QString &status)
{
    QStringList ids;
    const QJsonArray rows = QJsonDocument::fromJson(run.out).array();
    for (const QJsonValue &row : rows) {
        if (status.isEmpty() || row.toObject().value(QStringLiteral("status")).toString() == status)
            ids << row.toObject().value(QStringLiteral("operation_id")).toString();
    }
    return ids;
}

QString lineWith(const QString &text, const QString &start)
{
    for (const QString &line : text.split(u'\n')) {
        if (line.startsWith(start))
            return line;
    }
    return {};
}

QProcessEnvironment environmentWithoutDisplay()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const QString &name : {QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY"),
                                QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("XDG_RUNTIME_DIR")})
        environment.remove(name);
    return environment;
}

CliRun runProgram(const QString &program, const QStringList &arguments, int timeoutMs,
                  const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    QElapsedTimer timer;
    timer.start();
    process.start(program, arguments);
    CliRun run;
    if (!process.waitForStarted(timeoutMs)) {
        run.err = QStringLiteral("could not start %1: %2").arg(program, process.errorString());
        return run;
    }
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5'000);
        run.elapsedMs = timer.elapsed();
        run.out = process.readAllStandardOutput();
        run.err = QStringLiteral("%1 did not finish within %2 ms: ").arg(program).arg(timeoutMs)
                  + QString::fromUtf8(process.readAllStandardError());
        return run;
    }
    run.elapsedMs = timer.elapsed();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = process.readAllStandardOutput();
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

CliRun runRefundDesk(const QStringList &arguments, int timeoutMs, const QProcessEnvironment &environment)
{
    return runProgram(Test::appPath(), arguments, timeoutMs, environment);
}

QProcessEnvironment stripeEnvironment(const QString &key, const QString &apiBase)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("STRIPE_API_KEY"), key);
    environment.insert(QStringLiteral("STRIPE_API_BASE"), apiBase);
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    return environment;
}

void startRefundDesk(QProcess &process, const QStringList &arguments, const QProcessEnvironment &environment)
{
    process.setProcessEnvironment(environment);
    process.start(Test::appPath(), arguments);
}

TextRun finishServing(QProcess &process)
{
    if (process.state() != QProcess::NotRunning) {
        QEventLoop loop;
        QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
        QObject::connect(&process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
        loop.exec();
    }
    TextRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

TextRun runRefundDeskServing(const QStringList &arguments, const QProcessEnvironment &environment)
{
    QProcess process;
    startRefundDesk(process, arguments, environment);
    return finishServing(process);
}

} // namespace RefundDesk::Test
