// refund-desk upgrade and note on SQLite, and where notes show: show --json and the audit
// export (a CSV column, a JSON array).

#include "clirun.h"
#include "csvreader.h"
#include "teststore.h"
#include "versiononestore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

class tst_NoteCli : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void initCreatesVersionThree();
    void versionOneRefusesNotesUntilUpgraded();
    void versionTwoIsUpgradedToThree();
    void upgradeAddsTheIndexAnEarlyVersionTwoLacks();
    void badNotesAreUsageErrors_data();
    void badNotesAreUsageErrors();
    void showAndExportCarryNotes();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

void tst_NoteCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("desk.sqlite"));
    TestStore store(m_path);
    QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_1"))));
    QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_2"))));
}

void tst_NoteCli::initCreatesVersionThree()
{
    const QString path = m_dir->filePath(QStringLiteral("new.sqlite"));
    CliRun run = runRefundDesk({"init", "--db", path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("(schema version 3)")), qPrintable(run.outText()));
    run = runRefundDesk({"upgrade", "--db", path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.outText().contains(QLatin1String("is already up to date (schema version 3); nothing was changed")),
             qPrintable(run.outText()));
    QCOMPARE(runRefundDesk({"upgrade", "--db", m_dir->filePath(QStringLiteral("missing.sqlite"))}).exitCode, 3);
    QCOMPARE(runRefundDesk({"upgrade", "--db", path, "extra"}).exitCode, 2);
}

void tst_NoteCli::versionOneRefusesNotesUntilUpgraded()
{
    {
        TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
        QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS v1").arg(m_path)));
        QVERIFY(raw.exec(versionOneSqlite(QStringLiteral("v1"))));
    }
    CliRun run = runRefundDesk({"note", "op_1", "--db", m_path, "--text", "asked support", "--operator", "alice"});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("upgrade --db %1").arg(m_path)), qPrintable(run.err));
    // Read, shown and verified as before.
    run = runRefundDesk({"show", "op_1", "--db", m_path, "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(QJsonDocument::fromJson(run.out).object().value("notes").toArray().size(), 0);
    run = runRefundDesk({"verify", "--db", m_path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.outText()));

    run = runRefundDesk({"upgrade", "--db", m_path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("from schema version 1 to 3 in one transaction: it can now hold "
                                                  "notes, what the provider answered and the payment")),
             qPrintable(run.outText()));
    QVERIFY2(!run.outText().contains(QLatin1String("already")), qPrintable(run.outText()));
    run = runRefundDesk({"upgrade", "--db", m_path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.outText().contains(QLatin1String("already")));
    run = runRefundDesk({"note", "op_1", "--db", m_path, "--text", "asked support", "--operator", "alice"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("Note #1 added to op_1 by alice.")), qPrintable(run.outText()));
    run = runRefundDesk({"verify", "--db", m_path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.outText()));
}

void tst_NoteCli::versionTwoIsUpgradedToThree()
{
    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS v2").arg(m_path)));
    QVERIFY(raw.exec(versionTwoSqlite(QStringLiteral("v2"))));
    const QString column = QStringLiteral("SELECT count(*) FROM pragma_table_info('refund_ops', 'v2') WHERE name = 'payment_id'");
    QCOMPARE(raw.queryInt(column), 0);
    // Read and shown as before, with no payment.
    CliRun run = runRefundDesk({"show", "op_1", "--db", m_path, "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject before = QJsonDocument::fromJson(run.out).object().value("operation").toObject();
    QVERIFY(before.contains(QLatin1String("payment_id")));
    QVERIFY(before.value("payment_id").isNull());
    QCOMPARE(before.value("operation_id").toString(), QStringLiteral("op_1"));

    run = runRefundDesk({"upgrade", "--db", m_path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("from schema version 2 to 3 in one transaction: it can now hold the "
                                                  "payment behind each operation")),
             qPrintable(run.outText()));
    QVERIFY2(!run.outText().contains(QLatin1String("hold notes")), qPrintable(run.outText()));
    QCOMPARE(raw.queryInt(column), 1);
    QCOMPARE(raw.queryInt(QStringLiteral("PRAGMA v2.user_version")), 3);
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM v2.sqlite_schema WHERE type = 'trigger' AND "
                                         "name = 'refund_ops_payment_immutable'")),
             1);
    // The rows are as they were; the payment is unknown until a tool names it.
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM v2.refund_ops WHERE payment_id IS NULL")), 2);
    run = runRefundDesk({"upgrade", "--db", m_path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.outText().contains(QLatin1String("already up to date (schema version 3)")), qPrintable(run.outText()));
    run = runRefundDesk({"verify", "--db", m_path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.outText()));
}

void tst_NoteCli::upgradeAddsTheIndexAnEarlyVersionTwoLacks()
{
    // A version 2 store made before the follow-up index joined version 2: the upgrade to
    // version 3 gives it the index as well.
    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS early").arg(m_path)));
    QVERIFY(raw.exec(versionTwoSqlite(QStringLiteral("early"))));
    QVERIFY(raw.exec(QStringLiteral("DROP INDEX early.operation_notes_follow_up")));
    const QString present = QStringLiteral("SELECT count(*) FROM early.sqlite_schema WHERE type = 'index' AND "
                                           "name = 'operation_notes_follow_up'");
    QCOMPARE(raw.queryInt(present), 0);

    CliRun run = runRefundDesk({"upgrade", "--db", m_path});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("from schema version 2 to 3")), qPrintable(run.outText()));
    QVERIFY2(run.outText().contains(QLatin1String("Added index operation_notes_follow_up to %1").arg(m_path)),
             qPrintable(run.outText()));
    QCOMPARE(raw.queryInt(QStringLiteral("PRAGMA early.user_version")), 3);
    QCOMPARE(raw.queryInt(present), 1);
    run = runRefundDesk({"upgrade", "--db", m_path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.outText().contains(QLatin1String("already up to date")), qPrintable(run.outText()));
    QVERIFY(!run.outText().contains(QLatin1String("Added")));
    QCOMPARE(raw.queryInt(present), 1);
}

void tst_NoteCli::badNotesAreUsageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no text") << QStringList{"--operator", "alice"} << 2 << "--text TEXT is required";
    QTest::newRow("blank text") << QStringList{"--text", "  ", "--operator", "alice"} << 2 << "--text TEXT is required";
    QTest::newRow("not a date") << QStringList{"--text", "x", "--follow-up", "tomorrow", "--operator", "alice"} << 2
                                << "--follow-up must be a calendar date";
    QTest::newRow("no such day") << QStringList{"--text", "x", "--follow-up", "2031-02-30", "--operator", "alice"} << 2
                                 << "--follow-up must be a calendar date";
    QTest::newRow("a blank operator") << QStringList{"--text", "x", "--operator", " "} << 2 << "--operator needs a name";
}

void tst_NoteCli::badNotesAreUsageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const CliRun run = runRefundDesk(QStringList{"note", "op_1", "--db", m_path} + arguments);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
    QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(m_path)));
    QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.operation_notes")), 0);
}

void tst_NoteCli::showAndExportCarryNotes()
{
    QVERIFY(runRefundDesk({"note", "op_1", "--db", m_path, "--text", "Asked Stripe support, case 12345\nanswer in 2 days",
                           "--follow-up", "2031-03-14", "--operator", "alice"}).exitCode == 0);
    QVERIFY(runRefundDesk({"note", "op_1", "--db", m_path, "--text", "=SUM(A1)", "--operator", "bob"}).exitCode == 0);
    QVERIFY(runRefundDesk({"note", "op_2", "--db", m_path, "--text", "other", "--operator", "bob"}).exitCode == 0);
    QCOMPARE(runRefundDesk({"note", "op_404", "--db", m_path, "--text", "x", "--operator", "bob"}).exitCode, 2);

    CliRun run = runRefundDesk({"show", "op_1", "--db", m_path, "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray notes = QJsonDocument::fromJson(run.out).object().value("notes").toArray();
    QCOMPARE(notes.size(), 2);
    const QJsonObject first = notes.at(0).toObject();
    QCOMPARE(first.keys(), QStringList({"follow_up_on", "note_id", "operator", "recorded_at", "text"}));
    QCOMPARE(first.value("note_id").toInt(), 1);
    QCOMPARE(first.value("text").toString(), QStringLiteral("Asked Stripe support, case 12345\nanswer in 2 days"));
    QCOMPARE(first.value("follow_up_on").toString(), QStringLiteral("2031-03-14"));
    QVERIFY(first.value("recorded_at").toDouble() > 0);
    QVERIFY(notes.at(1).toObject().value("follow_up_on").isNull());
    run = runRefundDesk({"show", "op_1", "--db", m_path});
    QVERIFY(run.outText().contains(QLatin1String("(follow up on 2031-03-14): Asked Stripe support")));

    // Only decided operations are in the audit export: op_1 is decided, op_2 not.
    run = runRefundDesk({"resolve", "op_1", "--db", m_path, "--operator", "alice", "--outcome", "failed", "--evidence",
                         "dashboard"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = runRefundDesk({"export", "--db", m_path, "--format", "csv"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QList<QStringList> records;
    QString problem;
    QVERIFY2(parseCsv(run.out, records, &problem), qPrintable(problem));
    QCOMPARE(records.size(), 2);
    QCOMPARE(records.at(0).last(), QStringLiteral("notes"));
    const QStringList cell = records.at(1).last().split(u'\n');
    QCOMPARE(cell.size(), 3);
    QVERIFY2(cell.at(0).endsWith(QStringLiteral(" alice (follow up on 2031-03-14): Asked Stripe support, case 12345")),
             qPrintable(cell.at(0)));
    QCOMPARE(cell.at(1), QStringLiteral("answer in 2 days"));
    QVERIFY2(cell.at(2).endsWith(QStringLiteral(" bob: =SUM(A1)")), qPrintable(cell.at(2)));

    run = runRefundDesk({"export", "--db", m_path, "--format", "json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray rows = QJsonDocument::fromJson(run.out).array();
    QCOMPARE(rows.size(), 1);
    const QJsonArray exported = rows.at(0).toObject().value("notes").toArray();
    QCOMPARE(exported.size(), 2);
    QCOMPARE(exported.at(0).toObject().value("operator").toString(), QStringLiteral("alice"));
    QCOMPARE(exported.at(0).toObject().value("follow_up_on").toString(), QStringLiteral("2031-03-14"));
    QCOMPARE(exported.at(1).toObject().value("text").toString(), QStringLiteral("=SUM(A1)"));
    QVERIFY(exported.at(1).toObject().value("follow_up_on").isNull());
}

QTEST_GUILESS_MAIN(tst_NoteCli)
#include "tst_notecli.moc"
