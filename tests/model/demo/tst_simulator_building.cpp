// Building a demo store safely: an existing file is never overwritten, an unfinished or
// cancelled build leaves nothing, an impossible size is refused; and the demo command.

#include "tst_simulator.h"

void tst_Simulator::refusesAnExistingFile()
{
    const QString path = m_dir.filePath(QStringLiteral("existing.txt"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("precious");
    }
    auto builder = StoreBuilder::createNew(path);
    QVERIFY(!builder.ok());
    QCOMPARE(builder.error().kind, ErrorKind::StoreUnavailable);
    QVERIFY(builder.error().message.contains(path));
    auto summary = DemoStore::generate(path, options(10));
    QVERIFY(!summary.ok());
    QCOMPARE(summary.error().exitCode(), 3);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("precious"));

    // A leftover WAL beside a new name is refused too: SQLite would replay it.
    const QString fresh = m_dir.filePath(QStringLiteral("fresh.sqlite"));
    QFile wal(fresh + QStringLiteral("-wal"));
    QVERIFY(wal.open(QIODevice::WriteOnly));
    wal.close();
    auto refused = StoreBuilder::createNew(fresh);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().kind, ErrorKind::StoreUnavailable);
    QVERIFY(!QFileInfo::exists(fresh));

    auto missingFolder = StoreBuilder::createNew(m_dir.filePath(QStringLiteral("no/such/folder/x.sqlite")));
    QVERIFY(!missingFolder.ok());
    QCOMPARE(missingFolder.error().kind, ErrorKind::StoreUnavailable);
}

void tst_Simulator::unfinishedBuildLeavesNoFile()
{
    const QString path = m_dir.filePath(QStringLiteral("unfinished.sqlite"));
    {
        auto builder = StoreBuilder::createNew(path);
        QVERIFY(builder.ok());
        // While it is being built nothing is at the path, and the file beside it is no
        // store yet: a killed build leaves no store behind.
        QVERIFY(!QFileInfo::exists(path));
        const QString building = path + QStringLiteral("-building");
        QVERIFY(QFileInfo::exists(building));
        Db db = openReadOnly(building);
        QVERIFY(db);
        QCOMPARE(number(db.get(), "PRAGMA user_version"), 0);
        db.reset();
        // A second build of the same path is refused while the first holds the name.
        auto second = StoreBuilder::createNew(path);
        QVERIFY(!second.ok());
        QVERIFY(second.error().message.contains(building));
        auto summary = DemoSimulator().run(*builder.value(), options(30));
        QVERIFY(summary.ok());
    }
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-building")));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));

    // A finished builder refuses more rows.
    auto builder = StoreBuilder::createNew(path);
    QVERIFY(builder.ok());
    QVERIFY((*builder)->finish().ok());
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-building")));
    Operation op;
    op.operationId = QStringLiteral("op_1");
    QVERIFY(!(*builder)->addOperation(op).ok());
    QVERIFY(QFileInfo::exists(path));

    // A row that breaks the schema is an error, and the build keeps nothing.
    const QString broken = m_dir.filePath(QStringLiteral("broken.sqlite"));
    {
        auto b = StoreBuilder::createNew(broken);
        QVERIFY(b.ok());
        Operation bad;
        bad.operationId = QStringLiteral("op_1");
        bad.orderId = QStringLiteral("1");
        bad.amountCents = 0; // CHECK (amount_cents > 0)
        bad.idempotencyKey = QStringLiteral("k");
        QVERIFY(!(*b)->addOperation(bad).ok());
    }
    QVERIFY(!QFileInfo::exists(broken));

    // Two live operations for one order and amount break the unique index when it is
    // created again at finish(): refused, nothing kept.
    const QString twoLive = m_dir.filePath(QStringLiteral("twolive.sqlite"));
    {
        auto b = StoreBuilder::createNew(twoLive);
        QVERIFY(b.ok());
        for (int i = 1; i <= 2; ++i) {
            Operation live;
            live.operationId = QStringLiteral("op_%1").arg(i);
            live.orderId = QStringLiteral("77");
            live.amountCents = 500;
            live.idempotencyKey = QStringLiteral("key-%1").arg(i);
            live.status = OperationStatus::Unknown;
            QVERIFY((*b)->addOperation(live).ok());
        }
        const Result<void> finished = (*b)->finish();
        QVERIFY(!finished.ok());
        QVERIFY(finished.error().message.contains(QStringLiteral("one_open_refund")));
    }
    QVERIFY(!QFileInfo::exists(twoLive));
}

void tst_Simulator::cancelLeavesNoFile()
{
    const QString path = m_dir.filePath(QStringLiteral("cancelled.sqlite"));
    std::atomic<bool> cancel = false;
    SimulationOptions o = options(5000);
    o.cancel = &cancel;
    auto summary = DemoStore::generate(path, o, [&](qint64 done, qint64) {
        if (done > 1000)
            cancel = true;
    });
    QVERIFY(!summary.ok());
    QVERIFY(summary.error().message.contains(QStringLiteral("cancelled")));
    QVERIFY(!QFileInfo::exists(path));
}

void tst_Simulator::rejectsAnImpossibleSize()
{
    const QString path = m_dir.filePath(QStringLiteral("empty.sqlite"));
    auto summary = DemoStore::generate(path, options(0));
    QVERIFY(!summary.ok());
    QCOMPARE(summary.error().kind, ErrorKind::Usage);
    QVERIFY(!QFileInfo::exists(path));
}

void tst_Simulator::demoCommand()
{
    const QString path = m_dir.filePath(QStringLiteral("cli.sqlite"));
    const CliRun run = runRefundDesk({QStringLiteral("demo"), QStringLiteral("--db"), path, QStringLiteral("--operations"),
                                      QStringLiteral("%1").arg(Operations), QStringLiteral("--seed"),
                                      QString::number(Seed), QStringLiteral("--now"), QString::number(Now)});
    const QString out = run.outText();
    const QString &err = run.err;
    QVERIFY2(run.exitCode >= 0, qPrintable(err)); // finished in time, did not crash
    QVERIFY2(run.exitCode == 0, qPrintable(err));
    QVERIFY(out.contains(QStringLiteral("Operations: %1").arg(Operations)));
    QVERIFY(out.contains(QStringLiteral("unknown: %1").arg(m_summary.unknown)));
    QVERIFY(out.contains(QStringLiteral("Attempts: %1").arg(m_summary.attempts)));
    QVERIFY(out.contains(QStringLiteral("Webhook events: %1").arg(m_summary.events)));
    QVERIFY(out.contains(QStringLiteral("Resolutions: %1").arg(m_summary.resolutions)));
    QVERIFY(out.contains(QStringLiteral("Refunded in the Dashboard by a colleague, the operation left unknown: %1")
                             .arg(m_summary.dashboardRefunds)));
    QVERIFY(out.contains(QStringLiteral("operations/s")));
    QVERIFY(err.contains(QStringLiteral("operations (")));
    // The command builds the very store the library builds for the same options.
    QCOMPARE(dumpStore(path), dumpStore(m_path));
}

void tst_Simulator::demoCommandRefusesAnExistingFile()
{
    const CliRun run = runRefundDesk({QStringLiteral("demo"), QStringLiteral("--db"), m_path,
                                      QStringLiteral("--operations"), QStringLiteral("10")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("already exists")), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
    // Untouched.
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM refund_ops"), Operations);
}

void tst_Simulator::demoCommandRejectsBadArguments_data()
{
    QTest::addColumn<bool>("withDb");
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no --db") << false << QStringList{QStringLiteral("--operations"), QStringLiteral("5")};
    QTest::newRow("zero operations") << true << QStringList{QStringLiteral("--operations"), QStringLiteral("0")};
    QTest::newRow("words for operations") << true << QStringList{QStringLiteral("--operations"), QStringLiteral("many")};
    QTest::newRow("negative seed") << true << QStringList{QStringLiteral("--seed"), QStringLiteral("-3")};
    QTest::newRow("bad clock") << true << QStringList{QStringLiteral("--now"), QStringLiteral("yesterday")};
    QTest::newRow("stray argument") << true << QStringList{QStringLiteral("extra")};
    QTest::newRow("unknown profile") << true << QStringList{QStringLiteral("--profile"), QStringLiteral("someday")};
    QTest::newRow("negative shop refunds") << true
                                           << QStringList{QStringLiteral("--shop-refunds-per-minute"), QStringLiteral("-1"),
                                                          QStringLiteral("--stripe-truth"),
                                                          m_dir.filePath(QStringLiteral("unused-truth.jsonl"))};
    QTest::newRow("shop refunds without a truth file") << true
                                                       << QStringList{QStringLiteral("--shop-refunds-per-minute"),
                                                                      QStringLiteral("5")};
}

void tst_Simulator::demoCommandRejectsBadArguments()
{
    QFETCH(bool, withDb);
    QFETCH(QStringList, arguments);
    const QString path = m_dir.filePath(QStringLiteral("bad-arguments.sqlite"));
    QStringList all{QStringLiteral("demo")};
    if (withDb)
        all << QStringLiteral("--db") << path;
    all << arguments;
    const CliRun run = runRefundDesk(all);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(!run.err.isEmpty());
    QVERIFY(!QFileInfo::exists(path));
}
