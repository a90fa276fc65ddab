// Many consoles on one server, through a transaction pooler with a pool of 10 server
// connections: 60 console workers (StoreWorker, headless) following the store's changes
// and 4 refund-desk writers racing to decide the same operations, for RD_LOAD_SECONDS
// (20 unless set; at most 120). Every decision is made once, every change is seen by
// every session within 2 s, nothing fails but the race's conflicts, and the server never
// holds more client connections than the pool (sampled from pg_stat_activity). The
// figures are printed.

#include "pgbouncertestserver.h"
#include "pgtestserver.h"
#include "workerwait.h"

#include "demo/demostore.h"
#include "evidence/resolver.h"
#include "store/store.h"
#include "store/storeworker.h"

#include <QElapsedTimer>
#include <QThread>
#include <QTest>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QString Database = QStringLiteral("load");
const QString User = QString::fromLatin1(PgTestServer::SuperUser);
constexpr int Sessions = 60;
constexpr int Writers = 4;
constexpr int PoolSize = 10;
constexpr qint64 SeenWithinMs = 2000;

int loadSeconds()
{
    const int seconds = qEnvironmentVariableIntValue("RD_LOAD_SECONDS");
    return seconds > 0 ? std::min(seconds, 120) : 20;
}

} // namespace

class tst_PgLoad : public QObject
{
    Q_OBJECT

private slots:
    void manyConsolesThroughATransactionPooler();
};

void tst_PgLoad::manyConsolesThroughATransactionPooler()
{
    QVERIFY2(PgBouncerTestServer::isInstalled(), "PgBouncer is not installed; run scripts/ensure-deps");
    PgTestServer server;
    QVERIFY2(server.isRunning(), qPrintable(server.lastError()));
    QVERIFY(server.createDatabase(Database));
    SimulationOptions options;
    options.operations = 1500;
    options.seed = 9;
    auto built = DemoStore::generate(server.location(Database), options, {});
    QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    PgBouncerTestServer pooler(server, {PgBouncerTestServer::PoolMode::Transaction, PoolSize, {User}, {}});
    QVERIFY2(pooler.isRunning(), qPrintable(pooler.lastError()));
    const QString location = pooler.location(Database, User);

    // The operations the writers race for: every unknown one on the queue.
    std::vector<QString> targets;
    {
        auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        auto page = (*store)->queuePage(QueueQuery(), std::nullopt, 500);
        QVERIFY(page);
        for (const Operation &o : *page)
            if (o.status == OperationStatus::Unknown)
                targets.push_back(o.operationId);
    }
    QVERIFY(targets.size() >= 20);

    // The sessions, each asking for the store's version as a console's live refresher does.
    std::vector<std::unique_ptr<StoreWorker>> sessions;
    for (int i = 0; i < Sessions; ++i) {
        sessions.push_back(std::make_unique<StoreWorker>());
        QString error;
        QVERIFY2(openWorker(*sessions.back(), location, Store::OpenMode::ReadOnly, &error), qPrintable(error));
    }
    QElapsedTimer clock;
    clock.start();
    std::vector<std::vector<qint64>> seen(Sessions); // when each session saw the version move
    std::vector<qint64> lastVersion(Sessions, -1);
    int sessionErrors = 0;
    QString firstSessionError;

    // The writers: each decides the targets in the same order, so that they race.
    std::mutex mutex;
    std::vector<qint64> commits; // when each decision was made
    std::vector<QString> decided;
    std::atomic<int> conflicts{0};
    QStringList writerErrors;
    const qint64 endMs = qint64(loadSeconds()) * 1000;
    std::vector<std::thread> writers;
    for (int w = 0; w < Writers; ++w) {
        writers.emplace_back([&, w] {
            auto opened = StoreFactory::open(location, Store::OpenMode::ReadWrite);
            if (!opened) {
                std::lock_guard lock(mutex);
                writerErrors << opened.error().message;
                return;
            }
            Store &store = **opened;
            Resolver resolver(store);
            for (const QString &id : targets) {
                if (clock.elapsed() >= endMs)
                    break;
                auto operation = store.operation(id);
                if (!operation || !*operation) {
                    std::lock_guard lock(mutex);
                    writerErrors << (operation ? QStringLiteral("no %1").arg(id) : operation.error().message);
                    continue;
                }
                if ((*operation)->status != OperationStatus::Unknown)
                    continue; // another writer was first
                ResolutionDraft draft;
                draft.operationId = id;
                draft.outcome = Outcome::Failed;
                draft.evidence = QStringLiteral("dashboard");
                draft.note = QStringLiteral("load test writer %1").arg(w);
                draft.operatorName = User;
                draft.overridesEvidence = true;
                const qint64 started = clock.elapsed(); // a session may see the commit before resolve() returns
                auto recorded = resolver.resolve(draft, SeenState::of(**operation));
                std::lock_guard lock(mutex);
                if (recorded) {
                    commits.push_back(started);
                    decided.push_back(id);
                } else if (recorded.error().kind == ErrorKind::Conflict) {
                    ++conflicts;
                } else {
                    writerErrors << recorded.error().message;
                }
                // Paced as a person (or a tool) deciding: changes spread over the run.
                QThread::msleep(150);
            }
        });
    }

    QObject context;
    const QString countConnections = QStringLiteral("SELECT count(*) FROM pg_stat_activity WHERE datname = 'load' "
                                                    "AND backend_type = 'client backend' AND pid <> pg_backend_pid()");
    qint64 peakConnections = 0;
    int samples = 0;
    QElapsedTimer sampleClock;
    sampleClock.start();
    // Runs until the writers are done and 2 s more, so that the last change can be seen.
    while (clock.elapsed() < endMs + SeenWithinMs + 500) {
        for (int i = 0; i < Sessions; ++i) {
            if (!sessions[size_t(i)]->isIdle())
                continue;
            sessions[size_t(i)]->request<qint64>([](Store &store) { return store.dataVersion(); }, &context,
                                                 [&, i](Result<qint64> version) {
                                                     if (!version) {
                                                         if (sessionErrors++ == 0)
                                                             firstSessionError = version.error().message;
                                                         return;
                                                     }
                                                     if (lastVersion[size_t(i)] >= 0 && *version != lastVersion[size_t(i)])
                                                         seen[size_t(i)].push_back(clock.elapsed());
                                                     lastVersion[size_t(i)] = *version;
                                                 });
        }
        if (sampleClock.elapsed() >= 500) {
            peakConnections = std::max(peakConnections, server.queryInt(Database, countConnections));
            ++samples;
            sampleClock.restart();
        }
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(20);
    }
    for (std::thread &writer : writers)
        writer.join();
    for (auto &session : sessions)
        QVERIFY(waitForWorker(*session, 60'000));

    // Every change seen by every session within 2 s: after each commit, each session saw
    // the version move no later than 2 s on.
    qint64 worstLagMs = 0;
    int late = 0;
    for (const qint64 commit : commits) {
        for (const auto &times : seen) {
            const auto next = std::lower_bound(times.begin(), times.end(), commit);
            const qint64 lag = next == times.end() ? -1 : *next - commit;
            if (lag < 0 || lag > SeenWithinMs)
                ++late;
            else
                worstLagMs = std::max(worstLagMs, lag);
        }
    }
    const qint64 twice = server.queryInt(Database, QStringLiteral("SELECT count(*) FROM (SELECT operation_id FROM "
                                                                  "resolutions GROUP BY operation_id HAVING count(*) > 1) t"));
    qInfo("load through PgBouncer (transaction mode, pool of %d): %d sessions, %d writers, %d s; %zu decisions, %d "
          "conflicts, %d writer errors, %d session errors; worst lag %lld ms, %d late sightings; peak server "
          "connections %lld over %d samples",
          PoolSize, Sessions, Writers, loadSeconds(), decided.size(), conflicts.load(), int(writerErrors.size()),
          sessionErrors, worstLagMs, late, peakConnections, samples);
    QVERIFY2(writerErrors.isEmpty(), qPrintable(writerErrors.join(u'\n')));
    QVERIFY2(sessionErrors == 0, qPrintable(firstSessionError));
    QVERIFY(!decided.empty());
    std::vector<QString> unique = decided;
    std::sort(unique.begin(), unique.end());
    QCOMPARE(size_t(std::unique(unique.begin(), unique.end()) - unique.begin()), decided.size());
    QCOMPARE(twice, 0);
    QCOMPARE(late, 0);
    QVERIFY2(peakConnections <= PoolSize, qPrintable(QString::number(peakConnections)));
    QVERIFY(samples > 0);
}

QTEST_GUILESS_MAIN(tst_PgLoad)
#include "tst_pgload.moc"
