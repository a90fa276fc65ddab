// Many consoles on one server through PgBouncer in transaction mode: 60 console sessions
// (a StoreWorker each, with its LiveRefresher, as the console has them) and 4 writers
// opening operations as the agent's tool and the webhook receiver do, for RD_LOAD_SECONDS
// (20 when unset). Sessions race to decide the operations they see through the Resolver.
// Every operation decided once, every racer but the winner told it conflicted, every
// change seen by every session within 2 s, no other error, and never more server
// connections than the pool and the connections opened directly on purpose. The 2 s is
// asserted with RD_LOAD_STRICT=1 (RD_LOAD_SECONDS=120 RD_LOAD_STRICT=1 tests/tst_pgload);
// the suite prints it.

#include "clirun.h"
#include "pgbouncertestserver.h"
#include "pgtestserver.h"

#include "ui/console/shell/liverefresher.h"
#include "evidence/resolver.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "workerwait.h"

#include <QElapsedTimer>
#include <QHash>
#include <QSet>
#include <QTest>

#include <libpq-fe.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QString Database = QStringLiteral("load");
constexpr int Sessions = 60;
constexpr int Writers = 4;
constexpr int PoolSize = 10;
constexpr int WriterPauseMs = 500;
constexpr qint64 LateMs = 2000;
// Sessions that race for each operation, about: a session races for an operation when
// this divides the hash of both.
constexpr uint RaceOneIn = 10;

qint64 nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

// What the writers committed, and when (read after they stopped).
struct Commits
{
    std::mutex mutex;
    QHash<QString, qint64> at; // operation id -> commit time
    QStringList errors;
    void add(const QString &id, qint64 when)
    {
        const std::lock_guard lock(mutex);
        at.insert(id, when);
    }
    void fail(const QString &what)
    {
        const std::lock_guard lock(mutex);
        errors << what;
    }
};

QString pqError(PGconn *connection)
{
    return QString::fromUtf8(PQerrorMessage(connection)).trimmed();
}

bool run(PGconn *connection, const QByteArray &sql, QString *error)
{
    PGresult *result = PQexec(connection, sql.constData());
    const ExecStatusType status = PQresultStatus(result);
    const bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (!ok)
        *error = QString::fromUtf8(PQresultErrorMessage(result)).trimmed();
    PQclear(result);
    return ok;
}

// A writer of its own connection (direct, as the agent's tool and the webhook receiver
// connect), every WriterPauseMs and in one transaction: an operation opened, its attempt,
// the operation left unknown (the attempt timed out), and an event about it.
void writeOperations(const QString &location, int writer, const std::atomic<bool> &stop, Commits &commits)
{
    PGconn *connection = PQconnectdb(location.toUtf8().constData());
    if (PQstatus(connection) != CONNECTION_OK) {
        commits.fail(pqError(connection));
        PQfinish(connection);
        return;
    }
    for (int n = 0; !stop; ++n) {
        const QString id = QStringLiteral("op_load_%1_%2").arg(n, 6, 10, QLatin1Char('0')).arg(writer);
        const qint64 created = QDateTime::currentSecsSinceEpoch();
        const QString sql = QStringLiteral(
            "BEGIN; "
            "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, "
            "created_at, updated_at) VALUES ('%1', 'ord_%1', 1500, 'usd', 'key_%1', 'open', 1, %2, %2); "
            "INSERT INTO refund_attempts (operation_id, attempt_no, started_at) VALUES ('%1', 1, %2); "
            "UPDATE refund_ops SET status = 'unknown', updated_at = %2 WHERE operation_id = '%1'; "
            "INSERT INTO webhook_events (event_id, type, created, received_at, payload, operation_id, idempotency_key) "
            "VALUES ('evt_%1', 'charge.updated', %2, %2, '{}', '%1', 'key_%1'); "
            "COMMIT")
                                .arg(id)
                                .arg(created);
        QString error;
        if (!run(connection, sql.toUtf8(), &error)) {
            commits.fail(error);
            run(connection, "ROLLBACK", &error);
        } else {
            commits.add(id, nowMs());
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(WriterPauseMs));
    }
    PQfinish(connection);
}

// The server's client connections, every 200 ms, from a direct connection of its own.
void sampleConnections(const QString &location, const std::atomic<bool> &stop, std::atomic<int> &most,
                       Commits &commits)
{
    PGconn *connection = PQconnectdb(location.toUtf8().constData());
    if (PQstatus(connection) != CONNECTION_OK) {
        commits.fail(pqError(connection));
        PQfinish(connection);
        return;
    }
    while (!stop) {
        PGresult *result = PQexec(connection, "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'");
        if (PQresultStatus(result) == PGRES_TUPLES_OK) {
            const int count = QByteArray(PQgetvalue(result, 0, 0)).toInt();
            int seen = most.load();
            while (count > seen && !most.compare_exchange_weak(seen, count)) {
            }
        } else {
            commits.fail(QString::fromUtf8(PQresultErrorMessage(result)));
        }
        PQclear(result);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    PQfinish(connection);
}

// One console's worth: a store worker through the pooler, its live refresher, and on
// every change a read of the operations opened since, racing for some of them.
class Session final : public QObject
{
public:
    Session(int index, StoreWorker &worker)
        : m_index(index)
        , m_worker(worker)
    {
        m_refresher.setStore(&m_worker);
        connect(&m_refresher, &LiveRefresher::changed, this, &Session::read);
        connect(&m_refresher, &LiveRefresher::failed, this, [this](const QString &message) { errors << message; });
    }

    QHash<QString, qint64> seen; // operation id -> when this session first read it
    QStringList errors;
    QStringList won;
    QStringList conflicted;
    bool reading = false;

private:
    void read()
    {
        if (reading) {
            m_again = true; // a change during the read: read once more after it
            return;
        }
        reading = true;
        const QString after = m_cursor;
        m_worker.request<std::vector<Operation>>(
            [after](Store &store) { return store.operationsAfter(after, 1000); }, this,
            [this](Result<std::vector<Operation>> answer) {
                reading = false;
                if (!answer) {
                    m_again = false;
                    errors << answer.error().message;
                    return;
                }
                const qint64 now = nowMs();
                for (const Operation &operation : *answer) {
                    if (!seen.contains(operation.operationId))
                        seen.insert(operation.operationId, now);
                    if (operation.status == OperationStatus::Unknown && !m_tried.contains(operation.operationId)
                        && qHash(operation.operationId, uint(m_index)) % RaceOneIn == 0) {
                        m_tried.insert(operation.operationId);
                        decide(operation);
                    }
                }
                // Writers commit out of id order (op_load_<number>_<writer>), each in its
                // own order: no writer can still add an id before the least of their
                // newest, which is passed for good.
                advanceCursor(*answer);
                if (std::exchange(m_again, false))
                    read();
            });
    }

    void advanceCursor(const std::vector<Operation> &operations)
    {
        QHash<QString, QString> newestOf;
        for (const Operation &operation : operations) {
            const QString writer = operation.operationId.section(u'_', 3, 3);
            newestOf[writer] = std::max(newestOf.value(writer), operation.operationId);
        }
        for (auto it = newestOf.cbegin(); it != newestOf.cend(); ++it)
            m_newest[it.key()] = std::max(m_newest.value(it.key()), it.value());
        if (m_newest.size() < Writers)
            return;
        QString least;
        for (const QString &newest : std::as_const(m_newest))
            least = least.isEmpty() ? newest : std::min(least, newest);
        m_cursor = std::max(m_cursor, least);
    }

    void decide(const Operation &operation)
    {
        m_worker.request<Resolution>(
            [operation](Store &store) {
                Resolver resolver(store);
                ResolutionDraft draft;
                draft.operationId = operation.operationId;
                draft.outcome = Outcome::Failed;
                draft.evidence = QStringLiteral("dashboard");
                draft.note = QStringLiteral("load");
                draft.overridesEvidence = true;
                draft.operatorName = store.sessionOperator();
                return resolver.resolve(draft, SeenState::of(operation));
            },
            this,
            [this, id = operation.operationId](Result<Resolution> answer) {
                if (answer)
                    won << id;
                else if (answer.error().kind == ErrorKind::Conflict)
                    conflicted << id;
                else
                    errors << answer.error().message;
            });
    }

    int m_index;
    StoreWorker &m_worker;
    LiveRefresher m_refresher;
    QString m_cursor = QStringLiteral("op_load_");
    QHash<QString, QString> m_newest;
    QSet<QString> m_tried;
    bool m_again = false;
};

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
    const int seconds = qEnvironmentVariableIsSet("RD_LOAD_SECONDS") ? qEnvironmentVariableIntValue("RD_LOAD_SECONDS") : 20;
    QVERIFY2(seconds > 0, "RD_LOAD_SECONDS must be a number of seconds above zero");

    PgTestServer server;
    QVERIFY2(server.isRunning(), qPrintable(server.lastError()));
    QVERIFY(server.createDatabase(Database));
    QVERIFY(StoreFactory::create(server.location(Database)));
    QVERIFY2(server.applyRoles(Database), qPrintable(server.lastError()));
    QVERIFY(server.exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE carol LOGIN IN ROLE refund_desk_support; "
                                                                   "CREATE ROLE tool LOGIN IN ROLE refund_desk_agent")));
    PgBouncerTestServer pooler(server, {PgBouncerTestServer::PoolMode::Transaction, PoolSize, {QStringLiteral("carol")}, {}});
    QVERIFY2(pooler.isRunning(), qPrintable(pooler.lastError()));

    std::vector<std::unique_ptr<StoreWorker>> workers;
    std::vector<std::unique_ptr<Session>> sessions;
    for (int i = 0; i < Sessions; ++i) {
        workers.push_back(std::make_unique<StoreWorker>());
        workers.back()->setReconnectWithoutWaiting(true);
        QString error;
        StoreFacts facts;
        QVERIFY2(openWorker(*workers.back(), pooler.location(Database, QStringLiteral("carol")),
                            Store::OpenMode::ReadWrite, &error, &facts),
                 qPrintable(QStringLiteral("session %1: %2\nPgBouncer's log:\n%3").arg(i).arg(error, pooler.log())));
        sessions.push_back(std::make_unique<Session>(i, *workers.back()));
    }

    Commits commits;
    std::atomic<bool> stopWriters = false;
    std::atomic<bool> stopSampling = false;
    std::atomic<int> mostConnections = 0;
    std::thread sampler(sampleConnections, server.location(Database), std::cref(stopSampling), std::ref(mostConnections),
                        std::ref(commits));
    std::vector<std::thread> writers;
    for (int w = 0; w < Writers; ++w)
        writers.emplace_back(writeOperations, server.location(Database, QStringLiteral("tool")), w,
                             std::cref(stopWriters), std::ref(commits));

    QTest::qWait(seconds * 1000);
    stopWriters = true;
    for (std::thread &writer : writers)
        writer.join();
    // The last commits have their two seconds; a session later still is waited for (up to
    // 10 s more), so that a late sighting counts as late and not as missed.
    const auto everySessionSawEveryChange = [&] {
        for (auto it = commits.at.cbegin(); it != commits.at.cend(); ++it) {
            for (const auto &session : sessions) {
                if (!session->seen.contains(it.key()))
                    return false;
            }
        }
        return true;
    };
    QTest::qWait(int(LateMs));
    // Not asserted here: a sighting still missing after the wait is counted as missed below.
    (void)QTest::qWaitFor(everySessionSawEveryChange, 10000);
    stopSampling = true;
    sampler.join();
    for (auto &worker : workers)
        QVERIFY(waitForWorker(*worker));

    // Seen by everyone, in time.
    int late = 0;
    int missed = 0;
    qint64 worst = 0;
    qint64 seenCount = 0;
    for (auto it = commits.at.cbegin(); it != commits.at.cend(); ++it) {
        for (const auto &session : sessions) {
            const auto seen = session->seen.constFind(it.key());
            if (seen == session->seen.cend()) {
                ++missed;
                continue;
            }
            ++seenCount;
            const qint64 delay = std::max<qint64>(0, *seen - it.value());
            worst = std::max(worst, delay);
            late += delay > LateMs ? 1 : 0;
        }
    }
    // Decided once: one winner for every operation raced for, everyone else told it
    // conflicted.
    QHash<QString, int> wins;
    QSet<QString> raced;
    int decisions = 0;
    int conflicts = 0;
    QStringList errors = commits.errors;
    for (const auto &session : sessions) {
        for (const QString &id : std::as_const(session->won))
            ++wins[id];
        raced.unite(QSet<QString>(session->won.cbegin(), session->won.cend()));
        raced.unite(QSet<QString>(session->conflicted.cbegin(), session->conflicted.cend()));
        decisions += session->won.size();
        conflicts += session->conflicted.size();
        errors << session->errors;
    }
    qInfo().noquote() << QStringLiteral("pgload: %1 s, %2 sessions, %3 writers, pool %4: %5 operations opened, "
                                        "%6 decisions, %7 conflicts, %8 changes seen, %9 late, worst delay %10 ms, "
                                        "max server connections %11, %12 missed")
                             .arg(seconds).arg(Sessions).arg(Writers).arg(PoolSize).arg(commits.at.size())
                             .arg(decisions).arg(conflicts).arg(seenCount).arg(late).arg(worst)
                             .arg(mostConnections.load()).arg(missed);

    QVERIFY2(errors.isEmpty(), qPrintable(errors.mid(0, 5).join(u'\n')));
    QVERIFY(commits.at.size() >= seconds); // the writers did write
    QVERIFY(decisions > 0);
    QVERIFY(conflicts > 0); // the race was run
    for (const QString &id : std::as_const(raced))
        QVERIFY2(wins.value(id) == 1, qPrintable(id + QStringLiteral(" won %1 times").arg(wins.value(id))));
    QCOMPARE(server.queryInt(Database, QStringLiteral("SELECT count(*) FROM resolutions")), qint64(decisions));
    QCOMPARE(server.queryInt(Database, QStringLiteral("SELECT count(*) FROM (SELECT operation_id FROM resolutions "
                                                      "GROUP BY operation_id HAVING count(*) > 1) AS twice")),
             qint64(0));
    QCOMPARE(missed, 0);
    // Within 2 s is a figure of a machine that is not loaded by anything else: the run by
    // hand (RD_LOAD_STRICT=1) holds to it; the suite, run beside other tests and under the
    // sanitizers, prints it.
    if (qEnvironmentVariableIntValue("RD_LOAD_STRICT") == 1)
        QCOMPARE(late, 0);
    // The pool, the sampler and the writers' direct connections.
    QVERIFY2(mostConnections.load() <= PoolSize + 1 + Writers, qPrintable(QString::number(mostConnections.load())));
}

QTEST_GUILESS_MAIN(tst_PgLoad)
#include "tst_pgload.moc"
