// The candidate events' indexed query finds exactly the events its definition names.

#include "tst_queryplans.h"

// candidateEvents() merges three lookups in C++; it must give exactly what its definition
// (Store::candidateEvents, DESIGN.md "Evidence") says, in the same order, for every
// operation of the store.
void TestQueryPlans::candidateEventsMatchTheirDefinition()
{
    auto opened = StoreFactory::open(m_built, Store::OpenMode::ReadOnly);
    QVERIFY(opened.ok());
    Store &store = **opened;

    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open_v2(QFile::encodeName(m_built).constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    const std::unique_ptr<sqlite3, int (*)(sqlite3 *)> guard(db, sqlite3_close_v2);
    const char *definition =
        "SELECT event_id FROM webhook_events WHERE operation_id = ?1"
        " UNION SELECT event_id FROM webhook_events WHERE idempotency_key = ?2"
        " UNION SELECT event_id FROM webhook_events WHERE refund_id IN ("
        "   SELECT refund_id FROM webhook_events WHERE operation_id = ?1 AND refund_id IS NOT NULL"
        "   UNION SELECT refund_id FROM webhook_events WHERE idempotency_key = ?2 AND refund_id IS NOT NULL"
        "   UNION SELECT ?3 WHERE ?3 IS NOT NULL)";
    const char *ordered = "SELECT event_id FROM webhook_events WHERE event_id IN (SELECT value FROM json_each(?1))"
                          " ORDER BY created, received_at, event_id";
    sqlite3_stmt *candidates = nullptr;
    sqlite3_stmt *order = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, definition, -1, &candidates, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_prepare_v2(db, ordered, -1, &order, nullptr), SQLITE_OK);

    QStringList operationIds;
    sqlite3_stmt *all = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, "SELECT operation_id FROM refund_ops", -1, &all, nullptr), SQLITE_OK);
    while (sqlite3_step(all) == SQLITE_ROW)
        operationIds << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(all, 0)));
    sqlite3_finalize(all);
    QCOMPARE(operationIds.size(), 3000);

    int withEvents = 0;
    int viaRefundId = 0;
    std::vector<Operation> operations;
    std::vector<QStringList> expectedOf;
    for (const QString &id : operationIds) {
        auto found = store.operation(id);
        QVERIFY(found.ok() && found->has_value());
        const Operation &operation = **found;
        const QByteArray idUtf8 = operation.operationId.toUtf8();
        const QByteArray keyUtf8 = operation.idempotencyKey.toUtf8();
        const QByteArray refundUtf8 = operation.refundId.toUtf8();
        sqlite3_reset(candidates);
        sqlite3_bind_text(candidates, 1, idUtf8.constData(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(candidates, 2, keyUtf8.constData(), -1, SQLITE_TRANSIENT);
        if (operation.refundId.isNull())
            sqlite3_bind_null(candidates, 3);
        else
            sqlite3_bind_text(candidates, 3, refundUtf8.constData(), -1, SQLITE_TRANSIENT);
        QStringList ids;
        while (sqlite3_step(candidates) == SQLITE_ROW)
            ids << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(candidates, 0)));
        QString json = QStringLiteral("[");
        for (const QString &eventId : ids)
            json += (json.size() > 1 ? QStringLiteral(",\"") : QStringLiteral("\"")) + eventId + u'"';
        json += u']';
        const QByteArray jsonUtf8 = json.toUtf8();
        sqlite3_reset(order);
        sqlite3_bind_text(order, 1, jsonUtf8.constData(), -1, SQLITE_TRANSIENT);
        QStringList expected;
        while (sqlite3_step(order) == SQLITE_ROW)
            expected << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(order, 0)));

        auto events = store.candidateEvents(operation);
        QVERIFY(events.ok());
        QStringList actual;
        for (const WebhookEvent &event : *events) {
            actual << event.eventId;
            if (event.operationId != operation.operationId && event.idempotencyKey != operation.idempotencyKey)
                ++viaRefundId;
        }
        QCOMPARE(actual, expected);
        withEvents += expected.isEmpty() ? 0 : 1;
        operations.push_back(operation);
        expectedOf.push_back(expected);
    }
    sqlite3_finalize(candidates);
    sqlite3_finalize(order);
    QVERIFY2(withEvents > 1000, "most operations should have events");
    QVERIFY2(viaRefundId > 0, "some events should be found by their refund id alone");

    // The batched lookups give each operation of a batch the same, whatever the batch's
    // size, order or repeats, and inside a snapshot or not.
    auto checkBatch = [&](const std::vector<size_t> &batch) {
        std::vector<Operation> asked;
        for (size_t i : batch)
            asked.push_back(operations[i]);
        auto lists = store.candidateEventsOfEach(asked);
        QVERIFY(lists.ok());
        QCOMPARE(lists->size(), batch.size());
        for (size_t n = 0; n < batch.size(); ++n) {
            QStringList actual;
            for (const WebhookEvent &event : (*lists)[n])
                actual << event.eventId;
            QCOMPARE(actual, expectedOf[batch[n]]);
        }
    };
    for (size_t batchSize : {size_t(1), size_t(13), size_t(500), operations.size()}) {
        const ReadSnapshot snapshot(store);
        QVERIFY(!snapshot.error());
        for (size_t start = 0; start < operations.size(); start += batchSize) {
            std::vector<size_t> batch;
            for (size_t i = start; i < std::min(operations.size(), start + batchSize); ++i)
                batch.push_back(i);
            checkBatch(batch);
            if (QTest::currentTestFailed())
                return;
        }
    }
    std::vector<size_t> reversedWithRepeats;
    for (size_t i = operations.size(); i-- > 0;)
        reversedWithRepeats.push_back(i);
    for (size_t i = 0; i < operations.size(); i += 3)
        reversedWithRepeats.push_back(i);
    checkBatch(reversedWithRepeats);
    checkBatch({});
}
