// The cost per decision of recording outcomes from evidence in a batch, beside single
// decisions made the console's way (Resolver::resolve), in the same run on a demo store:
// on SQLite, and on a PostgreSQL server of its own when one can be started: over its Unix
// socket, and through a proxy that makes every round trip 20 ms, as over a VPN.
// Usage: bench_batch [--operations N] [--singles K] [--backend sqlite|postgresql]. Prints
// figures; asserts nothing. One backend alone suits `valgrind --tool=callgrind
// --toggle-collect='RefundDesk::BatchExecutor::run*'` (a batch's instructions; with
// `RefundDesk::Resolver::resolve*`, the singles').

#include "latencyproxy.h"
#include "pgtestserver.h"

#include "demo/demostore.h"
#include "evidence/batchexecutor.h"
#include "evidence/batchplan.h"
#include "evidence/resolver.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <QDir>
#include <QFile>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <unistd.h>

using namespace RefundDesk;

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;

// CPU time, which a loaded machine stretches far less than the time on the clock: this
// process's, and that of the PostgreSQL server's backends serving `database` (the
// postmaster's children whose title names it, read from /proc: not autovacuum, which a
// freshly built store sets going), in milliseconds.
double ownCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

double serverCpuMs(qint64 postmaster, const QString &database)
{
    if (postmaster <= 0)
        return 0;
    qint64 ticks = 0;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool isPid = false;
        const qint64 pid = entry.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray stat = file.readAll();
        // After the command's closing parenthesis: state, ppid, ..., utime (14th), stime (15th).
        const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 13)
            continue;
        if (fields.at(1).toLongLong() != postmaster)
            continue;
        QFile title(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!title.open(QIODevice::ReadOnly) || !title.readAll().contains(" " + database.toUtf8() + " "))
            continue;
        ticks += fields.at(11).toLongLong() + fields.at(12).toLongLong();
    }
    return double(ticks) * 1000.0 / double(sysconf(_SC_CLK_TCK));
}

// The postmaster's process id, the first line of its socket's lock file.
qint64 postmasterOf(const QString &socketPath)
{
    QFile lock(socketPath + QStringLiteral(".lock"));
    return lock.open(QIODevice::ReadOnly) ? lock.readLine().trimmed().toLongLong() : 0;
}

// The demo store is built at `location` and measured through `through` (the same place,
// or a slower way to it); `proxy`, when there is one, counts the batch's round trips.
bool measure(const QString &backend, const QString &location, const QString &through, qint64 operations, int singles,
             QTextStream &out, Test::LatencyProxy *proxy = nullptr, qint64 postmaster = 0,
             const QString &database = QString())
{
    SimulationOptions options;
    options.operations = operations;
    options.seed = 3;
    options.nowMs = DemoNow;
    if (auto made = DemoStore::generate(location, options); !made) {
        out << backend << ": " << made.error().message << '\n';
        return false;
    }
    auto opened = StoreFactory::open(through, Store::OpenMode::ReadWrite);
    if (!opened) {
        out << backend << ": " << opened.error().message << '\n';
        return false;
    }
    Store &store = **opened;
    BatchRequest request;
    request.operatorName = store.sessionOperator().isEmpty() ? QStringLiteral("bench") : store.sessionOperator();

    QElapsedTimer timer;
    timer.start();
    auto plan = BatchPlanner::plan(store, request);
    const double planMs = double(timer.nsecsElapsed()) / 1e6;
    if (!plan || int(plan->eligible.size()) <= singles) {
        out << backend << ": too few eligible operations\n";
        return false;
    }

    // The first `singles` as single decisions, each timed alone.
    double singleMs = 0;
    const double singleCpuAt = ownCpuMs();
    const double singleServerAt = serverCpuMs(postmaster, database);
    for (int i = 0; i < singles; ++i) {
        const BatchCandidate &candidate = plan->eligible[size_t(i)];
        ResolutionDraft draft;
        draft.operationId = candidate.seen.operationId;
        draft.outcome = candidate.outcome;
        draft.refundId = candidate.outcome == Outcome::Refunded ? candidate.refundId : QString();
        draft.evidence = candidate.evidenceText();
        draft.operatorName = request.operatorName;
        timer.restart();
        if (!Resolver(store).resolve(draft, SeenState::of(candidate.seen))) {
            out << backend << ": a single decision failed\n";
            return false;
        }
        singleMs += double(timer.nsecsElapsed()) / 1e6;
    }
    const double singleCpu = ownCpuMs() - singleCpuAt;
    const double singleServer = serverCpuMs(postmaster, database) - singleServerAt;
    // The rest in one batch.
    BatchPlan rest = *plan;
    rest.eligible.erase(rest.eligible.begin(), rest.eligible.begin() + singles);
    if (proxy)
        proxy->resetCounts();
    const double batchCpuAt = ownCpuMs();
    const double batchServerAt = serverCpuMs(postmaster, database);
    timer.restart();
    const BatchReport report = BatchExecutor(store, request.operatorName, QStringLiteral("bench")).run(rest);
    const double batchMs = double(timer.nsecsElapsed()) / 1e6;
    const double batchCpu = ownCpuMs() - batchCpuAt;
    const double batchServer = serverCpuMs(postmaster, database) - batchServerAt;
    const qint64 batchTrips = proxy ? proxy->roundTrips() : -1;
    if (report.failure || report.decided() != qint64(rest.eligible.size())) {
        out << backend << ": the batch did not decide every operation\n";
        return false;
    }
    // Of the batch's time, what reading the evidence again costs (the same reads, in the
    // same slices, once more after it).
    timer.restart();
    for (size_t first = 0; first < rest.eligible.size(); first += BatchExecutor::DefaultSliceSize) {
        std::vector<Operation> slice;
        for (size_t i = first; i < std::min(rest.eligible.size(), first + BatchExecutor::DefaultSliceSize); ++i)
            slice.push_back(rest.eligible[i].seen);
        if (!store.evidenceInputsOfEach(slice)) {
            out << backend << ": the evidence could not be read again\n";
            return false;
        }
    }
    const double rereadMs = double(timer.nsecsElapsed()) / 1e6;
    const double perSingle = singleMs / singles;
    const double perBatch = (batchMs + planMs) / double(report.decided());
    const double perBatchAlone = batchMs / double(report.decided());
    out << QStringLiteral("%1: %2 operations, %3 eligible; plan %4 ms; single %5 ms/decision (%6); "
                          "batch %7 ms/decision with the plan (%8 decisions); batch/single %9; "
                          "without the plan %10 ms/decision, batch/single %11 (of which the evidence read "
                          "again %13 ms/decision)%12\n")
               .arg(backend)
               .arg(operations)
               .arg(plan->eligible.size())
               .arg(planMs, 0, 'f', 1)
               .arg(perSingle, 0, 'f', 2)
               .arg(singles)
               .arg(perBatch, 0, 'f', 2)
               .arg(report.decided())
               .arg(perBatch / perSingle, 0, 'f', 3)
               .arg(perBatchAlone, 0, 'f', 3)
               .arg(perBatchAlone / perSingle, 0, 'f', 3)
               .arg(batchTrips >= 0 ? QStringLiteral("; the batch's round trips %1").arg(batchTrips) : QString())
               .arg(rereadMs / double(report.decided()), 0, 'f', 3);
    const double decided = double(report.decided());
    out << QStringLiteral("%1: CPU ms/decision, this process + the server's: single %2 + %3, batch %4 + %5; "
                          "batch/single %6\n")
               .arg(backend)
               .arg(singleCpu / singles, 0, 'f', 3)
               .arg(singleServer / singles, 0, 'f', 3)
               .arg(batchCpu / decided, 0, 'f', 3)
               .arg(batchServer / decided, 0, 'f', 3)
               .arg(((batchCpu + batchServer) / decided) / ((singleCpu + singleServer) / singles), 0, 'f', 3);
    out.flush();
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList arguments = app.arguments();
    auto valueOf = [&](const QString &name, qint64 fallback) {
        const int at = int(arguments.indexOf(name));
        return at >= 0 && at + 1 < arguments.size() ? arguments.at(at + 1).toLongLong() : fallback;
    };
    const qint64 operations = valueOf(QStringLiteral("--operations"), 20000);
    const int singles = int(valueOf(QStringLiteral("--singles"), 50));
    const int backendAt = int(arguments.indexOf(QStringLiteral("--backend")));
    const QString backend = backendAt >= 0 && backendAt + 1 < arguments.size() ? arguments.at(backendAt + 1) : QString();
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("bench.sqlite"));
    bool ok = true;
    if (backend.isEmpty() || backend == QLatin1String("sqlite"))
        ok = measure(QStringLiteral("sqlite"), file, file, operations, singles, out);
    if ((backend.isEmpty() || backend == QLatin1String("postgresql")) && Test::PgTestServer::isInstalled()) {
        Test::PgTestServer server;
        const QString near = QStringLiteral("bench_batch");
        const QString far = QStringLiteral("bench_batch_far");
        if (server.isRunning() && server.createDatabase(near) && server.createDatabase(far)) {
            const qint64 postmaster = postmasterOf(server.socketPath());
            ok = measure(QStringLiteral("postgresql"), server.location(near), server.location(near), operations,
                         singles, out, nullptr, postmaster, near) && ok;
            // 10 ms each way: a 20 ms round trip.
            Test::LatencyProxy proxy(server.socketPath(), 10);
            if (proxy.start()) {
                const QString through = proxy.pgLocation(far, QString::fromLatin1(Test::PgTestServer::SuperUser));
                ok = measure(QStringLiteral("postgresql at a 20 ms round trip"), server.location(far), through,
                             operations, singles, out, &proxy, postmaster, far) && ok;
            } else {
                out << "postgresql at a 20 ms round trip: the proxy could not listen\n";
            }
        } else {
            out << "postgresql: the server did not start: " << server.lastError() << '\n';
        }
    }
    return ok ? 0 : 1;
}
