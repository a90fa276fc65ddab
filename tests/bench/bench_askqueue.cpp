// What asking Stripe about the whole queue costs: a demo store (with its fake provider's
// truth), the fake Stripe serving that truth, and `refund-desk ask-stripe
// --all-without-evidence` run against it unpaced. Prints the operations asked, the
// requests sent, requests per operation for each phase (the undelivered events, then the
// refunds' listings and retrievals) and in all, the time taken, and the time the same
// requests take at Stripe's pace of 20 a second.
// Usage: bench_askqueue [--operations N] (100000 by default), or [--demo-store DB
// --demo-truth FILE] to ask a copy of a demo store made before (with `refund-desk demo
// --stripe-truth`) rather than building one. Asserts nothing.

#include "fakestripe.h"
#include "testpaths.h"

#include "store/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace RefundDesk;
using RefundDesk::Testing::FakeStripe;

namespace {

const QString BenchKey = QStringLiteral("rk_test_51QxBenchAskQueueKey0123456789abcdef");

int runApp(const QStringList &arguments, const QProcessEnvironment &environment, QString &out, QString &err)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    QEventLoop loop; // the fake Stripe answers from this thread's event loop
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, &QEventLoop::quit);
    process.start(Test::appPath(), arguments);
    loop.exec();
    out = QString::fromUtf8(process.readAllStandardOutput());
    err = QString::fromUtf8(process.readAllStandardError());
    return process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addOption({QStringLiteral("operations"), QStringLiteral("Operations in the demo store."), QStringLiteral("N"),
                      QStringLiteral("100000")});
    parser.addOption({QStringLiteral("demo-store"), QStringLiteral("A demo store to copy rather than build one."),
                      QStringLiteral("DB")});
    parser.addOption({QStringLiteral("demo-truth"), QStringLiteral("The fake provider's truth of --demo-store."),
                      QStringLiteral("FILE")});
    parser.process(app);
    QString operations = parser.value(QStringLiteral("operations"));
    QTextStream out(stdout);

    QTemporaryDir dir;
    const QString db = dir.filePath(QStringLiteral("bench.sqlite"));
    QString truthPath = dir.filePath(QStringLiteral("truth.jsonl"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    QString stdoutText;
    QString stderrText;
    if (parser.isSet(QStringLiteral("demo-store"))) {
        if (!QFile::copy(parser.value(QStringLiteral("demo-store")), db)) {
            out << "the demo store could not be copied\n";
            return 1;
        }
        truthPath = parser.value(QStringLiteral("demo-truth"));
        operations = QStringLiteral("(copied)");
    } else if (runApp({QStringLiteral("demo"), QStringLiteral("--db"), db, QStringLiteral("--operations"), operations,
                QStringLiteral("--seed"), QStringLiteral("7"), QStringLiteral("--stripe-truth"), truthPath},
               environment, stdoutText, stderrText)
        != 0) {
        out << "demo failed: " << stderrText << '\n';
        return 1;
    }
    FakeStripe fake;
    if (!fake.listenOnLoopback()) {
        out << "the fake Stripe could not listen\n";
        return 1;
    }
    fake.setAcceptedKey(BenchKey.toUtf8());
    if (const QString error = fake.truth().load(truthPath); !error.isEmpty()) {
        out << "truth: " << error << '\n';
        return 1;
    }
    environment.insert(QStringLiteral("STRIPE_API_KEY"), BenchKey);
    environment.insert(QStringLiteral("STRIPE_API_BASE"), fake.baseUrl());

    QElapsedTimer timer;
    timer.start();
    const int exitCode = runApp({QStringLiteral("ask-stripe"), QStringLiteral("--all-without-evidence"), QStringLiteral("--db"),
                                 db, QStringLiteral("--operator"), QStringLiteral("bench"), QStringLiteral("--rate"),
                                 QStringLiteral("1000000")},
                                environment, stdoutText, stderrText);
    const double seconds = double(timer.elapsed()) / 1000.0;
    if (exitCode != 0) {
        out << "ask-stripe exited " << exitCode << ": " << stderrText << '\n';
        return 1;
    }
    auto store = StoreFactory::open(db, Store::OpenMode::ReadOnly);
    qint64 asked = 0;
    if (store) {
        for (qint64 after = 0;;) {
            auto page = (*store)->providerLookupsAfter(after, 1000);
            if (!page || page->empty())
                break;
            asked += qint64(page->size());
            after = page->back().lookupId;
        }
    }
    const int requests = fake.requestCount();
    int eventRequests = 0;
    for (const auto &request : fake.requests())
        eventRequests += request.pathAndQuery.startsWith(QLatin1String("/v1/events?")) ? 1 : 0;
    const int refundRequests = requests - eventRequests;
    // The operations the undelivered events settled have no lookup: the command says how many.
    static const QRegularExpression settledLine(QStringLiteral("(\\d+) settled by undelivered events \\((\\d+) new"));
    const auto settledMatch = settledLine.match(stdoutText);
    const qint64 settled = settledMatch.hasMatch() ? settledMatch.captured(1).toLongLong() : 0;
    const qint64 eventsAdded = settledMatch.hasMatch() ? settledMatch.captured(2).toLongLong() : 0;
    const qint64 operationsAsked = asked + settled;
    const auto perOperation = [](qint64 part, qint64 of) { return QString::number(of ? double(part) / double(of) : 0, 'f', 3); };
    out << "operations in the demo store:   " << operations << '\n'
        << "ask-stripe said:                " << stdoutText.trimmed().replace(QLatin1Char('\n'), QLatin1String("\n    ")) << '\n'
        << "operations asked:               " << operationsAsked << '\n'
        << "  settled by undelivered events: " << settled << " (" << eventsAdded << " events stored)\n"
        << "  answered by lookups kept:      " << asked << '\n'
        << "requests to Stripe:             " << requests << '\n'
        << "  phase 1, undelivered events:  " << eventRequests << " (" << perOperation(eventRequests, operationsAsked)
        << " per operation asked)\n"
        << "  phase 2, refunds:             " << refundRequests << " (" << perOperation(refundRequests, operationsAsked)
        << " per operation asked; " << perOperation(refundRequests, asked) << " per operation it answered)\n"
        << "requests per operation:         " << perOperation(requests, operationsAsked) << '\n'
        << "time, unpaced:                  " << QString::number(seconds, 'f', 1) << " s\n"
        << "time at 20 requests a second:   " << QString::number(std::max(seconds, requests / 20.0), 'f', 1) << " s\n"
        << "  of which the pacing alone:    " << QString::number(requests / 20.0, 'f', 1)
        << " s (the rest is the fake Stripe's and this machine's)\n"
        << "requests refused (not GET):     " << fake.refusedRequests().size() << '\n';
    return 0;
}
