// bench_scale: what Refund Desk costs as the store grows (docs/PERFORMANCE.md).
//
// For each size (default 10k, 100k and 1M operations) it builds a demo store with the
// simulator, or reuses the one cached from an earlier run, and on PostgreSQL copies it
// into a database of a server of its own (pgbenchstores.h). That database is measured twice:
// over the server's Unix socket ("postgresql") and through a proxy on 127.0.0.1 that
// delays each direction by 10 ms ("postgresql-20ms", a 20 ms round trip: a server across
// a city; tests/testsupport/latencyproxy.h). On request also through one that delays each
// by 100 ms ("postgresql-200ms": another continent). Then, on each backend:
// - the build's (or the copy's) time and rate;
// - `refund-desk queue --json` beside the backend's own shell (sqlite3, psql) running the
//   bare queue query;
// - in a fresh process per size (offscreen): the window's first paint, the operation
//   panel, UI-thread stalls while scrolling the whole queue, under live refresh and while
//   filtering, resident memory after the scroll, and idle CPU (see guisession.cpp);
// - decisions, one at a time, on a copy of the store (decisiontimer.h), after every
//   backend's other measurements of that size (they change the store, which both
//   PostgreSQL columns share).
// It prints a Markdown table with a column per size and backend, and the targets met or
// missed on each backend; exit code 1 when one is missed.
//
//   bench_scale [--sizes 10000,100000,1000000] [--backends sqlite,postgresql,postgresql-20ms,postgresql-200ms]
//               [--stores DIR] [--rebuild] [--out FILE]
// The SQLite stores are cached in DIR (default: $RD_BENCH_STORES, else the build folder's
// tests/bench/stores); delete them or pass --rebuild to measure the build again. The
// PostgreSQL copies are made on every run and go with the server.

#include "benchlog.h"
#include "benchreport.h"
#include "decisiontimer.h"
#include "guisession.h"
#include "latencyproxy.h"
#include "pgbenchstores.h"
#include "processstats.h"
#include "queuejsonbench.h"
#include "sqlitebenchstores.h"

#include "demo/demostore.h"
#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <map>
#include <memory>

using namespace RefundDesk;
using namespace RefundDesk::Bench;

namespace {

// The window's figures, from a fresh process (so that its memory is the window's alone).
bool measureWindow(const QString &path, qint64 operations, const QCommandLineParser &parser, SizeFigures &figures)
{
    QTemporaryDir home; // settings and recent stores of the benchmark's window, not the person's
    QProcess child;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    environment.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    environment.insert(QStringLiteral("XDG_RUNTIME_DIR"), home.path());
    child.setProcessEnvironment(environment);
    child.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QStringList arguments = {QStringLiteral("--window"), path, QStringLiteral("--operations"), QString::number(operations)};
    for (const QString &option : {QStringLiteral("panel-samples"), QStringLiteral("live-seconds"),
                                  QStringLiteral("idle-seconds"), QStringLiteral("phases")})
        arguments << QStringLiteral("--") + option << parser.value(option);
    child.start(QCoreApplication::applicationFilePath(), arguments);
    const bool finished = child.waitForFinished(60 * 60 * 1000);
    // The figures of the phases that were measured, even when a later one failed.
    const QList<QByteArray> lines = child.readAllStandardOutput().split('\n');
    for (const QByteArray &line : lines) {
        const QList<QByteArray> parts = line.split(' ');
        if (parts.size() == 3 && parts[0] == "RESULT")
            figures.values[QString::fromLatin1(parts[1])] = parts[2].toDouble();
    }
    if (!finished || child.exitCode() != 0) {
        err() << "the window's measurements failed (exit code " << child.exitCode() << ")\n";
        return false;
    }
    return true;
}

// Decisions timed one by one. They change the store, so on SQLite they are made on a copy
// of the cached file; a PostgreSQL database is the benchmark's own copy already.
bool measureDecisions(const QString &backend, const QString &location, const QString &storesDir, int count,
                      SizeFigures &figures)
{
    QString target = location;
    const QString scratch = QDir(storesDir).filePath(QStringLiteral("decisions-scratch.sqlite"));
    if (backend == QLatin1String("sqlite")) {
        removeSqliteFiles(scratch);
        if (!QFile::copy(location, scratch)) {
            err() << "cannot copy " << location << " to " << scratch << " for the decisions\n";
            return false;
        }
        target = scratch;
    }
    DecisionTimer timer(target);
    const bool ok = timer.run(count);
    if (backend == QLatin1String("sqlite")) {
        removeSqliteFiles(scratch);
    }
    if (!ok) {
        err() << "decisions: " << timer.error() << '\n';
        return false;
    }
    const Summary decisions = Summary::of(timer.milliseconds());
    figures.values[QStringLiteral("decision.count")] = double(timer.milliseconds().size());
    figures.values[QStringLiteral("decision.median_ms")] = decisions.median;
    figures.values[QStringLiteral("decision.p95_ms")] = decisions.p95;
    err() << "  decisions: " << timer.milliseconds().size() << ", " << QString::number(decisions.median, 'f', 2)
          << " ms median, " << QString::number(decisions.p95, 'f', 2) << " ms p95\n";
    err().flush();
    return true;
}

QtMessageHandler defaultMessageHandler = nullptr;

// The offscreen platform says this for every window that shows; it says nothing here.
void quietMessageHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(QLatin1String("propagateSizeHints")))
        return;
    defaultMessageHandler(type, context, message);
}

int runWindow(const QCommandLineParser &parser)
{
    defaultMessageHandler = qInstallMessageHandler(quietMessageHandler);
    GuiSessionOptions options;
    options.storePath = parser.value(QStringLiteral("window"));
    options.operations = parser.value(QStringLiteral("operations")).toLongLong();
    options.panelSamples = parser.value(QStringLiteral("panel-samples")).toInt();
    options.liveSeconds = parser.value(QStringLiteral("live-seconds")).toInt();
    options.idleSeconds = parser.value(QStringLiteral("idle-seconds")).toInt();
    options.phases = parser.value(QStringLiteral("phases")).split(u',', Qt::SkipEmptyParts);
    GuiSession session(options);
    const bool ok = session.run();
    QTextStream out(stdout);
    for (auto it = session.results().cbegin(); it != session.results().cend(); ++it)
        out << "RESULT " << it.key() << ' ' << QString::number(it.value(), 'g', 10) << '\n';
    if (!ok)
        err() << "bench_scale: " << session.error() << '\n';
    return ok ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    // The window is measured offscreen: no display needed, and no compositor in the figures.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("RefundDeskBench"));
    QCoreApplication::setApplicationName(QStringLiteral("bench_scale"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("What Refund Desk costs as the store grows."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("sizes"), QStringLiteral("Store sizes in operations, comma-separated."), QStringLiteral("N,..."),
         QStringLiteral("10000,100000,1000000")},
        {QStringLiteral("backends"),
         QStringLiteral("Backends to measure, comma-separated: sqlite, postgresql (the server's Unix socket), "
                        "postgresql-20ms, postgresql-200ms (the same database through a proxy with that round trip)."),
         QStringLiteral("LIST"), QStringLiteral("sqlite,postgresql,postgresql-20ms")},
        {QStringLiteral("stores"), QStringLiteral("Folder of the cached stores."), QStringLiteral("DIR")},
        {QStringLiteral("rebuild"), QStringLiteral("Build the stores again even when cached.")},
        {QStringLiteral("runs"), QStringLiteral("Timed runs of queue --json and of the floor."), QStringLiteral("N"),
         QStringLiteral("5")},
        {QStringLiteral("decisions"), QStringLiteral("Decisions timed per size and backend."), QStringLiteral("N"),
         QStringLiteral("50")},
        {QStringLiteral("panel-samples"), QStringLiteral("Operations whose panel is timed."), QStringLiteral("N"),
         QStringLiteral("200")},
        {QStringLiteral("live-seconds"), QStringLiteral("Seconds of one change a second."), QStringLiteral("S"),
         QStringLiteral("10")},
        {QStringLiteral("idle-seconds"), QStringLiteral("Seconds of idle CPU measurement."), QStringLiteral("S"),
         QStringLiteral("10")},
        {QStringLiteral("phases"),
         QStringLiteral("The window's measurements to take: paint, panel, scroll, live, filter, idle (default all)."),
         QStringLiteral("LIST"), QString()},
        {QStringLiteral("skip-window"), QStringLiteral("Leave out the window's measurements.")},
        {QStringLiteral("skip-cli"), QStringLiteral("Leave out queue --json and its floor.")},
        {QStringLiteral("skip-decisions"), QStringLiteral("Leave out the decisions.")},
        {QStringLiteral("out"), QStringLiteral("Also write the report to FILE."), QStringLiteral("FILE")},
        // Internal: one size's window measurements, in a process of their own.
        {QStringLiteral("window"), QStringLiteral("(internal) Measure the window on this store."), QStringLiteral("PATH")},
        {QStringLiteral("operations"), QStringLiteral("(internal) The store's size."), QStringLiteral("N")},
    });
    parser.process(app);
    if (parser.isSet(QStringLiteral("window")))
        return runWindow(parser);

    QString storesDir = parser.value(QStringLiteral("stores"));
    if (storesDir.isEmpty())
        storesDir = qEnvironmentVariable("RD_BENCH_STORES", QStringLiteral(RD_BENCH_DEFAULT_STORES));
    if (!QDir().mkpath(storesDir)) {
        err() << "bench_scale: cannot create " << storesDir << '\n';
        return 2;
    }
    std::vector<qint64> sizes;
    for (const QString &text : parser.value(QStringLiteral("sizes")).split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 n = text.trimmed().toLongLong(&ok);
        if (!ok || n < 10) {
            err() << "bench_scale: --sizes wants whole numbers of at least 10, e.g. 10000,100000\n";
            return 2;
        }
        sizes.push_back(n);
    }
    const QStringList asked = parser.value(QStringLiteral("backends")).split(u',', Qt::SkipEmptyParts);
    for (const QString &backend : asked) {
        if (!knownBackends().contains(backend.trimmed())) {
            err() << "bench_scale: --backends takes " << knownBackends().join(QStringLiteral(", ")) << ", not \""
                  << backend << "\"\n";
            return 2;
        }
    }
    // In the table's order, whatever the order asked.
    QStringList backends;
    for (const QString &backend : knownBackends()) {
        if (std::any_of(asked.begin(), asked.end(), [&backend](const QString &a) { return a.trimmed() == backend; }))
            backends << backend;
    }
    if (backends.isEmpty()) {
        err() << "bench_scale: --backends names no backend; give one or more of "
              << knownBackends().join(QStringLiteral(", ")) << '\n';
        return 2;
    }
    const bool onPostgresql = backends.contains(QLatin1String("postgresql"));
    const bool atADistance = std::any_of(backends.begin(), backends.end(),
                                         [](const QString &backend) { return roundTripMsOf(backend) > 0; });
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const int decisions = std::max(1, parser.value(QStringLiteral("decisions")).toInt());
    std::unique_ptr<PgBenchStores> postgresql;
    std::map<QString, std::unique_ptr<Test::LatencyProxy>> proxies; // by backend
    if (onPostgresql || atADistance) {
        err() << "starting a PostgreSQL server of the benchmark's own ...\n";
        err().flush();
        postgresql = std::make_unique<PgBenchStores>();
        if (!postgresql->isRunning()) {
            err() << "bench_scale: no PostgreSQL server: " << postgresql->lastError()
                  << "\n(scripts/ensure-deps installs postgresql-15; or pass --backends sqlite)\n";
            return 2;
        }
    }
    for (const QString &backend : backends) {
        const int oneWayMs = roundTripMsOf(backend) / 2;
        if (oneWayMs == 0)
            continue;
        // On its own thread: it goes on forwarding while this one waits for a child process.
        auto proxy = std::make_unique<Test::LatencyProxy>(postgresql->socketPath(), oneWayMs);
        if (!proxy->start()) {
            err() << "bench_scale: the proxy in front of the PostgreSQL server could not listen on 127.0.0.1\n";
            return 2;
        }
        err() << "a proxy on 127.0.0.1:" << proxy->port() << " delays each direction by " << oneWayMs << " ms\n";
        err().flush();
        proxies[backend] = std::move(proxy);
    }
    const double loadBefore = ProcessStats::loadAverage();

    BenchReport report;
    bool ok = true;
    QStringList builds;
    for (const qint64 operations : sizes) {
        err() << "== " << sizeLabel(operations) << " operations ==\n";
        err().flush();
        const QString path = storePath(storesDir, operations);
        const BuildInfo build = ensureStore(path, operations, parser.isSet(QStringLiteral("rebuild")));
        if (!build.ok) {
            err() << "bench_scale: cannot build the store: " << build.error << '\n';
            return 1;
        }
        builds << QStringLiteral("%1: %2 (%3, load %4)")
                      .arg(sizeLabel(operations), build.cached ? QStringLiteral("cached") : QStringLiteral("built now"),
                           build.builtAt)
                      .arg(build.loadAtBuild, 0, 'f', 2);
        err() << "  store: " << QString::number(build.seconds, 'f', 1) << " s to build ("
              << (build.cached ? "cached" : "built now") << ")\n";
        err().flush();
        // One copy per size, for both PostgreSQL columns.
        PgBenchStores::Copy copy;
        if (postgresql) {
            err() << "-- PostgreSQL: copying the store into a database ...\n";
            err().flush();
            copy = postgresql->copyOf(path, operations);
            if (!copy.ok) {
                err() << "bench_scale: cannot copy the store into PostgreSQL: " << copy.error << '\n';
                return 1;
            }
            err() << "  copied in " << QString::number(copy.seconds, 'f', 1) << " s, VACUUM ANALYZE "
                  << QString::number(copy.vacuumSeconds, 'f', 1) << " s\n";
            err().flush();
        }
        std::vector<SizeFigures> columns;
        std::vector<QString> locations;
        bool copyShown = false;
        for (const QString &backend : backends) {
            SizeFigures figures;
            figures.operations = operations;
            figures.backend = backend;
            QString location = path;
            if (backend == QLatin1String("sqlite")) {
                figures.values[QStringLiteral("build.seconds")] = build.seconds;
                figures.values[QStringLiteral("build.rate")] = build.rate;
                figures.values[QStringLiteral("store.mb")] = QFileInfo(path).size() / 1048576.0;
            } else {
                location = backend == QLatin1String("postgresql")
                    ? copy.location
                    : proxies.at(backend)->pgLocation(copy.database, copy.user);
                // The copy's figures once, in the first PostgreSQL column.
                if (!copyShown) {
                    copyShown = true;
                    figures.values[QStringLiteral("copy.seconds")] = copy.seconds;
                    figures.values[QStringLiteral("copy.rate")] = double(operations) / copy.seconds;
                    figures.values[QStringLiteral("copy.vacuum_seconds")] = copy.vacuumSeconds;
                }
                figures.values[QStringLiteral("store.mb")] = copy.megabytes;
                err() << "-- " << backendLabel(backend) << ": " << location << '\n';
                err().flush();
            }
            if (!parser.isSet(QStringLiteral("skip-cli"))) {
                ok = measureQueueJson(location, floorCommand(backend, location), runs, figures) && ok;
                ok = measureQueueBreakdown(location, figures) && ok;
            }
            if (!parser.isSet(QStringLiteral("skip-window")))
                ok = measureWindow(location, operations, parser, figures) && ok;
            columns.push_back(figures);
            locations.push_back(location);
        }
        // Last, as they change the store: the window and queue --json of both PostgreSQL
        // columns see the same rows.
        for (size_t i = 0; i < columns.size(); ++i) {
            if (!parser.isSet(QStringLiteral("skip-decisions"))) {
                err() << "-- " << backendLabel(columns[i].backend) << ": decisions\n";
                err().flush();
                ok = measureDecisions(columns[i].backend, locations[i], storesDir, decisions, columns[i]) && ok;
            }
            report.add(columns[i]);
        }
    }
    const double loadAfter = ProcessStats::loadAverage();
    report.setHeader(QStringLiteral("Refund Desk scale benchmark (%7 build), %1, %2 CPUs, load average %3 before and %4 after.\n"
                                    "Stores (seed %5): %6.\n"
                                    "PostgreSQL 15 on this machine, fsync on, 128 MB shared buffers; "
                                    "each store copied from the SQLite one. PostgreSQL (socket): over the server's "
                                    "Unix socket. PostgreSQL (20 ms) and (200 ms): the same database over TCP through "
                                    "a proxy on 127.0.0.1 that delays each direction by half that.")
                         .arg(QDateTime::currentDateTimeUtc().toString(Qt::ISODate))
                         .arg(ProcessStats::cpuCount())
                         .arg(loadBefore, 0, 'f', 2)
                         .arg(loadAfter, 0, 'f', 2)
                         .arg(Seed)
                         .arg(builds.join(QStringLiteral("; ")), QStringLiteral(RD_BUILD_TYPE)));
    QString text = report.table() + QStringLiteral("\nTargets:\n");
    for (const QString &line : report.targets())
        text += QStringLiteral("  ") + line + u'\n';
    QTextStream(stdout) << text;
    if (parser.isSet(QStringLiteral("out"))) {
        QFile file(parser.value(QStringLiteral("out")));
        if (file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
            file.write(text.toUtf8());
        else
            err() << "bench_scale: cannot write " << file.fileName() << '\n';
    }
    if (!ok)
        return 1;
    return report.allTargetsMet() ? 0 : 1;
}
