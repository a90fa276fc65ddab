// The schema is the contract with the agent's tool and the webhook receiver: these tests
// hold it to DESIGN.md through plain SQL, the way those programs write it.

#include "teststore.h"

#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

class tst_Schema : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void versionAndJournal();
    void keyIsImmutable();
    void otherColumnsMayChange();
    void paymentIsWrittenByTheTool();
    void paymentIsKeptOnceWritten_data();
    void paymentIsKeptOnceWritten();
    void resolutionsAreAppendOnly_data();
    void resolutionsAreAppendOnly();
    void checksRejectBadRows_data();
    void checksRejectBadRows();
    void uniqueIndexAllowsClosedDuplicates();
    void uniqueIndexDecidesARaceBetweenConnections();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_store;
};

void tst_Schema::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<TestStore>(m_dir->filePath(QStringLiteral("store.sqlite")));
    QVERIFY2(m_store->isValid(), qPrintable(m_store->lastError()));
    QVERIFY2(m_store->addOperation(TestStore::operation(QStringLiteral("op_1"))), qPrintable(m_store->lastError()));
}

void tst_Schema::versionAndJournal()
{
    QCOMPARE(m_store->queryInt(QStringLiteral("PRAGMA user_version")), 3);
    QCOMPARE(m_store->queryText(QStringLiteral("PRAGMA journal_mode")), QStringLiteral("wal"));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT value FROM store_meta WHERE key = 'provider'")),
             QStringLiteral("stripe"));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT value FROM store_meta WHERE key = 'key_retention_hours'")),
             QStringLiteral("24"));
}

void tst_Schema::keyIsImmutable()
{
    QVERIFY(!m_store->exec(QStringLiteral("UPDATE refund_ops SET idempotency_key = 'new-key' WHERE operation_id = 'op_1'")));
    QVERIFY(m_store->lastError().contains(QStringLiteral("immutable")));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT idempotency_key FROM refund_ops")), QStringLiteral("key-op_1"));
}

void tst_Schema::otherColumnsMayChange()
{
    QVERIFY2(m_store->exec(QStringLiteral("UPDATE refund_ops SET status = 'checking', claimed_by = 'ann', "
                                          "version = version + 1 WHERE operation_id = 'op_1'")),
             qPrintable(m_store->lastError()));
    // Writing the same key again is not a change of key.
    QVERIFY2(m_store->exec(QStringLiteral("UPDATE refund_ops SET idempotency_key = 'key-op_1'")),
             qPrintable(m_store->lastError()));
}

void tst_Schema::paymentIsWrittenByTheTool()
{
    // Version 3's column: nullable text, so a tool that names its columns and leaves it out
    // (op_1, as TestStore writes it) still opens rows.
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT type FROM pragma_table_info('refund_ops') WHERE name = 'payment_id'")),
             QStringLiteral("TEXT"));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT \"notnull\" FROM pragma_table_info('refund_ops') WHERE name = 'payment_id'")),
             0);
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM refund_ops WHERE payment_id IS NULL")), 1);
    QVERIFY2(m_store->exec(QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, "
                                          "status, created_at, updated_at, payment_id) VALUES ('op_2', 'o2', 100, 'k2', "
                                          "'open', 1, 1, 'pi_3MtwBwLkdIwHu7ix28a3tqPa')")),
             qPrintable(m_store->lastError()));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT payment_id FROM refund_ops WHERE operation_id = 'op_2'")),
             QStringLiteral("pi_3MtwBwLkdIwHu7ix28a3tqPa"));
    // A tool that opened the row without it names it later, once.
    QVERIFY2(m_store->exec(QStringLiteral("UPDATE refund_ops SET payment_id = 'ch_1', version = version + 1 "
                                          "WHERE operation_id = 'op_1'")),
             qPrintable(m_store->lastError()));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT payment_id FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("ch_1"));
}

void tst_Schema::paymentIsKeptOnceWritten_data()
{
    QTest::addColumn<QString>("assignment");
    QTest::addColumn<bool>("allowed");
    QTest::newRow("another payment") << QStringLiteral("payment_id = 'pi_other'") << false;
    QTest::newRow("cleared") << QStringLiteral("payment_id = NULL") << false;
    QTest::newRow("a charge instead") << QStringLiteral("payment_id = 'ch_1'") << false;
    QTest::newRow("the same payment again") << QStringLiteral("payment_id = 'pi_1'") << true;
    QTest::newRow("other columns") << QStringLiteral("status = 'checking', claimed_by = 'ann'") << true;
}

void tst_Schema::paymentIsKeptOnceWritten()
{
    QFETCH(QString, assignment);
    QFETCH(bool, allowed);
    QVERIFY2(m_store->exec(QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_1' WHERE operation_id = 'op_1'")),
             qPrintable(m_store->lastError()));
    const bool ran = m_store->exec(QStringLiteral("UPDATE refund_ops SET %1 WHERE operation_id = 'op_1'").arg(assignment));
    QCOMPARE(ran, allowed);
    if (!allowed)
        QVERIFY2(m_store->lastError().contains(QLatin1String("payment_id is immutable")), qPrintable(m_store->lastError()));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT payment_id FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("pi_1"));
}

void tst_Schema::resolutionsAreAppendOnly_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("update note") << QStringLiteral("UPDATE resolutions SET note = 'edited'");
    QTest::newRow("update hash") << QStringLiteral("UPDATE resolutions SET hash = 'x'");
    QTest::newRow("delete") << QStringLiteral("DELETE FROM resolutions");
}

void tst_Schema::resolutionsAreAppendOnly()
{
    QFETCH(QString, sql);
    QVERIFY2(m_store->exec(QStringLiteral(
                 "INSERT INTO resolutions (resolution_id, operation_id, outcome, refund_id, evidence, note, operator, "
                 "recorded_at, previous_status, overrides_evidence, prev_hash, hash) VALUES (1, 'op_1', 'failed', "
                 "NULL, 'dashboard', 'n', 'ann', 1, 'unknown', 0, 'p', 'h')")),
             qPrintable(m_store->lastError()));
    QVERIFY(!m_store->exec(sql));
    QVERIFY(m_store->lastError().contains(QStringLiteral("append-only")));
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT note || hash FROM resolutions")), QStringLiteral("nh"));
}

void tst_Schema::checksRejectBadRows_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("unknown status") << QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, created_at, updated_at) "
        "VALUES ('op_x', '9', 100, 'k-x', 'pending', 0, 0)");
    QTest::newRow("zero amount") << QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, created_at, updated_at) "
        "VALUES ('op_x', '9', 0, 'k-x', 'open', 0, 0)");
    QTest::newRow("negative amount") << QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, created_at, updated_at) "
        "VALUES ('op_x', '9', -5, 'k-x', 'open', 0, 0)");
    QTest::newRow("duplicate key") << QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, created_at, updated_at) "
        "VALUES ('op_x', '9', 100, 'key-op_1', 'open', 0, 0)");
    QTest::newRow("refunded resolution without refund id") << QStringLiteral(
        "INSERT INTO resolutions (operation_id, outcome, evidence, operator, recorded_at, previous_status, prev_hash, hash) "
        "VALUES ('op_1', 'refunded', 'dashboard', 'ann', 1, 'unknown', 'p', 'h')");
    QTest::newRow("resolution outcome") << QStringLiteral(
        "INSERT INTO resolutions (operation_id, outcome, refund_id, evidence, operator, recorded_at, previous_status, "
        "prev_hash, hash) VALUES ('op_1', 'maybe', 're_1', 'dashboard', 'ann', 1, 'unknown', 'p', 'h')");
    QTest::newRow("attempt outcome") << QStringLiteral(
        "INSERT INTO refund_attempts (operation_id, attempt_no, started_at, outcome) VALUES ('op_1', 1, 0, 'lost')");
}

void tst_Schema::checksRejectBadRows()
{
    QFETCH(QString, sql);
    const qint64 before = m_store->queryInt(QStringLiteral(
        "SELECT (SELECT count(*) FROM refund_ops) + (SELECT count(*) FROM resolutions) + "
        "(SELECT count(*) FROM refund_attempts)"));
    QVERIFY(!m_store->exec(sql));
    QCOMPARE(m_store->queryInt(QStringLiteral(
                 "SELECT (SELECT count(*) FROM refund_ops) + (SELECT count(*) FROM resolutions) + "
                 "(SELECT count(*) FROM refund_attempts)")),
             before);
}

void tst_Schema::uniqueIndexAllowsClosedDuplicates()
{
    // A refund of the same amount on the same order may happen again once the first closed.
    Operation closed = TestStore::operation(QStringLiteral("op_2"), OperationStatus::Refunded);
    closed.orderId = QStringLiteral("order-op_1");
    QVERIFY2(m_store->addOperation(closed), qPrintable(m_store->lastError()));
    Operation open = TestStore::operation(QStringLiteral("op_3"), OperationStatus::Open);
    open.orderId = QStringLiteral("order-op_1");
    QVERIFY(!m_store->addOperation(open)); // op_1 is still unknown
    QVERIFY(m_store->lastError().contains(QStringLiteral("UNIQUE")));
}

void tst_Schema::uniqueIndexDecidesARaceBetweenConnections()
{
    // Two tool calls open the same refund on two connections; the database picks one
    // winner and the loser reads the winner's row.
    TestStore second(m_dir->filePath(QStringLiteral("unused.sqlite")));
    QVERIFY(second.isValid());
    sqlite3 *a = nullptr;
    sqlite3 *b = nullptr;
    const QByteArray path = QFile::encodeName(m_store->path());
    QCOMPARE(sqlite3_open_v2(path.constData(), &a, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_open_v2(path.constData(), &b, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
    sqlite3_busy_timeout(a, 2000);
    sqlite3_busy_timeout(b, 2000);
    const char *insertA = "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, "
                          "created_at, updated_at) VALUES ('op_a', '4417', 3800, 'key-a', 'open', 1, 1)";
    const char *insertB = "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, "
                          "created_at, updated_at) VALUES ('op_b', '4417', 3800, 'key-b', 'open', 1, 1)";
    QCOMPARE(sqlite3_exec(a, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_exec(a, insertA, nullptr, nullptr, nullptr), SQLITE_OK);
    // b cannot even start its write while a holds the lock ...
    sqlite3_busy_timeout(b, 0);
    QCOMPARE(sqlite3_exec(b, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_BUSY);
    QCOMPARE(sqlite3_exec(a, "COMMIT", nullptr, nullptr, nullptr), SQLITE_OK);
    // ... and once a committed, the index refuses b's row.
    QCOMPARE(sqlite3_exec(b, insertB, nullptr, nullptr, nullptr) & 0xff, SQLITE_CONSTRAINT);
    sqlite3_stmt *winner = nullptr;
    QCOMPARE(sqlite3_prepare_v2(b, "SELECT operation_id, idempotency_key FROM refund_ops WHERE order_id = '4417' "
                                   "AND amount_cents = 3800 AND status IN ('open','unknown','checking')",
                                -1, &winner, nullptr), SQLITE_OK);
    QCOMPARE(sqlite3_step(winner), SQLITE_ROW);
    QCOMPARE(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(winner, 0))), QStringLiteral("op_a"));
    QCOMPARE(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(winner, 1))), QStringLiteral("key-a"));
    sqlite3_finalize(winner);
    sqlite3_close_v2(a);
    sqlite3_close_v2(b);
}

QTEST_GUILESS_MAIN(tst_Schema)
#include "tst_schema.moc"
