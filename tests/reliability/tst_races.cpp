// Races (docs/RELIABILITY.md): eight refund-desk processes race to resolve, to claim and
// to release the same operations, on one store, in two settings: on a quiet store, started
// together in rounds, where each process may be the store's last user and SQLite then
// removes its -wal and -shm files under the next one's feet; and while the agent's refund
// tool keeps opening, attempting and closing operations and the webhook receiver keeps
// storing events, each connecting per operation or delivery, beside a second tool that
// writes without ever pausing. Rule 3 must hold: exactly one decision (or claim, or
// release) per operation, every loser exits 4 naming the winner, and the other writers
// neither see an error nor lose a row. A racer that never got the write lock within the
// busy timeout exits 3 only when nobody had won the operation by then, and says so.

#include "reliability.h"
#include "teststore.h"

#include "demo/demostore.h"
#include "store/store.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <memory>
#include <vector>

using namespace RefundDesk;
using namespace RefundDesk::Reliability;

namespace {

constexpr int Racers = 8;
constexpr qint64 BusyTimeoutMs = 5000;

QString racerName(int racer)
{
    return QStringLiteral("racer-%1").arg(racer + 1);
}

// "key=value key=value" as the helper programs print it.
QMap<QString, qint64> parseFigures(const QByteArray &output)
{
    QMap<QString, qint64> figures;
    const QList<QByteArray> lines = output.trimmed().split('\n');
    for (const QByteArray &pair : lines.value(lines.size() - 1).split(' ')) {
        const int equals = pair.indexOf('=');
        if (equals > 0)
            figures.insert(QString::fromLatin1(pair.left(equals)), pair.mid(equals + 1).toLongLong());
    }
    return figures;
}

// A helper program (agent, webhook receiver) running alongside the race.
class Background final
{
public:
    Background(const QString &program, const QStringList &arguments)
    {
        m_process.start(program, arguments);
    }
    ~Background()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    bool started() { return m_process.waitForStarted(10000); }
    // Waits for the program to stop by itself (it watches the stop file).
    Run finish()
    {
        Run run;
        if (!m_process.waitForFinished(60000)) {
            run.err = QStringLiteral("did not stop");
            return run;
        }
        run.exitCode = m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -2;
        run.out = m_process.readAllStandardOutput();
        run.err = QString::fromUtf8(m_process.readAllStandardError());
        return run;
    }

private:
    QProcess m_process;
};

struct RaceResult
{
    // runs[racer][operation index], and when each started (ms since the epoch)
    std::vector<std::vector<Run>> runs;
    std::vector<std::vector<qint64>> startedAt;
    qint64 wallMs = 0;
};

using RaceArguments = std::function<QStringList(int racer, const QString &operationId)>;

// How the racers collide: in rounds (all of them started together on one operation, the
// next round once all have exited), or freely (each racer goes through the operations in
// the same order at its own pace).
enum class Start { InRounds, Freely };

RaceResult race(const QStringList &operations, Start start, const RaceArguments &arguments)
{
    RaceResult result;
    result.runs.assign(Racers, std::vector<Run>(size_t(operations.size())));
    result.startedAt.assign(Racers, std::vector<qint64>(size_t(operations.size())));
    QElapsedTimer timer;
    timer.start();
    // One thread per racer runs `work` for the operation indexes [from, to).
    const auto runRacers = [&](qsizetype from, qsizetype to) {
        std::vector<std::unique_ptr<QThread>> threads;
        for (int racer = 0; racer < Racers; ++racer) {
            threads.emplace_back(QThread::create([&, racer] {
                for (qsizetype i = from; i < to; ++i) {
                    result.startedAt[racer][size_t(i)] = QDateTime::currentMSecsSinceEpoch();
                    result.runs[racer][size_t(i)] = refundDesk(arguments(racer, operations.at(i)));
                }
            }));
            threads.back()->start();
        }
        for (auto &thread : threads)
            thread->wait();
    };
    if (start == Start::Freely) {
        runRacers(0, operations.size());
    } else {
        for (qsizetype i = 0; i < operations.size(); ++i)
            runRacers(i, i + 1);
    }
    result.wallMs = timer.elapsed();
    return result;
}

// Whether a loser's message says what happened: who won, in the words of the store.
using LoserMessage = std::function<bool(const QString &message, const QString &winner, const QString &operationId)>;

QStringList resolveArguments(const QString &db, int racer, const QString &operationId)
{
    // Half the racers record refunded, half failed, all with an override so that the
    // evidence never decides who may write: only the race does.
    QStringList arguments = {"resolve", operationId, "--db", db, "--operator", racerName(racer),
                             "--evidence", "dashboard", "--override-evidence", "--note", "race test"};
    if (racer % 2)
        arguments << "--outcome" << "refunded" << "--refund-id" << QStringLiteral("re_race_%1").arg(racer + 1);
    else
        arguments << "--outcome" << "failed";
    return arguments;
}

bool namesTheDecider(const QString &message, const QString &winner, const QString &)
{
    return message.contains(QStringLiteral("already resolved as")) // "... as failed by racer-3 at ..."
           && message.contains(QStringLiteral("by %1 at").arg(winner));
}

bool namesTheClaimant(const QString &message, const QString &winner, const QString &)
{
    return message.contains(QStringLiteral("being checked by %1 since").arg(winner));
}

// The claimant's other processes find it released already: by the time they read it, or
// in between.
bool saysItWasReleased(const QString &message, const QString &, const QString &operationId)
{
    return message.contains(QStringLiteral("%1 is not claimed by anyone").arg(operationId))
           || message.contains(QStringLiteral("%1 changed since you looked at it (it is now unknown").arg(operationId));
}

// Whether a racer that exited 3 said what happened: the store stayed busy, and the
// operation was still as it saw it.
bool saysBusyAndUnchanged(const QString &message, const QString &operationId)
{
    return message.contains(QStringLiteral("The store is busy: other programs kept writing to it"))
           && message.contains(QStringLiteral("%1 is still as you saw it").arg(operationId));
}

// When an operation was won (ms since the epoch, the racers' clock), for wonAt().
const QString DecidedAt = QStringLiteral("SELECT recorded_at FROM resolutions WHERE operation_id = '%1'");
const QString ClaimedAt = QStringLiteral("SELECT claimed_at FROM refund_ops WHERE operation_id = '%1'");
const QString ReleasedAt = QStringLiteral("SELECT updated_at FROM refund_ops WHERE operation_id = '%1'");

// When each operation was won: `sql` (one of the above) for each.
std::vector<qint64> wonAt(const QString &db, const QStringList &operations, const QString &sql)
{
    std::vector<qint64> times;
    for (const QString &id : operations)
        times.push_back(queryCount(db, sql.arg(id)));
    return times;
}

// The unknown operations of the store at `db`, by id, at most `limit`.
QStringList unknownOperations(const QString &db, int limit, QString *error)
{
    auto store = StoreFactory::open(db, Store::OpenMode::ReadOnly);
    if (!store) {
        *error = store.error().message;
        return {};
    }
    QueueQuery query;
    query.statusFilter = QueueQuery::StatusFilter::Unknown;
    query.sortKey = QueueQuery::SortKey::OperationId;
    const auto page = (*store)->queuePage(query, std::nullopt, limit);
    if (!page) {
        *error = page.error().message;
        return {};
    }
    QStringList ids;
    for (const Operation &operation : *page)
        ids << operation.operationId;
    return ids;
}

std::vector<qint64> durationsOf(const std::vector<const RaceResult *> &results)
{
    std::vector<qint64> durations;
    for (const RaceResult *result : results) {
        for (const auto &racer : result->runs) {
            for (const Run &run : racer)
                durations.push_back(run.elapsedMs);
        }
    }
    return durations;
}

QString timesOf(const std::vector<qint64> &durations)
{
    return QStringLiteral("%1/%2/%3").arg(percentile(durations, 50)).arg(percentile(durations, 95))
        .arg(percentile(durations, 100));
}

} // namespace

class tst_Races : public QObject
{
    Q_OBJECT

private slots:
    void raceOnAQuietStore();
    void raceWhileTheToolAndTheReceiverWrite();
    void secondOpenKeepsTheFirstConnectionsLocks();

private:
    // Checks one race: exactly one winner per operation, every loser exit 4 naming it, or
    // exit 3 saying the store stayed busy while the operation was as it saw it, when the
    // winner's write (`wonAt`, per operation) came later than its busy timeout ran out.
    // Fills the winner's index per operation and counts the racers told busy; returns the
    // problems found, each printed (every loser with another exit code counts as one).
    int checkWinners(const RaceResult &result, const QStringList &operations, const LoserMessage &loserMessage,
                     const std::vector<qint64> &wonAt, std::vector<int> &winners, int &busy);
    // Releases each claimed operation by eight processes of its claimant at once: one
    // gives it back, the others learn that nobody holds it any more.
    RaceResult raceToRelease(const QString &db, const QStringList &claimed, const std::vector<int> &claimants,
                             Start start);
};

RaceResult tst_Races::raceToRelease(const QString &db, const QStringList &claimed, const std::vector<int> &claimants,
                                    Start start)
{
    return race(claimed, start, [&](int, const QString &operationId) {
        const qsizetype index = claimed.indexOf(operationId);
        return QStringList({"release", operationId, "--db", db, "--operator", racerName(claimants[size_t(index)])});
    });
}

int tst_Races::checkWinners(const RaceResult &result, const QStringList &operations, const LoserMessage &loserMessage,
                            const std::vector<qint64> &wonAt, std::vector<int> &winners, int &busy)
{
    int problems = 0;
    busy = 0;
    const auto problem = [&problems](const QString &text) {
        if (++problems <= 20)
            qWarning("%s", qPrintable(text));
    };
    winners.assign(size_t(operations.size()), -1);
    for (qsizetype i = 0; i < operations.size(); ++i) {
        const QString &id = operations.at(i);
        QStringList codes;
        for (int racer = 0; racer < Racers; ++racer)
            codes << QString::number(result.runs[racer][size_t(i)].exitCode);
        for (int racer = 0; racer < Racers; ++racer) {
            const Run &run = result.runs[racer][size_t(i)];
            if (run.exitCode == 0) {
                if (winners[size_t(i)] >= 0)
                    problem(QStringLiteral("%1: both %2 and %3 won").arg(id, racerName(winners[size_t(i)]), racerName(racer)));
                else
                    winners[size_t(i)] = racer;
            } else if (run.exitCode == 3 && saysBusyAndUnchanged(run.err, id)) {
                ++busy;
                // It waited the busy timeout out after it started: a win before then was
                // there to be read when it gave up, and is what it must have been told.
                // (The winner's time is taken just before its commit: a second of margin.)
                const qint64 gaveUpAfter = result.startedAt[racer][size_t(i)] + BusyTimeoutMs;
                if (wonAt[size_t(i)] + 1000 < gaveUpAfter)
                    problem(QStringLiteral("%1: %2 was told the store was busy, %3 ms after the operation had been "
                                           "won: %4")
                                .arg(id, racerName(racer)).arg(gaveUpAfter - wonAt[size_t(i)]).arg(run.err.trimmed()));
            } else if (run.exitCode != 4) {
                problem(QStringLiteral("%1: %2 exited %3 (exit codes [%4]): %5")
                            .arg(id, racerName(racer)).arg(run.exitCode).arg(codes.join(QStringLiteral(", ")), run.err.trimmed()));
            }
        }
        const int winner = winners[size_t(i)];
        if (winner < 0) {
            problem(QStringLiteral("%1: nobody won (exit codes [%2])").arg(id, codes.join(QStringLiteral(", "))));
            continue;
        }
        for (int racer = 0; racer < Racers; ++racer) {
            const Run &run = result.runs[racer][size_t(i)];
            if (racer != winner && run.exitCode == 4 && !loserMessage(run.err, racerName(winner), id))
                problem(QStringLiteral("%1: %2 lost to %3 without saying so: %4")
                            .arg(id, racerName(racer), racerName(winner), run.err.trimmed()));
        }
    }
    if (problems > 20)
        qWarning("... %d problems in all", problems);
    return problems;
}

// The race as first met: eight operators decide the same operation at the same moment and
// nothing else uses the store, so that each refund-desk process may be its last user.
// SQLite then folds the write-ahead log into the store and deletes the -wal and -shm
// files as it closes, while the next processes open it.
void tst_Races::raceOnAQuietStore()
{
    const int perRace = scaled(16, 200);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    keepIfAsked(dir);
    const QString db = dir.filePath(QStringLiteral("quiet.sqlite"));
    SimulationOptions options;
    options.operations = 80 * 2 * perRace; // about 1 in 60 ends unknown
    options.seed = 8;
    options.nowMs = 1'767'225'600'000;
    const auto summary = DemoStore::generate(db, options);
    QVERIFY2(summary, summary ? "" : qPrintable(summary.error().message));
    QString error;
    const QStringList unknown = unknownOperations(db, 2 * perRace, &error);
    QVERIFY2(unknown.size() == 2 * perRace,
             qPrintable(QStringLiteral("the demo store has only %1 unknown operations %2").arg(unknown.size()).arg(error)));
    const QStringList toResolve = unknown.mid(0, perRace);
    const QStringList toClaim = unknown.mid(perRace);
    const qint64 resolutionsBefore = queryCount(db, QStringLiteral("SELECT count(*) FROM resolutions"));

    const RaceResult resolves = race(toResolve, Start::InRounds, [&](int racer, const QString &operationId) {
        return resolveArguments(db, racer, operationId);
    });
    const RaceResult claims = race(toClaim, Start::InRounds, [&](int racer, const QString &operationId) {
        return QStringList({"claim", operationId, "--db", db, "--operator", racerName(racer)});
    });
    std::vector<int> resolvers, claimants, releasers;
    int resolveBusy = 0, claimBusy = 0, releaseBusy = 0;
    const int resolveProblems = checkWinners(resolves, toResolve, namesTheDecider, wonAt(db, toResolve, DecidedAt),
                                             resolvers, resolveBusy);
    const int claimProblems = checkWinners(claims, toClaim, namesTheClaimant, wonAt(db, toClaim, ClaimedAt), claimants,
                                           claimBusy);
    QCOMPARE(resolveProblems, 0);
    QCOMPARE(claimProblems, 0);
    const RaceResult releases = raceToRelease(db, toClaim, claimants, Start::InRounds);
    QCOMPARE(checkWinners(releases, toClaim, saysItWasReleased, wonAt(db, toClaim, ReleasedAt), releasers, releaseBusy),
             0);
    const int busy = resolveBusy + claimBusy + releaseBusy;

    for (qsizetype i = 0; i < toResolve.size(); ++i) {
        const QString id = toResolve.at(i);
        QCOMPARE(querySql(db, QStringLiteral("SELECT count(*) || ' ' || min(operator) FROM resolutions WHERE "
                                             "operation_id = '%1'").arg(id)),
                 QStringLiteral("1 ") + racerName(resolvers[size_t(i)]));
    }
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM resolutions")), resolutionsBefore + perRace);
    for (const QString &id : toClaim) {
        QCOMPARE(querySql(db, QStringLiteral("SELECT status || '/' || IFNULL(claimed_by, '-') FROM refund_ops WHERE "
                                             "operation_id = '%1'").arg(id)),
                 QStringLiteral("unknown/-"));
    }
    const QString problems = verifyStore(db);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));

    Figures figures(QStringLiteral("races-quiet"));
    figures.add(QStringLiteral("store"), QStringLiteral("demo simulator, %1 operations, seed %2")
                                             .arg(summary->operations).arg(summary->seed));
    figures.add(QStringLiteral("racing processes, started together per operation"), Racers);
    figures.add(QStringLiteral("operations raced: resolve / claim / release"),
                QStringLiteral("%1 / %1 / %1").arg(perRace));
    const std::vector<qint64> durations = durationsOf({&resolves, &claims, &releases});
    figures.add(QStringLiteral("refund-desk processes run"), qint64(durations.size()));
    figures.add(QStringLiteral("losers with exit 4 naming the winner"), qint64(durations.size()) - 3 * perRace - busy);
    figures.add(QStringLiteral("racers told busy before anyone won (exit 3)"), busy);
    figures.add(QStringLiteral("losers with another exit code"), 0);
    figures.add(QStringLiteral("race wall time ms: resolve / claim / release"),
                QStringLiteral("%1 / %2 / %3").arg(resolves.wallMs).arg(claims.wallMs).arg(releases.wallMs));
    figures.add(QStringLiteral("process time p50/p95/max ms"), timesOf(durations));
    figures.write();
}

void tst_Races::raceWhileTheToolAndTheReceiverWrite()
{
    const int perRace = scaled(16, 200);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    keepIfAsked(dir);
    const QString db = dir.filePath(QStringLiteral("race.sqlite"));

    // The store as the simulator builds it, with enough unknown operations for two races.
    SimulationOptions options;
    options.operations = 80 * 2 * perRace; // about 1 in 60 ends unknown
    options.seed = 6;
    options.nowMs = 1'767'225'600'000; // 2026-01-01, so every run races on the same store
    const auto summary = DemoStore::generate(db, options);
    QVERIFY2(summary, summary ? "" : qPrintable(summary.error().message));
    QString error;
    const QStringList unknown = unknownOperations(db, 2 * perRace, &error);
    QVERIFY2(unknown.size() == 2 * perRace,
             qPrintable(QStringLiteral("the demo store has only %1 unknown operations %2").arg(unknown.size()).arg(error)));
    const QStringList toResolve = unknown.mid(0, perRace);
    const QStringList toClaim = unknown.mid(perRace);
    const qint64 resolutionsBefore = queryCount(db, QStringLiteral("SELECT count(*) FROM resolutions"));

    // The other writers, for the whole time of the races. Each connects per operation or
    // delivery, as a tool invoked per call does, so that the store is left without a user
    // now and then as on a quiet day; beside them a second tool writes without ever
    // pausing, on a connection it holds, so that a racer may wait out its busy timeout
    // among many short writes.
    const QString stopFile = dir.filePath(QStringLiteral("stop"));
    // SQLite's lock is not fair: beside a writer that never pauses, any other may wait
    // longer than 5 s for its turn. The tools and the receiver wait as long as it takes
    // (their longest wait is a figure); the racers keep Refund Desk's 5 s.
    const QString toolsWaitMs = QStringLiteral("300000");
    Background agent(QStringLiteral(RD_FAKE_AGENT_PATH),
                     {"--db", db, "--prefix", "agent", "--stop-file", stopFile, "--max-seconds", "900",
                      "--connection", "per-operation", "--busy-timeout-ms", toolsWaitMs});
    Background webhook(QStringLiteral(RD_FAKE_WEBHOOK_PATH),
                       {"--db", db, "--prefix", "hook", "--operation-prefix", "agent", "--stop-file", stopFile,
                        "--max-seconds", "900", "--connection", "per-delivery", "--busy-timeout-ms", toolsWaitMs});
    Background steady(QStringLiteral(RD_FAKE_AGENT_PATH),
                      {"--db", db, "--prefix", "steady", "--seed", "7", "--stop-file", stopFile, "--max-seconds",
                       "900", "--pause-ms", "0", "--busy-timeout-ms", toolsWaitMs});
    QVERIFY(agent.started());
    QVERIFY(webhook.started());
    QVERIFY(steady.started());

    const RaceResult resolves = race(toResolve, Start::Freely, [&](int racer, const QString &operationId) {
        return resolveArguments(db, racer, operationId);
    });
    const RaceResult claims = race(toClaim, Start::Freely, [&](int racer, const QString &operationId) {
        return QStringList({"claim", operationId, "--db", db, "--operator", racerName(racer)});
    });
    std::vector<int> resolvers, claimants, releasers;
    int resolveBusy = 0, claimBusy = 0, releaseBusy = 0;
    const int resolveProblems = checkWinners(resolves, toResolve, namesTheDecider, wonAt(db, toResolve, DecidedAt),
                                             resolvers, resolveBusy);
    const int claimProblems = checkWinners(claims, toClaim, namesTheClaimant, wonAt(db, toClaim, ClaimedAt), claimants,
                                           claimBusy);
    for (qsizetype i = 0; i < toClaim.size(); ++i) {
        QCOMPARE(querySql(db, QStringLiteral("SELECT status || ' ' || claimed_by FROM refund_ops WHERE operation_id = '%1'")
                                  .arg(toClaim.at(i))),
                 QStringLiteral("checking ") + racerName(claimants[size_t(i)]));
    }
    const RaceResult releases = raceToRelease(db, toClaim, claimants, Start::Freely);

    QFile stop(stopFile);
    QVERIFY(stop.open(QIODevice::WriteOnly));
    stop.close();
    const Run agentRun = agent.finish();
    const Run webhookRun = webhook.finish();
    const Run steadyRun = steady.finish();

    QCOMPARE(resolveProblems, 0);
    QCOMPARE(claimProblems, 0);
    QCOMPARE(checkWinners(releases, toClaim, saysItWasReleased, wonAt(db, toClaim, ReleasedAt), releasers, releaseBusy),
             0);
    const int busy = resolveBusy + claimBusy + releaseBusy;
    for (qsizetype i = 0; i < toResolve.size(); ++i) {
        const QString id = toResolve.at(i);
        const int winner = resolvers[size_t(i)];
        QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM resolutions WHERE operation_id = '%1'").arg(id)), 1);
        QCOMPARE(querySql(db, QStringLiteral("SELECT operator FROM resolutions WHERE operation_id = '%1'").arg(id)),
                 racerName(winner));
        QCOMPARE(querySql(db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = '%1'").arg(id)),
                 winner % 2 ? QStringLiteral("refunded") : QStringLiteral("failed"));
    }
    for (const QString &id : toClaim) {
        QCOMPARE(querySql(db, QStringLiteral("SELECT status || '/' || IFNULL(claimed_by, '-') FROM refund_ops WHERE "
                                             "operation_id = '%1'").arg(id)),
                 QStringLiteral("unknown/-"));
    }
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM resolutions")), resolutionsBefore + perRace);

    // The tools and the receiver saw no error, and every row they wrote is there.
    QVERIFY2(agentRun.exitCode == 0, qPrintable(agentRun.err + QString::fromUtf8(agentRun.out)));
    QVERIFY2(webhookRun.exitCode == 0, qPrintable(webhookRun.err + QString::fromUtf8(webhookRun.out)));
    QVERIFY2(steadyRun.exitCode == 0, qPrintable(steadyRun.err + QString::fromUtf8(steadyRun.out)));
    const auto tool = parseFigures(agentRun.out);
    const auto receiver = parseFigures(webhookRun.out);
    const auto steadyTool = parseFigures(steadyRun.out);
    QCOMPARE(tool.value("errors", -1), 0);
    QCOMPARE(receiver.value("errors", -1), 0);
    QCOMPARE(steadyTool.value("errors", -1), 0);
    QVERIFY2(tool.value("operations") >= 10, "the agent hardly ran during the race");
    QVERIFY2(receiver.value("deliveries") >= 10, "the webhook receiver hardly ran during the race");
    QVERIFY2(steadyTool.value("operations") >= 10, "the steady writer hardly ran during the race");
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE operation_id LIKE 'steady\\_op\\_%' "
                                           "ESCAPE '\\'")),
             steadyTool.value("operations"));
    const QString agentOps = QStringLiteral("FROM refund_ops WHERE operation_id LIKE 'agent\\_op\\_%' ESCAPE '\\'");
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) ") + agentOps), tool.value("operations"));
    for (const char *status : {"refunded", "failed", "unknown"}) {
        QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) %1 AND status = '%2'").arg(agentOps, QLatin1String(status))),
                 tool.value(QLatin1String(status)));
    }
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) %1 AND status = 'open'").arg(agentOps)), 0);
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM refund_attempts WHERE operation_id LIKE "
                                           "'agent\\_op\\_%' ESCAPE '\\' AND outcome IS NOT NULL")),
             tool.value("attempts"));
    QCOMPARE(queryCount(db, QStringLiteral("SELECT sum(attempts) ") + agentOps), tool.value("attempts"));
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM webhook_events WHERE event_id LIKE 'evt\\_hook\\_%' "
                                           "ESCAPE '\\'")),
             receiver.value("stored"));
    QCOMPARE(receiver.value("stored") + receiver.value("duplicates"), receiver.value("deliveries"));

    const QString problems = verifyStore(db);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));

    const std::vector<qint64> durations = durationsOf({&resolves, &claims, &releases});
    Figures figures(QStringLiteral("races"));
    figures.add(QStringLiteral("store"), QStringLiteral("demo simulator, %1 operations, seed %2")
                                             .arg(summary->operations).arg(summary->seed));
    figures.add(QStringLiteral("racing processes"), Racers);
    figures.add(QStringLiteral("operations raced: resolve / claim / release"),
                QStringLiteral("%1 / %1 / %1").arg(perRace));
    figures.add(QStringLiteral("refund-desk processes run"), qint64(durations.size()));
    figures.add(QStringLiteral("decisions recorded"), perRace);
    figures.add(QStringLiteral("losers with exit 4 naming the winner"), qint64(durations.size()) - 3 * perRace - busy);
    figures.add(QStringLiteral("racers told busy before anyone won (exit 3): resolve / claim / release"),
                QStringLiteral("%1 / %2 / %3").arg(resolveBusy).arg(claimBusy).arg(releaseBusy));
    figures.add(QStringLiteral("losers with another exit code, or told busy after a win"), 0);
    figures.add(QStringLiteral("race wall time ms: resolve / claim / release"),
                QStringLiteral("%1 / %2 / %3").arg(resolves.wallMs).arg(claims.wallMs).arg(releases.wallMs));
    figures.add(QStringLiteral("process time p50/p95/max ms"), timesOf(durations));
    figures.add(QStringLiteral("agent operations/attempts (refunded/failed/unknown)"),
                QStringLiteral("%1/%2 (%3/%4/%5)")
                    .arg(tool.value("operations")).arg(tool.value("attempts")).arg(tool.value("refunded"))
                    .arg(tool.value("failed")).arg(tool.value("unknown")));
    figures.add(QStringLiteral("agent errors, longest write ms"),
                QStringLiteral("%1, %2").arg(tool.value("errors")).arg(tool.value("max_write_ms")));
    figures.add(QStringLiteral("webhook deliveries/stored/duplicates"),
                QStringLiteral("%1/%2/%3").arg(receiver.value("deliveries")).arg(receiver.value("stored"))
                    .arg(receiver.value("duplicates")));
    figures.add(QStringLiteral("webhook errors, longest write ms"),
                QStringLiteral("%1, %2").arg(receiver.value("errors")).arg(receiver.value("max_write_ms")));
    figures.add(QStringLiteral("steady writer (no pause) operations/attempts, errors, longest write ms"),
                QStringLiteral("%1/%2, %3, %4")
                    .arg(steadyTool.value("operations")).arg(steadyTool.value("attempts"))
                    .arg(steadyTool.value("errors")).arg(steadyTool.value("max_write_ms")));
    figures.add(QStringLiteral("rows lost"), 0);
    figures.write();
}

// The console opens more than one Store on the same file in one process (the window's,
// a worker thread's for verify or export). POSIX advisory locks belong to the process:
// closing any descriptor of the file drops every lock the process holds on it, so an
// open that reads the file by other means than SQLite must not close it while another
// connection of the process is open. Otherwise the refund tool, closing its connection,
// believes it is the store's last user, checkpoints and deletes the WAL under the
// console's feet (SQLite's "How To Corrupt", 2.2).
void tst_Races::secondOpenKeepsTheFirstConnectionsLocks()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("shared.sqlite"));
    { Test::TestStore store(db); QVERIFY2(store.isValid(), qPrintable(store.lastError())); }

    auto window = StoreFactory::open(db, Store::OpenMode::ReadWrite);
    QVERIFY2(window, window ? "" : qPrintable(window.error().message));
    QVERIFY((*window)->dataVersion());
    for (const Store::OpenMode mode : {Store::OpenMode::ReadOnly, Store::OpenMode::ReadWrite}) {
        auto worker = StoreFactory::open(db, mode);
        QVERIFY2(worker, worker ? "" : qPrintable(worker.error().message));
        QVERIFY((*worker)->dataVersion());
    }

    // The refund tool writes and closes: with this process's locks in place it is not the
    // last user, so it leaves the WAL alone.
    const Run agent = runProgram(QStringLiteral(RD_FAKE_AGENT_PATH), {"--db", db, "--count", "3", "--pause-ms", "0"});
    QVERIFY2(agent.exitCode == 0, qPrintable(agent.err));
    QVERIFY2(QFileInfo::exists(db + QStringLiteral("-wal")),
             "the refund tool found no other user of the store and removed its WAL: opening a second Store "
             "released the first connection's locks");
    const auto page = (*window)->queuePage(QueueQuery(), std::nullopt, 100);
    QVERIFY2(page, page ? "" : qPrintable(page.error().message));
}

QTEST_GUILESS_MAIN(tst_Races)
#include "tst_races.moc"
