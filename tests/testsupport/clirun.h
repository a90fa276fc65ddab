#pragma once

#include <QByteArray>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

class QProcess;

namespace RefundDesk::Test {

// One run of a program to completion, the way scripts and other programs use refund-desk.
struct CliRun
{
    int exitCode = -1; // -1: did not start or did not finish in time; -2: crashed or was killed
    QByteArray out;
    QString err;       // its standard error, or why it did not start or finish
    qint64 elapsedMs = 0;

    QString outText() const { return QString::fromUtf8(out); }
};

// The operation ids a `queue --json` run listed (only those in `status`, when given).
QStringList queueIds(const CliRun &run, const QString &status = {});
// The first line of `text` that starts with `start`; empty when none does.
QString lineWith(const QString &text, const QString &start);

// The system environment as on a machine without a display: no DISPLAY, WAYLAND_DISPLAY
// or QT_QPA_PLATFORM, and no XDG_RUNTIME_DIR where a Wayland socket could be found.
QProcessEnvironment environmentWithoutDisplay();

// Runs `program` with its standard input closed, and kills it after `timeoutMs`.
CliRun runProgram(const QString &program, const QStringList &arguments, int timeoutMs = 60'000,
                  const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());
// Runs the built refund-desk executable.
CliRun runRefundDesk(const QStringList &arguments, int timeoutMs = 60'000,
                     const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment());

// A run read as text, as the Stripe commands' tests read theirs.
struct TextRun
{
    int exitCode = -1; // -2: crashed or was killed
    QString out;
    QString err;
};

// The environment of a Stripe command run against a test server: the key, the API base,
// and messages in the C locale.
QProcessEnvironment stripeEnvironment(const QString &key, const QString &apiBase);
// Starts the built refund-desk executable on `process`.
void startRefundDesk(QProcess &process, const QStringList &arguments, const QProcessEnvironment &environment);
// Waits for `process` to end while this thread's event loop runs on, so that a test server
// on this thread (the fake Stripe) goes on answering it; what it printed.
TextRun finishServing(QProcess &process);
// startRefundDesk() and finishServing() in one.
TextRun runRefundDeskServing(const QStringList &arguments, const QProcessEnvironment &environment);

} // namespace RefundDesk::Test
