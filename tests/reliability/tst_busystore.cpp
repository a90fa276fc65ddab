// A busy store (docs/RELIABILITY.md): another program holds the store's write lock. For
// longer than the busy timeout (5 s), every write command gives up with "the store is
// busy, try again" and exit 3, writing nothing, while reads go on (WAL readers are not
// blocked by a writer). For less than the timeout, the write waits its turn and succeeds.
//
// Nothing here depends on how fast the machine is: the claims are orders of events
// (a command finished before the lock went, or started before it and wrote after it) by
// the lock holder's own clock, and the one duration checked has only a lower bound (a
// write that gave up waited at least the busy timeout).
//
// A claim, release or decision whose operation another person changed meanwhile is told
// so (exit 4) even when it never got the lock.

#include "reliability.h"
#include "teststore.h"

#include "store/store.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <memory>

using namespace RefundDesk;
using namespace RefundDesk::Reliability;
using RefundDesk::Test::TestStore;

namespace {

constexpr int BusyTimeoutMs = 5000;

} // namespace

class tst_BusyStore : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void heldLockGivesBusyAndWritesNothing();
    void shortLockIsWaitedFor();
    void loserIsToldItLostWhileTheStoreIsBusy_data();
    void loserIsToldItLostWhileTheStoreIsBusy();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
};

void tst_BusyStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("busy.sqlite"));
    TestStore store(m_db);
    QVERIFY2(store.isValid(), qPrintable(store.lastError()));
    for (const char *id : {"op_resolve", "op_claim", "op_5521"})
        QVERIFY(store.addOperation(TestStore::operation(QLatin1String(id))));
    Operation claimed = TestStore::operation(QStringLiteral("op_release"), OperationStatus::Checking);
    claimed.claimedBy = QStringLiteral("ann");
    QVERIFY(store.addOperation(claimed));
}

void tst_BusyStore::heldLockGivesBusyAndWritesNothing()
{
    const QByteArray before = dumpStore(m_db);
    QVERIFY(!before.isEmpty());
    const QString events = m_dir->filePath(QStringLiteral("events.jsonl"));
    {
        QFile file(events);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(TestStore::refundEventPayload("evt_busy_1", "refund.updated", "re_busy", "succeeded", 3800, "usd",
                                                 "op_5521", "key-op_5521", 1'767'000'000)
                       .toUtf8()
                   + '\n');
    }

    struct Write
    {
        QString name;
        QStringList arguments;
    };
    std::vector<Write> writes = {
        {"resolve", {"resolve", "op_resolve", "--db", m_db, "--operator", "bob", "--outcome", "failed", "--evidence",
                     "dashboard"}},
        {"claim", {"claim", "op_claim", "--db", m_db, "--operator", "bob"}},
        {"release", {"release", "op_release", "--db", m_db, "--operator", "ann"}},
        {"import-events", {"import-events", events, "--db", m_db}},
    };

    // Held for up to three busy timeouts, and released as soon as every command is done:
    // each write gives up after one timeout, and the rest is room for process starts and
    // the reads on a busy machine. That every command finished before the lock went is
    // checked below, not assumed.
    LockHolder holder(m_db, 3 * BusyTimeoutMs);
    QVERIFY(holder.waitUntilLocked());
    QElapsedTimer held;
    held.start();

    // Every write at once, each in its own process.
    std::vector<Run> runs(writes.size());
    std::vector<std::unique_ptr<QThread>> threads;
    for (size_t i = 0; i < writes.size(); ++i) {
        threads.emplace_back(QThread::create([&, i] { runs[i] = refundDesk(writes[i].arguments); }));
        threads.back()->start();
    }
    // Meanwhile, reading goes on.
    const Run queue = refundDesk({"queue", "--db", m_db, "--json"});
    const Run show = refundDesk({"show", "op_5521", "--db", m_db});
    for (auto &thread : threads)
        thread->wait();
    const qint64 allDoneAt = QDateTime::currentMSecsSinceEpoch();
    const qint64 heldFor = held.elapsed();
    QVERIFY(holder.releaseNow());
    QVERIFY(holder.releasedAtMs() > 0);

    // Every command, the reads and the writes alike, had finished while the lock was still
    // held (it is let go in the same millisecond at the soonest): the reads did not wait for
    // it, and the writes gave up on their own timeout instead of waiting for the lock to go.
    QVERIFY2(allDoneAt <= holder.releasedAtMs(),
             qPrintable(QStringLiteral("the commands finished %1 ms after the lock was released, after it had been "
                                       "held for %2 ms")
                            .arg(allDoneAt - holder.releasedAtMs()).arg(holder.releasedAtMs() - holder.lockedAtMs())));
    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
    QVERIFY2(show.exitCode == 0, qPrintable(show.err));
    Figures figures(QStringLiteral("busy-store"));
    figures.add(QStringLiteral("write lock held by another process ms"), holder.releasedAtMs() - holder.lockedAtMs());
    figures.add(QStringLiteral("all commands done after ms"), heldFor);
    for (size_t i = 0; i < writes.size(); ++i) {
        const Run &run = runs[i];
        const QString name = writes[i].name;
        QVERIFY2(run.exitCode == 3, qPrintable(name + QStringLiteral(" exited %1: ").arg(run.exitCode) + run.err));
        QVERIFY2(run.err.contains(QStringLiteral("The store is busy")), qPrintable(name + u' ' + run.err));
        QVERIFY2(run.err.contains(QStringLiteral("Try again")), qPrintable(name + u' ' + run.err));
        QVERIFY2(run.err.contains(QStringLiteral("Nothing was written")), qPrintable(name + u' ' + run.err));
        // It waited for the busy timeout, no less (and, checked above, gave up before the
        // lock went). A lower bound only: a slower machine only makes it longer.
        QVERIFY2(run.elapsedMs >= BusyTimeoutMs - 200, qPrintable(name + QStringLiteral(" took %1 ms").arg(run.elapsedMs)));
        figures.add(name + QStringLiteral(": exit, ms"), QStringLiteral("%1, %2").arg(run.exitCode).arg(run.elapsedMs));
        if (i == 0)
            qInfo("%s: %s", qPrintable(name), qPrintable(run.err.trimmed()));
    }
    figures.add(QStringLiteral("queue and show while locked: exit, ms"),
                QStringLiteral("%1, %2 / %3, %4").arg(queue.exitCode).arg(queue.elapsedMs).arg(show.exitCode)
                    .arg(show.elapsedMs));

    // Nothing was written, by the commands or by the holder that rolled back.
    QCOMPARE(dumpStore(m_db), before);
    figures.add(QStringLiteral("rows changed"), 0);
    figures.write();
}

void tst_BusyStore::shortLockIsWaitedFor()
{
    // Held for less than the busy timeout: a write that meets it waits its turn.
    LockHolder holder(m_db, BusyTimeoutMs / 2);
    QVERIFY(holder.waitUntilLocked());
    const qint64 startedAt = QDateTime::currentMSecsSinceEpoch();
    const Run run = refundDesk({"resolve", "op_resolve", "--db", m_db, "--operator", "bob", "--outcome", "failed",
                                "--evidence", "dashboard"});
    QVERIFY(holder.finish());
    // It started while the lock was held, and (the holder committing nothing) could only
    // write once the lock had gone: it met the lock and waited for it.
    QVERIFY2(startedAt < holder.releasedAtMs(),
             qPrintable(QStringLiteral("the command started %1 ms after the lock was released")
                            .arg(startedAt - holder.releasedAtMs())));
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(querySql(m_db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_resolve'")),
             QStringLiteral("failed"));
    const qint64 recordedAt =
        queryCount(m_db, QStringLiteral("SELECT recorded_at FROM resolutions WHERE operation_id = 'op_resolve'"));
    QVERIFY2(recordedAt >= holder.releasedAtMs(),
             qPrintable(QStringLiteral("recorded at %1, the lock released at %2").arg(recordedAt)
                            .arg(holder.releasedAtMs())));
    QCOMPARE(queryCount(m_db, QStringLiteral("SELECT count(*) FROM webhook_events")), 0);
}

void tst_BusyStore::loserIsToldItLostWhileTheStoreIsBusy_data()
{
    QTest::addColumn<QString>("write");     // claim, release or resolve, by `who`
    QTest::addColumn<QString>("operation");
    QTest::addColumn<QString>("who");
    // What another person did after `who` looked (claim, resolve, take-over, nothing), or
    // before (decided before): `who` then writes on what it saw, as the commands do.
    QTest::addColumn<QString>("meanwhile");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");

    QTest::newRow("claim, after another claim")
        << "claim" << "op_claim" << "bob" << "claim" << 4 << "op_claim is being checked by ann since";
    QTest::newRow("decision, after another decision")
        << "resolve" << "op_resolve" << "bob" << "resolve" << 4 << "op_resolve was already resolved as failed by ann";
    QTest::newRow("decision, after a claim")
        << "resolve" << "op_resolve" << "bob" << "claim" << 4 << "op_resolve is being checked by ann since";
    QTest::newRow("decision, on what was decided before")
        << "resolve" << "op_resolve" << "bob" << "decided before" << 4
        << "op_resolve was already resolved as failed by ann";
    QTest::newRow("claim, of what was claimed before")
        << "claim" << "op_release" << "bob" << "nothing" << 4 << "op_release is being checked by ann since";
    QTest::newRow("release, after a take-over")
        << "release" << "op_release" << "ann" << "take-over" << 4 << "op_release is being checked by bob since";
    QTest::newRow("claim, nothing changed")
        << "claim" << "op_claim" << "bob" << "nothing" << 3
        << "The store is busy: other programs kept writing to it for more than 5 seconds and this write never got "
           "its turn while claiming op_claim. op_claim is still as you saw it (unknown)";
    QTest::newRow("decision, nothing changed")
        << "resolve" << "op_resolve" << "bob" << "nothing" << 3 << "op_resolve is still as you saw it (unknown)";
}

void tst_BusyStore::loserIsToldItLostWhileTheStoreIsBusy()
{
    QFETCH(QString, write);
    QFETCH(QString, operation);
    QFETCH(QString, who);
    QFETCH(QString, meanwhile);
    QFETCH(int, exitCode);
    QFETCH(QString, message);

    auto store = StoreFactory::open(m_db, Store::OpenMode::ReadWrite);
    auto other = StoreFactory::open(m_db, Store::OpenMode::ReadWrite);
    QVERIFY(store && other);
    ResolutionDraft draft;
    draft.operationId = operation;
    draft.outcome = Outcome::Failed;
    draft.evidence = QStringLiteral("dashboard");
    draft.overridesEvidence = true;
    draft.note = QStringLiteral("busy test");
    if (meanwhile == QLatin1String("decided before")) {
        ResolutionDraft theirs = draft;
        theirs.operatorName = QStringLiteral("ann");
        auto before = (*other)->operation(operation);
        QVERIFY(before && before->has_value());
        QVERIFY((*other)->recordResolution(theirs, SeenState::of(**before)));
    }
    auto seen = (*store)->operation(operation);
    QVERIFY(seen && seen->has_value());
    const SeenState looked = SeenState::of(**seen);

    // Another person's write, after `who` looked and before the store got busy.
    if (meanwhile == QLatin1String("claim")) {
        QVERIFY((*other)->claim(operation, looked, QStringLiteral("ann"), false));
    } else if (meanwhile == QLatin1String("take-over")) {
        QVERIFY((*other)->claim(operation, looked, QStringLiteral("bob"), true));
    } else if (meanwhile == QLatin1String("resolve")) {
        ResolutionDraft theirs = draft;
        theirs.operatorName = QStringLiteral("ann");
        QVERIFY((*other)->recordResolution(theirs, looked));
    }
    const QByteArray before = dumpStore(m_db);

    LockHolder holder(m_db, BusyTimeoutMs + 5000);
    QVERIFY(holder.waitUntilLocked());
    std::optional<Error> error;
    if (write == QLatin1String("claim")) {
        auto claimed = (*store)->claim(operation, looked, who, false);
        if (!claimed)
            error = claimed.error();
    } else if (write == QLatin1String("release")) {
        auto released = (*store)->release(operation, looked, who);
        if (!released)
            error = released.error();
    } else {
        draft.operatorName = who;
        auto decided = (*store)->recordResolution(draft, looked);
        if (!decided)
            error = decided.error();
    }
    QVERIFY(holder.releaseNow());

    QVERIFY2(error, "the write went through while the store was locked");
    QVERIFY2(error->exitCode() == exitCode,
             qPrintable(QStringLiteral("exit %1: %2").arg(error->exitCode()).arg(error->message)));
    QVERIFY2(error->message.contains(message), qPrintable(error->message));
    QVERIFY2(error->message.contains(QStringLiteral("Nothing was written")), qPrintable(error->message));
    QCOMPARE(dumpStore(m_db), before);
}

QTEST_GUILESS_MAIN(tst_BusyStore)
#include "tst_busystore.moc"
