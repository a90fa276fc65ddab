// Bad payloads (docs/RELIABILITY.md): whatever the webhook receiver stored — the
// malformed-event corpus (tests/data/malformed), 50 MB payloads, a store with a great many
// events — `show` lists each event (unreadable ones as unreadable), finishes quickly and
// never crashes; an import with a 50 MB entry takes the good entries and skips that one.
//
// "Quickly" is never a number of milliseconds here, which a busy machine would cross:
// each claim compares two runs made in this test (the same command beside the big
// payloads and without them, on a store with many events and on one with few) or counts
// bytes (peak memory). The timings themselves are figures (docs/RELIABILITY.md) and the
// benchmark's (docs/PERFORMANCE.md).

#include "peakmemoryrun.h"
#include "reliability.h"
#include "testpaths.h"
#include "teststore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <tuple>
#include <vector>

using namespace RefundDesk;
using namespace RefundDesk::Reliability;
using RefundDesk::Test::TestStore;

namespace {

constexpr qsizetype FiftyMegabytes = 50 * 1024 * 1024;

QByteArray refundPayload(const QString &eventId, const QString &operationId, const QString &status,
                         const QString &refundId = QStringLiteral("re_good"))
{
    return TestStore::refundEventPayload(eventId, QStringLiteral("refund.updated"), refundId, status,
                                         3800, QStringLiteral("usd"), operationId, QStringLiteral("key-") + operationId,
                                         1'767'000'000)
        .toUtf8();
}

// A generous watchdog for one command: it finished at all.
constexpr int WatchdogMs = 10 * 60 * 1000;

// How many times a command is run to compare its time with another's: the fastest of
// the tries is what the command costs, the rest is what the machine was doing meanwhile.
constexpr int Tries = 4;

// The same command on two stores, their runs taken in turns so that a machine busy with
// other work slows both alike: the last run of each, elapsedMs the fastest of its tries.
std::pair<Run, Run> fastestInTurns(const QStringList &arguments, const QString &db, const QString &otherDb)
{
    std::pair<Run, Run> fastest;
    qint64 best[2] = {-1, -1};
    for (int i = 0; i < Tries; ++i) {
        for (int which = 0; which < 2; ++which) {
            Run &run = which == 0 ? fastest.first : fastest.second;
            run = refundDesk(QStringList(arguments) << QStringLiteral("--db") << (which == 0 ? db : otherDb)
                                                    << QStringLiteral("--json"),
                             WatchdogMs);
            if (run.exitCode != 0)
                return fastest;
            best[which] = best[which] < 0 ? run.elapsedMs : std::min(best[which], run.elapsedMs);
        }
    }
    fastest.first.elapsedMs = best[0];
    fastest.second.elapsedMs = best[1];
    return fastest;
}

// "a took N ms, b took M ms (k times as long)" for a failed comparison.
QString compared(const QString &a, qint64 aMs, const QString &b, qint64 bMs)
{
    return QStringLiteral("%1 took %2 ms, %3 took %4 ms (%5 times as long)")
        .arg(a).arg(aMs).arg(b).arg(bMs).arg(double(aMs) / double(std::max<qint64>(bMs, 1)), 0, 'f', 1);
}

// The events `show --json` lists, by event id.
QMap<QString, QJsonObject> listedEvents(const QByteArray &json, QString *verdict)
{
    QMap<QString, QJsonObject> events;
    const QJsonObject object = QJsonDocument::fromJson(json).object();
    for (const QJsonValue &value : object.value(QStringLiteral("events")).toArray())
        events.insert(value.toObject().value(QStringLiteral("event_id")).toString(), value.toObject());
    *verdict = object.value(QStringLiteral("verdict")).toString();
    return events;
}

} // namespace

class tst_BadPayloads : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void corpusListedAsUnreadable();
    void fiftyMegabytePayloads();
    void manyEvents();
    void importSkipsAFiftyMegabyteEntry();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QString m_db;
    Figures m_figures{QStringLiteral("bad-payloads")};
    int m_passed = 0;
};

void tst_BadPayloads::initTestCase()
{
    QVERIFY(m_dir.isValid());
    keepIfAsked(m_dir);
    m_db = m_dir.filePath(QStringLiteral("payloads.sqlite"));
    TestStore store(m_db);
    QVERIFY2(store.isValid(), qPrintable(store.lastError()));
    for (const char *id : {"op_corpus", "op_huge", "op_tenth", "op_5521", "op_busy_order"})
        QVERIFY(store.addOperation(TestStore::operation(QLatin1String(id))));
}

void tst_BadPayloads::corpusListedAsUnreadable()
{
    const QDir corpus(Test::testDataDir() + QStringLiteral("/malformed"));
    const QStringList files = corpus.entryList(QDir::Files, QDir::Name);
    QVERIFY2(files.size() >= 25, qPrintable(corpus.path()));
    QList<QByteArray> payloads;
    for (const QString &name : files) {
        QFile file(corpus.filePath(name));
        QVERIFY(file.open(QIODevice::ReadOnly));
        payloads << file.readAll();
    }
    // Each stored as delivered, matched to op_corpus by the receiver's columns; one good
    // event next to them.
    QString error;
    QVERIFY2(insertEvents(m_db, payloads.size() + 1, [&](qint64 i) {
        RawEvent event;
        event.operationId = "op_corpus";
        event.created = 1'767'000'000 + i;
        if (i == payloads.size()) {
            event.eventId = "evt_corpus_good";
            event.payload = refundPayload(QStringLiteral("evt_corpus_good"), QStringLiteral("op_corpus"),
                                          QStringLiteral("succeeded"));
            event.refundId = "re_good";
            event.type = "refund.updated";
        } else {
            event.eventId = "evt_corpus_" + QByteArray::number(i);
            event.payload = payloads.at(i);
        }
        return event;
    }, &error), qPrintable(error));

    const Run json = refundDesk({"show", "op_corpus", "--db", m_db, "--json"});
    QVERIFY2(json.exitCode == 0, qPrintable(json.err));
    QString verdict;
    const auto events = listedEvents(json.out, &verdict);
    QCOMPARE(events.size(), payloads.size() + 1);
    int unreadable = 0;
    QStringList readable;
    for (int i = 0; i < payloads.size(); ++i) {
        const QJsonObject event = events.value(QStringLiteral("evt_corpus_%1").arg(i));
        QVERIFY2(event.contains(QStringLiteral("unreadable")), qPrintable(files.at(i)));
        if (event.value(QStringLiteral("unreadable")).toBool())
            ++unreadable;
        else
            readable << files.at(i);
    }
    QVERIFY2(readable.isEmpty(), qPrintable(QStringLiteral("shown as readable: ") + readable.join(u' ')));
    const QJsonObject good = events.value(QStringLiteral("evt_corpus_good"));
    QVERIFY(good.contains(QStringLiteral("unreadable")));
    QVERIFY(!good.value(QStringLiteral("unreadable")).toBool());
    QCOMPARE(verdict, QStringLiteral("refunded")); // the unreadable events do not count
    const Run text = refundDesk({"show", "op_corpus", "--db", m_db});
    QVERIFY2(text.exitCode == 0, qPrintable(text.err));
    const Run queue = refundDesk({"queue", "--db", m_db, "--json"});
    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));

    m_figures.add(QStringLiteral("corpus payloads shown"), payloads.size());
    m_figures.add(QStringLiteral("of them listed as unreadable"), unreadable);
    m_figures.add(QStringLiteral("show --json with the corpus ms"), json.elapsedMs);
    ++m_passed;
}

namespace {

// A refund event with a `size` byte metadata value, `size` bytes of unclosed nesting and
// `size` bytes of noise, stored for `operationId` as the receiver would.
bool insertHugePayloads(const QString &db, const QString &operationId, qsizetype size, QString *error)
{
    const QByteArray prefix = "evt_" + operationId.toLatin1();
    QByteArray big = refundPayload(QString::fromLatin1(prefix + "_json"), operationId, QStringLiteral("succeeded"),
                                   QStringLiteral("re_") + operationId);
    const QByteArray marker = "\"metadata\":{";
    const qsizetype at = big.indexOf(marker) + marker.size();
    if (at <= marker.size()) {
        *error = QStringLiteral("no metadata in the model payload");
        return false;
    }
    big.insert(at, "\"note\":\"" + QByteArray(size, 'n') + "\",");
    QByteArray nesting(size, '[');
    QByteArray noise(size, '\0');
    for (qsizetype i = 0; i < noise.size(); ++i)
        noise[i] = char((i * 7919) % 251);
    const QList<QByteArray> payloads = {big, nesting, noise};
    big.clear();
    return insertEvents(db, payloads.size(), [&](qint64 i) {
        RawEvent event;
        event.eventId = prefix + QByteArrayList({"_json", "_nesting", "_noise"}).at(i);
        event.payload = payloads.at(i);
        event.operationId = operationId.toLatin1();
        event.refundId = i == 0 ? "re_" + operationId.toLatin1() : QByteArray();
        event.created = 1'767'000'000 + i;
        return event;
    }, error);
}

} // namespace

void tst_BadPayloads::fiftyMegabytePayloads()
{
    // The queue's peak memory before the big payloads are stored: what it takes without them.
    const Test::PeakMemoryRun queueAlone =
        Test::runMeasuringPeakMemory(Test::appPath(), {"queue", "--db", m_db}, WatchdogMs);
    QVERIFY2(queueAlone.run.exitCode == 0 && queueAlone.peakResidentKiB > 0, qPrintable(queueAlone.run.err));

    // A refund event with a 50 MB metadata value, 50 MB of unclosed nesting, 50 MB of noise;
    // and the same three at a tenth of the size for another operation, to compare with.
    QString error;
    QVERIFY2(insertHugePayloads(m_db, QStringLiteral("op_huge"), FiftyMegabytes, &error), qPrintable(error));
    QVERIFY2(insertHugePayloads(m_db, QStringLiteral("op_tenth"), FiftyMegabytes / 10, &error), qPrintable(error));

    const Run json = refundDesk({"show", "op_huge", "--db", m_db, "--json"}, WatchdogMs);
    QVERIFY2(json.exitCode == 0, qPrintable(json.err.left(2000)));
    QString verdict;
    const auto events = listedEvents(json.out, &verdict);
    QVERIFY2(events.size() == 3, qPrintable(QStringLiteral("%1 events listed: %2; %3 bytes of output: %4...")
                                                .arg(events.size()).arg(events.keys().join(u' '))
                                                .arg(json.out.size()).arg(QString::fromUtf8(json.out.left(300)))));
    for (const char *id : {"evt_op_huge_nesting", "evt_op_huge_noise"}) {
        const QJsonObject event = events.value(QLatin1String(id));
        QVERIFY2(event.value(QStringLiteral("unreadable")).toBool(), id);
    }
    // Its time grows with the payloads' size, not faster: ten times the bytes take at most
    // about ten times as long (three times that, for a machine busy with other work).
    const Run tenth = refundDesk({"show", "op_tenth", "--db", m_db, "--json"}, WatchdogMs);
    QVERIFY2(tenth.exitCode == 0, qPrintable(tenth.err.left(2000)));
    QCOMPARE(listedEvents(tenth.out, &verdict).size(), 3);
    QVERIFY2(json.elapsedMs <= 30 * std::max<qint64>(tenth.elapsedMs, 1),
             qPrintable(compared(QStringLiteral("show of three 50 MB payloads"), json.elapsedMs,
                                 QStringLiteral("show of three 5 MB payloads"), tenth.elapsedMs)));

    // The queue judges each row's verdict from its events, as queue --json does, a page at a
    // time: beside 165 MB of payloads it holds no more than queue --json holds, and says
    // what the events say of op_huge.
    const Test::PeakMemoryRun queue =
        Test::runMeasuringPeakMemory(Test::appPath(), {"queue", "--db", m_db}, WatchdogMs);
    QVERIFY2(queue.run.exitCode == 0 && queue.peakResidentKiB > 0, qPrintable(queue.run.err));
    const Test::PeakMemoryRun queueJson =
        Test::runMeasuringPeakMemory(Test::appPath(), {"queue", "--db", m_db, "--json"}, WatchdogMs);
    QVERIFY2(queueJson.run.exitCode == 0 && queueJson.peakResidentKiB > 0, qPrintable(queueJson.run.err));
    QVERIFY2(queue.peakResidentKiB <= queueJson.peakResidentKiB + queueJson.peakResidentKiB / 10,
             qPrintable(QStringLiteral("the queue peaked at %1 KiB beside the payloads, queue --json at %2 KiB "
                                       "(%3 KiB without them)")
                            .arg(queue.peakResidentKiB).arg(queueJson.peakResidentKiB).arg(queueAlone.peakResidentKiB)));
    QString hugeVerdict;
    for (const QJsonValue &row : QJsonDocument::fromJson(queueJson.run.out).array()) {
        if (row.toObject().value(QStringLiteral("operation_id")).toString() == QLatin1String("op_huge"))
            hugeVerdict = row.toObject().value(QStringLiteral("verdict")).toString();
    }
    QVERIFY2(!hugeVerdict.isEmpty(), queueJson.run.out.left(2000).constData());
    const QString hugeLine = Test::lineWith(QString::fromUtf8(queue.run.out), QStringLiteral("op_huge\t"));
    QVERIFY2(hugeLine.split(u'\t').value(4) == hugeVerdict, qPrintable(hugeLine + QStringLiteral(" / ") + hugeVerdict));

    m_figures.add(QStringLiteral("50 MB payloads (valid JSON, unclosed nesting, noise)"), 3);
    m_figures.add(QStringLiteral("show --json with three 50 MB payloads ms"), json.elapsedMs);
    m_figures.add(QStringLiteral("show --json with three 5 MB payloads ms"), tenth.elapsedMs);
    m_figures.add(QStringLiteral("queue beside them ms"), queue.run.elapsedMs);
    m_figures.add(QStringLiteral("queue peak memory beside them / queue --json beside them / without them KiB"),
                  QStringLiteral("%1 / %2 / %3").arg(queue.peakResidentKiB).arg(queueJson.peakResidentKiB)
                      .arg(queueAlone.peakResidentKiB));
    ++m_passed;
}

void tst_BadPayloads::manyEvents()
{
    const qint64 count = scaled<qint64>(200'000, 1'000'000);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Events spread over a hundred thousand refunds; op_7 has a thousand of its own, and
    // every 97th payload is unreadable. The same store holding only op_7's events is what
    // the commands are compared with.
    // One payload made by QJsonDocument, the rest by replacing its ids: quicker by far.
    const QByteArray model = refundPayload(QStringLiteral("EVENT_ID"), QStringLiteral("OPERATION_ID"),
                                           QStringLiteral("succeeded"), QStringLiteral("REFUND_ID"));
    auto makeStore = [&](const QString &db, bool othersToo, QString *error) {
        {
            TestStore store(db);
            if (!store.isValid()) {
                *error = store.lastError();
                return false;
            }
            for (int i = 0; i < 100; ++i) {
                Operation operation = TestStore::operation(QStringLiteral("op_%1").arg(i));
                operation.orderId = QStringLiteral("order_%1").arg(i);
                if (!store.addOperation(operation)) {
                    *error = store.lastError();
                    return false;
                }
            }
        }
        return insertEvents(db, othersToo ? count : count / 200, [&](qint64 n) {
            const qint64 i = othersToo ? n : n * 200 + 7;
            RawEvent event;
            event.eventId = "evt_many_" + QByteArray::number(i);
            const QByteArray operationId = i % 200 == 7 ? QByteArray("op_7") : "op_other_" + QByteArray::number(i % 100000);
            event.operationId = operationId;
            event.refundId = "re_" + operationId;
            event.type = "refund.updated";
            event.created = 1'767'000'000 + i;
            event.payload = model;
            event.payload.replace("EVENT_ID", event.eventId).replace("OPERATION_ID", operationId)
                .replace("REFUND_ID", event.refundId);
            if (i % 97 == 0)
                event.payload.truncate(event.payload.size() / 2);
            return event;
        }, error);
    };
    const QString db = dir.filePath(QStringLiteral("events.sqlite"));
    const QString few = dir.filePath(QStringLiteral("few-events.sqlite"));
    QElapsedTimer timer;
    timer.start();
    QString error;
    QVERIFY2(makeStore(db, true, &error), qPrintable(error));
    const qint64 fillMs = timer.elapsed();
    QVERIFY2(makeStore(few, false, &error), qPrintable(error));
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM webhook_events")), count);
    QCOMPARE(queryCount(few, QStringLiteral("SELECT count(*) FROM webhook_events")), count / 200);

    const auto [quiet, quietFew] = fastestInTurns({"show", "op_5"}, db, few);
    const auto [busy, busyFew] = fastestInTurns({"show", "op_7"}, db, few);
    const auto [queue, queueFew] = fastestInTurns({"queue"}, db, few);
    for (const Run *run : {&quiet, &busy, &queue, &quietFew, &busyFew, &queueFew})
        QVERIFY2(run->exitCode == 0, qPrintable(run->err));
    QString verdict;
    QCOMPARE(listedEvents(busy.out, &verdict).size(), int(count / 200));
    QCOMPARE(QJsonDocument::fromJson(queue.out).array().size(), 100);

    // Index lookups, not scans: each command takes about as long as on the store with
    // only op_7's events (a scan of the other events would take many times as long). The
    // factor leaves room for a machine busy with other work.
    constexpr int Factor = 4;
    QCOMPARE(listedEvents(busyFew.out, &verdict).keys(), listedEvents(busy.out, &verdict).keys());
    const QString among = QStringLiteral(" among %1 events").arg(count);
    const QString amongFew = QStringLiteral(" among %1 events").arg(count / 200);
    const std::vector<std::tuple<QString, const Run *, const Run *>> pairs = {
        {QStringLiteral("show of an operation with no events"), &quiet, &quietFew},
        {QStringLiteral("show of an operation with %1 events").arg(count / 200), &busy, &busyFew},
        {QStringLiteral("queue"), &queue, &queueFew},
    };
    for (const auto &[what, many, fewer] : pairs)
        QVERIFY2(many->elapsedMs <= Factor * std::max<qint64>(fewer->elapsedMs, 1),
                 qPrintable(compared(what + among, many->elapsedMs, what + amongFew, fewer->elapsedMs)));

    m_figures.add(QStringLiteral("events in the big store"), count);
    m_figures.add(QStringLiteral("filling it ms"), fillMs);
    m_figures.add(QStringLiteral("show --json of an operation with no events ms (fastest of %1; with only op_7's events)")
                      .arg(Tries),
                  QStringLiteral("%1 (%2)").arg(quiet.elapsedMs).arg(quietFew.elapsedMs));
    m_figures.add(QStringLiteral("show --json of an operation with %1 events ms (fastest of %2; with only op_7's events)")
                      .arg(count / 200).arg(Tries),
                  QStringLiteral("%1 (%2)").arg(busy.elapsedMs).arg(busyFew.elapsedMs));
    m_figures.add(QStringLiteral("queue --json ms (fastest of %1; with only op_7's events)").arg(Tries),
                  QStringLiteral("%1 (%2)").arg(queue.elapsedMs).arg(queueFew.elapsedMs));
    ++m_passed;
}

void tst_BadPayloads::importSkipsAFiftyMegabyteEntry()
{
    const QString file = m_dir.filePath(QStringLiteral("with-a-huge-line.jsonl"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(refundPayload(QStringLiteral("evt_before_huge"), QStringLiteral("op_5521"), QStringLiteral("pending"))
                  + '\n');
        QByteArray huge = refundPayload(QStringLiteral("evt_huge_line"), QStringLiteral("op_5521"),
                                        QStringLiteral("succeeded"));
        huge.insert(huge.indexOf("\"metadata\":{") + 12, "\"note\":\"" + QByteArray(FiftyMegabytes, 'n') + "\",");
        out.write(huge + '\n');
        out.write(refundPayload(QStringLiteral("evt_after_huge"), QStringLiteral("op_5521"), QStringLiteral("succeeded"))
                  + '\n');
    }
    const Run run = refundDesk({"import-events", file, "--db", m_db}, WatchdogMs);
    QVERIFY2(run.exitCode == 5, qPrintable(QStringLiteral("exit %1: %2").arg(run.exitCode).arg(run.err)));
    QVERIFY2(QString::fromUtf8(run.out).contains(QStringLiteral("line 2")), run.out.constData());
    QCOMPARE(queryCount(m_db, QStringLiteral("SELECT count(*) FROM webhook_events WHERE event_id IN "
                                             "('evt_before_huge', 'evt_after_huge')")), 2);
    QCOMPARE(queryCount(m_db, QStringLiteral("SELECT count(*) FROM webhook_events WHERE event_id = 'evt_huge_line' "
                                             "OR length(payload) > 16777216 AND event_id LIKE 'evt\\_huge\\_line%' "
                                             "ESCAPE '\\'")), 0);
    m_figures.add(QStringLiteral("import of a file with a 50 MB line: exit, ms"),
                  QStringLiteral("%1 (good entries taken, the huge one skipped), %2").arg(run.exitCode)
                      .arg(run.elapsedMs));
    ++m_passed;
}

void tst_BadPayloads::cleanupTestCase()
{
    m_figures.add(QStringLiteral("crashes"), 0);
    if (m_passed == 4)
        m_figures.write();
}

QTEST_GUILESS_MAIN(tst_BadPayloads)
#include "tst_badpayloads.moc"
