// Reads that can be cancelled: a StoreWorker that serves reads cancels on the server the
// read a newer one on its lane replaced, and one that passed its deadline (saying so in
// one sentence), and goes on with the next request; a worker that writes cancels nothing.
// The server shows the read cancelled at the user's request (SQLSTATE 57014), not ended
// by its lock timeout. SQLite's interrupt leaves the store as usable as before.

#include "pgtestserver.h"
#include "workerwait.h"

#include "demo/demostore.h"
#include "store/requestlane.h"
#include "store/storeworker.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QString Database = QStringLiteral("cancel");
const QString CancelledByUser = QStringLiteral("canceling statement due to user request");
const QString LockTimedOut = QStringLiteral("canceling statement due to lock timeout");
// Only the panel's reads touch this table: a lock on it stops them and nothing else.
const QString LockLookups = QStringLiteral("BEGIN; LOCK TABLE provider_lookups IN ACCESS EXCLUSIVE MODE;");

} // namespace

class tst_ReadCancel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void replacedReadIsCancelledOnTheServer();
    void lateReadIsCancelledAndSaysSo();
    void workerThatWritesCancelsNothing();
    void sqliteInterruptLeavesTheStoreUsable();

private:
    // Holds provider_lookups locked until release(); true once the lock is taken.
    bool lockLookups();
    void releaseLookups();
    // Sessions of this database waiting for a lock now.
    int waitingOnLocks();
    int countInLog(const QString &line) const { return m_server->serverLog().count(line); }

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<QProcess> m_holder;
};

void tst_ReadCancel::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY(m_server->createDatabase(Database));
    SimulationOptions options;
    options.operations = 50;
    options.seed = 4;
    auto demo = DemoStore::generate(m_server->location(Database), options, {});
    QVERIFY2(demo, qPrintable(demo ? QString() : demo.error().message));
}

void tst_ReadCancel::init()
{
    releaseLookups();
}

bool tst_ReadCancel::lockLookups()
{
    m_holder = m_server->hold(Database, LockLookups + QStringLiteral(" SELECT 'held';"));
    if (!m_holder)
        return false;
    // psql prints the answer once the lock is taken.
    QDeadlineTimer deadline(30'000);
    while (!m_holder->readAll().contains("held") && !deadline.hasExpired())
        m_holder->waitForReadyRead(100);
    return !deadline.hasExpired();
}

void tst_ReadCancel::releaseLookups()
{
    if (!m_holder)
        return;
    m_holder->closeWriteChannel(); // psql ends, and its transaction with it
    m_holder->waitForFinished(30'000);
    m_holder.reset();
}

int tst_ReadCancel::waitingOnLocks()
{
    return int(m_server->queryInt(Database, QStringLiteral("SELECT count(*) FROM pg_stat_activity "
                                                           "WHERE datname = current_database() "
                                                           "AND wait_event_type = 'Lock'")));
}

void tst_ReadCancel::replacedReadIsCancelledOnTheServer()
{
    StoreWorker worker;
    worker.setCancelsReads(600'000); // only replacement cancels here
    QString error;
    QVERIFY2(openWorker(worker, m_server->location(Database), Store::OpenMode::ReadOnly, &error), qPrintable(error));
    const int cancelledBefore = countInLog(CancelledByUser);
    const int timedOutBefore = countInLog(LockTimedOut);
    QVERIFY(lockLookups());

    RequestLane lane;
    QObject context;
    bool firstAnswered = false;
    worker.request<std::vector<ProviderLookup>>(
        lane.stub(lane.next()), [](Store &store) { return store.providerLookups(QStringLiteral("op_5521")); }, &context,
        [&](Result<std::vector<ProviderLookup>>) { firstAnswered = true; });
    QTRY_COMPARE_WITH_TIMEOUT(waitingOnLocks(), 1, 30'000);

    // The selection moves on: the read left behind is cancelled, and the next one, which
    // the lock does not stop, is answered while the lock is still held.
    std::optional<Result<int>> second;
    worker.request<int>(
        lane.stub(lane.next()), [](Store &store) { return store.keyRetentionHours(); }, &context,
        [&](Result<int> answer) { second = std::move(answer); });
    QVERIFY(waitForWorker(worker, 30'000));
    QVERIFY(second.has_value());
    QVERIFY2(second->ok(), qPrintable(second->ok() ? QString() : second->error().message));
    QVERIFY(!firstAnswered); // replaced: its answer is dropped
    QCOMPARE(waitingOnLocks(), 0);
    releaseLookups();
    QTRY_COMPARE(countInLog(CancelledByUser), cancelledBefore + 1);
    QCOMPARE(countInLog(LockTimedOut), timedOutBefore);

    // The connection serves the same read as before once the lock is gone.
    std::optional<Result<std::vector<ProviderLookup>>> again;
    worker.request<std::vector<ProviderLookup>>(
        lane.stub(lane.next()), [](Store &store) { return store.providerLookups(QStringLiteral("op_5521")); }, &context,
        [&](Result<std::vector<ProviderLookup>> answer) { again = std::move(answer); });
    QVERIFY(waitForWorker(worker, 30'000));
    QVERIFY(again.has_value());
    QVERIFY2(again->ok(), qPrintable(again->ok() ? QString() : again->error().message));
}

void tst_ReadCancel::lateReadIsCancelledAndSaysSo()
{
    StoreWorker worker;
    // Shorter than the session's lock timeout, so that only the deadline can end the read.
    worker.setCancelsReads(1000);
    QString error;
    QVERIFY2(openWorker(worker, m_server->location(Database), Store::OpenMode::ReadOnly, &error), qPrintable(error));
    const int cancelledBefore = countInLog(CancelledByUser);
    const int timedOutBefore = countInLog(LockTimedOut);
    QVERIFY(lockLookups());

    QObject context;
    std::optional<Result<std::vector<ProviderLookup>>> answer;
    worker.request<std::vector<ProviderLookup>>(
        [](Store &store) { return store.providerLookups(QStringLiteral("op_5521")); }, &context,
        [&](Result<std::vector<ProviderLookup>> got) { answer = std::move(got); });
    QVERIFY(waitForWorker(worker, 30'000));
    QVERIFY(answer.has_value());
    QVERIFY(!answer->ok());
    const QString message = answer->error().message;
    QVERIFY2(message.contains(QLatin1String("did not answer within 1 s")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("the read was cancelled")), qPrintable(message));
    QCOMPARE(message.count(u'.'), 1); // one sentence
    releaseLookups();
    QTRY_COMPARE(countInLog(CancelledByUser), cancelledBefore + 1);
    QCOMPARE(countInLog(LockTimedOut), timedOutBefore);
}

void tst_ReadCancel::workerThatWritesCancelsNothing()
{
    // Without setCancelsReads (a worker that writes) a blocked statement waits for the
    // lock, however many requests come after it: nothing is cancelled.
    StoreWorker worker;
    QString error;
    QVERIFY2(openWorker(worker, m_server->location(Database), Store::OpenMode::ReadOnly, &error), qPrintable(error));
    const int cancelledBefore = countInLog(CancelledByUser);
    QVERIFY(lockLookups());
    RequestLane lane;
    QObject context;
    bool answered = false;
    worker.request<std::vector<ProviderLookup>>(
        lane.stub(lane.next()), [](Store &store) { return store.providerLookups(QStringLiteral("op_5521")); }, &context,
        [&](Result<std::vector<ProviderLookup>>) { answered = true; });
    QTRY_COMPARE_WITH_TIMEOUT(waitingOnLocks(), 1, 30'000);
    bool secondAnswered = false;
    worker.request<int>(
        lane.stub(lane.next()), [](Store &store) { return store.keyRetentionHours(); }, &context,
        [&](Result<int>) { secondAnswered = true; });
    QTest::qWait(300);
    QCOMPARE(waitingOnLocks(), 1); // still waiting, and the next request behind it
    QVERIFY(!secondAnswered);
    releaseLookups();
    QVERIFY(waitForWorker(worker, 30'000));
    QVERIFY(secondAnswered);
    QVERIFY(!answered); // replaced: its answer is dropped all the same
    QCOMPARE(countInLog(CancelledByUser), cancelledBefore);
}

void tst_ReadCancel::sqliteInterruptLeavesTheStoreUsable()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("store.db"));
    SimulationOptions options;
    options.operations = 20;
    options.seed = 2;
    QVERIFY(DemoStore::generate(path, options, {}));
    auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    std::shared_ptr<StoreCanceller> canceller = (*store)->canceller();
    QVERIFY(canceller);
    canceller->cancel(); // nothing runs: nothing to stop, nothing broken
    auto hours = (*store)->keyRetentionHours();
    QVERIFY2(hours, qPrintable(hours ? QString() : hours.error().message));
    store->reset();
    canceller->cancel(); // after the store closed: nothing happens
}

QTEST_GUILESS_MAIN(tst_ReadCancel)
#include "tst_readcancel.moc"
