// The queue model at scale: however far the person scrolls it holds the operations of a
// few pages only (the rest keep their keys), reads evicted pages again when shown (on the
// store worker, showing the id alone meanwhile), and refreshes from the keys alone, the
// rows it held showing what they held until read again, all under QAbstractItemModelTester.

// First: its QTest::toString specialisations must see only the domain names.
#include "teststore.h"
#include "workerwait.h"

#include "items/queuemodel.h"
#include "store/store.h"
#include "store/storeworker.h"

#include <QAbstractItemModelTester>
#include <QPersistentModelIndex>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;
using RefundDesk::Test::openWorker;
using RefundDesk::Test::waitForWorker;

namespace {

constexpr qint64 baseTime = 1'700'000'000'000;
constexpr int Operations = 600;

QString idOf(int i)
{
    return QStringLiteral("op_%1").arg(i, 4, 10, QLatin1Char('0'));
}

qint64 amountOf(int i)
{
    return 1000 + (i * 37) % 5000;
}

// `Operations` operations in unknown, op_0000 oldest, each with its own amount.
bool makeQueueStore(TestStore &store)
{
    if (!store.isValid() || !store.exec(QStringLiteral("BEGIN")))
        return false;
    for (int i = 0; i < Operations; ++i) {
        Operation op = TestStore::operation(idOf(i), OperationStatus::Unknown, baseTime + i * 1000);
        op.amountCents = amountOf(i);
        if (!store.addOperation(op))
            return false;
    }
    return store.exec(QStringLiteral("COMMIT"));
}

QString amountText(int i)
{
    return QStringLiteral("%1.%2 USD").arg(amountOf(i) / 100).arg(amountOf(i) % 100, 2, 10, QLatin1Char('0'));
}

// A queue model over the test's store under QAbstractItemModelTester, `pageSize` rows a
// page, holding at most `residentPages` pages; its first page asked for.
class TestedQueue
{
public:
    TestedQueue(StoreWorker *worker, int pageSize, int residentPages)
    {
        model.setPageSize(pageSize);
        model.setResidentPages(residentPages);
        model.setStore(worker);
    }

    QueueModel model;

private:
    QAbstractItemModelTester m_tester{&model, QAbstractItemModelTester::FailureReportingMode::QtTest};
};

// Reads every page, as scrolling to the end would.
bool listEverything(QueueModel &model, const StoreWorker &worker)
{
    if (!waitForWorker(worker))
        return false;
    while (model.canFetchMore({})) {
        model.fetchMore({});
        if (!waitForWorker(worker))
            return false;
    }
    return true;
}

// The text the view would show in `column` of `row` once its page is read: asking for it
// asks for the page when it is evicted or stale.
QString shown(const QueueModel &model, const StoreWorker &worker, int row, int column)
{
    const QModelIndex index = model.index(row, column);
    model.data(index);
    waitForWorker(worker);
    return model.data(index).toString();
}

} // namespace

class TestQueueCache : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void holdsAFewPagesWhateverIsScrolled();
    void operationAtStaysValidUntilTheEventLoop();
    void refreshReadsKeysAndKeepsPlaces();
    void refreshedRowsShowWhatTheyHeldUntilReadAgain();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<TestStore> m_fixture;
    std::unique_ptr<StoreWorker> m_worker;
};

void TestQueueCache::init()
{
    QVERIFY(m_dir.isValid());
    const QString path = m_dir.filePath(QStringLiteral("queue-%1.sqlite").arg(QTest::currentTestFunction()));
    m_fixture = std::make_unique<TestStore>(path);
    QVERIFY2(makeQueueStore(*m_fixture), qPrintable(m_fixture->lastError()));
    m_worker = std::make_unique<StoreWorker>();
    QString error;
    QVERIFY2(openWorker(*m_worker, path, Store::OpenMode::ReadWrite, &error), qPrintable(error));
}

void TestQueueCache::cleanup()
{
    m_worker.reset();
    m_fixture.reset();
}

void TestQueueCache::holdsAFewPagesWhateverIsScrolled()
{
    TestedQueue queue(m_worker.get(), 50, 3);
    QueueModel &model = queue.model;
    QVERIFY(waitForWorker(*m_worker));
    while (model.canFetchMore({})) {
        model.fetchMore({});
        QVERIFY(waitForWorker(*m_worker)); // eviction happens in the event loop too
        QVERIFY2(model.residentRowCount() <= 3 * 50,
                 qPrintable(QStringLiteral("%1 rows held").arg(model.residentRowCount())));
    }
    QCOMPARE(model.rowCount(), Operations);

    // Back to the top, and down again row by row: every row is right, evicted or not,
    // and what is held stays bounded while the row count never moves.
    for (int pass = 0; pass < 2; ++pass) {
        for (int row = 0; row < Operations; ++row) {
            QCOMPARE(model.data(model.index(row, QueueModel::OperationColumn)).toString(), idOf(row));
            QCOMPARE(shown(model, *m_worker, row, QueueModel::AmountColumn), amountText(row));
            if (row % 50 == 49) {
                QCoreApplication::processEvents();
                QVERIFY(model.residentRowCount() <= 3 * 50);
                QCOMPARE(model.rowCount(), Operations);
            }
        }
    }
    QCoreApplication::processEvents();
    QVERIFY(model.residentRowCount() > 0);
    QVERIFY(model.residentRowCount() <= 3 * 50);
    // The id needs no read at all.
    QCOMPARE(model.data(model.index(3, 0), QueueModel::OperationIdRole).toString(), idOf(3));
    QCOMPARE(model.rowOf(idOf(321)), 321);
}

void TestQueueCache::operationAtStaysValidUntilTheEventLoop()
{
    TestedQueue queue(m_worker.get(), 20, 1);
    QueueModel &model = queue.model;
    QVERIFY(listEverything(model, *m_worker));
    model.operationAt(0); // asks for the first page again, evicted while listing
    QVERIFY(waitForWorker(*m_worker));
    const Operation *first = model.operationAt(0);
    QVERIFY(first);
    // Other pages are asked for meanwhile; the first one is evicted only later.
    for (int row = 100; row < 200; row += 20)
        model.data(model.index(row, QueueModel::AmountColumn));
    QCOMPARE(first->operationId, idOf(0));
    QCOMPARE(first->amountCents, amountOf(0));
    QVERIFY(waitForWorker(*m_worker));
    QVERIFY(model.residentRowCount() <= 20);
    model.operationAt(0);
    QVERIFY(waitForWorker(*m_worker));
    QCOMPARE(model.operationAt(0)->operationId, idOf(0));
}

void TestQueueCache::refreshReadsKeysAndKeepsPlaces()
{
    TestedQueue queue(m_worker.get(), 50, 2);
    QueueModel &model = queue.model;
    QVERIFY(listEverything(model, *m_worker));
    const QPersistentModelIndex watched = model.index(400, QueueModel::StatusColumn);
    QCOMPARE(watched.data(QueueModel::OperationIdRole).toString(), idOf(400));

    // Elsewhere: two rows above leave the queue, the watched one is claimed (it keeps its
    // place among the others: a claim does not change when it was created), and a row that
    // was evicted changes its amount in place.
    QVERIFY(m_fixture->exec(QStringLiteral("UPDATE refund_ops SET status='failed', version=version+1 "
                                           "WHERE operation_id IN ('op_0001','op_0003')")));
    QVERIFY(m_fixture->exec(QStringLiteral("UPDATE refund_ops SET status='checking', claimed_by='carol', "
                                           "claimed_at=%1, updated_at=%1, version=version+1 WHERE operation_id='%2'")
                                .arg(baseTime + 10'000'000).arg(idOf(400))));
    QVERIFY(m_fixture->exec(QStringLiteral("UPDATE refund_ops SET amount_cents=777, version=version+1 "
                                           "WHERE operation_id='%1'").arg(idOf(10))));

    const auto recordPlans = [this](bool on) {
        m_worker->request<bool>([on](Store &store) -> Result<bool> {
            store.setRecordingQueryPlans(on);
            return true;
        }, m_worker.get(), {});
    };
    recordPlans(true);
    model.refresh();
    std::optional<Result<std::vector<QueryPlan>>> ran;
    m_worker->request<std::vector<QueryPlan>>([](Store &store) { return store.recordedQueryPlans(); }, m_worker.get(),
                                              [&ran](Result<std::vector<QueryPlan>> plans) { ran = std::move(plans); });
    recordPlans(false);
    QVERIFY(waitForWorker(*m_worker));
    QVERIFY(ran && ran->ok());
    QVERIFY(!(*ran)->empty());
    for (const QueryPlan &plan : **ran) {
        // The queue was read as keys only: no statement read a whole page of rows.
        QVERIFY2(!(plan.sql.contains(QLatin1String("LIMIT ?5"))
                   && plan.sql.startsWith(QLatin1String("SELECT operation_id, order_id"))),
                 qPrintable(plan.sql));
    }

    QCOMPARE(model.rowCount(), Operations - 2);
    QVERIFY(watched.isValid());
    QCOMPARE(watched.row(), 398);
    QCOMPARE(shown(model, *m_worker, watched.row(), QueueModel::StatusColumn), QStringLiteral("checking"));
    QCOMPARE(shown(model, *m_worker, 398, QueueModel::ClaimedByColumn), QStringLiteral("carol"));
    QCOMPARE(model.rowOf(idOf(1)), -1);
    QCOMPARE(shown(model, *m_worker, model.rowOf(idOf(10)), QueueModel::AmountColumn), QStringLiteral("7.77 USD"));
    QVERIFY(waitForWorker(*m_worker));
    QVERIFY(model.residentRowCount() <= 2 * 50);
}

void TestQueueCache::refreshedRowsShowWhatTheyHeldUntilReadAgain()
{
    TestedQueue queue(m_worker.get(), 50, 2);
    QueueModel &model = queue.model;
    QVERIFY(listEverything(model, *m_worker));
    QCOMPARE(shown(model, *m_worker, 2, QueueModel::AmountColumn), amountText(2));

    // Elsewhere: the amount of a row held changes, and that of one evicted.
    QVERIFY(m_fixture->exec(QStringLiteral("UPDATE refund_ops SET amount_cents=777, version=version+1 "
                                           "WHERE operation_id IN ('%1', '%2')").arg(idOf(2), idOf(300))));
    // What a view shows the moment the refresh's keys arrive, before any row is read again:
    // a row held keeps its cells (no blank row flickers past), an evicted one its id alone.
    QStringList atRefresh;
    connect(&model, &QueueModel::loaded, &model, [&model, &atRefresh] {
        for (const int row : {2, 300}) {
            atRefresh << model.data(model.index(row, QueueModel::OperationColumn)).toString()
                      << model.data(model.index(row, QueueModel::AmountColumn)).toString();
        }
    });
    model.refresh();
    QVERIFY(waitForWorker(*m_worker));
    QCOMPARE(atRefresh, QStringList({idOf(2), amountText(2), idOf(300), QString()}));
    // Shown, each is read again.
    QCOMPARE(shown(model, *m_worker, 2, QueueModel::AmountColumn), QStringLiteral("7.77 USD"));
    QCOMPARE(shown(model, *m_worker, 300, QueueModel::AmountColumn), QStringLiteral("7.77 USD"));
    QVERIFY(waitForWorker(*m_worker));
    QVERIFY(model.residentRowCount() <= 2 * 50);
}

QTEST_GUILESS_MAIN(TestQueueCache)
#include "tst_queuecache.moc"
