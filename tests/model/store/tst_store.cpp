// The SQLite store through its public interface: opening good and bad files, the reads
// the console makes, and every write's happy and conflict paths with two connections.

#include "tst_store.h"

namespace {

QStringList ids(const std::vector<Operation> &operations)
{
    QStringList list;
    for (const Operation &o : operations)
        list << o.operationId;
    return list;
}

} // namespace

void tst_Store::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<TestStore>(m_dir->filePath(QStringLiteral("store.sqlite")));
    QVERIFY2(m_store->isValid(), qPrintable(m_store->lastError()));
    // op_1..op_5 in the queue (op_3 and op_4 share an updated_at), op_6 closed.
    const qint64 base = 1'700'000'000'000;
    const qint64 times[] = {base + 1000, base + 2000, base + 3000, base + 3000, base + 5000};
    for (int i = 1; i <= 5; ++i) {
        Operation o = TestStore::operation(QStringLiteral("op_%1").arg(i),
                                           i == 2 ? OperationStatus::Checking : OperationStatus::Unknown, times[i - 1]);
        if (i == 2)
            o.claimedBy = QStringLiteral("bob");
        QVERIFY2(m_store->addOperation(o), qPrintable(m_store->lastError()));
    }
    Operation closed = TestStore::operation(QStringLiteral("op_6"), OperationStatus::Refunded, base);
    closed.orderId = QStringLiteral("order-op_1");
    closed.refundId = QStringLiteral("re_old");
    QVERIFY2(m_store->addOperation(closed), qPrintable(m_store->lastError()));
}

std::unique_ptr<Store> tst_Store::openStore(Store::OpenMode mode)
{
    auto store = StoreFactory::open(m_store->path(), mode);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(store.value());
}

void tst_Store::badStoresGiveTheirOwnError_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("missing") << "missing" << "does not exist";
    QTest::newRow("folder") << "folder" << "is a folder";
    QTest::newRow("text file") << "text" << "not an SQLite database";
    QTest::newRow("empty file") << "empty" << "not a Refund Desk store";
    QTest::newRow("another application's SQLite") << "other" << "not a Refund Desk store";
    QTest::newRow("newer schema") << "newer" << "newer than this Refund Desk understands";
}

void tst_Store::badStoresGiveTheirOwnError()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("candidate.sqlite"));
    if (kind == QLatin1String("folder")) {
        QVERIFY(QDir().mkpath(path));
    } else if (kind == QLatin1String("text")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("order_id,amount\n4417,3800\n" + QByteArray(4096, 'x'));
    } else if (kind == QLatin1String("empty")) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
    } else if (kind == QLatin1String("other")) {
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(QFile::encodeName(path).constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT); "
                                  "INSERT INTO photos(name) VALUES ('beach.jpg')", nullptr, nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(db);
    } else if (kind == QLatin1String("newer")) {
        TestStore newer(path);
        QVERIFY(newer.exec(QStringLiteral("PRAGMA user_version = 4")));
    }
    const auto before = snapshot(dir.path());

    for (auto mode : {Store::OpenMode::ReadWrite, Store::OpenMode::ReadOnly}) {
        auto store = StoreFactory::open(path, mode);
        QVERIFY(!store);
        QCOMPARE(store.error().kind, ErrorKind::StoreUnavailable);
        QCOMPARE(store.error().exitCode(), 3);
        QVERIFY2(store.error().message.contains(expected), qPrintable(store.error().message));
    }
    const auto after = snapshot(dir.path());
    QVERIFY2(after == before, qPrintable(describeDifference(before, after)));
    if (kind == QLatin1String("missing"))
        QVERIFY(!QFileInfo::exists(path));
}

void tst_Store::createNeverOverwrites()
{
    const auto before = snapshot(m_dir->path());
    auto created = StoreFactory::create(m_store->path());
    QVERIFY(!created);
    QVERIFY(created.error().message.contains(QStringLiteral("already exists")));
    const auto after = snapshot(m_dir->path());
    QVERIFY2(after == before, qPrintable(describeDifference(before, after)));
}

void tst_Store::queueIsOldestFirstAndPagedByKey()
{
    auto store = openStore();
    QVERIFY(store);
    const QueueQuery query;
    QStringList all;
    std::optional<QueueCursor> cursor;
    for (int page = 0; page < 10; ++page) {
        auto rows = store->queuePage(query, cursor, 2);
        QVERIFY(rows);
        all << ids(*rows);
        if (rows->size() < 2)
            break;
        cursor = cursorAfter(query, rows->back());
    }
    QCOMPARE(all, QStringList({"op_1", "op_2", "op_3", "op_4", "op_5"}));
}

void tst_Store::queueFiltersAndSorts_data()
{
    QTest::addColumn<int>("filter");
    QTest::addColumn<int>("sortKey");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<QStringList>("expected");
    using F = QueueQuery::StatusFilter;
    using K = QueueQuery::SortKey;
    QTest::newRow("unknown only") << int(F::Unknown) << int(K::UpdatedAt) << false
                                  << QStringList({"op_1", "op_3", "op_4", "op_5"});
    QTest::newRow("checking only") << int(F::Checking) << int(K::UpdatedAt) << false << QStringList({"op_2"});
    QTest::newRow("claimed by bob") << int(F::ClaimedBy) << int(K::UpdatedAt) << false << QStringList({"op_2"});
    QTest::newRow("newest first") << int(F::NeedsPerson) << int(K::UpdatedAt) << true
                                  << QStringList({"op_5", "op_4", "op_3", "op_2", "op_1"});
    QTest::newRow("by claimant") << int(F::NeedsPerson) << int(K::ClaimedBy) << true
                                 << QStringList({"op_2", "op_5", "op_4", "op_3", "op_1"});
}

void tst_Store::queueFiltersAndSorts()
{
    QFETCH(int, filter);
    QFETCH(int, sortKey);
    QFETCH(bool, descending);
    QFETCH(QStringList, expected);
    auto store = openStore();
    QVERIFY(store);
    QueueQuery query;
    query.statusFilter = QueueQuery::StatusFilter(filter);
    query.claimedBy = QStringLiteral("bob");
    query.sortKey = QueueQuery::SortKey(sortKey);
    query.descending = descending;
    // One row a page, so that every page boundary is crossed by key.
    QStringList all;
    std::optional<QueueCursor> cursor;
    for (int page = 0; page < 10; ++page) {
        auto rows = store->queuePage(query, cursor, 1);
        QVERIFY(rows);
        if (rows->empty())
            break;
        all << ids(*rows);
        cursor = cursorAfter(query, rows->back());
    }
    QCOMPARE(all, expected);
}

void tst_Store::searchTextIsOnlyData_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("operation id") << "op_3" << QStringList({"op_3"});
    QTest::newRow("key fragment") << "key-op_5" << QStringList({"op_5"});
    QTest::newRow("order id") << "order-op_4" << QStringList({"op_4"});
    QTest::newRow("percent is literal") << "%" << QStringList();
    QTest::newRow("underscore is literal") << "op__" << QStringList();
    QTest::newRow("quote and statement") << "'; DROP TABLE refund_ops; --" << QStringList();
    QTest::newRow("or-true") << "x' OR '1'='1" << QStringList();
}

void tst_Store::searchTextIsOnlyData()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    auto store = openStore();
    QVERIFY(store);
    QueueQuery query;
    query.searchText = text;
    auto rows = store->queuePage(query, std::nullopt, 100);
    QVERIFY(rows);
    QCOMPARE(ids(*rows), expected);
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM refund_ops")), 6);
}

void tst_Store::operationAttemptsAndOrder()
{
    Attempt attempt;
    attempt.operationId = QStringLiteral("op_1");
    attempt.toolCallId = QStringLiteral("toolu_01");
    attempt.startedAt = 10;
    for (int n : {2, 1, 3}) {
        attempt.attemptNo = n;
        attempt.outcome = n == 3 ? AttemptOutcome::ServerError : AttemptOutcome::Timeout;
        attempt.httpStatus = n == 3 ? std::optional<int>(500) : std::nullopt;
        QVERIFY2(m_store->addAttempt(attempt), qPrintable(m_store->lastError()));
    }
    auto store = openStore();
    QVERIFY(store);
    auto operation = store->operation(QStringLiteral("op_1"));
    QVERIFY(operation && operation->has_value());
    QCOMPARE((*operation)->idempotencyKey, QStringLiteral("key-op_1"));
    QCOMPARE((*operation)->status, OperationStatus::Unknown);
    QVERIFY((*operation)->claimedBy.isNull());

    auto missing = store->operation(QStringLiteral("op_404"));
    QVERIFY(missing && !missing->has_value());

    auto attempts = store->attempts(QStringLiteral("op_1"));
    QVERIFY(attempts);
    QCOMPARE(attempts->size(), size_t(3));
    QCOMPARE(attempts->at(0).attemptNo, 1);
    QCOMPARE(attempts->at(2).outcome, AttemptOutcome::ServerError);
    QCOMPARE(attempts->at(2).httpStatus, std::optional<int>(500));
    QVERIFY(!attempts->at(0).httpStatus);

    auto order = store->orderOperations(QStringLiteral("order-op_1"));
    QVERIFY(order);
    QCOMPARE(ids(*order), QStringList({"op_6", "op_1"}));
}

void tst_Store::candidateEventsFollowAllThreeRoutes()
{
    auto event = [](const QString &id, const QString &operationId, const QString &key, const QString &refundId,
                    qint64 created) {
        WebhookEvent e;
        e.eventId = id;
        e.type = QStringLiteral("refund.updated");
        e.created = created;
        e.receivedAt = created * 1000;
        e.payload = QStringLiteral("{}");
        e.operationId = operationId;
        e.idempotencyKey = key;
        e.refundId = refundId;
        return e;
    };
    const QString none;
    QVERIFY(m_store->addEvent(event("evt_meta", "op_1", none, "re_a", 3)));
    QVERIFY(m_store->addEvent(event("evt_key", none, "key-op_1", "re_b", 2)));
    QVERIFY(m_store->addEvent(event("evt_lost_metadata", none, none, "re_a", 5)));
    QVERIFY(m_store->addEvent(event("evt_other_op", "op_3", "key-op_3", "re_c", 1)));
    QVERIFY(m_store->addEvent(event("evt_unrelated", none, none, "re_z", 1)));
    QVERIFY(m_store->addEvent(event("evt_recorded_refund", none, none, "re_old", 4)));

    auto store = openStore();
    QVERIFY(store);
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && op1->has_value());
    auto events = store->candidateEvents(**op1);
    QVERIFY(events);
    QStringList found;
    for (const WebhookEvent &e : *events)
        found << e.eventId;
    QCOMPARE(found, QStringList({"evt_key", "evt_meta", "evt_lost_metadata"}));

    // A refund id recorded on the operation brings its events in too.
    auto op6 = store->operation(QStringLiteral("op_6"));
    QVERIFY(op6 && op6->has_value());
    auto closedEvents = store->candidateEvents(**op6);
    QVERIFY(closedEvents);
    QCOMPARE(closedEvents->size(), size_t(1));
    QCOMPARE(closedEvents->front().eventId, QStringLiteral("evt_recorded_refund"));
}

void tst_Store::dataVersionChangesWhenAnotherConnectionWrites()
{
    auto store = openStore();
    QVERIFY(store);
    auto before = store->dataVersion();
    QVERIFY(before);
    auto unchanged = store->dataVersion();
    QVERIFY(unchanged);
    QCOMPARE(*unchanged, *before);
    QVERIFY(m_store->exec(QStringLiteral("UPDATE refund_ops SET attempts = 4 WHERE operation_id = 'op_1'")));
    auto after = store->dataVersion();
    QVERIFY(after);
    QVERIFY(*after != *before);
    // The change is visible right away: no stale snapshot is held between reads.
    auto operation = store->operation(QStringLiteral("op_1"));
    QVERIFY(operation && operation->has_value());
    QCOMPARE((*operation)->attempts, 4);
}

void tst_Store::insertEventsIgnoresKnownIds()
{
    auto store = openStore();
    QVERIFY(store);
    WebhookEvent e;
    e.eventId = QStringLiteral("evt_1");
    e.payload = QStringLiteral("{\"id\":\"evt_1\"}");
    e.receivedAt = 1;
    auto first = store->insertEvents({e});
    QVERIFY(first);
    QCOMPARE(*first, 1);
    WebhookEvent e2 = e;
    e2.eventId = QStringLiteral("evt_2");
    auto second = store->insertEvents({e, e2});
    QVERIFY(second);
    QCOMPARE(*second, 1);
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM webhook_events")), 2);
}

void tst_Store::setMetaKeepsAJobsPlaceButNotTheSchemas()
{
    auto store = openStore();
    QVERIFY(store);
    QVERIFY(store->setMeta(QStringLiteral("stripe_events_synced_until"), QStringLiteral("1717000000")));
    QVERIFY(store->setMeta(QStringLiteral("stripe_events_synced_until"), QStringLiteral("1717000300")));
    QCOMPARE(*store->meta(QStringLiteral("stripe_events_synced_until")), QStringLiteral("1717000300"));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM store_meta WHERE key LIKE 'stripe_%'")), 1);
    for (const char *key : {"provider", "key_retention_hours", "schema_version"}) {
        const auto refused = store->setMeta(QLatin1String(key), QStringLiteral("1"));
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, ErrorKind::Usage);
    }
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT value FROM store_meta WHERE key = 'provider'")), QStringLiteral("stripe"));
    // A store opened for reading writes nothing, this included.
    auto reader = openStore(Store::OpenMode::ReadOnly);
    QVERIFY(reader);
    QVERIFY(!reader->setMeta(QStringLiteral("stripe_events_synced_until"), QStringLiteral("1")));
    QCOMPARE(*store->meta(QStringLiteral("stripe_events_synced_until")), QStringLiteral("1717000300"));
}

void tst_Store::invalidUtf8PayloadIsFlagged()
{
    // A receiver that stores the bytes as delivered may store bytes that are not UTF-8.
    QVERIFY(m_store->exec(QStringLiteral(
        "INSERT INTO webhook_events (event_id, received_at, payload, operation_id) VALUES "
        "('evt_bad', 1, CAST(X'7B226964223A22FF227D' AS TEXT), 'op_1'), "
        "('evt_good', 2, '{\"id\":\"Zo\u00eb\"}', 'op_1')")));
    auto store = openStore();
    QVERIFY(store);
    auto op = store->operation(QStringLiteral("op_1"));
    QVERIFY(op && op->has_value());
    auto events = store->candidateEvents(**op);
    QVERIFY(events);
    QCOMPARE(events->size(), size_t(2));
    QCOMPARE(events->at(0).eventId, QStringLiteral("evt_bad"));
    QVERIFY(!events->at(0).payloadIsValidUtf8);
    QVERIFY(events->at(0).payload.contains(QChar::ReplacementCharacter));
    QVERIFY(events->at(1).payloadIsValidUtf8);
}

QTEST_GUILESS_MAIN(tst_Store)
