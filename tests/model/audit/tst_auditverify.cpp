// verify: the hash chain recomputed and the store's invariants checked, on an honest store
// and on stores tampered each way, through AuditVerifier and through `refund-desk verify`.

#include "auditteststore.h"
#include "clirun.h"

#include "audit/auditverifier.h"
#include "i18n/translations.h"
#include "store/store.h"

#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Day = 86'400'000;
constexpr qint64 T0 = 1'717'200'000'000; // 2024-06-01

// The trigger's own CREATE text, to put it back after a tamper.
QString triggerSql(TestStore &store, const QString &name)
{
    return store.queryText(QStringLiteral("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '%1'")
                               .arg(name));
}

} // namespace

class tst_AuditVerify : public QObject
{
    Q_OBJECT

private:
    // Five operations: four decided by people (one over the evidence), one refunded by
    // the tool itself, one still unknown.
    bool buildHonestStore(AuditTestStore &s)
    {
        return s.isValid()
               && s.addResolved(QStringLiteral("op_1"), Outcome::Refunded, QStringLiteral("alice"), T0)
               && s.addResolved(QStringLiteral("op_2"), Outcome::Failed, QStringLiteral("bob"), T0 + Day,
                                false, QStringLiteral("no refund in the dashboard"))
               && s.addResolved(QStringLiteral("op_3"), Outcome::Refunded, QStringLiteral("alice"), T0 + 2 * Day,
                                true, QStringLiteral("provider support confirmed, case 123"))
               && s.addResolved(QStringLiteral("op_4"), Outcome::Failed, QStringLiteral("Zoë"), T0 + 3 * Day)
               && [&] {
                      Operation tool = TestStore::operation(QStringLiteral("op_5"), OperationStatus::Refunded, T0);
                      tool.refundId = QStringLiteral("re_tool");
                      return s.store().addOperation(tool);
                  }()
               && s.store().addOperation(TestStore::operation(QStringLiteral("op_6"), OperationStatus::Unknown, T0));
    }

private slots:
    // The report's sentences in English, their counts in its plural forms, as the
    // program speaks them.
    void initTestCase() { Translations::install(QStringLiteral("en")); }

    void honestStoreVerifies()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        AuditTestStore s(path);
        QVERIFY2(buildHonestStore(s), qPrintable(s.lastError()));

        auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : store.error().message));
        AuditVerifier verifier(**store);
        verifier.setPageSize(2); // several pages, and a page boundary inside the chain
        QList<qint64> progress;
        auto report = verifier.run([&](qint64 done, qint64 total) {
            progress << done;
            return total == 4;
        });
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().message));
        QVERIFY2(report->intact(), qPrintable(report->problems().join(u'\n')));
        QCOMPARE(report->verifiedCount, 4);
        QCOMPARE(report->lastVerifiedId, 4);
        QCOMPARE(report->headHash, s.headHash());
        QCOMPARE(report->summary(), QStringLiteral("verified 4 resolutions, chain intact through #4"));
        QVERIFY(progress.size() >= 2);
        QCOMPARE(progress.last(), 4);

        const CliRun run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.outText().startsWith(QStringLiteral("verified 4 resolutions, chain intact through #4\n")),
                 qPrintable(run.outText()));
        QVERIFY(run.outText().contains(s.headHash()));
    }

    void emptyLogVerifies()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        AuditTestStore s(path);
        QVERIFY(s.isValid());
        const CliRun run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.outText().startsWith(QStringLiteral("verified 0 resolutions, chain intact through #0")),
                 qPrintable(run.outText()));
    }

    void tampered_data()
    {
        QTest::addColumn<QStringList>("sql");       // run on the honest store, in order
        QTest::addColumn<QString>("expected");      // the first problem verify names
        QTest::addColumn<QString>("alsoExpected");  // another line it must print, or empty
        QTest::addColumn<bool>("chainBroken");

        const QString dropUpdate = QStringLiteral("DROP TRIGGER resolutions_no_update");
        const QString dropDelete = QStringLiteral("DROP TRIGGER resolutions_no_delete");
        const QString restoreUpdate = QStringLiteral("@restore resolutions_no_update");
        const QString restoreDelete = QStringLiteral("@restore resolutions_no_delete");

        QTest::newRow("edited note, trigger put back")
            << QStringList{dropUpdate, QStringLiteral("UPDATE resolutions SET note = 'refund seen' WHERE resolution_id = 2"),
                           restoreUpdate}
            << QStringLiteral("broken at #2: hash does not match the row's content") << QString() << true;
        QTest::newRow("edited operator, trigger left out")
            << QStringList{dropUpdate, QStringLiteral("UPDATE resolutions SET operator = 'mallory' WHERE resolution_id = 3")}
            << QStringLiteral("broken at #3: hash does not match")
            << QStringLiteral("the trigger resolutions_no_update is missing") << true;
        QTest::newRow("edited and rehashed row")
            << QStringList{dropUpdate, QStringLiteral("@rehash 2 note 'changed later'"), restoreUpdate}
            << QStringLiteral("broken at #3: prev_hash does not match") << QString() << true;
        QTest::newRow("deleted row")
            << QStringList{dropDelete, QStringLiteral("DELETE FROM resolutions WHERE resolution_id = 2"), restoreDelete}
            << QStringLiteral("broken at #3: prev_hash does not match") << QString() << true;
        QTest::newRow("deleted first row")
            << QStringList{dropDelete, QStringLiteral("DELETE FROM resolutions WHERE resolution_id = 1"), restoreDelete}
            << QStringLiteral("broken at #2: prev_hash does not match") << QString() << true;
        QTest::newRow("reordered rows")
            << QStringList{dropUpdate,
                           QStringLiteral("UPDATE resolutions SET resolution_id = -1 WHERE resolution_id = 2"),
                           QStringLiteral("UPDATE resolutions SET resolution_id = 2 WHERE resolution_id = 3"),
                           QStringLiteral("UPDATE resolutions SET resolution_id = 3 WHERE resolution_id = -1"),
                           restoreUpdate}
            << QStringLiteral("broken at #2: prev_hash does not match") << QString() << true;
        QTest::newRow("update trigger dropped")
            << QStringList{dropUpdate}
            << QStringLiteral("the trigger resolutions_no_update is missing: a resolution could be edited in place")
            << QString() << false;
        QTest::newRow("delete trigger dropped")
            << QStringList{dropDelete}
            << QStringLiteral("the trigger resolutions_no_delete is missing") << QString() << false;
        QTest::newRow("key trigger dropped")
            << QStringList{QStringLiteral("DROP TRIGGER refund_ops_key_immutable")}
            << QStringLiteral("the trigger refund_ops_key_immutable is missing") << QString() << false;
        QTest::newRow("update trigger defanged")
            << QStringList{dropUpdate,
                           QStringLiteral("CREATE TRIGGER resolutions_no_update BEFORE UPDATE ON resolutions "
                                          "BEGIN SELECT 1; END")}
            << QStringLiteral("the trigger resolutions_no_update differs from the schema's definition")
            << QString() << false;
        QTest::newRow("unique index dropped")
            << QStringList{QStringLiteral("DROP INDEX one_open_refund")}
            << QStringLiteral("the index one_open_refund is missing") << QString() << false;
        QTest::newRow("status changed after the decision")
            << QStringList{QStringLiteral("UPDATE refund_ops SET status = 'unknown' WHERE operation_id = 'op_2'")}
            << QStringLiteral("operation op_2 is 'unknown', but its last resolution #2 recorded 'failed'")
            << QString() << false;
        QTest::newRow("refund id changed after the decision")
            << QStringList{QStringLiteral("UPDATE refund_ops SET refund_id = 're_other' WHERE operation_id = 'op_1'")}
            << QStringLiteral("operation op_1 has refund id re_other, but its last resolution #1 recorded re_op_1")
            << QString() << false;
        QTest::newRow("refunded without refund id")
            << QStringList{QStringLiteral("UPDATE refund_ops SET refund_id = NULL WHERE operation_id = 'op_5'")}
            << QStringLiteral("operation op_5 is 'refunded' without a refund id") << QString() << false;
        QTest::newRow("resolution without operation")
            << QStringList{QStringLiteral("DELETE FROM refund_ops WHERE operation_id = 'op_4'")}
            << QStringLiteral("resolution #4 names operation op_4, which is not in refund_ops") << QString() << false;
        QTest::newRow("second decision")
            << QStringList{QStringLiteral("@append op_2 refunded")}
            << QStringLiteral("resolution #5 decides operation op_2 again, after #2") << QString() << false;
        QTest::newRow("duplicate key")
            << QStringList{
                   QStringLiteral("CREATE TABLE ops_copy AS SELECT * FROM refund_ops"),
                   QStringLiteral("DROP TABLE refund_ops"),
                   QStringLiteral("ALTER TABLE ops_copy RENAME TO refund_ops"),
                   QStringLiteral("UPDATE refund_ops SET idempotency_key = 'key-op_1' WHERE operation_id = 'op_6'")}
            << QStringLiteral("the trigger refund_ops_key_immutable is missing")
            << QStringLiteral("idempotency key key-op_1 is on 2 operations (op_1 ... op_6)") << false;
    }

    void tampered()
    {
        QFETCH(QStringList, sql);
        QFETCH(QString, expected);
        QFETCH(QString, alsoExpected);
        QFETCH(bool, chainBroken);

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        AuditTestStore s(path);
        QVERIFY2(buildHonestStore(s), qPrintable(s.lastError()));
        const QString updateTrigger = triggerSql(s.store(), QStringLiteral("resolutions_no_update"));
        const QString deleteTrigger = triggerSql(s.store(), QStringLiteral("resolutions_no_delete"));
        for (const QString &statement : sql) {
            if (statement == QLatin1String("@restore resolutions_no_update")) {
                QVERIFY2(s.store().exec(updateTrigger), qPrintable(s.lastError()));
            } else if (statement == QLatin1String("@restore resolutions_no_delete")) {
                QVERIFY2(s.store().exec(deleteTrigger), qPrintable(s.lastError()));
            } else if (statement.startsWith(QLatin1String("@rehash 2"))) {
                // A forger who knows the canonical form: edits row 2 and recomputes its hash.
                auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
                QVERIFY(store.ok());
                auto rows = (*store)->resolutionsAfter(1, 1);
                QVERIFY(rows.ok() && rows->size() == 1);
                Resolution forged = rows->front();
                forged.note = QStringLiteral("changed later");
                forged.hash = AuditChain::hashOf(forged);
                QVERIFY2(s.store().exec(QStringLiteral("UPDATE resolutions SET note = 'changed later', hash = '%1' "
                                                       "WHERE resolution_id = 2").arg(forged.hash)),
                         qPrintable(s.lastError()));
            } else if (statement == QLatin1String("@append op_2 refunded")) {
                Resolution again;
                again.operationId = QStringLiteral("op_2");
                again.outcome = Outcome::Refunded;
                again.refundId = QStringLiteral("re_late");
                again.evidence = QStringLiteral("dashboard");
                again.operatorName = QStringLiteral("carol");
                again.recordedAt = T0 + 4 * Day;
                again.previousStatus = OperationStatus::Failed;
                QVERIFY2(s.addResolution(again), qPrintable(s.lastError()));
            } else {
                QVERIFY2(s.store().exec(statement), qPrintable(s.lastError()));
            }
        }

        auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
        QVERIFY2(store.ok(), qPrintable(store.ok() ? QString() : store.error().message));
        auto report = AuditVerifier(**store).run();
        QVERIFY2(report.ok(), qPrintable(report.ok() ? QString() : report.error().message));
        QVERIFY(!report->intact());
        QCOMPARE(bool(report->chainBreak), chainBroken);
        const QStringList problems = report->problems();
        QVERIFY2(!problems.isEmpty() && problems.first().contains(expected), qPrintable(problems.join(u'\n')));
        if (!alsoExpected.isEmpty())
            QVERIFY2(problems.join(u'\n').contains(alsoExpected), qPrintable(problems.join(u'\n')));

        const CliRun run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path});
        QCOMPARE(run.exitCode, 6);
        QVERIFY2(run.outText().contains(expected), qPrintable(run.outText()));
        QVERIFY2(run.err.contains(expected), qPrintable(run.err)); // the one-line reason for exit 6
    }

    void anchorCatchesCutOffTail()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        AuditTestStore s(path);
        QVERIFY2(buildHonestStore(s), qPrintable(s.lastError()));
        const QString head = s.headHash();

        CliRun run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path, QStringLiteral("--anchor"), head});
        QCOMPARE(run.exitCode, 0);

        // Cutting off the newest decision leaves a valid chain; only the noted head shows it.
        const QString deleteTrigger = triggerSql(s.store(), QStringLiteral("resolutions_no_delete"));
        QVERIFY(s.store().exec(QStringLiteral("DROP TRIGGER resolutions_no_delete")));
        QVERIFY(s.store().exec(QStringLiteral("DELETE FROM resolutions WHERE resolution_id = 4")));
        QVERIFY(s.store().exec(QStringLiteral("UPDATE refund_ops SET status = 'unknown' WHERE operation_id = 'op_4'")));
        QVERIFY(s.store().exec(deleteTrigger));

        run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path});
        QCOMPARE(run.exitCode, 0);
        run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path, QStringLiteral("--anchor"), head});
        QCOMPARE(run.exitCode, 6);
        QVERIFY2(run.outText().contains(QStringLiteral("no resolution in the chain has the hash %1").arg(head)),
                 qPrintable(run.outText()));

        run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path, QStringLiteral("--anchor"),
                      QStringLiteral("not-a-hash")});
        QCOMPARE(run.exitCode, 2);
    }

    void damagedPageOutsideTheLogIsFound()
    {
        // The chain and invariant checks never read webhook_events; a damaged page there
        // must still fail verify.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("store.sqlite"));
        qint64 pageSize = 0;
        qint64 eventsRoot = 0;
        {
            AuditTestStore s(path);
            QVERIFY2(buildHonestStore(s), qPrintable(s.lastError()));
            for (int i = 0; i < 50; ++i) {
                QVERIFY(s.store().exec(QStringLiteral("INSERT INTO webhook_events (event_id, received_at, payload) "
                                                      "VALUES ('evt_%1', 1, '{}')").arg(i)));
            }
            QVERIFY(s.store().exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")));
            pageSize = s.store().queryInt(QStringLiteral("PRAGMA page_size"));
            eventsRoot = s.store().queryInt(QStringLiteral("SELECT rootpage FROM sqlite_schema WHERE name = 'webhook_events'"));
        }
        QVERIFY(eventsRoot > 1);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.seek((eventsRoot - 1) * pageSize));
        file.write(QByteArray(32, '\x7f')); // no valid b-tree page starts like this
        file.close();

        const CliRun run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), path});
        QVERIFY2(run.exitCode == 6 || run.exitCode == 3, qPrintable(run.err));
        QVERIFY2(run.err.contains(QStringLiteral("damaged")) || run.outText().contains(QStringLiteral("damaged")),
                 qPrintable(run.outText() + run.err));
    }

    void missingStoreExits3()
    {
        QTemporaryDir dir;
        const CliRun run = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"),
                                   dir.filePath(QStringLiteral("nothing.sqlite"))});
        QCOMPARE(run.exitCode, 3);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("nothing.sqlite"))));
    }
};

QTEST_GUILESS_MAIN(tst_AuditVerify)
#include "tst_auditverify.moc"
