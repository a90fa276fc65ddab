// Bad payloads (docs/RELIABILITY.md): whatever the webhook receiver stored — the
// malformed-event corpus (tests/data/malformed), 50 MB payloads, a store with a great many
// events — `show` lists each event (unreadable ones as unreadable), finishes quickly and
// never crashes; an import with a 50 MB entry takes the good entries and skips that one.

#include "reliability.h"
#include "teststore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

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
    for (const char *id : {"op_corpus", "op_huge", "op_5521", "op_busy_order"})
        QVERIFY(store.addOperation(TestStore::operation(QLatin1String(id))));
}

void tst_BadPayloads::corpusListedAsUnreadable()
{
    const QDir corpus(QStringLiteral(RD_CORPUS_DIR "/malformed"));
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

void tst_BadPayloads::fiftyMegabytePayloads()
{
    // A refund event with a 50 MB metadata value, 50 MB of unclosed nesting, 50 MB of noise.
    QByteArray big = refundPayload(QStringLiteral("evt_huge_json"), QStringLiteral("op_huge"),
                                   QStringLiteral("succeeded"), QStringLiteral("re_huge"));
    const QByteArray marker = "\"metadata\":{";
    const qsizetype at = big.indexOf(marker) + marker.size();
    QVERIFY(at > marker.size());
    big.insert(at, "\"note\":\"" + QByteArray(FiftyMegabytes, 'n') + "\",");
    QByteArray nesting(FiftyMegabytes, '[');
    QByteArray noise(FiftyMegabytes, '\0');
    for (qsizetype i = 0; i < noise.size(); ++i)
        noise[i] = char((i * 7919) % 251);
    const QList<QByteArray> payloads = {big, nesting, noise};
    big.clear();
    QString error;
    QVERIFY2(insertEvents(m_db, payloads.size(), [&](qint64 i) {
        RawEvent event;
        event.eventId = QByteArrayList({"evt_huge_json", "evt_huge_nesting", "evt_huge_noise"}).at(i);
        event.payload = payloads.at(i);
        event.operationId = "op_huge";
        event.refundId = i == 0 ? "re_huge" : "";
        event.created = 1'767'000'000 + i;
        return event;
    }, &error), qPrintable(error));

    const Run json = refundDesk({"show", "op_huge", "--db", m_db, "--json"}, 120000);
    QVERIFY2(json.exitCode == 0, qPrintable(json.err.left(2000)));
    QString verdict;
    const auto events = listedEvents(json.out, &verdict);
    QVERIFY2(events.size() == 3, qPrintable(QStringLiteral("%1 events listed: %2; %3 bytes of output: %4...")
                                                .arg(events.size()).arg(events.keys().join(u' '))
                                                .arg(json.out.size()).arg(QString::fromUtf8(json.out.left(300)))));
    for (const char *id : {"evt_huge_nesting", "evt_huge_noise"}) {
        const QJsonObject event = events.value(QLatin1String(id));
        QVERIFY2(event.value(QStringLiteral("unreadable")).toBool(), id);
    }
    // Fast enough that nobody waits for it: well under the time a person gives a command.
    QVERIFY2(json.elapsedMs < 20000, qPrintable(QString::number(json.elapsedMs)));
    // The queue never reads payloads.
    const Run queue = refundDesk({"queue", "--db", m_db});
    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
    QVERIFY2(queue.elapsedMs < 5000, qPrintable(QString::number(queue.elapsedMs)));

    m_figures.add(QStringLiteral("50 MB payloads (valid JSON, unclosed nesting, noise)"), payloads.size());
    m_figures.add(QStringLiteral("show --json with three 50 MB payloads ms"), json.elapsedMs);
    m_figures.add(QStringLiteral("queue beside them ms"), queue.elapsedMs);
    ++m_passed;
}

void tst_BadPayloads::manyEvents()
{
    const qint64 count = scaled<qint64>(200'000, 1'000'000);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString db = dir.filePath(QStringLiteral("events.sqlite"));
    {
        TestStore store(db);
        QVERIFY(store.isValid());
        for (int i = 0; i < 100; ++i) {
            Operation operation = TestStore::operation(QStringLiteral("op_%1").arg(i));
            operation.orderId = QStringLiteral("order_%1").arg(i);
            QVERIFY(store.addOperation(operation));
        }
    }
    // Events spread over a hundred thousand refunds; op_7 has a thousand of its own, and
    // every 97th payload is unreadable.
    // One payload made by QJsonDocument, the rest by replacing its ids: quicker by far.
    const QByteArray model = refundPayload(QStringLiteral("EVENT_ID"), QStringLiteral("OPERATION_ID"),
                                           QStringLiteral("succeeded"), QStringLiteral("REFUND_ID"));
    QElapsedTimer timer;
    timer.start();
    QString error;
    QVERIFY2(insertEvents(db, count, [&model](qint64 i) {
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
    }, &error), qPrintable(error));
    const qint64 fillMs = timer.elapsed();
    QCOMPARE(queryCount(db, QStringLiteral("SELECT count(*) FROM webhook_events")), count);

    const Run quiet = refundDesk({"show", "op_5", "--db", db, "--json"});
    QVERIFY2(quiet.exitCode == 0, qPrintable(quiet.err));
    const Run busy = refundDesk({"show", "op_7", "--db", db, "--json"});
    QVERIFY2(busy.exitCode == 0, qPrintable(busy.err));
    QString verdict;
    QCOMPARE(listedEvents(busy.out, &verdict).size(), int(count / 200));
    const Run queue = refundDesk({"queue", "--db", db, "--json"});
    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
    QCOMPARE(QJsonDocument::fromJson(queue.out).array().size(), 100);
    // Index lookups, not scans: bounded whatever the number of events.
    QVERIFY2(quiet.elapsedMs < 3000, qPrintable(QString::number(quiet.elapsedMs)));
    QVERIFY2(queue.elapsedMs < 3000, qPrintable(QString::number(queue.elapsedMs)));
    QVERIFY2(busy.elapsedMs < 15000, qPrintable(QString::number(busy.elapsedMs)));

    m_figures.add(QStringLiteral("events in the big store"), count);
    m_figures.add(QStringLiteral("filling it ms"), fillMs);
    m_figures.add(QStringLiteral("show --json of an operation with no events ms"), quiet.elapsedMs);
    m_figures.add(QStringLiteral("show --json of an operation with %1 events ms").arg(count / 200), busy.elapsedMs);
    m_figures.add(QStringLiteral("queue --json ms"), queue.elapsedMs);
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
    const Run run = refundDesk({"import-events", file, "--db", m_db}, 120000);
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
