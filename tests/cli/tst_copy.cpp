// copy: a whole store into a new one, through the real refund-desk executable. Every row,
// id, hash, time and payload byte arrives as stored (compared table by table with dumps of
// both ends); verify says the same of both ends, a broken chain included; the source is
// never changed; an existing destination and a bad source are refused with exit 3 and
// nothing created; a killed or failed copy leaves no store behind; its peak memory does
// not grow with the store. And the whole-table reads behind it page through their primary
// keys, never sorting.

#include "tst_copy.h"

namespace {

constexpr qint64 Now = 1'767'225'600'000; // 2026-01-01, so that every run builds the same store

const QStringList Tables = {QStringLiteral("store_meta"), QStringLiteral("refund_ops"),
                            QStringLiteral("refund_attempts"), QStringLiteral("webhook_events"),
                            QStringLiteral("resolutions")};

// Rows the simulator never writes: payloads that do not parse, are not UTF-8, start with a
// byte order mark or hold a NUL; text that is empty rather than NULL; a setting of its own.
const char OddRows[] = R"sql(
INSERT INTO webhook_events (event_id, type, created, received_at, payload, operation_id) VALUES
  ('evt_odd_1', 'refund.updated', NULL, 1, '{"id": "evt_odd_1", "data": {', NULL),
  ('evt_odd_2', NULL, 5, 2, CAST(X'7B226964223A22FF227D' AS TEXT), 'op_5521'),
  ('evt_odd_3', '', 6, 3, CAST(X'EFBBBF7B7D' AS TEXT), ''),
  ('evt_odd_4', 'x', 7, 4, CAST(X'7B0022227D' AS TEXT), NULL),
  ('evt_odd_5', 'x', 8, 5, '', NULL);
INSERT INTO refund_attempts (operation_id, attempt_no, tool_call_id, started_at, finished_at, outcome, http_status,
                             request_id, error)
  SELECT operation_id, 99, '', 10, NULL, NULL, NULL, '', '' FROM refund_ops ORDER BY operation_id LIMIT 1;
INSERT INTO store_meta (key, value) VALUES ('exported_by', 'finance ''24'), ('zz_empty', '');
)sql";

} // namespace

void tst_Copy::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString tst_Copy::demoStore(const QString &name, qint64 operations)
{
    SimulationOptions options;
    options.operations = operations;
    options.seed = 7;
    options.nowMs = Now;
    const QString store = path(name);
    const auto summary = DemoStore::generate(store, options);
    if (!summary) {
        qWarning("%s", qPrintable(summary.error().message));
        return {};
    }
    return store;
}

QByteArray tst_Copy::dump(const QString &store)
{
    QString error;
    const QByteArray rows = dumpStore(store, &error, Tables);
    if (rows.isEmpty())
        qWarning("cannot dump %s: %s", qPrintable(store), qPrintable(error));
    return rows;
}

void tst_Copy::copiesEveryRowAsStored()
{
    const QString source = demoStore(QStringLiteral("source.sqlite"), 3000);
    QVERIFY(!source.isEmpty());
    QString error;
    QVERIFY2(exec(source, QString::fromUtf8(OddRows), &error), qPrintable(error));
    const auto before = snapshot(m_dir->path());

    const QString copy = path(QStringLiteral("copy.sqlite"));
    const CliRun run = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                      QStringLiteral("--to"), copy});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    // The source was only read: not even a -wal or -shm file appeared beside it.
    auto after = snapshot(m_dir->path());
    after.remove(QStringLiteral("copy.sqlite"));
    QCOMPARE(describeDifference(before, after), QString());
    QCOMPARE(QDir(m_dir->path()).entryList(QDir::Files | QDir::Hidden),
             QStringList({QStringLiteral("copy.sqlite"), QStringLiteral("source.sqlite")}));

    // Every table, row for row and byte for byte.
    const QByteArray sourceRows = dump(source);
    QVERIFY(sourceRows.contains("evt_odd_4"));
    for (const QString &table : Tables)
        QCOMPARE(dumpStore(copy, nullptr, {table}), dumpStore(source, nullptr, {table}));
    // The payloads that do not parse or are not UTF-8 kept their exact bytes.
    QCOMPARE(queryText(copy, QStringLiteral("SELECT group_concat(hex(payload), ',') FROM "
                                            "(SELECT payload FROM webhook_events WHERE event_id LIKE 'evt_odd_%' "
                                            "ORDER BY event_id)")),
             QStringLiteral("7B226964223A20226576745F6F64645F31222C202264617461223A207B,7B226964223A22FF227D,"
                            "EFBBBF7B7D,7B0022227D,"));
    // The copy is a store of the current schema in its own right.
    QCOMPARE(queryText(copy, QStringLiteral("PRAGMA user_version")), QStringLiteral("3"));
    QCOMPARE(queryText(copy, QStringLiteral("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'")),
             QStringLiteral("10"));

    // The report: rows per table on both ends, and both chains.
    const QString out = run.outText();
    const QString ops = queryText(source, QStringLiteral("SELECT count(*) FROM refund_ops"));
    QVERIFY2(QRegularExpression(QStringLiteral("\nrefund_ops +%1 +%1\n").arg(ops)).match(out).hasMatch(),
             qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("audit chain of the copy:   verified")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("store invariants of the copy hold")), qPrintable(out));

    // verify says the same of both ends.
    const CliRun verifySource = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), source});
    const CliRun verifyCopy = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), copy});
    QCOMPARE(verifySource.exitCode, 0);
    QCOMPARE(verifyCopy.exitCode, 0);
    QCOMPARE(verifyCopy.outText(), verifySource.outText());
    QVERIFY(verifyCopy.outText().contains(QStringLiteral("head hash ")));

    // And a copy of the copy is the same store again.
    const QString again = path(QStringLiteral("again.sqlite"));
    QCOMPARE(runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), copy, QStringLiteral("--to"), again})
                 .exitCode,
             0);
    QCOMPARE(dump(again), sourceRows);
}

void tst_Copy::copiesABrokenChainAsItIs()
{
    const QString source = demoStore(QStringLiteral("source.sqlite"), 3000);
    QVERIFY(!source.isEmpty());
    // Edit a decision the way a tamperer must: around the append-only trigger, put back after.
    const QString trigger = queryText(source, QStringLiteral("SELECT sql FROM sqlite_schema WHERE name = "
                                                             "'resolutions_no_update'"));
    QVERIFY(!trigger.isEmpty());
    QString error;
    QVERIFY2(exec(source,
                  QStringLiteral("DROP TRIGGER resolutions_no_update; "
                                 "UPDATE resolutions SET note = 'all good' WHERE resolution_id = 5; ")
                      + trigger + u';',
                  &error),
             qPrintable(error));

    const QString copy = path(QStringLiteral("copy.sqlite"));
    const CliRun run = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                      QStringLiteral("--to"), copy});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QStringLiteral("audit chain of the copy:   broken at #5")),
             qPrintable(run.outText()));
    QVERIFY2(run.err.contains(QStringLiteral("a copy repairs nothing")), qPrintable(run.err));
    QCOMPARE(dump(copy), dump(source));

    const CliRun verifySource = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), source});
    const CliRun verifyCopy = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), copy});
    QCOMPARE(verifySource.exitCode, 6);
    QCOMPARE(verifyCopy.exitCode, 6);
    QVERIFY(verifyCopy.outText().startsWith(QStringLiteral("broken at #5: hash does not match")));
    QCOMPARE(verifyCopy.outText(), verifySource.outText());
}

void tst_Copy::refusesAnExistingDestination()
{
    const QString source = demoStore(QStringLiteral("source.sqlite"), 200);
    QVERIFY(!source.isEmpty());
    const QString existing = path(QStringLiteral("existing.sqlite"));
    {
        QFile file(existing);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("precious");
    }
    const auto before = snapshot(m_dir->path());
    // Another file, and the source itself: neither is touched.
    for (const QString &destination : {existing, source}) {
        const CliRun run = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                          QStringLiteral("--to"), destination});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QStringLiteral("already exists")), qPrintable(run.err));
        QVERIFY2(run.err.contains(destination), qPrintable(run.err));
        QCOMPARE(describeDifference(before, snapshot(m_dir->path())), QString());
    }
}

void tst_Copy::refusesABadSource_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("says");
    QTest::newRow("missing") << QStringLiteral("missing.sqlite") << QByteArray() << QStringLiteral("does not exist");
    QTest::newRow("empty") << QStringLiteral("empty.sqlite") << QByteArray("") << QStringLiteral("empty");
    QTest::newRow("text") << QStringLiteral("notes.txt") << QByteArray("order_id,amount\n4417,3800\n")
                          << QStringLiteral("not a Refund Desk store");
    QTest::newRow("folder") << QStringLiteral("folder") << QByteArray() << QStringLiteral("is a folder");
}

void tst_Copy::refusesABadSource()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, says);
    const QString source = path(name);
    if (name == QLatin1String("folder")) {
        QVERIFY(QDir(m_dir->path()).mkdir(name));
    } else if (!content.isNull()) {
        QFile file(source);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
    const auto before = snapshot(m_dir->path());
    const CliRun run = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--from"), source,
                                      QStringLiteral("--to"), path(QStringLiteral("copy.sqlite"))});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(says), qPrintable(run.err));
    QCOMPARE(describeDifference(before, snapshot(m_dir->path())), QString());
}

void tst_Copy::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("nothing") << QStringList{};
    QTest::newRow("no --to") << QStringList{QStringLiteral("--from"), QStringLiteral("a.sqlite")};
    QTest::newRow("no --from") << QStringList{QStringLiteral("--to"), QStringLiteral("b.sqlite")};
    QTest::newRow("extra") << QStringList{QStringLiteral("--from"), QStringLiteral("a.sqlite"), QStringLiteral("--to"),
                                          QStringLiteral("b.sqlite"), QStringLiteral("c.sqlite")};
    QTest::newRow("the source's WAL") << QStringList{QStringLiteral("--from"), QStringLiteral("a.sqlite"),
                                                     QStringLiteral("--to"), QStringLiteral("a.sqlite-wal")};
    QTest::newRow("unknown option") << QStringList{QStringLiteral("--from"), QStringLiteral("a.sqlite"),
                                                   QStringLiteral("--to"), QStringLiteral("b.sqlite"),
                                                   QStringLiteral("--force")};
}

void tst_Copy::usageErrors()
{
    QFETCH(QStringList, arguments);
    const auto before = snapshot(m_dir->path());
    QStringList inDir;
    for (const QString &argument : arguments)
        inDir << (argument.startsWith(QLatin1String("--")) ? argument : path(argument));
    const CliRun run = runRefundDesk(QStringList{QStringLiteral("copy")} + inDir);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(QStringLiteral("refund-desk copy --help")), qPrintable(run.err));
    QCOMPARE(describeDifference(before, snapshot(m_dir->path())), QString());

    const CliRun help = runRefundDesk({QStringLiteral("copy"), QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.outText().contains(QStringLiteral("--from <SRC>")));
    QVERIFY(help.outText().contains(QStringLiteral("repairs nothing")));
}

QTEST_GUILESS_MAIN(tst_Copy)
