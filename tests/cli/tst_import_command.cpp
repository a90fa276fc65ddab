// import-events as a command: a missing file, a read-only store, big JSON lines in flat
// memory, its exit codes, and show and queue carrying what was imported.

#include "tst_import.h"

void tst_Import::missingFileIsAUsageError()
{
    EventImporter importer(*m_store);
    auto summary = importer.importFile(m_dir->filePath(QStringLiteral("nope.jsonl")));
    QVERIFY(!summary);
    QCOMPARE(summary.error().kind, ErrorKind::Usage);
    QVERIFY(summary.error().message.contains(QLatin1String("nope.jsonl")));
}

void tst_Import::readOnlyStoreIsAStoreError()
{
    const QString path = writeFile(jsonLines(3));
    auto readOnly = StoreFactory::open(m_dir->filePath(QStringLiteral("store.sqlite")), Store::OpenMode::ReadOnly);
    QVERIFY(readOnly);
    EventImporter importer(**readOnly);
    auto summary = importer.importFile(path);
    QVERIFY(!summary);
    QCOMPARE(summary.error().exitCode(), 3);
    QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM webhook_events")), qint64(0));
}

void tst_Import::bigJsonLinesStreamInFlatMemory()
{
    // About 64 MB of events: memory must not grow with the file.
    const QString path = m_dir->filePath(QStringLiteral("big.jsonl"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QByteArray block;
        for (int i = 0; i < 1000; ++i)
            block += eventJson(0) + '\n';
        const QByteArray pattern = "evt_0\"";
        for (int chunk = 0; chunk < 200; ++chunk) {
            QByteArray lines;
            lines.reserve(block.size() + 20000);
            for (int i = 0; i < 1000; ++i) {
                QByteArray line = eventJson(0);
                line.replace(pattern, QByteArray("evt_") + QByteArray::number(chunk * 1000 + i) + '"');
                lines += line + '\n';
            }
            QVERIFY(file.write(lines) == lines.size());
        }
    }
    const qint64 size = QFileInfo(path).size();
    QVERIFY(size > 60 * 1024 * 1024);

    // Resident memory sampled as the import goes (the high-water mark of the process
    // would also count what earlier tests used).
    const qint64 before = processStatusKiB(QStringLiteral("self"), "VmRSS");
    QVERIFY(before > 0);
    qint64 highest = before;
    int samples = 0;
    EventImporter importer(*m_store);
    importer.setProgressCallback([&](qint64, qint64) {
        highest = qMax(highest, processStatusKiB(QStringLiteral("self"), "VmRSS"));
        ++samples;
    });
    auto summary = importer.importFile(path);
    QVERIFY(summary);
    QCOMPARE(summary->added, qint64(200'000));
    QVERIFY(samples > 50);
    const qint64 growthKiB = highest - before;
    qInfo("imported %lld MB; resident memory grew by at most %lld KiB", size >> 20, growthKiB);
    QVERIFY2(growthKiB < 48 * 1024, qPrintable(QStringLiteral("peak memory grew by %1 KiB").arg(growthKiB)));
}

void tst_Import::commandLineExitCodes_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("extra"); // more arguments; "@missing" names a file that does not exist
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("output"); // a fragment of standard output and error

    QTest::newRow("all good") << jsonLines(3) << QStringList() << 0 << "3 read, 3 new, 0 already present, 0 skipped.";
    QTest::newRow("skipped entries after taking the good ones")
        << eventJson(1) + "\nnot json\n" + eventJson(2) + '\n' << QStringList() << 5 << "line 2: not valid JSON";
    QTest::newRow("broken array") << "[" + eventJson(1) + ",\n{" << QStringList() << 5 << "Stopped early";
    QTest::newRow("missing file") << QByteArray() << QStringList{"@missing"} << 2 << "cannot read the file";
    QTest::newRow("no file argument") << QByteArray() << QStringList{"@none"} << 2 << "expected one FILE";
    QTest::newRow("store is not a store") << jsonLines(1) << QStringList{"@badstore"} << 3 << "";
}

void tst_Import::commandLineExitCodes()
{
    QFETCH(QByteArray, content);
    QFETCH(QStringList, extra);
    QFETCH(int, exitCode);
    QFETCH(QString, output);

    QString file = writeFile(content);
    QString db = m_dir->filePath(QStringLiteral("store.sqlite"));
    if (extra.contains(QLatin1String("@missing")))
        file = m_dir->filePath(QStringLiteral("missing.jsonl"));
    if (extra.contains(QLatin1String("@badstore")))
        db = writeFile("not a database, just text", QStringLiteral("fake.sqlite"));
    QStringList arguments{QStringLiteral("import-events"), file, QStringLiteral("--db"), db};
    if (extra.contains(QLatin1String("@none")))
        arguments.removeAt(1);

    const CliRun run = runRefundDesk(arguments);
    QVERIFY2(run.exitCode == exitCode, qPrintable(run.outText() + run.err));
    QVERIFY2((run.outText() + run.err).contains(output), qPrintable(run.outText() + run.err));
    if (exitCode == 5)
        QVERIFY(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM webhook_events")) >= 1); // the good ones were taken
}

void tst_Import::showAndQueueCarryTheEvidence()
{
    Operation operation = TestStore::operation(QStringLiteral("op_1"));
    operation.idempotencyKey = QStringLiteral("key-op_1");
    QVERIFY2(m_sql->addOperation(operation), qPrintable(m_sql->lastError()));
    QByteArray broken = eventJson(1);
    broken.replace("\"evt_1\"", "\"evt_bad\"").replace("\"amount\":3800", "\"amount\":[]");
    QVERIFY(broken.contains("evt_bad"));
    const QString file = writeFile(eventJson(1) + '\n' + broken + '\n');
    const QString db = m_dir->filePath(QStringLiteral("store.sqlite"));
    QCOMPARE(runRefundDesk({QStringLiteral("import-events"), file, QStringLiteral("--db"), db}).exitCode, 0);

    const CliRun show = runRefundDesk({QStringLiteral("show"), QStringLiteral("op_1"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QCOMPARE(show.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(show.out).object();
    QCOMPARE(object.value(QLatin1String("verdict")).toString(), QStringLiteral("refunded"));
    QVERIFY(object.value(QLatin1String("verdict_explanation")).toString().contains(QLatin1String("re_1")));
    QCOMPARE(object.value(QLatin1String("named_refund_id")).toString(), QStringLiteral("re_1"));
    const QJsonArray events = object.value(QLatin1String("events")).toArray();
    QCOMPARE(events.size(), 2);
    QJsonObject good;
    QJsonObject bad;
    for (const QJsonValue &value : events)
        (value[QLatin1String("event_id")].toString() == QLatin1String("evt_1") ? good : bad) = value.toObject();
    QCOMPARE(good.value(QLatin1String("matched_by")).toString(), QStringLiteral("metadata"));
    QCOMPARE(good.value(QLatin1String("status")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(good.value(QLatin1String("refund_id")).toString(), QStringLiteral("re_1"));
    QCOMPARE(good.value(QLatin1String("amount")).toInt(), 3800);
    QCOMPARE(good.value(QLatin1String("unreadable")).toBool(), false);
    QVERIFY(good.contains(QLatin1String("failure_reason")));
    QCOMPARE(bad.value(QLatin1String("event_id")).toString(), QStringLiteral("evt_bad"));
    QCOMPARE(bad.value(QLatin1String("unreadable")).toBool(), true);
    QVERIFY(bad.value(QLatin1String("unreadable_reason")).toString().contains(QLatin1String("amount is an array")));

    const CliRun queue = runRefundDesk({QStringLiteral("queue"), QStringLiteral("--db"), db, QStringLiteral("--json")});
    QCOMPARE(queue.exitCode, 0);
    const QJsonArray rows = QJsonDocument::fromJson(queue.out).array();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.at(0)[QLatin1String("verdict")].toString(), QStringLiteral("refunded"));
}
