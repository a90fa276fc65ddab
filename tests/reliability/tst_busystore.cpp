// A busy store (docs/RELIABILITY.md): another program holds the store's write lock. For
// longer than the busy timeout (5 s), every write command gives up with "the store is
// busy, try again" and exit 3, writing nothing, while reads go on (WAL readers are not
// blocked by a writer). For less than the timeout, the write waits its turn and succeeds.

#include "reliability.h"
#include "teststore.h"

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

    // Held for longer than any write waits, plus time for the reads and for process starts
    // on a busy machine.
    LockHolder holder(m_db, BusyTimeoutMs + 5000);
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
    const qint64 heldFor = held.elapsed();
    QVERIFY(holder.finish());

    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
    QVERIFY2(show.exitCode == 0, qPrintable(show.err));
    QVERIFY2(queue.elapsedMs < 3000, qPrintable(QString::number(queue.elapsedMs)));
    QVERIFY2(show.elapsedMs < 3000, qPrintable(QString::number(show.elapsedMs)));
    Figures figures(QStringLiteral("busy-store"));
    figures.add(QStringLiteral("write lock held by another process ms"), heldFor);
    for (size_t i = 0; i < writes.size(); ++i) {
        const Run &run = runs[i];
        const QString name = writes[i].name;
        QVERIFY2(run.exitCode == 3, qPrintable(name + QStringLiteral(" exited %1: ").arg(run.exitCode) + run.err));
        QVERIFY2(run.err.contains(QStringLiteral("The store is busy")), qPrintable(name + u' ' + run.err));
        QVERIFY2(run.err.contains(QStringLiteral("Try again")), qPrintable(name + u' ' + run.err));
        QVERIFY2(run.err.contains(QStringLiteral("Nothing was written")), qPrintable(name + u' ' + run.err));
        // It waited for the busy timeout, no less, and gave up well before the lock went.
        QVERIFY2(run.elapsedMs >= BusyTimeoutMs - 200 && run.elapsedMs < BusyTimeoutMs + 4500,
                 qPrintable(name + QStringLiteral(" took %1 ms").arg(run.elapsedMs)));
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
    LockHolder holder(m_db, 1500);
    QVERIFY(holder.waitUntilLocked());
    const Run run = refundDesk({"resolve", "op_resolve", "--db", m_db, "--operator", "bob", "--outcome", "failed",
                                "--evidence", "dashboard"});
    QVERIFY(holder.finish());
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.elapsedMs >= 1000, qPrintable(QString::number(run.elapsedMs)));
    QCOMPARE(querySql(m_db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_resolve'")),
             QStringLiteral("failed"));
    QCOMPARE(queryCount(m_db, QStringLiteral("SELECT count(*) FROM webhook_events")), 0);
}

QTEST_GUILESS_MAIN(tst_BusyStore)
#include "tst_busystore.moc"
