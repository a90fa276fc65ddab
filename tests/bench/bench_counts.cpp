// bench_counts: what counting the queue's views costs as the store grows (Store::queueCounts,
// the filter bar's numbers and the status bar's oldest operation).
//
// For each size (default 10k, 100k and 1M operations) it builds a demo store with the
// simulator (seed 3), or reuses the one cached from an earlier run of the same schema, and
// adds notes with a follow-up date after today to 2% of the queue (the Waiting view). Then
// it times queueCounts, the median of --runs calls after a few unmeasured ones:
// - on SQLite;
// - on PostgreSQL, over the Unix socket of a server of its own holding a copy of the same
//   store (pgbenchstores.h), with the round trips one call takes, counted by a proxy;
// - on PostgreSQL through a proxy that delays each direction by 10 ms (a 20 ms round trip).
// It prints the counts (the same on every backend), the figures and each backend's 1M/10k
// ratio (the largest size over the smallest). On a loaded machine the wall-clock medians
// move with the load; SQLite's CPU time (sqlite-cpu) does not.
//
//   bench_counts [--sizes 10000,100000,1000000] [--stores DIR] [--runs 50] [--skip-postgresql]
// The SQLite stores are cached in DIR (default /tmp/refund-desk-bench-counts), named after
// the size, the seed and the schema text, so that a build whose schema adds an index builds
// them again. The PostgreSQL copies are made on every run and go with the server.

#include "latencyproxy.h"
#include "pgbenchstores.h"

#include "demo/demostore.h"
#include "store/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <algorithm>
#include <ctime>
#include <map>
#include <vector>

using namespace RefundDesk;
using namespace RefundDesk::Bench;

namespace {

constexpr quint64 Seed = 3;
constexpr qint64 SimulatedNowMs = 1'767'225'600'000; // 2026-01-01T00:00:00Z
constexpr int FollowUpEvery = 50;                     // 2% of the queue waits for a follow-up
constexpr int ProxyDelayMs = 10;                      // each way: a 20 ms round trip
constexpr int ProxyRuns = 10;

QTextStream &out()
{
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &err()
{
    static QTextStream stream(stderr);
    return stream;
}

// The first characters of the schema text's SHA-256: a store built by another schema is
// another file.
QString schemaTag()
{
    QFile file(QStringLiteral(":/refunddesk/schema.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("noschema");
    return QString::fromLatin1(QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex().left(8));
}

QString storePath(const QString &dir, qint64 operations)
{
    return QDir(dir).filePath(QStringLiteral("counts-%1-seed%2-%3.sqlite").arg(operations).arg(Seed).arg(schemaTag()));
}

// Notes with a follow-up date after `today` on every FollowUpEvery-th operation of the queue.
QString addFollowUps(Store &store, const QDate &today, int *added)
{
    QueueQuery query;
    query.sortKey = QueueQuery::SortKey::OperationId;
    std::optional<QueueCursor> after;
    qint64 seen = 0;
    for (;;) {
        auto page = store.queuePage(query, after, 1000);
        if (!page)
            return page.error().message;
        for (const Operation &operation : *page) {
            if (seen++ % FollowUpEvery != 0)
                continue;
            NoteDraft draft;
            draft.operationId = operation.operationId;
            draft.text = QStringLiteral("Asked the provider's support; they answer within a week.");
            draft.followUpOn = today.addDays(7);
            draft.operatorName = QStringLiteral("bench");
            if (auto note = store.addNote(draft); !note)
                return note.error().message;
            ++*added;
        }
        if (page->size() < 1000)
            return {};
        after = cursorAfter(query, page->back());
    }
}

// The store of `operations`, built now (with its follow-ups) or as built by an earlier run.
QString ensureStore(const QString &path, qint64 operations, const QDate &today)
{
    if (QFileInfo::exists(path))
        return {};
    const QString building = path + QStringLiteral(".building");
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(building + suffix);
    SimulationOptions options;
    options.operations = operations;
    options.seed = Seed;
    options.nowMs = SimulatedNowMs;
    err() << "building a store of " << operations << " operations in " << path << " ...\n";
    err().flush();
    QElapsedTimer timer;
    timer.start();
    if (auto summary = DemoStore::generate(building, options); !summary)
        return summary.error().message;
    int added = 0;
    {
        auto store = StoreFactory::open(building, Store::OpenMode::ReadWrite);
        if (!store)
            return store.error().message;
        if (QString problem = addFollowUps(**store, today, &added); !problem.isEmpty())
            return problem;
    }
    err() << "  built in " << double(timer.elapsed()) / 1000 << " s, " << added << " follow-ups\n";
    if (!QFile::rename(building, path))
        return QStringLiteral("cannot rename %1 to %2").arg(building, path);
    return {};
}

// The operator with a claim on the queue (the Mine view's person), if any.
QString claimant(Store &store)
{
    QueueQuery query;
    query.statusFilter = QueueQuery::StatusFilter::Checking;
    auto page = store.queuePage(query, std::nullopt, 1);
    return page && !page->empty() ? page->front().claimedBy : QStringLiteral("nobody");
}

double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

struct Timing
{
    double medianMs = -1;
    double medianCpuMs = -1; // this thread's CPU time: what SQLite does, whatever the machine's load
    QueueCounts counts;
    QString error;
};

Timing timeCounts(Store &store, const QString &operatorName, const QDate &today, int runs)
{
    Timing timing;
    std::vector<double> ms;
    std::vector<double> cpu;
    for (int i = 0; i < runs + 3; ++i) {
        QElapsedTimer timer;
        const double cpuBefore = threadCpuMs();
        timer.start();
        auto counts = store.queueCounts(operatorName, today);
        const double elapsed = double(timer.nsecsElapsed()) / 1e6;
        const double cpuElapsed = threadCpuMs() - cpuBefore;
        if (!counts) {
            timing.error = counts.error().message;
            return timing;
        }
        timing.counts = *counts;
        if (i >= 3) { // the first calls prepare the statement and warm the caches
            ms.push_back(elapsed);
            cpu.push_back(cpuElapsed);
        }
    }
    std::sort(ms.begin(), ms.end());
    std::sort(cpu.begin(), cpu.end());
    timing.medianMs = ms[ms.size() / 2];
    timing.medianCpuMs = cpu[cpu.size() / 2];
    return timing;
}

QString countsText(const QueueCounts &c)
{
    return QStringLiteral("all %1, free %2, mine %3, waiting %4, oldest %5")
        .arg(c.all).arg(c.free).arg(c.mine).arg(c.waiting).arg(c.oldestOperationId);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("What counting the queue's views costs as the store grows."));
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("sizes"), QStringLiteral("Store sizes in operations, comma-separated."), QStringLiteral("N,..."),
         QStringLiteral("10000,100000,1000000")},
        {QStringLiteral("stores"), QStringLiteral("Folder of the cached stores."), QStringLiteral("DIR"),
         QStringLiteral("/tmp/refund-desk-bench-counts")},
        {QStringLiteral("runs"), QStringLiteral("Timed calls per size and backend (the median is printed)."),
         QStringLiteral("N"), QStringLiteral("50")},
        {QStringLiteral("skip-postgresql"), QStringLiteral("Measure SQLite only.")},
    });
    parser.process(app);

    const QString storesDir = parser.value(QStringLiteral("stores"));
    if (!QDir().mkpath(storesDir)) {
        err() << "bench_counts: cannot create " << storesDir << '\n';
        return 2;
    }
    std::vector<qint64> sizes;
    for (const QString &text : parser.value(QStringLiteral("sizes")).split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 n = text.trimmed().toLongLong(&ok);
        if (!ok || n < 10) {
            err() << "bench_counts: --sizes wants whole numbers of at least 10, e.g. 10000,100000\n";
            return 2;
        }
        sizes.push_back(n);
    }
    const int runs = qMax(1, parser.value(QStringLiteral("runs")).toInt());
    const bool onPostgresql = !parser.isSet(QStringLiteral("skip-postgresql"));
    const QDate today = QDate::currentDate();

    std::unique_ptr<PgBenchStores> server;
    std::unique_ptr<Test::LatencyProxy> proxy;
    if (onPostgresql) {
        server = std::make_unique<PgBenchStores>();
        if (!server->isRunning()) {
            err() << "bench_counts: PostgreSQL: " << server->lastError() << '\n';
            return 1;
        }
        proxy = std::make_unique<Test::LatencyProxy>(server->socketPath(), 0);
        if (!proxy->start()) {
            err() << "bench_counts: the proxy in front of PostgreSQL did not start\n";
            return 1;
        }
    }

    // backend -> size -> median ms
    std::map<QString, std::map<qint64, double>> figures;
    out() << "| operations | backend | counts | median ms (" << runs << " runs) | median CPU ms of this process | round trips |\n";
    out() << "| --- | --- | --- | --- | --- | --- |\n";
    out().flush();
    for (const qint64 operations : sizes) {
        const QString path = storePath(storesDir, operations);
        if (QString problem = ensureStore(path, operations, today); !problem.isEmpty()) {
            err() << "bench_counts: " << problem << '\n';
            return 1;
        }
        auto sqlite = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        if (!sqlite) {
            err() << "bench_counts: " << sqlite.error().message << '\n';
            return 1;
        }
        const QString person = claimant(**sqlite);
        const Timing onSqlite = timeCounts(**sqlite, person, today, runs);
        if (!onSqlite.error.isEmpty()) {
            err() << "bench_counts: " << onSqlite.error << '\n';
            return 1;
        }
        figures[QStringLiteral("sqlite")][operations] = onSqlite.medianMs;
        figures[QStringLiteral("sqlite-cpu")][operations] = onSqlite.medianCpuMs;
        out() << "| " << operations << " | sqlite | " << countsText(onSqlite.counts) << " | "
              << QString::number(onSqlite.medianMs, 'f', 3) << " | " << QString::number(onSqlite.medianCpuMs, 'f', 3)
              << " | - |\n";
        out().flush();
        if (!onPostgresql)
            continue;

        const PgBenchStores::Copy copy = server->copyOf(path, operations);
        if (!copy.ok) {
            err() << "bench_counts: copying into PostgreSQL: " << copy.error << '\n';
            return 1;
        }
        err() << "  copied into PostgreSQL in " << copy.seconds << " s (VACUUM ANALYZE " << copy.vacuumSeconds << " s)\n";
        auto pg = StoreFactory::open(copy.location, Store::OpenMode::ReadOnly);
        if (!pg) {
            err() << "bench_counts: " << pg.error().message << '\n';
            return 1;
        }
        const Timing onPg = timeCounts(**pg, person, today, runs);
        if (!onPg.error.isEmpty()) {
            err() << "bench_counts: " << onPg.error << '\n';
            return 1;
        }
        figures[QStringLiteral("postgresql")][operations] = onPg.medianMs;

        // The round trips of one call, and the time at a distance, through the proxy.
        auto distant = StoreFactory::open(proxy->pgLocation(copy.database, copy.user), Store::OpenMode::ReadOnly);
        if (!distant) {
            err() << "bench_counts: " << distant.error().message << '\n';
            return 1;
        }
        (void)(*distant)->queueCounts(person, today); // prepared, as the console's worker has it
        proxy->resetCounts();
        (void)(*distant)->queueCounts(person, today);
        const qint64 roundTrips = proxy->roundTrips();
        out() << "| " << operations << " | postgresql | " << countsText(onPg.counts) << " | "
              << QString::number(onPg.medianMs, 'f', 3) << " | (the server's) | " << roundTrips << " |\n";
        proxy->setDelayMs(ProxyDelayMs);
        const Timing atDistance = timeCounts(**distant, person, today, ProxyRuns);
        proxy->setDelayMs(0);
        if (!atDistance.error.isEmpty()) {
            err() << "bench_counts: " << atDistance.error << '\n';
            return 1;
        }
        figures[QStringLiteral("postgresql-20ms")][operations] = atDistance.medianMs;
        out() << "| " << operations << " | postgresql-20ms | " << countsText(atDistance.counts) << " | "
              << QString::number(atDistance.medianMs, 'f', 3) << " (" << ProxyRuns << " runs) | (the server's) | "
              << roundTrips << " |\n";
        out().flush();
    }

    QFile loadavg(QStringLiteral("/proc/loadavg"));
    if (loadavg.open(QIODevice::ReadOnly))
        out() << "\nload average at the end: " << loadavg.readAll().trimmed() << '\n';
    if (sizes.size() >= 2) {
        const qint64 smallest = *std::min_element(sizes.begin(), sizes.end());
        const qint64 largest = *std::max_element(sizes.begin(), sizes.end());
        out() << "\nratio " << largest << " / " << smallest << " operations (target: at most 1.5):\n";
        for (const auto &[backend, bySize] : figures) {
            const double ratio = bySize.at(largest) / bySize.at(smallest);
            out() << "  " << backend << ": " << QString::number(ratio, 'f', 2) << '\n';
        }
    }
    return 0;
}
