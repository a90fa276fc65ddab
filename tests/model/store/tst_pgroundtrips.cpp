// Round trips to a PostgreSQL server through a slow network (a LatencyProxy): what an
// operator over a VPN waits for. Each reading has a budget (DESIGN.md: a panel is one, a page
// of the queue with its verdict inputs at most two); the writes and the commands are counted
// in tst_pgroundtrips_writes.cpp. Every count is printed, so the figures can be quoted.

#include "tst_pgroundtrips.h"

void tst_PgRoundTrips::initTestCase()
{
    if (!PgTestServer::isInstalled())
        QSKIP("PostgreSQL 15 is not installed here");
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    for (const auto &[name, operations] : {std::pair{m_small, m_operationsSmall}, std::pair{m_large, m_operationsLarge}}) {
        QVERIFY(m_server->createDatabase(name));
        SimulationOptions options;
        options.operations = operations;
        options.seed = 11;
        options.nowMs = DemoNow;
        auto built = DemoStore::generate(m_server->location(name), options, {});
        QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    }
    m_proxy = std::make_unique<LatencyProxy>(m_server->socketPath(), DelayMs);
    QVERIFY(m_proxy->start());
}

void tst_PgRoundTrips::init()
{
    m_proxy->setDelayMs(DelayMs);
    m_proxy->setSilent(false);
}

std::unique_ptr<Store> tst_PgRoundTrips::openThroughProxy(const QString &database, Store::OpenMode mode)
{
    auto store = StoreFactory::open(m_proxy->pgLocation(database, User), mode);
    if (!store) {
        qWarning() << store.error().message;
        return {};
    }
    return std::move(*store);
}

QString tst_PgRoundTrips::busyOperation(Store &store)
{
    auto page = store.queuePage(QueueQuery(), std::nullopt, 100);
    if (!page)
        return {};
    auto events = store.candidateEventsOfEach(*page);
    if (!events)
        return {};
    QString best;
    size_t most = 0;
    for (size_t i = 0; i < page->size(); ++i) {
        if ((*events)[i].size() > most) {
            most = (*events)[i].size();
            best = (*page)[i].operationId;
        }
    }
    return best;
}

// ---- The proxy itself ----

void tst_PgRoundTrips::proxyDelaysEachWay()
{
    m_proxy->setDelayMs(10);
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    QElapsedTimer clock;
    clock.start();
    const qint64 trips = count([&] { QVERIFY(store->meta(QStringLiteral("provider")).ok()); });
    const qint64 elapsed = clock.elapsed();
    qInfo("a simple query through a proxy with 10 ms each way: %lld ms, %lld round trip(s)", elapsed, trips);
    QVERIFY2(elapsed >= 20, qPrintable(QString::number(elapsed)));
    QCOMPARE(trips, 1);
    QVERIFY(m_proxy->connections() >= 1);
}

void tst_PgRoundTrips::silentProxyHoldsTheAnswer()
{
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    m_proxy->setSilent(true);
    std::atomic<bool> done{false};
    bool answered = false;
    std::thread asking([&] {
        answered = store->meta(QStringLiteral("provider")).ok();
        done = true;
    });
    QTest::qWait(300);
    const bool doneWhileSilent = done;
    m_proxy->setSilent(false);
    QElapsedTimer clock;
    clock.start();
    while (!done && clock.elapsed() < 10'000)
        QThread::msleep(5);
    asking.join();
    QVERIFY2(!doneWhileSilent, "the query was answered while the proxy held everything");
    QVERIFY(done);
    QVERIFY(answered);
}

// ---- Budgets ----

void tst_PgRoundTrips::panelIsOneRoundTrip()
{
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    const QString id = busyOperation(*store);
    QVERIFY(!id.isEmpty());
    Result<OperationSnapshot> snapshot = Error::internal(QString());
    const qint64 trips = count([&] { snapshot = OperationSnapshot::load(*store, id); });
    QVERIFY2(snapshot, qPrintable(snapshot ? QString() : snapshot.error().message));
    QVERIFY(!snapshot->evidence.events.empty());
    qInfo("panel of %s (%zu events, %zu attempts): %lld round trip(s)", qPrintable(id),
          snapshot->evidence.events.size(), snapshot->attempts.size(), trips);
    QVERIFY2(trips <= 1, qPrintable(QString::number(trips)));

    // A missing operation says so, in one round trip too.
    Result<OperationSnapshot> missing = Error::internal(QString());
    QCOMPARE(count([&] { missing = OperationSnapshot::load(*store, QStringLiteral("op_missing")); }), 1);
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind, ErrorKind::Usage);
    QVERIFY(missing.error().message.contains(QLatin1String("There is no operation op_missing")));
}

void tst_PgRoundTrips::panelReadsWhatSeparateReadsRead()
{
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    auto page = store->queuePage(QueueQuery(), std::nullopt, 60);
    QVERIFY(page);
    QStringList ids = idsOf(*page);
    ids << QStringLiteral("op_5521");
    for (const QString &id : ids) {
        auto pipelined = store->operationReading(id);
        auto separate = store->Store::operationReading(id); // the reads one by one
        QVERIFY(pipelined && separate);
        QVERIFY(pipelined->operation && separate->operation);
        QCOMPARE(pipelined->operation->version, separate->operation->version);
        QCOMPARE(pipelined->operation->idempotencyKey, separate->operation->idempotencyKey);
        QCOMPARE(attemptsOf(pipelined->attempts), attemptsOf(separate->attempts));
        QCOMPARE(eventIdsOf(pipelined->candidates), eventIdsOf(separate->candidates));
        QCOMPARE(idsOf(pipelined->orderOperations), idsOf(separate->orderOperations));
        QCOMPARE(resolutionHashesOf(pipelined->resolutions), resolutionHashesOf(separate->resolutions));
        QCOMPARE(pipelined->keyRetentionHours, separate->keyRetentionHours);
    }
    // Decided operations have resolutions to compare too.
    auto decided = store->resolutionsAfter(0, 20);
    QVERIFY(decided && !decided->empty());
    for (const Resolution &r : *decided) {
        auto pipelined = store->operationReading(r.operationId);
        auto separate = store->Store::operationReading(r.operationId);
        QVERIFY(pipelined && separate);
        QCOMPARE(resolutionHashesOf(pipelined->resolutions), resolutionHashesOf(separate->resolutions));
        QCOMPARE(eventIdsOf(pipelined->candidates), eventIdsOf(separate->candidates));
    }
}

void tst_PgRoundTrips::queuePageWithVerdictsIsTwo()
{
    auto store = openThroughProxy(m_large);
    QVERIFY(store);
    std::vector<Operation> page;
    std::vector<std::vector<WebhookEvent>> events;
    const qint64 trips = count([&] {
        // As the console and queue --json read them: one snapshot around both.
        const ReadSnapshot snapshot(*store);
        auto rows = store->queuePage(QueueQuery(), std::nullopt, 100);
        QVERIFY(rows);
        page = std::move(*rows);
        auto candidates = store->candidateEventsOfEach(page);
        QVERIFY(candidates);
        events = std::move(*candidates);
    });
    const auto withEvents = std::count_if(events.begin(), events.end(), [](const auto &list) { return !list.empty(); });
    qInfo("queue page of %zu rows (%lld with events) and their verdict inputs: %lld round trip(s)", page.size(),
          qint64(withEvents), trips);
    QCOMPARE(page.size(), size_t(100));
    QVERIFY(withEvents >= 20);
    QVERIFY2(trips <= 2, qPrintable(QString::number(trips)));

    // One statement for the whole page: the same events as asked one operation at a time.
    for (size_t i = 0; i < page.size(); ++i) {
        auto one = store->candidateEvents(page[i]);
        QVERIFY(one);
        QCOMPARE(eventIdsOf(events[i]), eventIdsOf(*one));
    }
}

void tst_PgRoundTrips::queuePageWithEventsIsOne()
{
    auto store = openThroughProxy(m_large);
    QVERIFY(store);
    QueueQuery byAmount;
    byAmount.sortKey = QueueQuery::SortKey::Amount;
    byAmount.descending = true;
    for (const QueueQuery &query : {QueueQuery(), byAmount}) {
        std::optional<QueueCursor> cursor;
        for (int page = 0; page < 3; ++page) {
            Result<QueuePageReading> reading = Error::internal(QString());
            const qint64 trips = count([&] { reading = store->queuePageWithEvents(query, cursor, 40); });
            QVERIFY2(reading, qPrintable(reading ? QString() : reading.error().message));
            QCOMPARE(trips, 1);
            // The same as the two reads one after the other.
            auto separate = store->Store::queuePageWithEvents(query, cursor, 40);
            QVERIFY(separate);
            QCOMPARE(idsOf(reading->operations), idsOf(separate->operations));
            QCOMPARE(reading->candidates.size(), separate->candidates.size());
            for (size_t i = 0; i < reading->candidates.size(); ++i)
                QCOMPARE(eventIdsOf(reading->candidates[i]), eventIdsOf(separate->candidates[i]));
            if (reading->operations.empty())
                break;
            cursor = cursorAfter(query, reading->operations.back());
        }
    }
    qInfo("a queue page with the candidate events of its rows (queuePageWithEvents): 1 round trip");
}

void tst_PgRoundTrips::firstPictureAfterConnecting()
{
    // Everything from connecting to the first panel. The connection's handshake is not
    // Refund Desk's to save, so it is counted apart.
    std::unique_ptr<Store> store;
    QList<qint64> steps;
    const qint64 all = count([&] {
        store = openThroughProxy(m_large);
        QVERIFY(store);
        steps << m_proxy->roundTrips();
        const ReadSnapshot snapshot(*store);
        auto page = store->queuePage(QueueQuery(), std::nullopt, 100);
        QVERIFY(page && !page->empty());
        steps << m_proxy->roundTrips();
        QVERIFY(store->candidateEventsOfEach(*page));
        steps << m_proxy->roundTrips();
        QVERIFY(OperationSnapshot::load(*store, page->front().operationId));
        steps << m_proxy->roundTrips();
    });
    // What the open alone cost, handshake included, then the handshake alone: a store that
    // fails on a database that does not exist goes no further than the handshake.
    std::unique_ptr<Store> second;
    const qint64 opening = count([&] { second = openThroughProxy(m_large); }); // closing would count
    QVERIFY(second);
    const qint64 handshake = count([&] {
        QVERIFY(!StoreFactory::open(m_proxy->pgLocation(QStringLiteral("no_such_database"), User),
                                    Store::OpenMode::ReadOnly));
    });
    qInfo("first picture: %lld round trip(s) in all; the connection's handshake %lld, opening the store %lld "
          "(setup, LISTEN, schema and rights), the rest the first page, its verdicts and the first panel",
          all, handshake, opening - handshake);
    qInfo() << "after each step:" << steps;
    QVERIFY2(opening - handshake <= 1, qPrintable(QString::number(opening - handshake)));
    QVERIFY2(all - handshake <= 6, qPrintable(QString::number(all - handshake)));

    // The session listens: another session's commit reaches it.
    auto before = store->dataVersion();
    QVERIFY(before);
    QVERIFY(m_server->exec(m_large, QStringLiteral("UPDATE refund_ops SET attempts = attempts WHERE operation_id = 'op_none'")));
    auto moved = [&] {
        auto now = store->dataVersion();
        return now && *now != *before;
    };
    QTRY_VERIFY_WITH_TIMEOUT(moved(), 5000);
}

QTEST_GUILESS_MAIN(tst_PgRoundTrips)
