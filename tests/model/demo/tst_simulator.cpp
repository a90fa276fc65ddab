// The demo simulator and the store builder: determinism, the reference case, the
// invariants every simulated store keeps, the scenes a demo must show, and the demo command.

#include "tst_simulator.h"

namespace {

QString refundStatusOf(const nlohmann::json &payload)
{
    return QString::fromStdString(payload.at("data").at("object").at("status").get<std::string>());
}

} // namespace

void tst_Simulator::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("demo.sqlite"));
    qint64 lastDone = 0;
    int calls = 0;
    auto summary = DemoStore::generate(m_path, options(), [&](qint64 done, qint64 total) {
        QVERIFY(done >= lastDone);
        QCOMPARE(total, Operations);
        lastDone = done;
        ++calls;
    });
    QVERIFY2(summary.ok(), summary.ok() ? "" : qPrintable(summary.error().message));
    m_summary = *summary;
    QVERIFY(calls > 1);
    QCOMPARE(lastDone, Operations);
    m_db = openReadOnly(m_path);
    QVERIFY(m_db);
}

void tst_Simulator::sameSeedSameStore()
{
    const QString again = m_dir.filePath(QStringLiteral("again.sqlite"));
    auto summary = DemoStore::generate(again, options());
    QVERIFY(summary.ok());
    const QByteArray first = dumpStore(m_path);
    QVERIFY(first.size() > 100000);
    QCOMPARE(dumpStore(again), first);
}

void tst_Simulator::otherSeedOtherStore()
{
    const QString other = m_dir.filePath(QStringLiteral("other.sqlite"));
    auto summary = DemoStore::generate(other, options(Operations, Seed + 1));
    QVERIFY(summary.ok());
    QVERIFY(dumpStore(other) != dumpStore(m_path));
}

void tst_Simulator::referenceCase()
{
    sqlite3 *db = m_db.get();
    const auto op = rows(db, "SELECT order_id, amount_cents, currency, idempotency_key, status, attempts, "
                             "created_at, refund_id, claimed_by FROM refund_ops WHERE operation_id = 'op_5521'");
    QCOMPARE(op.size(), 1);
    QCOMPARE(op[0][0], QStringLiteral("4417"));
    QCOMPARE(op[0][1], QStringLiteral("3800"));
    QCOMPARE(op[0][2], QStringLiteral("usd"));
    QCOMPARE(op[0][3], QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"));
    QCOMPARE(op[0][4], QStringLiteral("unknown"));
    QCOMPARE(op[0][5], QStringLiteral("3"));
    QCOMPARE(op[0][6].toLongLong(), Now - ReferenceCase::AgeMs);
    QCOMPARE(op[0][7], QStringLiteral("<null>"));
    QCOMPARE(op[0][8], QStringLiteral("<null>"));

    // Timed out, met its own request still in progress, then got the saved 500: all one
    // tool call.
    const auto attempts = rows(db, "SELECT attempt_no, outcome, http_status, tool_call_id FROM refund_attempts "
                                   "WHERE operation_id = 'op_5521' ORDER BY attempt_no");
    QCOMPARE(attempts.size(), 3);
    QCOMPARE(attempts[0].mid(0, 3), (QStringList{"1", "timeout", "<null>"}));
    QCOMPARE(attempts[1].mid(0, 3), (QStringList{"2", "key_in_progress", "409"}));
    QCOMPARE(attempts[2].mid(0, 3), (QStringList{"3", "server_error", "500"}));
    QCOMPARE(attempts[1][3], attempts[0][3]);
    QCOMPARE(attempts[2][3], attempts[0][3]);

    // The provider did the work: pending at first, succeeded 21 minutes later.
    const auto events = rows(db, "SELECT type, refund_id, idempotency_key, payload FROM webhook_events "
                                 "WHERE operation_id = 'op_5521' ORDER BY created");
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0][0], QStringLiteral("refund.created"));
    QCOMPARE(events[0][1], ReferenceCase::RefundId);
    QCOMPARE(events[0][2], ReferenceCase::IdempotencyKey);
    QCOMPARE(refundStatusOf(nlohmann::json::parse(events[0][3].toStdString())), QStringLiteral("pending"));
    QCOMPARE(events[1][0], QStringLiteral("refund.updated"));
    QCOMPARE(events[1][1], ReferenceCase::RefundId);
    QCOMPARE(events[1][2], QStringLiteral("<null>"));
    QCOMPARE(refundStatusOf(nlohmann::json::parse(events[1][3].toStdString())), QStringLiteral("succeeded"));

    // Nothing else names its order, its key or its refund.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE order_id = '4417'"), 1);
    QCOMPARE(number(db, "SELECT count(*) FROM webhook_events WHERE refund_id = 're_3QK7dR2eZvKYlo2C0x5521Ab' "
                        "OR idempotency_key = 'c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa'"), 2);
}

void tst_Simulator::referenceCaseInEveryStore_data()
{
    QTest::addColumn<qint64>("operations");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("only the reference case") << qint64(1) << quint64(1);
    QTest::newRow("two operations") << qint64(2) << quint64(99);
    QTest::newRow("fifty operations, seed 0") << qint64(50) << quint64(0);
}

void tst_Simulator::referenceCaseInEveryStore()
{
    QFETCH(qint64, operations);
    QFETCH(quint64, seed);
    const QString path = m_dir.filePath(QStringLiteral("small-%1-%2.sqlite").arg(operations).arg(seed));
    auto summary = DemoStore::generate(path, options(operations, seed));
    QVERIFY(summary.ok());
    QCOMPARE(summary->operations, operations);
    Db db = openReadOnly(path);
    QVERIFY(db);
    QCOMPARE(number(db.get(), "SELECT count(*) FROM refund_ops"), operations);
    // The reference case does not depend on the seed: the same rows as in the main store.
    const char *reference = "SELECT * FROM refund_ops WHERE operation_id = 'op_5521'";
    QCOMPARE(rows(db.get(), reference), rows(m_db.get(), reference));
    const char *referenceAttempts = "SELECT * FROM refund_attempts WHERE operation_id = 'op_5521' ORDER BY attempt_no";
    QCOMPARE(rows(db.get(), referenceAttempts), rows(m_db.get(), referenceAttempts));
}

void tst_Simulator::storeIsFinished()
{
    sqlite3 *db = m_db.get();
    QCOMPARE(rows(db, "PRAGMA journal_mode").value(0).value(0), QStringLiteral("wal"));
    QCOMPARE(number(db, "PRAGMA user_version"), 3);
    QCOMPARE(rows(db, "PRAGMA integrity_check").value(0).value(0), QStringLiteral("ok"));
    QVERIFY(number(db, "SELECT count(*) FROM sqlite_stat1") > 0);
    // Every index of the schema is there again after the bulk load.
    const auto indexes = rows(db, "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL");
    QSet<QString> names;
    for (const QStringList &row : indexes)
        names.insert(row[0]);
    for (const char *name : {"one_open_refund", "refund_ops_queue", "refund_ops_queue_age", "refund_ops_order",
                             "refund_ops_refund", "webhook_events_operation", "webhook_events_key",
                             "webhook_events_refund", "resolutions_operation", "resolutions_recorded"}) {
        QVERIFY2(names.contains(QLatin1String(name)), name);
    }
    QCOMPARE(rows(db, "SELECT value FROM store_meta WHERE key = 'provider'").value(0).value(0), QStringLiteral("stripe"));
    QCOMPARE(rows(db, "SELECT value FROM store_meta WHERE key = 'key_retention_hours'").value(0).value(0),
             QStringLiteral("24"));
    QVERIFY(!QFileInfo::exists(m_path + QStringLiteral("-wal")) || QFileInfo(m_path + QStringLiteral("-wal")).size() == 0);
}

void tst_Simulator::summaryMatchesStore()
{
    sqlite3 *db = m_db.get();
    QCOMPARE(m_summary.operations, Operations);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops"), m_summary.operations);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts"), m_summary.attempts);
    QCOMPARE(number(db, "SELECT count(*) FROM webhook_events"), m_summary.events);
    QCOMPARE(number(db, "SELECT count(*) FROM resolutions"), m_summary.resolutions);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'open'"), m_summary.open);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'unknown'"), m_summary.unknown);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'checking'"), m_summary.checking);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'refunded'"), m_summary.refunded);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'failed'"), m_summary.failed);
    QCOMPARE(m_summary.open + m_summary.unknown + m_summary.checking + m_summary.refunded + m_summary.failed,
             m_summary.operations);
    // Counted when made; a few of them were never delivered.
    QVERIFY(m_summary.eventsWithoutMetadata
            >= number(db, "SELECT count(*) FROM webhook_events WHERE type LIKE 'refund.%' AND operation_id IS NULL"));
    QVERIFY(m_summary.unreadablePayloads > 0);
    QCOMPARE(m_summary.seed, Seed);
    QCOMPARE(m_summary.nowMs, Now);
}

QTEST_GUILESS_MAIN(tst_Simulator)
