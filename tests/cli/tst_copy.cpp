// copy: a whole store into a new one, through the real refund-desk executable. Every row,
// id, hash, time and payload byte arrives as stored (compared table by table with dumps of
// both ends); verify says the same of both ends, a broken chain included; the source is
// never changed; an existing destination and a bad source are refused with exit 3 and
// nothing created; a killed or failed copy leaves no store behind; its peak memory does
// not grow with the store. And the whole-table reads behind it page through their primary
// keys, never sorting.

#include "clirun.h"
#include "peakmemoryrun.h"
#include "snapshots.h"

#include "demo/demostore.h"
#include "store/store.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <sqlite3.h>

#include <algorithm>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Now = 1'767'225'600'000; // 2026-01-01, so that every run builds the same store

const QStringList Tables = {QStringLiteral("store_meta"), QStringLiteral("refund_ops"),
                            QStringLiteral("refund_attempts"), QStringLiteral("webhook_events"),
                            QStringLiteral("resolutions")};

bool exec(const QString &path, const QString &sql, QString *error)
{
    Connection db = openConnection(path, error);
    if (!db)
        return false;
    char *message = nullptr;
    const int code = sqlite3_exec(db.get(), sql.toUtf8().constData(), nullptr, nullptr, &message);
    if (code != SQLITE_OK && error)
        *error = QString::fromUtf8(message);
    sqlite3_free(message);
    return code == SQLITE_OK;
}

QString queryText(const QString &path, const QString &sql)
{
    Connection db = openConnection(path);
    if (!db)
        return {};
    sqlite3_stmt *raw = nullptr;
    sqlite3_prepare_v2(db.get(), sql.toUtf8().constData(), -1, &raw, nullptr);
    std::unique_ptr<sqlite3_stmt, int (*)(sqlite3_stmt *)> statement(raw, sqlite3_finalize);
    if (!raw || sqlite3_step(raw) != SQLITE_ROW)
        return {};
    return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(raw, 0)));
}

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

class tst_Copy : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void copiesEveryRowAsStored();
    void copiesABrokenChainAsItIs();
    void refusesAnExistingDestination();
    void refusesABadSource_data();
    void refusesABadSource();
    void usageErrors_data();
    void usageErrors();
    void killedCopyLeavesNoStore();
    void failedCopyKeepsNothing();
    void wholeTableReadsPageByKey();
    void peakMemoryDoesNotGrowWithTheStore();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    // A demo store of `operations` built by the simulator at `name`.
    QString demoStore(const QString &name, qint64 operations);
    // Every table's rows, or a test failure when the store cannot be read.
    QByteArray dump(const QString &store);

    std::unique_ptr<QTemporaryDir> m_dir;
};

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
    QCOMPARE(queryText(copy, QStringLiteral("PRAGMA user_version")), QStringLiteral("2"));
    QCOMPARE(queryText(copy, QStringLiteral("SELECT count(*) FROM sqlite_schema WHERE type = 'trigger'")),
             QStringLiteral("7"));

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

void tst_Copy::killedCopyLeavesNoStore()
{
    const QString source = demoStore(QStringLiteral("big.sqlite"), 60'000);
    QVERIFY(!source.isEmpty());
    const QString copy = path(QStringLiteral("copy.sqlite"));
    const QString building = copy + QStringLiteral("-building");

    QProcess process;
    process.start(QStringLiteral(RD_APP_PATH), {QStringLiteral("copy"), QStringLiteral("--from"), source,
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
            QStringLiteral(RD_APP_PATH),
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

QTEST_GUILESS_MAIN(tst_Copy)
#include "tst_copy.moc"
