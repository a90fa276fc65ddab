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

#include "tst_races.h"

namespace {

constexpr qint64 BusyTimeoutMs = 5000;

// Whether a racer that exited 3 said what happened: the store stayed busy, and the
// operation was still as it saw it.
bool saysBusyAndUnchanged(const QString &message, const QString &operationId)
{
    return message.contains(QStringLiteral("The store is busy: other programs kept writing to it"))
           && message.contains(QStringLiteral("%1 is still as you saw it").arg(operationId));
}

} // namespace

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

QTEST_GUILESS_MAIN(tst_Races)
