// tst_races's class and what its files share: processes started together against one store,
// and who won.

#pragma once

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

constexpr int Racers = 8;

inline QString racerName(int racer)
{
    return QStringLiteral("racer-%1").arg(racer + 1);
}

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

inline RaceResult race(const QStringList &operations, Start start, const RaceArguments &arguments)
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

inline QStringList resolveArguments(const QString &db, int racer, const QString &operationId)
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

inline bool namesTheDecider(const QString &message, const QString &winner, const QString &)
{
    return message.contains(QStringLiteral("already resolved as")) // "... as failed by racer-3 at ..."
           && message.contains(QStringLiteral("by %1 at").arg(winner));
}

inline bool namesTheClaimant(const QString &message, const QString &winner, const QString &)
{
    return message.contains(QStringLiteral("being checked by %1 since").arg(winner));
}

// The claimant's other processes find it released already: by the time they read it, or
// in between.
inline bool saysItWasReleased(const QString &message, const QString &, const QString &operationId)
{
    return message.contains(QStringLiteral("%1 is not claimed by anyone").arg(operationId))
           || message.contains(QStringLiteral("%1 changed since you looked at it (it is now unknown").arg(operationId));
}

// When an operation was won (ms since the epoch, the racers' clock), for wonAt().
inline const QString DecidedAt = QStringLiteral("SELECT recorded_at FROM resolutions WHERE operation_id = '%1'");
inline const QString ClaimedAt = QStringLiteral("SELECT claimed_at FROM refund_ops WHERE operation_id = '%1'");
inline const QString ReleasedAt = QStringLiteral("SELECT updated_at FROM refund_ops WHERE operation_id = '%1'");

// When each operation was won: `sql` (one of the above) for each.
inline std::vector<qint64> wonAt(const QString &db, const QStringList &operations, const QString &sql)
{
    std::vector<qint64> times;
    for (const QString &id : operations)
        times.push_back(queryCount(db, sql.arg(id)));
    return times;
}

// The unknown operations of the store at `db`, by id, at most `limit`.
inline QStringList unknownOperations(const QString &db, int limit, QString *error)
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

inline std::vector<qint64> durationsOf(const std::vector<const RaceResult *> &results)
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

inline QString timesOf(const std::vector<qint64> &durations)
{
    return QStringLiteral("%1/%2/%3").arg(percentile(durations, 50)).arg(percentile(durations, 95))
        .arg(percentile(durations, 100));
}

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
