// The headless commands run as a subprocess, the way scripts and other programs use
// them: exit codes and JSON shapes of DESIGN.md, "Command line".

#include "tst_cli.h"

void tst_Cli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<TestStore>(m_dir->filePath(QStringLiteral("store.sqlite")));
    QVERIFY2(m_store->isValid(), qPrintable(m_store->lastError()));
    Operation reference = TestStore::operation(QStringLiteral("op_5521"));
    reference.orderId = QStringLiteral("4417");
    reference.idempotencyKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
    QVERIFY(m_store->addOperation(reference));
    QVERIFY(m_store->addOperation(TestStore::operation(QStringLiteral("op_2"), OperationStatus::Checking, 1'700'000'100'000)));
    QVERIFY(m_store->addOperation(TestStore::operation(QStringLiteral("op_3"), OperationStatus::Refunded)));
    Attempt attempt;
    attempt.operationId = QStringLiteral("op_5521");
    attempt.attemptNo = 1;
    attempt.toolCallId = QStringLiteral("toolu_01");
    attempt.startedAt = 1;
    attempt.outcome = AttemptOutcome::Timeout;
    QVERIFY(m_store->addAttempt(attempt));
}

void tst_Cli::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("unknown option") << QStringList({"queue", "--db", "x", "--frobnicate"});
    QTest::newRow("queue without db") << QStringList({"queue"});
    QTest::newRow("show without id") << QStringList({"show", "--db", "x"});
    QTest::newRow("batch without note") << QStringList({"resolve-from-evidence", "--db", "x", "--operator", "a"});
    QTest::newRow("batch with a blank operator") << QStringList({"resolve-from-evidence", "--db", "x", "--note", "n",
                                                                 "--operator", ""});
    QTest::newRow("batch of pending") << QStringList({"resolve-from-evidence", "--db", "x", "--operator", "a", "--note", "n",
                                                      "--verdict", "pending"});
    QTest::newRow("batch limit zero") << QStringList({"resolve-from-evidence", "--db", "x", "--operator", "a", "--note", "n",
                                                      "--limit", "0"});
    QTest::newRow("bad outcome") << QStringList({"resolve", "op_1", "--db", "x", "--operator", "a", "--outcome", "maybe",
                                                "--evidence", "dashboard"});
}

void tst_Cli::usageErrors()
{
    QFETCH(QStringList, arguments);
    const CliRun run = runRefundDesk(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(!run.err.isEmpty());
}

void tst_Cli::initNeverOverwrites()
{
    const QString path = m_dir->filePath(QStringLiteral("new.sqlite"));
    CliRun run = runRefundDesk({"init", "--db", path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(QFileInfo::exists(path));
    run = runRefundDesk({"queue", "--db", path, "--json"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(run.out).array().size(), 0);
    run = runRefundDesk({"init", "--db", db()});
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains(QStringLiteral("already exists")));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM refund_ops")), 3);
}

void tst_Cli::badStoreExitsThree_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("queue") << QStringList({"queue"});
    QTest::newRow("show") << QStringList({"show", "op_1"});
    QTest::newRow("claim") << QStringList({"claim", "op_1", "--operator", "ann"});
    QTest::newRow("resolve") << QStringList({"resolve", "op_1", "--operator", "ann", "--outcome", "failed",
                                             "--evidence", "dashboard"});
}

void tst_Cli::badStoreExitsThree()
{
    QFETCH(QStringList, arguments);
    const QString missing = m_dir->filePath(QStringLiteral("missing.sqlite"));
    CliRun run = runRefundDesk(arguments + QStringList({"--db", missing}));
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains(QStringLiteral("does not exist")));
    QVERIFY(!QFileInfo::exists(missing));

    const QString text = m_dir->filePath(QStringLiteral("notes.txt"));
    QFile file(text);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(2048, 'a'));
    file.close();
    run = runRefundDesk(arguments + QStringList({"--db", text}));
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains(QStringLiteral("not an SQLite database")));
}

void tst_Cli::queueJsonShape()
{
    const CliRun run = runRefundDesk({"queue", "--db", db(), "--json"});
    QCOMPARE(run.exitCode, 0);
    QJsonParseError error;
    const QJsonArray rows = QJsonDocument::fromJson(run.out, &error).array();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(rows.size(), 2);
    const QJsonObject first = rows.at(0).toObject();
    for (const char *key : {"operation_id", "order_id", "amount_cents", "currency", "status", "attempts", "created_at",
                            "updated_at", "claimed_by", "key_expires_at"})
        QVERIFY2(first.contains(QLatin1String(key)), key);
    QCOMPARE(first.value("operation_id").toString(), QStringLiteral("op_5521"));
    QCOMPARE(first.value("amount_cents").toInteger(), 3800);
    QVERIFY(first.value("claimed_by").isNull());
    QCOMPARE(first.value("key_expires_at").toInteger(), first.value("created_at").toInteger() + 24 * 3600 * 1000);
    QCOMPARE(rows.at(1).toObject().value("status").toString(), QStringLiteral("checking"));
}

void tst_Cli::showJsonShape()
{
    CliRun run = runRefundDesk({"show", "op_5521", "--db", db(), "--json"});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(run.out).object();
    for (const char *key : {"operation", "attempts", "events", "resolutions"})
        QVERIFY2(object.contains(QLatin1String(key)), key);
    QCOMPARE(object.value("operation").toObject().value("idempotency_key").toString(),
             QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"));
    // The payment the tool named; null for one it did not.
    QVERIFY(object.value("operation").toObject().contains(QLatin1String("payment_id")));
    QVERIFY(object.value("operation").toObject().value("payment_id").isNull());
    QVERIFY2(m_store->exec(QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_3MtwBwLkdIwHu7ix28a3tqPa' "
                                          "WHERE operation_id = 'op_5521'")),
             qPrintable(m_store->lastError()));
    const CliRun named = runRefundDesk({"show", "op_5521", "--db", db(), "--json"});
    QCOMPARE(named.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(named.out).object().value("operation").toObject().value("payment_id").toString(),
             QStringLiteral("pi_3MtwBwLkdIwHu7ix28a3tqPa"));
    QCOMPARE(object.value("attempts").toArray().size(), 1);
    QCOMPARE(object.value("attempts").toArray().at(0).toObject().value("outcome").toString(), QStringLiteral("timeout"));

    run = runRefundDesk({"show", "op_404", "--db", db()});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains(QStringLiteral("no operation op_404")));
}

void tst_Cli::claimConflictNamesTheWinner()
{
    CliRun run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "ann"});
    QCOMPARE(run.exitCode, 0);
    run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "bob"});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QStringLiteral("ann")), qPrintable(run.err));
    run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "bob", "--take-over"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id = 'op_5521'")),
             QStringLiteral("bob"));
    run = runRefundDesk({"claim", "op_3", "--db", db(), "--operator", "bob"});
    QCOMPARE(run.exitCode, 4);
    // A blank name says nobody: a usage error, as in the console.
    run = runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "  "});
    QCOMPARE(run.exitCode, 2);
}

void tst_Cli::releaseGivesTheOperationBack()
{
    QCOMPARE(runRefundDesk({"claim", "op_5521", "--db", db(), "--operator", "ann"}).exitCode, 0);
    CliRun run = runRefundDesk({"release", "op_5521", "--db", db(), "--operator", "bob"});
    QCOMPARE(run.exitCode, 4);
    run = runRefundDesk({"release", "op_5521", "--db", db(), "--operator", "ann"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_5521'")),
             QStringLiteral("unknown"));
}

void tst_Cli::resolveRules_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    const QStringList base = {"resolve", "op_5521", "--evidence", "dashboard"};
    QTest::newRow("refunded without refund id") << base + QStringList({"--operator", "ann", "--outcome", "refunded"}) << 5;
    QTest::newRow("empty operator") << base + QStringList({"--operator", "", "--outcome", "failed"}) << 2;
    QTest::newRow("empty evidence") << QStringList({"resolve", "op_5521", "--evidence", " ", "--operator", "ann",
                                                    "--outcome", "failed"}) << 5;
    QTest::newRow("override without note") << base + QStringList({"--operator", "ann", "--outcome", "failed",
                                                                  "--override-evidence"}) << 5;
    QTest::newRow("claimed by someone else") << QStringList({"resolve", "op_2", "--evidence", "dashboard", "--operator",
                                                             "ann", "--outcome", "failed"}) << 4;
    QTest::newRow("already closed") << QStringList({"resolve", "op_3", "--evidence", "dashboard", "--operator", "ann",
                                                    "--outcome", "failed"}) << 4;
    QTest::newRow("failed") << base + QStringList({"--operator", "ann", "--outcome", "failed"}) << 0;
    QTest::newRow("refunded") << base + QStringList({"--operator", "ann", "--outcome", "refunded", "--refund-id",
                                                     "re_1", "--note", "seen in the dashboard"}) << 0;
}

void tst_Cli::resolveRules()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    const CliRun run = runRefundDesk(arguments + QStringList({"--db", db()}));
    QCOMPARE(run.exitCode, exitCode);
    const qint64 resolutions = m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions"));
    QCOMPARE(resolutions, exitCode == 0 ? 1 : 0);
    if (exitCode != 0)
        QVERIFY(!run.err.isEmpty());
}

void tst_Cli::resolveOnceOnly()
{
    const QStringList resolve = {"resolve", "op_5521", "--db", db(), "--evidence", "dashboard", "--outcome", "failed"};
    QCOMPARE(runRefundDesk(resolve + QStringList({"--operator", "ann"})).exitCode, 0);
    const CliRun second = runRefundDesk(resolve + QStringList({"--operator", "bob"}));
    QCOMPARE(second.exitCode, 4);
    QVERIFY2(second.err.contains(QStringLiteral("already resolved as failed by ann")), qPrintable(second.err));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions")), 1);
}

void tst_Cli::decidedOperationIsAConflict_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("conflict"); // a fragment of the message

    // op_5521 was resolved as refunded re_1 by ann, on an event saying re_1 succeeded; the
    // tool closed op_3 as refunded while an event says its refund re_9 failed; "someone"
    // holds op_2, whose refund re_2 succeeded.
    const QString decided = QStringLiteral("already resolved as refunded by ann at ");
    const QStringList bob = {"--operator", "bob", "--evidence", "dashboard"};
    QTest::newRow("decided, contradicting evidence")
        << QStringList({"resolve", "op_5521", "--outcome", "failed"}) + bob << decided;
    QTest::newRow("decided, agreeing evidence")
        << QStringList({"resolve", "op_5521", "--outcome", "refunded", "--refund-id", "re_1"}) + bob << decided;
    QTest::newRow("decided, another refund id")
        << QStringList({"resolve", "op_5521", "--outcome", "refunded", "--refund-id", "re_7"}) + bob << decided;
    QTest::newRow("decided, overridden")
        << QStringList({"resolve", "op_5521", "--outcome", "failed", "--override-evidence", "--note", "reversed"}) + bob
        << decided;
    QTest::newRow("closed by the tool, contradicting evidence")
        << QStringList({"resolve", "op_3", "--outcome", "refunded", "--refund-id", "re_9"}) + bob
        << "already closed as refunded by the refund tool";
    QTest::newRow("closed by the tool, overridden")
        << QStringList({"resolve", "op_3", "--outcome", "refunded", "--refund-id", "re_9", "--override-evidence",
                        "--note", "bank says so"}) + bob
        << "already closed as refunded by the refund tool";
    QTest::newRow("claimed by someone else, contradicting evidence")
        << QStringList({"resolve", "op_2", "--outcome", "failed"}) + bob << "being checked by someone since";
    QTest::newRow("claim, decided") << QStringList({"claim", "op_5521", "--operator", "bob"}) << decided;
    QTest::newRow("claim, decided, taking over")
        << QStringList({"claim", "op_5521", "--operator", "bob", "--take-over"}) << decided;
    QTest::newRow("release, decided") << QStringList({"release", "op_5521", "--operator", "ann"}) << decided;
}

void tst_Cli::decidedOperationIsAConflict()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, conflict);
    Operation reference = TestStore::operation(QStringLiteral("op_5521"));
    reference.idempotencyKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
    QVERIFY(m_store->addEvent(refundEvent(reference, QStringLiteral("evt_1"), QStringLiteral("re_1"),
                                          QStringLiteral("succeeded"))));
    QVERIFY(m_store->addEvent(refundEvent(TestStore::operation(QStringLiteral("op_3")), QStringLiteral("evt_9"),
                                          QStringLiteral("re_9"), QStringLiteral("failed"))));
    QVERIFY(m_store->addEvent(refundEvent(TestStore::operation(QStringLiteral("op_2")), QStringLiteral("evt_2"),
                                          QStringLiteral("re_2"), QStringLiteral("succeeded"))));
    const CliRun first = runRefundDesk({"resolve", "op_5521", "--db", db(), "--operator", "ann", "--outcome",
                                        "refunded", "--refund-id", "re_1", "--evidence", "webhook:evt_1"});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QString before = m_store->queryText(QStringLiteral("SELECT group_concat(operation_id || '/' || status || '/' "
                                                             "|| version, ' ') FROM refund_ops"));

    const CliRun run = runRefundDesk(arguments + QStringList({"--db", db()}));
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(conflict), qPrintable(run.err));
    // Nothing sends the operator toward an override for what can no longer be decided.
    QVERIFY2(!run.err.contains(QStringLiteral("override")), qPrintable(run.err));
    QCOMPARE(m_store->queryInt(QStringLiteral("SELECT count(*) FROM resolutions")), 1);
    QCOMPARE(m_store->queryText(QStringLiteral("SELECT group_concat(operation_id || '/' || status || '/' || version, "
                                               "' ') FROM refund_ops")),
             before);
}

QTEST_GUILESS_MAIN(tst_Cli)
