// A copy that is killed or fails leaves no store; the tables are read page by key, and the
// peak memory does not grow with the store.

#include "tst_copy.h"
#include "testpaths.h"

void tst_Copy::killedCopyLeavesNoStore()
{
    const QString source = demoStore(QStringLiteral("big.sqlite"), 60'000);
    QVERIFY(!source.isEmpty());
    const QString copy = path(QStringLiteral("copy.sqlite"));
    const QString building = copy + QStringLiteral("-building");

    QProcess process;
    process.start(Test::appPath(), {QStringLiteral("copy"), QStringLiteral("--from"), source,
                                                QStringLiteral("--to"), copy});
    QVERIFY(process.waitForStarted());
    // Redirected, the progress comes a line per tenth: kill it once a fifth is copied.
    QByteArray err;
    QElapsedTimer waited;
    waited.start();
    while (!err.contains("(20%)") && process.state() == QProcess::Running && waited.elapsed() < 120'000) {
        process.waitForReadyRead(100);
        err += process.readAllStandardError();
    }
    QVERIFY2(err.contains("(20%)"), err.constData());
    process.kill(); // SIGKILL: no destructor runs
    QVERIFY(process.waitForFinished());
    QCOMPARE(process.exitStatus(), QProcess::CrashExit);

    // No store at the destination; what was left beside it is no store either.
    QVERIFY(!QFileInfo::exists(copy));
    QVERIFY(QFileInfo::exists(building));
    const CliRun verifyLeftover = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), building});
    QCOMPARE(verifyLeftover.exitCode, 3);
    // A new copy names the leftover instead of building over it.
    const CliRun again = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                        QStringLiteral("--to"), copy});
    QCOMPARE(again.exitCode, 3);
    QVERIFY2(again.err.contains(building) && again.err.contains(QStringLiteral("interrupted")), qPrintable(again.err));
    QVERIFY(!QFileInfo::exists(copy));

    // Once it is removed, the copy goes through.
    QVERIFY(QFile::remove(building));
    const CliRun complete = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                           QStringLiteral("--to"), copy},
                                          300'000);
    QVERIFY2(complete.exitCode == 0, qPrintable(complete.err));
    QVERIFY(!QFileInfo::exists(building));
    QCOMPARE(dump(copy), dump(source));
}

void tst_Copy::failedCopyKeepsNothing()
{
    // A source that lost its unique index and then got two live refunds of one order and
    // amount: the copy's own schema refuses them when it indexes the rows at the end.
    const QString source = demoStore(QStringLiteral("source.sqlite"), 300);
    QVERIFY(!source.isEmpty());
    QString error;
    QVERIFY2(exec(source,
                  QStringLiteral("DROP INDEX one_open_refund; "
                                 "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, "
                                 "created_at, updated_at) VALUES "
                                 "('op_twin_1', 'twin', 500, 'k-twin-1', 'unknown', 1, 1), "
                                 "('op_twin_2', 'twin', 500, 'k-twin-2', 'unknown', 1, 1)"),
                  &error),
             qPrintable(error));
    const QString copy = path(QStringLiteral("copy.sqlite"));
    const CliRun run = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                      QStringLiteral("--to"), copy});
    QVERIFY(run.exitCode != 0);
    QVERIFY2(run.err.contains(QStringLiteral("one_open_refund")) && run.err.contains(QStringLiteral("not kept")),
             qPrintable(run.err));
    QVERIFY(!QFileInfo::exists(copy));
    QVERIFY(!QFileInfo::exists(copy + QStringLiteral("-building")));

    // A destination folder that does not exist: exit 3, nothing anywhere.
    const auto before = snapshot(m_dir->path());
    const CliRun nowhere = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                          QStringLiteral("--to"), path(QStringLiteral("no/such/copy.sqlite"))});
    QCOMPARE(nowhere.exitCode, 3);
    QVERIFY2(nowhere.err.contains(QStringLiteral("could not be created")), qPrintable(nowhere.err));
    QCOMPARE(describeDifference(before, snapshot(m_dir->path())), QString());
}

void tst_Copy::wholeTableReadsPageByKey()
{
    const QString source = demoStore(QStringLiteral("source.sqlite"), 500);
    QVERIFY(!source.isEmpty());
    auto opened = StoreFactory::open(source, Store::OpenMode::ReadOnly);
    QVERIFY(opened.ok());
    Store &store = **opened;
    auto counts = store.tableCounts();
    QVERIFY(counts.ok());
    QCOMPARE(QString::number(counts->operations), queryText(source, QStringLiteral("SELECT count(*) FROM refund_ops")));

    // Pages of 7 cover each table once, in key order, with nothing skipped or repeated.
    store.setRecordingQueryPlans(true);
    QStringList ids;
    std::optional<QString> after;
    for (;;) {
        auto page = store.operationsAfter(after, 7);
        QVERIFY(page.ok());
        for (const Operation &op : *page)
            ids << op.operationId;
        if (page->size() < 7)
            break;
        after = page->back().operationId;
    }
    QCOMPARE(qint64(ids.size()), counts->operations);
    QStringList sorted = ids;
    std::sort(sorted.begin(), sorted.end(), [](const QString &a, const QString &b) { return a.toUtf8() < b.toUtf8(); });
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    QCOMPARE(ids, sorted);

    qint64 attempts = 0;
    std::optional<AttemptKey> afterAttempt;
    for (;;) {
        auto page = store.attemptsAfter(afterAttempt, 7);
        QVERIFY(page.ok());
        attempts += qint64(page->size());
        if (page->size() < 7)
            break;
        afterAttempt = AttemptKey{page->back().operationId, page->back().attemptNo};
    }
    QCOMPARE(attempts, counts->attempts);

    qint64 events = 0;
    std::optional<QString> afterEvent;
    for (;;) {
        auto page = store.eventsAfter(afterEvent, 7);
        QVERIFY(page.ok());
        events += qint64(page->size());
        for (const StoredEvent &e : *page)
            QVERIFY(!e.payload.isEmpty());
        if (page->size() < 7)
            break;
        afterEvent = page->back().event.eventId;
    }
    QCOMPARE(events, counts->events);
    auto meta = store.metaEntries();
    QVERIFY(meta.ok());
    QCOMPARE(qint64(meta->size()), counts->meta);

    // Each page is a range of its table's primary key: no sort, no scan of what came before.
    auto plans = store.recordedQueryPlans();
    QVERIFY(plans.ok());
    int paged = 0;
    for (const QueryPlan &plan : *plans) {
        if (!plan.sql.contains(QLatin1String(" LIMIT ")))
            continue;
        ++paged;
        const QString steps = plan.steps.join(u'\n');
        QVERIFY2(!steps.contains(QLatin1String("TEMP B-TREE")), qPrintable(plan.sql + u'\n' + steps));
        if (plan.sql.contains(QLatin1String(" > ")))
            QVERIFY2(steps.contains(QLatin1String("SEARCH")), qPrintable(plan.sql + u'\n' + steps));
    }
    QCOMPARE(paged, 6); // three tables, each from the start and after a key
}

void tst_Copy::peakMemoryDoesNotGrowWithTheStore()
{
    // A store and one ten times its size. A copy whose new store kept its pages or sorted
    // its indexes in memory would need most of the difference in memory (it once did: 195
    // MB at 100k operations, 383 MB at 1M); one that holds a page of rows, a bounded page
    // cache and a bounded sort needs about the same for both.
    constexpr qint64 MaxGrowthKiB = 24 * 1024;
    const QString small = demoStore(QStringLiteral("small.sqlite"), 4'000);
    const QString large = demoStore(QStringLiteral("large.sqlite"), 40'000);
    QVERIFY(!small.isEmpty() && !large.isEmpty());
    const qint64 storeGrowthKiB = (QFileInfo(large).size() - QFileInfo(small).size()) / 1024;
    QVERIFY2(storeGrowthKiB > 2 * MaxGrowthKiB, qPrintable(QString::number(storeGrowthKiB)));

    qint64 peakKiB[2] = {};
    const QString sources[2] = {small, large};
    for (int i = 0; i < 2; ++i) {
        const PeakMemoryRun measured = runMeasuringPeakMemory(
            Test::appPath(),
            {QStringLiteral("copy"), QStringLiteral("--from"), sources[i], QStringLiteral("--to"),
             path(QStringLiteral("copy-%1.sqlite").arg(i))},
            600'000);
        QVERIFY2(measured.run.exitCode == 0, qPrintable(measured.run.err));
        QVERIFY(measured.peakResidentKiB > 0);
        peakKiB[i] = measured.peakResidentKiB;
    }
    QCOMPARE(dump(path(QStringLiteral("copy-1.sqlite"))), dump(large));
    qInfo("peak resident memory of the copy: %lld KiB for %lld KiB of store, %lld KiB for %lld KiB",
          peakKiB[0], QFileInfo(small).size() / 1024, peakKiB[1], QFileInfo(large).size() / 1024);
    QVERIFY2(peakKiB[1] - peakKiB[0] < MaxGrowthKiB,
             qPrintable(QStringLiteral("the copy of the larger store needed %1 KiB more at its peak")
                            .arg(peakKiB[1] - peakKiB[0])));
}
