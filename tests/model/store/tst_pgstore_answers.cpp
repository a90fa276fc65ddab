// The store on PostgreSQL answers as on SQLite, and its writes keep their rules: claims,
// resolutions, other sessions' commits, snapshots.

#include "tst_pgstore.h"

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;

// Every page of the queue under `query`, `pageSize` rows at a time, by key.
QStringList wholeQueue(Store &store, const QueueQuery &query, int pageSize)
{
    QStringList ids;
    std::optional<QueueCursor> cursor;
    for (int guard = 0; guard < 10'000; ++guard) {
        auto page = store.queuePage(query, cursor, pageSize);
        if (!page) {
            ids << QStringLiteral("error: ") + page.error().message;
            return ids;
        }
        ids << idsOf(*page);
        if (int(page->size()) < pageSize)
            return ids;
        cursor = cursorAfter(query, page->back());
    }
    return ids;
}

} // namespace

void tst_PgStore::answersAreTheSameAsOnSqlite_data()
{
    QTest::addColumn<int>("sortKey");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<int>("filter");
    QTest::addColumn<QString>("search");
    const std::pair<const char *, QueueQuery::SortKey> keys[] = {
        {"age", QueueQuery::SortKey::UpdatedAt},      {"id", QueueQuery::SortKey::OperationId},
        {"order", QueueQuery::SortKey::OrderId},      {"amount", QueueQuery::SortKey::Amount},
        {"status", QueueQuery::SortKey::Status},      {"attempts", QueueQuery::SortKey::Attempts},
        {"created", QueueQuery::SortKey::CreatedAt},  {"claimant", QueueQuery::SortKey::ClaimedBy},
    };
    for (const auto &[name, key] : keys) {
        for (bool descending : {false, true})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(name), descending ? "desc" : "asc")))
                << int(key) << descending << int(QueueQuery::StatusFilter::NeedsPerson) << QString();
    }
    QTest::newRow("unknown only") << int(QueueQuery::SortKey::UpdatedAt) << false
                                  << int(QueueQuery::StatusFilter::Unknown) << QString();
    QTest::newRow("checking only") << int(QueueQuery::SortKey::Amount) << true
                                   << int(QueueQuery::StatusFilter::Checking) << QString();
    QTest::newRow("search") << int(QueueQuery::SortKey::UpdatedAt) << false
                            << int(QueueQuery::StatusFilter::NeedsPerson) << QStringLiteral("44");
    QTest::newRow("search with a wildcard") << int(QueueQuery::SortKey::OrderId) << false
                                            << int(QueueQuery::StatusFilter::NeedsPerson) << QStringLiteral("p_55");
}

void tst_PgStore::answersAreTheSameAsOnSqlite()
{
    QFETCH(int, sortKey);
    QFETCH(bool, descending);
    QFETCH(int, filter);
    QFETCH(QString, search);

    // The same simulated store on both backends (the simulator is deterministic).
    static QTemporaryDir dir;
    static QString sqlitePath;
    static QString pgLocation;
    if (sqlitePath.isEmpty()) {
        SimulationOptions options;
        options.operations = 1500;
        options.seed = 7;
        options.nowMs = DemoNow;
        sqlitePath = dir.filePath(QStringLiteral("demo.sqlite"));
        QVERIFY(m_server->createDatabase(QStringLiteral("demo_same")));
        pgLocation = m_server->location(QStringLiteral("demo_same"));
        auto onSqlite = DemoStore::generate(sqlitePath, options, {});
        QVERIFY2(onSqlite, qPrintable(onSqlite ? QString() : onSqlite.error().message));
        auto onPg = DemoStore::generate(pgLocation, options, {});
        QVERIFY2(onPg, qPrintable(onPg ? QString() : onPg.error().message));
    }
    auto sqlite = open(sqlitePath, Store::OpenMode::ReadOnly);
    auto pg = open(pgLocation, Store::OpenMode::ReadOnly);
    QVERIFY(sqlite && pg);

    QueueQuery query;
    query.sortKey = QueueQuery::SortKey(sortKey);
    query.descending = descending;
    query.statusFilter = QueueQuery::StatusFilter(filter);
    query.searchText = search;
    const QStringList expected = wholeQueue(*sqlite, query, 1'000'000);
    QVERIFY(expected.size() > 0);
    QCOMPARE(wholeQueue(*pg, query, 1'000'000), expected);
    QCOMPARE(wholeQueue(*pg, query, 7), expected); // paged by key, 7 at a time
    auto sqliteKeys = sqlite->queueKeys(query, 50);
    auto pgKeys = pg->queueKeys(query, 50);
    QVERIFY(sqliteKeys && pgKeys);
    QCOMPARE(pgKeys->size(), sqliteKeys->size());
    for (size_t i = 0; i < pgKeys->size(); ++i) {
        QCOMPARE((*pgKeys)[i].operationId, (*sqliteKeys)[i].operationId);
        QCOMPARE((*pgKeys)[i].sortValue.toString(), (*sqliteKeys)[i].sortValue.toString());
    }

    if (QTest::currentDataTag() != QLatin1String("age asc"))
        return;
    // Once: evidence, history, the audit block and the invariants agree too.
    auto page = sqlite->queuePage(QueueQuery(), std::nullopt, 400);
    QVERIFY(page);
    auto sqliteEvents = sqlite->candidateEventsOfEach(*page);
    auto pgEvents = pg->candidateEventsOfEach(*page);
    QVERIFY(sqliteEvents && pgEvents);
    int withEvents = 0;
    for (size_t i = 0; i < page->size(); ++i) {
        QCOMPARE(eventIdsOf((*pgEvents)[i]), eventIdsOf((*sqliteEvents)[i]));
        withEvents += (*pgEvents)[i].empty() ? 0 : 1;
        if (i < 5) {
            const QString id = (*page)[i].operationId;
            QCOMPARE(pg->attempts(id)->size(), sqlite->attempts(id)->size());
            QCOMPARE(idsOf(*pg->orderOperations((*page)[i].orderId)), idsOf(*sqlite->orderOperations((*page)[i].orderId)));
        }
    }
    QVERIFY(withEvents > 0);
    auto sqliteLog = sqlite->resolutionsAfter(0, 100'000);
    auto pgLog = pg->resolutionsAfter(0, 100'000);
    QVERIFY(sqliteLog && pgLog && !sqliteLog->empty());
    QCOMPARE(pgLog->size(), sqliteLog->size());
    ChainVerifier chain;
    for (size_t i = 0; i < pgLog->size(); ++i) {
        QCOMPARE((*pgLog)[i].hash, (*sqliteLog)[i].hash);
        QVERIFY(chain.add((*pgLog)[i]));
    }
    AuditQuery audit;
    audit.newestFirst = true;
    QCOMPARE(*pg->auditCount(audit), *sqlite->auditCount(audit));
    QCOMPARE(pg->auditPage(audit, std::nullopt, 5)->front().resolution.hash,
             sqlite->auditPage(audit, std::nullopt, 5)->front().resolution.hash);
    QCOMPARE(*pg->auditOperators(), *sqlite->auditOperators());
    auto pgTotals = pg->auditTotals(audit);
    auto sqliteTotals = sqlite->auditTotals(audit);
    QCOMPARE(pgTotals->size(), sqliteTotals->size());
    for (size_t i = 0; i < pgTotals->size(); ++i) {
        QCOMPARE((*pgTotals)[i].amountCents, (*sqliteTotals)[i].amountCents);
        QCOMPARE((*pgTotals)[i].count, (*sqliteTotals)[i].count);
    }
    auto pgExposure = pg->exposureChanges();
    auto sqliteExposure = sqlite->exposureChanges();
    QVERIFY(pgExposure && sqliteExposure);
    QCOMPARE(pgExposure->size(), sqliteExposure->size());
    for (size_t i = 0; i < pgExposure->size(); ++i) {
        QCOMPARE((*pgExposure)[i].day, (*sqliteExposure)[i].day);
        QCOMPARE((*pgExposure)[i].amountDelta, (*sqliteExposure)[i].amountDelta);
    }
    QCOMPARE(pg->decisionsByDay()->size(), sqlite->decisionsByDay()->size());
    auto invariants = pg->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));
    QCOMPARE(*pg->meta(QStringLiteral("demo_seed")), QStringLiteral("7"));
}

void tst_PgStore::candidateEventsFollowAllThreeRoutes()
{
    auto event = [](const QString &id, const QString &operationId, const QString &key, const QString &refundId,
                    qint64 created) {
        WebhookEvent e;
        e.eventId = id;
        e.type = QStringLiteral("refund.updated");
        e.created = created;
        e.receivedAt = created * 1000;
        e.payload = QStringLiteral("{\"tab\":\"\t\",\"slash\":\"\\\\\"}\n");
        e.operationId = operationId;
        e.idempotencyKey = key;
        e.refundId = refundId;
        return e;
    };
    const QString none;
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    auto added = store->insertEvents({event("evt_meta", "op_1", none, "re_a", 3), event("evt_key", none, "key-op_1", "re_b", 2),
                                      event("evt_lost_metadata", none, none, "re_a", 5),
                                      event("evt_other_op", "op_3", "key-op_3", "re_c", 1),
                                      event("evt_unrelated", none, none, "re_z", 1),
                                      event("evt_recorded_refund", none, none, "re_old", 4)});
    QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
    QCOMPARE(*added, 6);
    auto twice = store->insertEvents({event("evt_meta", "op_1", none, "re_a", 3)});
    QVERIFY(twice);
    QCOMPARE(*twice, 0); // known ids are left alone

    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && op1->has_value());
    auto events = store->candidateEvents(**op1);
    QVERIFY(events);
    QCOMPARE(eventIdsOf(*events), QStringList({"evt_key", "evt_meta", "evt_lost_metadata"}));
    QCOMPARE(events->front().payload, QStringLiteral("{\"tab\":\"\t\",\"slash\":\"\\\\\"}\n")); // as delivered
    auto op6 = store->operation(QStringLiteral("op_6"));
    QVERIFY(op6 && op6->has_value());
    QCOMPARE(eventIdsOf(*store->candidateEvents(**op6)), QStringList({"evt_recorded_refund"}));
}

void tst_PgStore::claimReleaseAndTakeOverRecordTheLogin()
{
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    QCOMPARE(store->sessionOperator(), QStringLiteral("postgres"));
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && op1->has_value());

    // Another name than the login is refused, and nothing is written.
    auto asBob = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QStringLiteral("bob"), false);
    QVERIFY(!asBob);
    QCOMPARE(asBob.error().kind, ErrorKind::Refused);
    QVERIFY2(asBob.error().message.contains(QLatin1String("logged in as postgres")), qPrintable(asBob.error().message));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("unknown"));

    auto claimed = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false);
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    QCOMPARE(claimed->claimedBy, QStringLiteral("postgres"));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT claimed_by || ' ' || version FROM refund_ops "
                                                  "WHERE operation_id = 'op_1'")),
             QStringLiteral("postgres 1"));
    // The state seen before the claim is stale now.
    auto stale = store->release(QStringLiteral("op_1"), SeenState::of(**op1), QString());
    QVERIFY(!stale);
    QCOMPARE(stale.error().kind, ErrorKind::Conflict);
    auto released = store->release(QStringLiteral("op_1"), SeenState::of(*claimed), QStringLiteral("postgres"));
    QVERIFY(released);
    QCOMPARE(released->status, OperationStatus::Unknown);

    // bob's claim on op_2 needs a take-over, which records the login.
    auto op2 = store->operation(QStringLiteral("op_2"));
    QVERIFY(op2 && op2->has_value());
    auto refused = store->claim(QStringLiteral("op_2"), SeenState::of(**op2), QString(), false);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, ErrorKind::Conflict);
    QVERIFY2(refused.error().message.contains(QLatin1String("being checked by bob")), qPrintable(refused.error().message));
    auto taken = store->claim(QStringLiteral("op_2"), SeenState::of(**op2), QString(), true);
    QVERIFY(taken);
    QCOMPARE(taken->claimedBy, QStringLiteral("postgres"));
}

void tst_PgStore::resolutionIsAtomicChainedAndHappensOnce()
{
    auto first = open(m_server->location(m_db));
    auto second = open(m_server->location(m_db));
    QVERIFY(first && second);
    auto op1 = first->operation(QStringLiteral("op_1"));
    auto op3 = first->operation(QStringLiteral("op_3"));
    QVERIFY(op1 && op1->has_value() && op3 && op3->has_value());

    ResolutionDraft draft;
    draft.operationId = QStringLiteral("op_1");
    draft.outcome = Outcome::Refunded;
    draft.refundId = QStringLiteral("re_1");
    draft.evidence = QStringLiteral("dashboard");
    draft.note = QStringLiteral("  seen ünïcode  ");
    auto r1 = first->recordResolution(draft, SeenState::of(**op1));
    QVERIFY2(r1, qPrintable(r1 ? QString() : r1.error().message));
    QCOMPARE(r1->resolutionId, qint64(1));
    QCOMPARE(r1->prevHash, AuditChain::genesisHash());
    QCOMPARE(r1->operatorName, QStringLiteral("postgres"));
    QCOMPARE(r1->note, QStringLiteral("seen ünïcode"));

    // The second session saw op_1 as it was: one decision, one clean conflict.
    auto again = second->recordResolution(draft, SeenState::of(**op1));
    QVERIFY(!again);
    QCOMPARE(again.error().kind, ErrorKind::Conflict);
    QVERIFY2(again.error().message.contains(QLatin1String("already resolved as refunded by postgres")),
             qPrintable(again.error().message));

    ResolutionDraft other = draft;
    other.operationId = QStringLiteral("op_3");
    other.outcome = Outcome::Failed;
    other.refundId.clear();
    other.note.clear();
    auto r2 = second->recordResolution(other, SeenState::of(**op3));
    QVERIFY(r2);
    QCOMPARE(r2->resolutionId, qint64(2));
    QCOMPARE(r2->prevHash, r1->hash);

    // What the server holds hashes back to the same chain, byte for byte.
    auto log = first->resolutionsAfter(0, 10);
    QVERIFY(log);
    QCOMPARE(log->size(), size_t(2));
    ChainVerifier chain;
    for (const Resolution &r : *log) {
        QCOMPARE(AuditChain::hashOf(r), r.hash);
        QVERIFY(chain.add(r));
    }
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT status || ' ' || refund_id || ' ' || version FROM refund_ops "
                                                  "WHERE operation_id = 'op_1'")),
             QStringLiteral("refunded re_1 1"));
    auto invariants = first->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));

    // The log is append-only on the server, even for the store's owner.
    QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE resolutions SET note = 'edited'")));
    QVERIFY(m_server->lastError().contains(QLatin1String("append-only")));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("DELETE FROM resolutions")));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("TRUNCATE resolutions CASCADE")));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET idempotency_key = 'new' WHERE operation_id = 'op_5'")));
    QVERIFY(m_server->lastError().contains(QLatin1String("immutable")));

    // A missing guard is an invariant broken.
    QVERIFY(m_server->exec(m_db, QStringLiteral("ALTER TABLE resolutions DISABLE TRIGGER resolutions_no_update")));
    invariants = first->checkInvariants();
    QVERIFY(invariants);
    QCOMPARE(invariants->size(), size_t(1));
    QVERIFY2(invariants->front().message.contains(QLatin1String("resolutions_no_update is disabled")),
             qPrintable(invariants->front().message));
}

void tst_PgStore::dataVersionFollowsOtherSessionsCommits()
{
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    auto before = store->dataVersion();
    QVERIFY(before);
    QCOMPARE(*store->dataVersion(), *before);

    // Its own writes are not someone else's change.
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false));
    QTest::qWait(200);
    QCOMPARE(*store->dataVersion(), *before);

    QVERIFY(m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET attempts = 4 WHERE operation_id = 'op_3'")));
    QTRY_VERIFY_WITH_TIMEOUT(*store->dataVersion() != *before, 60'000);
    auto operation = store->operation(QStringLiteral("op_3"));
    QVERIFY(operation && operation->has_value());
    QCOMPARE((*operation)->attempts, 4);
    const qint64 afterUpdate = *store->dataVersion();
    // Events and attempts notify too.
    QVERIFY(m_server->exec(m_db, QStringLiteral("INSERT INTO webhook_events (event_id, received_at, payload) "
                                                "VALUES ('evt_x', 1, '{}')")));
    QTRY_VERIFY_WITH_TIMEOUT(*store->dataVersion() != afterUpdate, 60'000);
}

void tst_PgStore::snapshotSeesOneMomentAndRefusesWrites()
{
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    {
        ReadSnapshot snapshot(*store);
        QVERIFY(!snapshot.error());
        const int attempts = (*store->operation(QStringLiteral("op_1")))->attempts;
        QVERIFY(m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET attempts = %1 WHERE operation_id = 'op_1'")
                                         .arg(attempts + 5)));
        QCOMPARE((*store->operation(QStringLiteral("op_1")))->attempts, attempts);
        auto op1 = store->operation(QStringLiteral("op_1"));
        auto write = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false);
        QVERIFY(!write);
        QVERIFY2(write.error().message.contains(QLatin1String("snapshot")), qPrintable(write.error().message));
    }
    QVERIFY((*store->operation(QStringLiteral("op_1")))->attempts >= 5);
}
