// Every refund-desk command on a store on a real PostgreSQL server, bad locations, eight
// processes racing for one decision, decisions killed half-way, and copies to and from a
// server in flat memory.

#include "tst_pgcli.h"
#include "testpaths.h"

namespace {

const QString DemoNow = QStringLiteral("1767225600000");

// `count` webhook events of `padding` bytes of payload each, as JSON Lines, for import-events.
QByteArray paddedEvents(int count, int padding)
{
    const QByteArray pad(padding, 'x');
    QByteArray lines;
    for (int i = 0; i < count; ++i) {
        lines += R"({"id":"evt_pad_)" + QByteArray::number(i)
                 + R"(","object":"event","type":"charge.updated","created":1717000000,"data":{"object":)"
                   R"({"object":"charge","id":"ch_)" + QByteArray::number(i) + R"(","description":")" + pad + "\"}}}\n";
    }
    return lines;
}

} // namespace

void tst_PgCli::initTestCase()
{
    // Durable: the kill test must find only what was committed.
    m_server = std::make_unique<PgTestServer>(PgTestServer::Durability::Durable);
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD 'right-secret'")
                                                           .arg(QLatin1String(PgTestServer::PasswordUser))));
}

QString tst_PgCli::demoStore(int operations)
{
    const QString name = QStringLiteral("cli_%1").arg(++m_databases);
    if (!m_server->createDatabase(name))
        return {};
    const QString location = m_server->location(name);
    const CliRun run = runRefundDesk({"demo", "--db", location, "--operations", QString::number(operations), "--seed",
                                      "7", "--now", DemoNow}, 300'000);
    if (run.exitCode != 0) {
        qWarning() << run.err;
        return {};
    }
    return location;
}

void tst_PgCli::everyCommandWorksOnPostgres()
{
    // init: an empty store in an existing database, never twice.
    QVERIFY(m_server->createDatabase(QStringLiteral("cli_init")));
    const QString empty = m_server->location(QStringLiteral("cli_init"));
    CliRun run = runRefundDesk({"init", "--db", empty});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("Created an empty store at host=")), qPrintable(run.outText()));
    run = runRefundDesk({"init", "--db", empty});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("already holds a Refund Desk store")), qPrintable(run.err));
    run = runRefundDesk({"queue", "--db", empty, "--json"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(queueIds(run), QStringList());

    const QString db = demoStore(300);
    QVERIFY(!db.isEmpty());
    run = runRefundDesk({"queue", "--db", db});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(run.outText().contains(QLatin1String("op_5521")));
    run = runRefundDesk({"queue", "--db", db, "--json"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(queueIds(run).contains(QStringLiteral("op_5521")));
    run = runRefundDesk({"show", "op_5521", "--db", db, "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonObject shown = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(shown.value("operation").toObject().value("idempotency_key").toString(),
             QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"));
    QCOMPARE(shown.value("attempts").toArray().size(), 3);
    QCOMPARE(runRefundDesk({"show", "op_5521", "--db", db}).exitCode, 0);

    // claim and release record the login; another name is refused, nothing written.
    run = runRefundDesk({"claim", "op_5521", "--db", db, "--operator", "bob"});
    QCOMPARE(run.exitCode, 5);
    QVERIFY2(run.err.contains(QLatin1String("logged in as postgres")), qPrintable(run.err));
    run = runRefundDesk({"claim", "op_5521", "--db", db});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("being checked by postgres")), qPrintable(run.outText()));
    run = runRefundDesk({"release", "op_5521", "--db", db, "--operator", "postgres"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    // resolve, once.
    const QStringList resolve = {"resolve", "op_5521", "--db", db, "--outcome", "failed", "--evidence", "dashboard",
                                 "--override-evidence", "--note", "checked with the provider"};
    run = runRefundDesk(resolve);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("by postgres")), qPrintable(run.outText()));
    run = runRefundDesk(resolve);
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QLatin1String("already resolved as failed by postgres")), qPrintable(run.err));

    // import-events: new ones added, known ones left alone.
    const QString events = m_dir.filePath(QStringLiteral("events.json"));
    QFile file(events);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"([{"id":"evt_pg_1","type":"refund.updated","created":1767225000,"data":{"object":{"id":"re_pg","object":"refund","status":"succeeded","amount":100,"currency":"usd","metadata":{"operation_id":"op_7"}}}}])");
    file.close();
    run = runRefundDesk({"import-events", events, "--db", db});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(QStringLiteral("cli_%1").arg(m_databases),
                             QStringLiteral("SELECT operation_id FROM webhook_events WHERE event_id = 'evt_pg_1'")),
             QStringLiteral("op_7"));

    // export and verify read the log; the decision just made is its last row.
    run = runRefundDesk({"export", "--db", db, "--format", "json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray rows = QJsonDocument::fromJson(run.out).array();
    QVERIFY(!rows.isEmpty());
    QCOMPARE(rows.last().toObject().value("operation_id").toString(), QStringLiteral("op_5521"));
    QCOMPARE(rows.last().toObject().value("operator").toString(), QStringLiteral("postgres"));
    run = runRefundDesk({"export", "--db", db, "--format", "csv"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.outText().startsWith(QLatin1String("resolution_id,")));
    run = runRefundDesk({"verify", "--db", db});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.outText()));
    QVERIFY(run.outText().contains(QLatin1String("store invariants hold")));
}

void tst_PgCli::demoAndVerifyAgreeWithSqlite()
{
    const QString db = demoStore(1000);
    QVERIFY(!db.isEmpty());
    const QString file = m_dir.filePath(QStringLiteral("same.sqlite"));
    CliRun run = runRefundDesk({"demo", "--db", file, "--operations", "1000", "--seed", "7", "--now", DemoNow});
    QCOMPARE(run.exitCode, 0);
    const CliRun onPg = runRefundDesk({"verify", "--db", db});
    const CliRun onSqlite = runRefundDesk({"verify", "--db", file});
    QVERIFY2(onPg.exitCode == 0, qPrintable(onPg.err));
    QCOMPARE(onSqlite.exitCode, 0);
    // The same chain, byte for byte: the same head hash.
    const QString head = lineWith(onSqlite.outText(), QStringLiteral("store invariants hold"));
    QVERIFY(!head.isEmpty());
    QCOMPARE(lineWith(onPg.outText(), QStringLiteral("store invariants hold")), head);
    QCOMPARE(queueIds(runRefundDesk({"queue", "--db", db, "--json"})),
             queueIds(runRefundDesk({"queue", "--db", file, "--json"})));
}

void tst_PgCli::copyThereAndBackKeepsEveryRow()
{
    // SQLite -> PostgreSQL to move up, PostgreSQL -> SQLite to hand an auditor a file.
    const QString original = m_dir.filePath(QStringLiteral("original.sqlite"));
    QCOMPARE(runRefundDesk({"demo", "--db", original, "--operations", "800", "--seed", "5", "--now", DemoNow}).exitCode,
             0);
    QVERIFY(m_server->createDatabase(QStringLiteral("cli_copy")));
    const QString db = m_server->location(QStringLiteral("cli_copy"));
    CliRun run = runRefundDesk({"copy", "--from", original, "--to", db});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QString back = m_dir.filePath(QStringLiteral("back.sqlite"));
    run = runRefundDesk({"copy", "--from", db, "--to", back});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    QString error;
    const QByteArray before = dumpStore(original, &error);
    QVERIFY2(!before.isEmpty(), qPrintable(error));
    QCOMPARE(dumpStore(back, &error), before);

    // The same chain on all three: verify names the same head hash.
    const QString head = lineWith(runRefundDesk({"verify", "--db", original}).outText(),
                                  QStringLiteral("store invariants hold"));
    QVERIFY(!head.isEmpty());
    QCOMPARE(lineWith(runRefundDesk({"verify", "--db", db}).outText(), QStringLiteral("store invariants hold")), head);
    QCOMPARE(lineWith(runRefundDesk({"verify", "--db", back}).outText(), QStringLiteral("store invariants hold")), head);

    // A database that holds a store already is never written into.
    const QString resolutions = m_server->query(QStringLiteral("cli_copy"), QStringLiteral("SELECT count(*) FROM resolutions"));
    run = runRefundDesk({"copy", "--from", original, "--to", db});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("already holds")), qPrintable(run.err));
    QCOMPARE(m_server->query(QStringLiteral("cli_copy"), QStringLiteral("SELECT count(*) FROM resolutions")), resolutions);
}

void tst_PgCli::supportLoginsClaimReleaseAndDecide()
{
    // The server's rules for support logins let every command through as Refund Desk writes it.
    const QString owner = demoStore(300);
    QVERIFY(!owner.isEmpty());
    const QString name = QStringLiteral("cli_%1").arg(m_databases);
    QVERIFY2(m_server->applyRoles(name), qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE carol LOGIN IN ROLE refund_desk_support; "
                                                                      "CREATE ROLE dave LOGIN IN ROLE refund_desk_support")));
    const QString carol = m_server->location(name, QStringLiteral("carol"));
    const QString dave = m_server->location(name, QStringLiteral("dave"));
    const QStringList ids = queueIds(runRefundDesk({"queue", "--db", carol, "--json"}), QStringLiteral("unknown")).mid(0, 2);
    QCOMPARE(ids.size(), 2);
    const QString claimant = QStringLiteral("SELECT status || ' ' || COALESCE(claimed_by, '-') FROM refund_ops "
                                            "WHERE operation_id = '%1'").arg(ids[0]);

    CliRun run = runRefundDesk({"claim", ids[0], "--db", carol});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(name, claimant), QStringLiteral("checking carol"));
    run = runRefundDesk({"claim", ids[0], "--db", dave});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains(QLatin1String("being checked by carol")), qPrintable(run.err));
    run = runRefundDesk({"claim", ids[0], "--db", dave, "--take-over"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(name, claimant), QStringLiteral("checking dave"));
    run = runRefundDesk({"release", ids[0], "--db", carol});
    QCOMPARE(run.exitCode, 4);
    QCOMPARE(m_server->query(name, claimant), QStringLiteral("checking dave"));
    run = runRefundDesk({"release", ids[0], "--db", dave});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(name, claimant), QStringLiteral("unknown -"));

    // A decision on a free operation, and one on one's own claim.
    const QStringList decide = {"--outcome", "failed", "--evidence", "dashboard", "--override-evidence", "--note",
                                "checked with the provider"};
    run = runRefundDesk(QStringList{"resolve", ids[0], "--db", carol} + decide);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("by carol")), qPrintable(run.outText()));
    QCOMPARE(runRefundDesk({"claim", ids[1], "--db", dave}).exitCode, 0);
    run = runRefundDesk(QStringList{"resolve", ids[1], "--db", dave} + decide);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT string_agg(operator || ' ' || outcome, ',' ORDER BY resolution_id) "
                                                  "FROM resolutions WHERE operation_id IN ('%1', '%2')")
                                       .arg(ids[0], ids[1])),
             QStringLiteral("carol failed,dave failed"));
    run = runRefundDesk({"verify", "--db", owner});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err + run.outText()));
}

void tst_PgCli::copiesInEveryDirectionInFlatMemory()
{
    // A store and one ten times its size, each with events of 8 KB payloads (40 MB of them
    // in the larger): a copy that held a table, a batch of a fixed number of rows or a
    // libpq result of a whole table would need much of the difference in memory.
    constexpr qint64 MaxGrowthKiB = 24 * 1024;
    struct End
    {
        QString file;
        QString database;
    };
    End ends[2];
    const int operations[2] = {4'000, 40'000};
    for (int i = 0; i < 2; ++i) {
        ends[i].file = m_dir.filePath(QStringLiteral("flat-%1.sqlite").arg(i));
        QCOMPARE(runRefundDesk({"demo", "--db", ends[i].file, "--operations", QString::number(operations[i]), "--seed",
                                "3", "--now", DemoNow},
                               300'000)
                     .exitCode,
                 0);
        const QString events = m_dir.filePath(QStringLiteral("padded-%1.jsonl").arg(i));
        QFile file(events);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.write(paddedEvents(operations[i] / 8, 8192)) > 0);
        file.close();
        const CliRun imported = runRefundDesk({"import-events", events, "--db", ends[i].file}, 300'000);
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));
    }

    // Each direction, the smaller store first: SQLite -> PostgreSQL -> SQLite, and
    // PostgreSQL -> PostgreSQL.
    const QStringList directions = {QStringLiteral("SQLite to PostgreSQL"), QStringLiteral("PostgreSQL to SQLite"),
                                    QStringLiteral("PostgreSQL to PostgreSQL")};
    qint64 peakKiB[3][2] = {};
    for (int i = 0; i < 2; ++i) {
        const QString onServer = QStringLiteral("flat_%1").arg(i);
        const QString again = QStringLiteral("flat_again_%1").arg(i);
        QVERIFY(m_server->createDatabase(onServer));
        QVERIFY(m_server->createDatabase(again));
        const QString back = m_dir.filePath(QStringLiteral("flat-back-%1.sqlite").arg(i));
        const QStringList copies[3] = {
            {"copy", "--from", ends[i].file, "--to", m_server->location(onServer)},
            {"copy", "--from", m_server->location(onServer), "--to", back},
            {"copy", "--from", m_server->location(onServer), "--to", m_server->location(again)},
        };
        for (int d = 0; d < 3; ++d) {
            const PeakMemoryRun measured = runMeasuringPeakMemory(appPath(), copies[d], 600'000);
            QVERIFY2(measured.run.exitCode == 0, qPrintable(directions[d] + u'\n' + measured.run.err));
            QVERIFY(measured.peakResidentKiB > 0);
            peakKiB[d][i] = measured.peakResidentKiB;
        }
        if (i == 1) {
            // The tables, not the planner's sampled statistics (sqlite_stat1).
            const QStringList tables = {QStringLiteral("store_meta"), QStringLiteral("refund_ops"),
                                        QStringLiteral("refund_attempts"), QStringLiteral("webhook_events"),
                                        QStringLiteral("resolutions")};
            QString error;
            const QByteArray rows = dumpStore(ends[i].file, &error, tables);
            QVERIFY2(!rows.isEmpty(), qPrintable(error));
            QCOMPARE(dumpStore(back, &error, tables), rows);
        }
    }
    for (int d = 0; d < 3; ++d) {
        qInfo("peak resident memory, %s: %lld KiB, %lld KiB for ten times the store", qPrintable(directions[d]),
              peakKiB[d][0], peakKiB[d][1]);
        QVERIFY2(peakKiB[d][1] - peakKiB[d][0] < MaxGrowthKiB,
                 qPrintable(QStringLiteral("%1: the copy of the larger store needed %2 KiB more at its peak")
                                .arg(directions[d]).arg(peakKiB[d][1] - peakKiB[d][0])));
    }
}

QTEST_GUILESS_MAIN(tst_PgCli)
