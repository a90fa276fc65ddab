// Importing webhook events from a file: the three forms, re-import, malformed entries,
// and streaming in constant memory.

#include "tst_import.h"

namespace {

QByteArray prettyArray(int count)
{
    QByteArray text = "[\n";
    for (int i = 1; i <= count; ++i)
        text += "  " + eventJson(i) + (i < count ? ",\n" : "\n");
    return text + "]\n";
}

QByteArray compactArray(int count)
{
    QByteArrayList entries;
    for (int i = 1; i <= count; ++i)
        entries << eventJson(i);
    return '[' + entries.join(',') + ']';
}

QByteArray stripeList(int count, bool pretty)
{
    QByteArrayList entries;
    for (int i = 1; i <= count; ++i)
        entries << eventJson(i);
    if (!pretty)
        return R"({"object":"list","url":"/v1/events","has_more":false,"data":[)" + entries.join(',') + "]}";
    return "{\n  \"object\": \"list\",\n  \"data\": [\n    " + entries.join(",\n    ")
        + "\n  ],\n  \"has_more\": false,\n  \"url\": \"/v1/events\",\n  \"extra\": {\"a\": [1, \"]\"]}\n}\n";
}

QStringList wheres(const std::vector<ImportNote> &notes)
{
    QStringList list;
    for (const ImportNote &note : notes)
        list << note.where;
    return list;
}

} // namespace

void tst_Import::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QString path = m_dir->filePath(QStringLiteral("store.sqlite"));
    m_sql = std::make_unique<TestStore>(path);
    QVERIFY2(m_sql->isValid(), qPrintable(m_sql->lastError()));
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    m_store = std::move(store.value());
}

void tst_Import::cleanup()
{
    m_store.reset();
    m_sql.reset();
    m_dir.reset();
}

QString tst_Import::writeFile(const QByteArray &content, const QString &name)
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

ImportSummary tst_Import::importOk(const QString &path)
{
    EventImporter importer(*m_store);
    importer.setReceivedAt(1'717'000'999'000);
    auto summary = importer.importFile(path);
    if (!summary)
        qWarning("import failed: %s", qPrintable(summary.error().message));
    return summary ? *summary : ImportSummary{};
}

void tst_Import::fileForms_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("count");

    QTest::newRow("JSON Lines") << jsonLines(5) << "JSON Lines" << 5;
    QTest::newRow("JSON Lines, CRLF, blank lines, BOM")
        << QByteArray("\xEF\xBB\xBF") + jsonLines(3).replace("\n", "\r\n\r\n") << "JSON Lines" << 3;
    QTest::newRow("JSON Lines, one event") << eventJson(1) << "JSON Lines" << 1;
    QTest::newRow("JSON array, pretty") << prettyArray(4) << "JSON array" << 4;
    QTest::newRow("JSON array, one line") << compactArray(4) << "JSON array" << 4;
    QTest::newRow("JSON array, BOM") << QByteArray("\xEF\xBB\xBF") + compactArray(2) << "JSON array" << 2;
    QTest::newRow("JSON array, empty") << QByteArray("[ ]") << "JSON array" << 0;
    QTest::newRow("Stripe list, pretty") << stripeList(3, true) << "Stripe list object" << 3;
    QTest::newRow("Stripe list, one line") << stripeList(3, false) << "Stripe list object" << 3;
    QTest::newRow("empty file") << QByteArray() << "JSON Lines" << 0;
}

void tst_Import::fileForms()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, format);
    QFETCH(int, count);

    const ImportSummary summary = importOk(writeFile(content));
    QCOMPARE(summary.format, format);
    QCOMPARE(summary.read, qint64(count));
    QCOMPARE(summary.added, qint64(count));
    QCOMPARE(summary.alreadyPresent, qint64(0));
    QCOMPARE(summary.skipped, qint64(0));
    QVERIFY(summary.complete());
    QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM webhook_events")), qint64(count));
}

void tst_Import::keepsRawTextAndFillsColumns()
{
    // Pretty-printed entries keep their own text, white space and all.
    const QByteArray entry = "{\n    \"id\": \"evt_p\", \"type\": \"refund.created\", \"created\": 1717000001,\n"
                             "    \"data\": {\"object\": {\"id\": \"re_p\", \"object\": \"refund\", \"amount\": 3800, \"currency\": \"usd\",\n"
                             "      \"status\": \"pending\", \"metadata\": {\"operation_id\": \"op_5521\"}}},\n"
                             "    \"request\": {\"id\": \"req_1\", \"idempotency_key\": \"k-5521\"}\n  }";
    const ImportSummary summary = importOk(writeFile("[\n  " + entry + ",\n  " + eventJson(2) + "\n]"));
    QCOMPARE(summary.added, qint64(2));
    QCOMPARE(m_sql->queryText(QStringLiteral("SELECT payload FROM webhook_events WHERE event_id = 'evt_p'")), QString::fromUtf8(entry));
    QCOMPARE(m_sql->queryText(QStringLiteral("SELECT type || '|' || created || '|' || received_at || '|' || operation_id || '|' || "
                                             "idempotency_key || '|' || refund_id FROM webhook_events WHERE event_id = 'evt_p'")),
             QStringLiteral("refund.created|1717000001|1717000999000|op_5521|k-5521|re_p"));
    QCOMPARE(m_sql->queryText(QStringLiteral("SELECT payload FROM webhook_events WHERE event_id = 'evt_2'")), QString::fromUtf8(eventJson(2)));

    // A dashboard action: no key, and a charge event has no refund id column.
    const QByteArray charge = R"({"id":"evt_c","type":"charge.refunded","created":5,"data":{"object":{"id":"ch_1","object":"charge",)"
                              R"("amount":3800,"amount_refunded":3800,"currency":"usd","metadata":{}}},"request":{"id":null,"idempotency_key":null}})";
    QCOMPARE(importOk(writeFile(charge + '\n', QStringLiteral("charge.jsonl"))).added, qint64(1));
    QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM webhook_events WHERE event_id = 'evt_c' AND operation_id IS NULL "
                                            "AND idempotency_key IS NULL AND refund_id IS NULL")),
             qint64(1));
}

void tst_Import::reimportIgnoresPresentEvents()
{
    const QString path = writeFile(jsonLines(6));
    QCOMPARE(importOk(path).added, qint64(6));
    const QString before = m_sql->queryText(QStringLiteral("SELECT group_concat(received_at) FROM webhook_events"));

    EventImporter importer(*m_store);
    importer.setReceivedAt(42);
    auto again = importer.importFile(path);
    QVERIFY(again);
    QCOMPARE(again->read, qint64(6));
    QCOMPARE(again->added, qint64(0));
    QCOMPARE(again->alreadyPresent, qint64(6));
    QVERIFY(again->complete());
    QCOMPARE(m_sql->queryText(QStringLiteral("SELECT group_concat(received_at) FROM webhook_events")), before);

    // A file that repeats an event counts the repeat as already present.
    const ImportSummary repeated = importOk(writeFile(eventJson(7) + '\n' + eventJson(7) + '\n', QStringLiteral("twice.jsonl")));
    QCOMPARE(repeated.added, qint64(1));
    QCOMPARE(repeated.alreadyPresent, qint64(1));
}

void tst_Import::malformedEntries_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("added");
    QTest::addColumn<QStringList>("skippedAt");
    QTest::addColumn<QString>("reason"); // a fragment of the first skip's reason

    QTest::newRow("JSON Lines: a broken line")
        << eventJson(1) + "\n{\"id\":\"evt_x\",\n" + eventJson(2) + '\n' << 2 << QStringList{"line 2"} << "not valid JSON";
    QTest::newRow("JSON Lines: first line broken")
        << "{\"id\": \n" + eventJson(1) + '\n' + eventJson(2) + '\n' << 2 << QStringList{"line 1"} << "not valid JSON";
    QTest::newRow("JSON Lines: no id") << eventJson(1) + "\n{\"type\":\"refund.updated\"}\n" << 1 << QStringList{"line 2"}
                                       << "has no id";
    QTest::newRow("JSON Lines: id is a number") << "{\"id\":7}\n" + eventJson(1) << 1 << QStringList{"line 1"} << "has no id";
    QTest::newRow("JSON Lines: not an object") << eventJson(1) + "\n[1,2]\n\"evt\"\n" << 1 << QStringList{"line 2", "line 3"}
                                               << "an array, not an event object";
    QTest::newRow("JSON Lines: invalid UTF-8") << eventJson(1) + "\n{\"id\":\"evt_\xff\"}\n" << 1 << QStringList{"line 2"}
                                               << "UTF-8";
    QTest::newRow("JSON Lines: too deep") << eventJson(1) + '\n' + QByteArray(200, '[') + QByteArray(200, ']') + '\n' << 1
                                          << QStringList{"line 2"} << "nested deeper";
    QTest::newRow("JSON Lines: deep object with an id")
        << "{\"id\":\"evt_d\",\"x\":" + QByteArray(5000, '[') + QByteArray(5000, ']') + "}\n" + eventJson(1) << 1
        << QStringList{"line 1"} << "nested deeper";
    QTest::newRow("JSON Lines: plain text") << QByteArray("hello\nworld\n") << 0 << QStringList{"line 1", "line 2"} << "not valid JSON";
    QTest::newRow("array: an entry with a bad value")
        << "[" + eventJson(1) + ",\n{\"id\": \"evt_x\", \"amount\": },\n" + eventJson(2) + "]" << 2 << QStringList{"index 1 (line 2)"}
        << "not valid JSON";
    QTest::newRow("array: a number among events") << "[" + eventJson(1) + ", 42, " + eventJson(2) + "]" << 2
                                                  << QStringList{"index 1 (line 1)"} << "a number, not an event object";
    QTest::newRow("list: an entry without id") << QByteArray(R"({"object":"list","data":[{"type":"x"},)") + eventJson(3) + "]}" << 1
                                               << QStringList{"index 0 (line 1)"} << "has no id";
}

void tst_Import::malformedEntries()
{
    QFETCH(QByteArray, content);
    QFETCH(int, added);
    QFETCH(QStringList, skippedAt);
    QFETCH(QString, reason);

    const ImportSummary summary = importOk(writeFile(content));
    QCOMPARE(summary.added, qint64(added));
    QCOMPARE(summary.skipped, qint64(skippedAt.size()));
    QCOMPARE(wheres(summary.skips), skippedAt);
    QVERIFY2(summary.skips.front().reason.contains(reason), qPrintable(summary.skips.front().reason));
    QCOMPARE(summary.read, qint64(added + skippedAt.size()));
    QVERIFY(!summary.complete());
    QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM webhook_events")), qint64(added));
}

void tst_Import::unreadableButIdentifiedEventsAreTaken()
{
    // The receiver keeps payloads even when they do not parse as events; so does the import,
    // as long as the event has an id to store it under. The console lists it as unreadable.
    QByteArray wrongType = eventJson(1);
    wrongType.replace("\"amount\":3800", "\"amount\":\"3800\"");
    QVERIFY(wrongType.contains("\"3800\""));
    const ImportSummary summary = importOk(writeFile(wrongType + '\n' + eventJson(2) + '\n'));
    QCOMPARE(summary.added, qint64(2));
    QCOMPARE(summary.unreadable, qint64(1));
    QCOMPARE(summary.skipped, qint64(0));
    QVERIFY(summary.complete());
    QCOMPARE(wheres(summary.unreadableNotes), QStringList{"line 1"});
    QVERIFY(summary.unreadableNotes.front().reason.contains(QLatin1String("evt_1: data.object.amount is a string")));
    QCOMPARE(m_sql->queryText(QStringLiteral("SELECT operation_id FROM webhook_events WHERE event_id = 'evt_1'")), QStringLiteral("op_1"));
}

void tst_Import::brokenStructureKeepsWhatCameBefore_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("added");
    QTest::addColumn<QString>("stopped"); // a fragment

    const QByteArray two = eventJson(1) + ",\n" + eventJson(2);
    QTest::newRow("array truncated inside an entry") << "[\n" + two + ",\n" + eventJson(3).left(40) << 2 << "ends inside the event at index 2";
    QTest::newRow("array missing its end") << "[\n" + two + "\n" << 2 << "ends before its JSON array does";
    QTest::newRow("text after the end") << "[\n" + two + "\n] trailing" << 2 << "after the end of the JSON document";
    QTest::newRow("brackets that do not match") << "[\n" + two + ",\n{\"id\":\"evt_x\",\"a\":[}\n, " + eventJson(4) + "]" << 2
                                                << "brackets of the event at index 2";
    QTest::newRow("missing comma between entries") << "[\n" + eventJson(1) + "\n" + eventJson(2) + "]" << 1
                                                   << "expected ',' or ']' after the event at index 0";
    QTest::newRow("object that is not a list") << "{\n\"object\": \"event\",\n\"data\": [" + two + "]}" << 0 << "not a Stripe list";
    QTest::newRow("list without data") << QByteArray("{\n\"object\": \"list\",\n\"has_more\": false\n}") << 0 << "without a \"data\" array";
    QTest::newRow("list whose data is not an array") << QByteArray("{\n\"object\": \"list\",\n\"data\": {}\n}") << 0
                                                     << "\"data\" is not an array";
}

void tst_Import::brokenStructureKeepsWhatCameBefore()
{
    QFETCH(QByteArray, content);
    QFETCH(int, added);
    QFETCH(QString, stopped);

    const ImportSummary summary = importOk(writeFile(content));
    QCOMPARE(summary.added, qint64(added));
    QVERIFY2(summary.stoppedEarly.contains(stopped), qPrintable(summary.stoppedEarly));
    QVERIFY(summary.stoppedEarly.startsWith(QLatin1String("line ")));
    QVERIFY(!summary.complete());
}

void tst_Import::batchesAndProgress()
{
    const QByteArray content = jsonLines(25);
    const QString path = writeFile(content);
    EventImporter importer(*m_store);
    importer.setBatchSize(4);
    QList<QPair<qint64, qint64>> calls;
    importer.setProgressCallback([&calls](qint64 done, qint64 total) { calls.append({done, total}); });
    auto summary = importer.importFile(path);
    QVERIFY(summary);
    QCOMPARE(summary->added, qint64(25));
    QVERIFY(!calls.isEmpty());
    QCOMPARE(calls.last().first, qint64(content.size()));
    QCOMPARE(calls.last().second, qint64(content.size()));
}

void tst_Import::longEntries_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("format");
    QTest::addColumn<int>("added");
    QTest::addColumn<QStringList>("skippedAt");

    const QByteArray huge = "{\"id\":\"evt_huge\",\"pad\":\"" + QByteArray(EventImporter::MaxEntryBytes + 10, 'x') + "\"}";
    QTest::newRow("JSON Lines: an over-long first line") << huge + '\n' + jsonLines(2) << "JSON Lines" << 2
                                                         << QStringList{"line 1"};
    QTest::newRow("array: an over-long entry") << "[" + huge + ",\n" + eventJson(1) + "]" << "JSON array" << 1
                                               << QStringList{"index 0 (line 1)"};
    // Bigger than the longest line the reader takes, yet one document: still found entry by entry.
    QByteArray list = R"({"object":"list","data":[)";
    int count = 0;
    while (list.size() <= EventImporter::MaxEntryBytes) {
        if (count > 0)
            list += ',';
        ++count;
        list += eventJson(count);
    }
    list += R"(],"has_more":false})";
    QTest::newRow("Stripe list: one huge line") << list << "Stripe list object" << count << QStringList{};
}

void tst_Import::longEntries()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, format);
    QFETCH(int, added);
    QFETCH(QStringList, skippedAt);

    const ImportSummary summary = importOk(writeFile(content));
    QCOMPARE(summary.format, format);
    QCOMPARE(summary.added, qint64(added));
    QCOMPARE(wheres(summary.skips), skippedAt);
    for (const ImportNote &note : summary.skips)
        QVERIFY2(note.reason.contains(QLatin1String("longer than 16 MiB")), qPrintable(note.reason));
    QVERIFY(summary.stoppedEarly.isEmpty());
}

QTEST_GUILESS_MAIN(tst_Import)
