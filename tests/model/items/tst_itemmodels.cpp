// The console's item models against real stores built by explicit SQL: paging by key,
// SQL sorting and filtering, refresh that keeps persistent indexes, and
// QAbstractItemModelTester on every model.

#include "tst_itemmodels.h"

namespace {

constexpr qint64 baseTime = 1'700'000'000'000;

// `count` operations in unknown (every third checking by bob), op_0000 oldest.
std::unique_ptr<TestStore> makeQueueStore(const QString &path, int count)
{
    auto store = std::make_unique<TestStore>(path);
    if (!store->isValid())
        return store;
    store->exec(QStringLiteral("BEGIN"));
    for (int i = 0; i < count; ++i) {
        const auto status = i % 3 == 2 ? OperationStatus::Checking : OperationStatus::Unknown;
        Operation op = TestStore::operation(QStringLiteral("op_%1").arg(i, 4, 10, QLatin1Char('0')), status,
                                            baseTime + i * 1000);
        op.amountCents = 1000 + (i * 37) % 5000;
        if (status == OperationStatus::Checking)
            op.claimedBy = QStringLiteral("bob");
        store->addOperation(op);
    }
    store->exec(QStringLiteral("COMMIT"));
    return store;
}

} // namespace

void TestItemModels::queuePagesByKey()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 250);
    QVERIFY2(fixture->isValid(), qPrintable(fixture->lastError()));
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPageSize(100);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 100);
    QVERIFY(model.canFetchMore({}));
    QCOMPARE(model.data(model.index(0, QueueModel::OperationColumn)).toString(), QStringLiteral("op_0000"));
    model.fetchMore({});
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 200);
    model.fetchMore({});
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 250);
    QVERIFY(!model.canFetchMore({}));
    QVERIFY(model.isAtEnd());
    // Oldest first, no row twice across page boundaries.
    QCOMPARE(model.data(model.index(99, 0)).toString(), QStringLiteral("op_0099"));
    QCOMPARE(model.data(model.index(100, 0)).toString(), QStringLiteral("op_0100"));
    QCOMPARE(model.data(model.index(249, 0)).toString(), QStringLiteral("op_0249"));
    QCOMPARE(model.data(model.index(0, QueueModel::AmountColumn)).toString(), QStringLiteral("10.00 USD"));
    QCOMPARE(model.data(model.index(2, QueueModel::ClaimedByColumn)).toString(), QStringLiteral("bob"));
    QCOMPARE(model.data(model.index(0, QueueModel::VerdictColumn)).toString(), QStringLiteral("none"));
}

void TestItemModels::queueSortsInSql_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<QString>("first");

    QTest::newRow("operation descending") << int(QueueModel::OperationColumn) << Qt::DescendingOrder << "op_0149";
    QTest::newRow("age ascending: youngest first") << int(QueueModel::AgeColumn) << Qt::AscendingOrder << "op_0149";
    QTest::newRow("key window ascending: closing first") << int(QueueModel::KeyWindowColumn) << Qt::AscendingOrder
                                                         << "op_0000";
    // 1000 + (i*37) % 5000 is largest (5995) at i = 135.
    QTest::newRow("amount descending") << int(QueueModel::AmountColumn) << Qt::DescendingOrder << "op_0135";
}

void TestItemModels::queueSortsInSql()
{
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    QFETCH(QString, first);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 150);
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPageSize(40);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    model.sort(column, order);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 40);
    QCOMPARE(model.data(model.index(0, 0)).toString(), first);
    while (model.canFetchMore({})) {
        model.fetchMore({});
        QVERIFY(waitForWorker(worker));
    }
    QCOMPARE(model.rowCount(), 150);
    QSet<QString> seen;
    for (int row = 0; row < model.rowCount(); ++row)
        seen.insert(model.data(model.index(row, 0)).toString());
    QCOMPARE(seen.size(), 150);
}

void TestItemModels::queueFilters()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 30);
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 30);

    QueueQuery query;
    query.statusFilter = QueueQuery::StatusFilter::Checking;
    model.setQuery(query);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 10);

    query.statusFilter = QueueQuery::StatusFilter::ClaimedBy;
    query.claimedBy = QStringLiteral("bob");
    model.setOperatorName(QStringLiteral("bob"));
    model.setQuery(query);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 10);
    QVERIFY(model.data(model.index(0, 0), QueueModel::MineRole).toBool());

    query = {};
    query.searchText = QStringLiteral("op_0017");
    model.setQuery(query);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("op_0017"));
}

void TestItemModels::queueVerdictFilter()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 60);
    // op_0040 has a succeeded refund event.
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_1");
    event.type = QStringLiteral("refund.updated");
    event.created = baseTime / 1000;
    event.receivedAt = baseTime;
    event.operationId = QStringLiteral("op_0040");
    event.refundId = QStringLiteral("re_1");
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId, QStringLiteral("succeeded"),
                                                  1000 + (40 * 37) % 5000, QStringLiteral("usd"), event.operationId,
                                                  QStringLiteral("key-op_0040"), *event.created);
    QVERIFY2(fixture->addEvent(event), qPrintable(fixture->lastError()));
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPageSize(10); // the match sits on the fifth page
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    model.setVerdictFilter(QStringLiteral("refunded"));
    QVERIFY(waitForWorker(worker));
    while (model.rowCount() == 0 && model.canFetchMore({})) {
        model.fetchMore({});
        QVERIFY(waitForWorker(worker));
    }
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("op_0040"));
    QCOMPARE(model.data(model.index(0, QueueModel::VerdictColumn)).toString(), QStringLiteral("refunded"));
    QVERIFY(!model.data(model.index(0, QueueModel::VerdictColumn), Qt::ToolTipRole).toString().isEmpty());
}

void TestItemModels::queueRefreshKeepsPersistentIndexes()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 20);
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 20);
    const QPersistentModelIndex watched = model.index(10, QueueModel::StatusColumn);
    QCOMPARE(watched.data(QueueModel::OperationIdRole).toString(), QStringLiteral("op_0010"));

    // Elsewhere: two rows above leave the queue, one row is claimed (it keeps its place:
    // the queue is oldest first by creation, which a claim does not change), and a new one
    // arrives (the youngest: at the end).
    QVERIFY(fixture->exec(QStringLiteral("UPDATE refund_ops SET status='failed', version=version+1 "
                                         "WHERE operation_id IN ('op_0001','op_0003')")));
    QVERIFY(fixture->exec(QStringLiteral("UPDATE refund_ops SET status='checking', claimed_by='carol', "
                                         "claimed_at=%1, updated_at=%1, version=version+1 "
                                         "WHERE operation_id='op_0010'")
                              .arg(baseTime + 100'000)));
    Operation arrived = TestStore::operation(QStringLiteral("op_new"), OperationStatus::Unknown, baseTime + 50'000);
    QVERIFY(fixture->addOperation(arrived));

    model.refresh();

    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 19);
    QVERIFY(watched.isValid());
    QCOMPARE(watched.data(QueueModel::OperationIdRole).toString(), QStringLiteral("op_0010"));
    QCOMPARE(watched.row(), 8);
    QCOMPARE(watched.data().toString(), QStringLiteral("checking"));
    QCOMPARE(model.data(model.index(8, QueueModel::ClaimedByColumn)).toString(), QStringLiteral("carol"));
    QCOMPARE(model.data(model.index(18, 0)).toString(), QStringLiteral("op_new"));
    QCOMPARE(model.rowOf(QStringLiteral("op_0001")), -1);
}

void TestItemModels::queueTimeColumns()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 2); // op_0000 created at baseTime - 60 s
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));
    QueueModel model;
    qint64 now = baseTime + 2 * 3600'000;
    model.setClock([&now] { return now; });
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.data(model.index(0, QueueModel::AgeColumn)).toString(), QStringLiteral("2 h 01 m"));
    // 24 hours of key retention from creation: 21 h 59 m left.
    QCOMPARE(model.data(model.index(0, QueueModel::KeyWindowColumn)).toString(), QStringLiteral("21 h 59 m"));
    QVERIFY(!model.data(model.index(0, 0), QueueModel::KeyClosedRole).toBool());
    now = baseTime + 25 * 3600'000;
    // Closed: the cell says nothing (most rows of a queue are), its tooltip says when.
    QCOMPARE(model.data(model.index(0, QueueModel::KeyWindowColumn)).toString(), QString());
    QVERIFY(model.data(model.index(0, QueueModel::KeyWindowColumn), Qt::ToolTipRole)
                .toString()
                .startsWith(QLatin1String("The key window closed about ")));
    QVERIFY(model.data(model.index(0, 0), QueueModel::KeyClosedRole).toBool());
}

QTEST_GUILESS_MAIN(TestItemModels)
