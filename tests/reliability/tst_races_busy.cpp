// Racing while the refund tool and the webhook receiver write to the same store, and a second
// open that keeps the first connection's locks.

#include "tst_races.h"

namespace {

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

} // namespace

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
