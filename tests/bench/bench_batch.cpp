// The cost per decision of recording outcomes from evidence in a batch, beside single
// decisions made the console's way (Resolver::resolve), in the same run on a demo store:
// on SQLite, and on a PostgreSQL server of its own when one can be started.
// Usage: bench_batch [--operations N] [--singles K]. Prints figures; asserts nothing.

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

#include <cstdio>

using namespace RefundDesk;

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;

bool measure(const QString &backend, const QString &location, qint64 operations, int singles, QTextStream &out)
{
    SimulationOptions options;
    options.operations = operations;
    options.seed = 3;
    options.nowMs = DemoNow;
    if (auto made = DemoStore::generate(location, options); !made) {
        out << backend << ": " << made.error().message << '\n';
        return false;
    }
    auto opened = StoreFactory::open(location, Store::OpenMode::ReadWrite);
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
    // The rest in one batch.
    BatchPlan rest = *plan;
    rest.eligible.erase(rest.eligible.begin(), rest.eligible.begin() + singles);
    timer.restart();
    const BatchReport report = BatchExecutor(store, request.operatorName, QStringLiteral("bench")).run(rest);
    const double batchMs = double(timer.nsecsElapsed()) / 1e6;
    if (report.failure || report.decided() != qint64(rest.eligible.size())) {
        out << backend << ": the batch did not decide every operation\n";
        return false;
    }
    const double perSingle = singleMs / singles;
    const double perBatch = (batchMs + planMs) / double(report.decided());
    out << QStringLiteral("%1: %2 operations, %3 eligible; plan %4 ms; single %5 ms/decision (%6); "
                          "batch %7 ms/decision with the plan (%8 decisions); batch/single %9\n")
               .arg(backend)
               .arg(operations)
               .arg(plan->eligible.size())
               .arg(planMs, 0, 'f', 1)
               .arg(perSingle, 0, 'f', 2)
               .arg(singles)
               .arg(perBatch, 0, 'f', 2)
               .arg(report.decided())
               .arg(perBatch / perSingle, 0, 'f', 2);
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
    QTextStream out(stdout);
    QTemporaryDir dir;
    bool ok = measure(QStringLiteral("sqlite"), dir.filePath(QStringLiteral("bench.sqlite")), operations, singles, out);
    if (Test::PgTestServer::isInstalled()) {
        Test::PgTestServer server;
        if (server.isRunning() && server.createDatabase(QStringLiteral("bench_batch")))
            ok = measure(QStringLiteral("postgresql"), server.location(QStringLiteral("bench_batch")), operations, singles, out) && ok;
        else
            out << "postgresql: the server did not start: " << server.lastError() << '\n';
    }
    return ok ? 0 : 1;
}
