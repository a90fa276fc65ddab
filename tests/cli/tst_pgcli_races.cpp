// The commands on PostgreSQL when things go wrong: bad locations, eight processes racing for
// one decision, a decision killed half way; and resolve --from-evidence.

#include "tst_pgcli.h"
#include "testpaths.h"

void tst_PgCli::badLocationsExitThree_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("expected");
    QVERIFY(m_server);
    QVERIFY(m_server->createDatabase(QStringLiteral("cli_empty")));
    QVERIFY(m_server->createDatabase(QStringLiteral("cli_newer")));
    QVERIFY(runRefundDesk({"init", "--db", m_server->location(QStringLiteral("cli_newer"))}).exitCode == 0);
    QVERIFY(m_server->exec(QStringLiteral("cli_newer"),
                           QStringLiteral("UPDATE store_meta SET value = '4' WHERE key = 'schema_version'")));
    const QString user = QString::fromLatin1(PgTestServer::PasswordUser);
    QTest::newRow("wrong URI") << QStringLiteral("postgresql://ann:secret@[::1/refunds") << QStringLiteral("not valid");
    QTest::newRow("server down") << QStringLiteral("host=%1/gone dbname=x").arg(m_server->socketDir())
                                 << QStringLiteral("not running");
    QTest::newRow("wrong password") << m_server->uri(QStringLiteral("postgres"), user, QStringLiteral("wrong-secret"))
                                    << QStringLiteral("refused the password");
    QTest::newRow("no schema") << m_server->location(QStringLiteral("cli_empty")) << QStringLiteral("holds no Refund Desk store");
    QTest::newRow("newer schema") << m_server->location(QStringLiteral("cli_newer")) << QStringLiteral("schema version 4");
}

void tst_PgCli::badLocationsExitThree()
{
    QFETCH(QString, location);
    QFETCH(QString, expected);
    const QList<QStringList> commands = {
        {"queue", "--db", location},
        {"verify", "--db", location},
        {"resolve", "op_1", "--db", location, "--outcome", "failed", "--evidence", "dashboard"},
    };
    for (const QStringList &command : commands) {
        const CliRun run = runRefundDesk(command);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(expected), qPrintable(run.err));
        QCOMPARE(run.err.trimmed().count(u'\n'), 0);
        QVERIFY2(!run.err.contains(QLatin1String("secret")), qPrintable(run.err));
    }
    // Nothing was created in the database without a store.
    QCOMPARE(m_server->query(QStringLiteral("cli_empty"),
                             QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")),
             QStringLiteral("0"));
}

void tst_PgCli::eightProcessesRacingGiveOneDecision()
{
    const QString db = demoStore(400);
    QVERIFY(!db.isEmpty());
    // Unknown ones: anyone may decide them (a claimed one only its claimant).
    QStringList ids = queueIds(runRefundDesk({"queue", "--db", db, "--json"}), QStringLiteral("unknown"));
    QVERIFY(ids.size() >= 3);
    ids = ids.mid(0, 3);
    const QString name = QStringLiteral("cli_%1").arg(m_databases);
    const qint64 before = m_server->queryInt(name, QStringLiteral("SELECT count(*) FROM resolutions"));
    for (const QString &id : ids) {
        std::vector<std::unique_ptr<QProcess>> racers;
        for (int i = 0; i < 8; ++i) {
            auto process = std::make_unique<QProcess>();
            process->start(appPath(),
                           {"resolve", id, "--db", db, "--outcome", "failed", "--evidence", "dashboard",
                            "--override-evidence", "--note", QStringLiteral("racer %1").arg(i)});
            racers.push_back(std::move(process));
        }
        int done = 0;
        int conflicts = 0;
        for (auto &process : racers) {
            QVERIFY(process->waitForFinished(60'000));
            const int code = process->exitCode();
            done += code == 0 ? 1 : 0;
            conflicts += code == 4 ? 1 : 0;
            if (code != 0 && code != 4)
                qWarning() << code << process->readAllStandardError();
        }
        QCOMPARE(done, 1);
        QCOMPARE(conflicts, 7);
        QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM resolutions WHERE operation_id = '%1'").arg(id)),
                 QStringLiteral("1"));
    }
    QCOMPARE(m_server->queryInt(name, QStringLiteral("SELECT count(*) FROM resolutions")), before + 3);
    const CliRun verify = runRefundDesk({"verify", "--db", db});
    QVERIFY2(verify.exitCode == 0, qPrintable(verify.err + verify.outText()));
}

void tst_PgCli::decisionKilledHalfWayWritesNothing()
{
    const QString db = demoStore(300);
    QVERIFY(!db.isEmpty());
    const QString name = QStringLiteral("cli_%1").arg(m_databases);
    const QStringList ids = queueIds(runRefundDesk({"queue", "--db", db, "--json"}), QStringLiteral("unknown")).mid(0, 3);
    QCOMPARE(ids.size(), 3);
    const qint64 before = m_server->queryInt(name, QStringLiteral("SELECT count(*) FROM resolutions"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("RD_TEST_DELAY_IN_RESOLVE_MS"), QStringLiteral("20000"));
    for (const QString &id : ids) {
        const QString statusBefore =
            m_server->query(name, QStringLiteral("SELECT status || ' ' || version FROM refund_ops WHERE operation_id = '%1'").arg(id));
        QProcess process;
        process.setProcessEnvironment(environment);
        process.start(testingAppPath(), {"resolve", id, "--db", db, "--outcome", "failed", "--evidence",
                                                    "dashboard", "--override-evidence", "--note", "killed"});
        QVERIFY(process.waitForStarted());
        // Killed inside the transaction: its UPDATE holds the row's lock by then.
        QTRY_VERIFY_WITH_TIMEOUT(m_server->queryInt(name, QStringLiteral("SELECT count(*) FROM pg_locks l JOIN "
                                                                         "pg_stat_activity a ON a.pid = l.pid WHERE "
                                                                         "l.locktype = 'advisory' AND a.application_name = "
                                                                         "'refund-desk'")) > 0,
                                 120'000);
        ::kill(pid_t(process.processId()), SIGKILL);
        QVERIFY(process.waitForFinished(10'000));
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
        QCOMPARE(m_server->query(name, QStringLiteral("SELECT status || ' ' || version FROM refund_ops WHERE "
                                                      "operation_id = '%1'").arg(id)),
                 statusBefore);
        QCOMPARE(m_server->queryInt(name, QStringLiteral("SELECT count(*) FROM resolutions")), before);
    }
    const CliRun verify = runRefundDesk({"verify", "--db", db});
    QVERIFY2(verify.exitCode == 0, qPrintable(verify.err + verify.outText()));
    // The row is free again: the decision can be made now.
    const CliRun again = runRefundDesk({"resolve", ids.front(), "--db", db, "--outcome", "failed", "--evidence",
                                        "dashboard", "--override-evidence", "--note", "after the crash"});
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
}

void tst_PgCli::resolveFromEvidenceOnPostgres()
{
    const QString location = demoStore(2000);
    QVERIFY(!location.isEmpty());
    // The login is the operator: --operator may be left out, and another name is refused.
    const QStringList base{"resolve-from-evidence", "--db", location, "--note", "Settled by webhooks"};
    CliRun run = runRefundDesk(base + QStringList{"--operator", "somebody-else", "--yes"});
    QCOMPARE(run.exitCode, 5);
    QVERIFY2(run.err.contains(QLatin1String("database login")), qPrintable(run.err));
    run = runRefundDesk(base + QStringList{"--json"});
    QCOMPARE(run.exitCode, 0);
    const QJsonArray eligible = QJsonDocument::fromJson(run.out).object().value(QLatin1String("eligible")).toArray();
    QVERIFY(eligible.size() > 2);
    const QString dbName = location.section(QLatin1String("dbname="), 1).section(u' ', 0, 0);
    QCOMPARE(m_server->queryInt(dbName, QStringLiteral("SELECT count(*) FROM resolutions WHERE note LIKE '%batch from evidence%'")),
             qint64(0));

    // A colleague decides the second one between this plan and the batch's own: the batch
    // plans again, so it is simply not in it.
    const QString second = eligible.at(1).toObject().value(QLatin1String("operation_id")).toString();
    run = runRefundDesk({"resolve", second, "--db", location, "--outcome", "failed", "--evidence", "dashboard",
                         "--override-evidence", "--note", "single"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = runRefundDesk(base + QStringList{"--yes"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QStringLiteral("Decided %1 of %1; 0 skipped").arg(eligible.size() - 1)),
             qPrintable(run.outText()));
    QCOMPARE(m_server->queryInt(dbName, QStringLiteral("SELECT count(*) FROM resolutions WHERE note LIKE '%batch from evidence%'")),
             qint64(eligible.size() - 1));
    QCOMPARE(m_server->queryInt(dbName, QStringLiteral("SELECT count(*) FROM (SELECT operation_id FROM resolutions "
                                                       "GROUP BY operation_id HAVING count(*) > 1) twice")),
             qint64(0));
    QCOMPARE(runRefundDesk({"verify", "--db", location}).exitCode, 0);
    QCOMPARE(runRefundDesk(base + QStringList{"--yes"}).exitCode, 5);
}
