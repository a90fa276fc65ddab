// Crashes (docs/RELIABILITY.md): refund-desk killed with SIGKILL at random points of a
// decision, and inside its transaction (between the status UPDATE and the resolution
// INSERT, held open by refund-desk-testing's RD_TEST_DELAY_IN_RESOLVE_MS), leaves each
// operation either untouched or fully resolved, and the audit chain verifies afterwards.
// An import killed half-way leaves only whole events, and importing again completes it.

#include "reliability.h"
#include "testpaths.h"
#include "teststore.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <unordered_map>

using namespace RefundDesk;
using namespace RefundDesk::Reliability;
using RefundDesk::Test::TestStore;

namespace {

// What a killed decision left behind.
enum class Left { Untouched, Resolved, Broken };

Left inspect(const QString &db, const QString &operationId, QString *detail)
{
    const QString status = querySql(db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = '%1'")
                                            .arg(operationId));
    const qint64 resolutions = queryCount(db, QStringLiteral("SELECT count(*) FROM resolutions WHERE operation_id = '%1'")
                                                  .arg(operationId));
    const QString outcome = querySql(db, QStringLiteral("SELECT outcome FROM resolutions WHERE operation_id = '%1'")
                                             .arg(operationId));
    *detail = QStringLiteral("%1: status %2, %3 resolutions (%4)").arg(operationId, status).arg(resolutions).arg(outcome);
    if (status == QLatin1String("unknown") && resolutions == 0)
        return Left::Untouched;
    if (status == QLatin1String("failed") && resolutions == 1 && outcome == QLatin1String("failed"))
        return Left::Resolved;
    return Left::Broken;
}

QStringList resolveArguments(const QString &db, const QString &operationId)
{
    return {"resolve", operationId, "--db", db, "--operator", "crash-test", "--outcome", "failed",
            "--evidence", "dashboard"};
}

} // namespace

class tst_Crashes : public QObject
{
    Q_OBJECT

private slots:
    void decisionKilledAnywhere();
    void importKilledHalfWay();
};

void tst_Crashes::decisionKilledAnywhere()
{
    const int killsInside = scaled(24, 150);
    const int killsAnywhere = scaled(24, 150);
    QRandomGenerator random(seed(6));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    keepIfAsked(dir);
    const QString db = dir.filePath(QStringLiteral("crash.sqlite"));
    const int operations = killsInside + killsAnywhere + 10;
    {
        TestStore store(db);
        QVERIFY2(store.isValid(), qPrintable(store.lastError()));
        for (int i = 0; i < operations; ++i)
            QVERIFY2(store.addOperation(TestStore::operation(QStringLiteral("op_crash_%1").arg(i))),
                     qPrintable(store.lastError()));
    }
    auto operationId = [](int i) { return QStringLiteral("op_crash_%1").arg(i); };

    // A few whole decisions first: the chain has links to break, and their duration bounds
    // the random kill times.
    std::vector<qint64> durations;
    int next = 0;
    for (; next < 5; ++next) {
        const Run run = refundDesk(resolveArguments(db, operationId(next)));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        durations.push_back(run.elapsedMs);
    }
    // Random kill times spread over the whole life of a decision process and a bit beyond,
    // so that some land before, some inside and some after its transaction.
    const qint64 decisionMs = qMax<qint64>(20, percentile(durations, 100));

    int untouched = 0, resolved = 0, finishedBeforeKill = 0, heldLockWhenKilled = 0;
    QProcessEnvironment delayed = QProcessEnvironment::systemEnvironment();
    // The pause inside the transaction outlasts any wait for the kill (it always comes, so
    // this costs nothing): however busy the machine, the kill lands inside it.
    constexpr int DelayMs = 120'000;
    constexpr int KillWithinMs = 400;
    delayed.insert(QStringLiteral("RD_TEST_DELAY_IN_RESOLVE_MS"), QString::number(DelayMs));
    WriteLockProbe probe(db);
    QVERIFY(probe.isValid());

    for (int k = 0; k < killsInside + killsAnywhere; ++k, ++next) {
        const bool inside = k < killsInside;
        const QString id = operationId(next);
        QProcess process;
        process.setProcessEnvironment(inside ? delayed : QProcessEnvironment::systemEnvironment());
        // The pause is a fault of the testing build's (tests/seams); the others run the product.
        process.start(inside ? Test::testingAppPath() : Test::appPath(), resolveArguments(db, id));
        QVERIFY(process.waitForStarted(10000));
        if (inside) {
            // Wait until it holds the write lock, then kill it while it sleeps between
            // the UPDATE of the status and the INSERT of the resolution.
            QElapsedTimer waited;
            waited.start();
            while (!probe.isHeld() && process.state() == QProcess::Running && waited.elapsed() < 120'000)
                QThread::msleep(2);
            QVERIFY2(process.state() == QProcess::Running, "the delayed decision ended before it was killed");
            QThread::msleep(20 + random.bounded(KillWithinMs));
            QVERIFY2(probe.isHeld(), "the delayed decision no longer holds the write lock");
            ++heldLockWhenKilled;
        } else {
            QThread::msleep(random.bounded(int(decisionMs * 3 / 2) + 1));
        }
        const bool running = process.state() == QProcess::Running;
        process.kill(); // SIGKILL
        QVERIFY(process.waitForFinished(10000));
        if (!running)
            ++finishedBeforeKill;

        QString detail;
        const Left left = inspect(db, id, &detail);
        QVERIFY2(left != Left::Broken, qPrintable(detail));
        if (inside)
            QVERIFY2(left == Left::Untouched, qPrintable(QStringLiteral("killed before its commit, yet ") + detail));
        (left == Left::Untouched ? untouched : resolved)++;

        if (k % 10 == 9) {
            const QString problems = verifyStore(db);
            QVERIFY2(problems.isEmpty(), qPrintable(problems));
        }
    }

    // The store recovers: the chain verifies, and the next decisions go through.
    QString problems = verifyStore(db);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
    for (int i = 0; i < 5; ++i, ++next) {
        const Run run = refundDesk(resolveArguments(db, operationId(next)));
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    }
    // An operation left untouched can still be decided, once.
    for (int i = 5; i < operations - 5; ++i) {
        QString detail;
        if (inspect(db, operationId(i), &detail) == Left::Untouched) {
            QCOMPARE(refundDesk(resolveArguments(db, operationId(i))).exitCode, 0);
            QCOMPARE(refundDesk(resolveArguments(db, operationId(i))).exitCode, 4);
            break;
        }
    }
    problems = verifyStore(db);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));

    Figures figures(QStringLiteral("crashes-decisions"));
    figures.add(QStringLiteral("decisions killed with SIGKILL"), killsInside + killsAnywhere);
    figures.add(QStringLiteral("killed inside the transaction (write lock held, between UPDATE and INSERT)"),
                heldLockWhenKilled);
    figures.add(QStringLiteral("killed at a random time (0 to 1.5 x the longest of 5 whole decisions, %1 ms)").arg(decisionMs),
                killsAnywhere);
    figures.add(QStringLiteral("left untouched"), untouched);
    figures.add(QStringLiteral("left fully resolved"), resolved);
    figures.add(QStringLiteral("had already exited when the kill came"), finishedBeforeKill);
    figures.add(QStringLiteral("half-written operations"), 0);
    figures.add(QStringLiteral("verify after every 10 kills and at the end"), QStringLiteral("passed"));
    figures.write();
}

void tst_Crashes::importKilledHalfWay()
{
    const int events = scaled(20000, 200000);
    const int kills = scaled(6, 20);
    QRandomGenerator random(seed(7));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    keepIfAsked(dir);

    // A JSON Lines file of distinct refund events; the map keeps each line to compare.
    const QString file = dir.filePath(QStringLiteral("events.jsonl"));
    std::unordered_map<QString, QString> lines;
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        for (int i = 0; i < events; ++i) {
            const QString eventId = QStringLiteral("evt_import_%1").arg(i);
            const QString line = TestStore::refundEventPayload(
                eventId, i % 2 ? QStringLiteral("refund.updated") : QStringLiteral("refund.created"),
                QStringLiteral("re_import_%1").arg(i / 2), i % 2 ? QStringLiteral("succeeded") : QStringLiteral("pending"),
                1000 + i, QStringLiteral("usd"), QStringLiteral("op_import_%1").arg(i / 2),
                QStringLiteral("key-import-%1").arg(i / 2), 1'767'000'000 + i);
            out.write(line.toUtf8() + '\n');
            lines.emplace(eventId, line);
        }
    }

    // How long a whole import takes, on a store of its own.
    const QString scratch = dir.filePath(QStringLiteral("scratch.sqlite"));
    { TestStore store(scratch); QVERIFY(store.isValid()); }
    const Run whole = refundDesk({"import-events", file, "--db", scratch}, 600000);
    QVERIFY2(whole.exitCode == 0, qPrintable(whole.err));
    QCOMPARE(queryCount(scratch, QStringLiteral("SELECT count(*) FROM webhook_events")), qint64(events));

    QString db;

    // Every stored event is whole: its payload is its line, its columns are read from it.
    auto wholeEvents = [&](qint64 &count) -> QString {
        qint64 bad = 0;
        count = 0;
        QString firstBad;
        QString error;
        const bool read = forEachRow(db, QStringLiteral("SELECT event_id, payload, operation_id, idempotency_key, "
                                                        "refund_id FROM webhook_events"),
                                     [&](const QStringList &row) {
            ++count;
            const auto found = lines.find(row.at(0));
            const int n = row.at(0).mid(QStringLiteral("evt_import_").size()).toInt();
            if (found == lines.end() || found->second != row.at(1)
                || row.at(2) != QStringLiteral("op_import_%1").arg(n / 2)
                || row.at(3) != QStringLiteral("key-import-%1").arg(n / 2)
                || row.at(4) != QStringLiteral("re_import_%1").arg(n / 2)) {
                if (bad++ == 0)
                    firstBad = row.join(u'|').left(300);
            }
        }, &error);
        if (!read)
            return error;
        if (bad)
            return QStringLiteral("%1 events are not whole, e.g. %2").arg(bad).arg(firstBad);
        const QString check = querySql(db, QStringLiteral("PRAGMA quick_check"), &error);
        return check == QLatin1String("ok") ? QString() : check + error;
    };

    QStringList storedAfterKills;
    int killedWhileRunning = 0;
    for (int k = 0; k < kills; ++k) {
        // Each import from scratch, into a new store, killed somewhere in its run.
        db = dir.filePath(QStringLiteral("import-%1.sqlite").arg(k));
        { TestStore store(db); QVERIFY(store.isValid()); }
        QProcess process;
        process.start(Test::appPath(), {"import-events", file, "--db", db});
        QVERIFY(process.waitForStarted(10000));
        QThread::msleep(whole.elapsedMs / 10 + random.bounded(int(whole.elapsedMs * 8 / 10) + 1));
        if (process.state() == QProcess::Running)
            ++killedWhileRunning;
        process.kill(); // SIGKILL
        QVERIFY(process.waitForFinished(10000));

        qint64 count = 0;
        const QString problem = wholeEvents(count);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        storedAfterKills << QString::number(count);
    }

    // Importing again into the last one takes the rest: the events already present are
    // left alone.
    const Run rest = refundDesk({"import-events", file, "--db", db}, 600000);
    QVERIFY2(rest.exitCode == 0, qPrintable(rest.err));
    qint64 count = 0;
    const QString problem = wholeEvents(count);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(count, qint64(events));
    const QString problems = verifyStore(db);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));

    Figures figures(QStringLiteral("crashes-import"));
    figures.add(QStringLiteral("events in the file"), events);
    figures.add(QStringLiteral("file size MB"), QFileInfo(file).size() / (1024 * 1024));
    figures.add(QStringLiteral("whole import ms"), whole.elapsedMs);
    figures.add(QStringLiteral("imports killed with SIGKILL"), kills);
    figures.add(QStringLiteral("of them still running when killed"), killedWhileRunning);
    figures.add(QStringLiteral("events stored when each import was killed"), storedAfterKills.join(QStringLiteral(", ")));
    figures.add(QStringLiteral("events not whole"), 0);
    figures.add(QStringLiteral("events after importing again"), count);
    figures.write();
}

QTEST_GUILESS_MAIN(tst_Crashes)
#include "tst_crashes.moc"
