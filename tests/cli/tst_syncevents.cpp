// refund-desk sync-events against the fake Stripe: missed webhooks stored as the
// receiver stores them, a cursor that survives a run stopped half-way, the failures a
// person can act on, and the key never printed.
#include "clirun.h"
#include "fakestripe.h"
#include "fakestripecommand.h"
#include "pgtestserver.h"
#include "teststore.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSet>
#include <QTest>
#include <QTimer>
#include <QUrlQuery>

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Test::TestStore;
using RefundDesk::Testing::FakeStripe;

namespace {

const QString TestKey = QStringLiteral("rk_test_51QxSyncEventsKeyNeverPrinted9876543210");

using Run = TextRun;

QString opId(int n)
{
    return QStringLiteral("op_%1").arg(n, 4, 10, QLatin1Char('0'));
}

QString eventPayload(int n, const QString &type, qint64 created, bool livemode = false)
{
    QString payload = TestStore::refundEventPayload(QStringLiteral("evt_%1").arg(n, 4, 10, QLatin1Char('0')), type,
                                                    QStringLiteral("re_%1").arg(n, 4, 10, QLatin1Char('0')),
                                                    QStringLiteral("succeeded"), 3800, QStringLiteral("usd"), opId(n),
                                                    QStringLiteral("key-") + opId(n), created);
    // The envelope's livemode, as Stripe sends it.
    payload.chop(1);
    return payload + (livemode ? QStringLiteral(",\"livemode\":true}") : QStringLiteral(",\"livemode\":false}"));
}

} // namespace

class TestSyncEvents final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeStripeCommand> m_command;
    FakeStripe *m_fake = nullptr;
    QString m_db;
    qint64 m_now = 0;

    // Runs refund-desk while this thread keeps serving the fake Stripe.
    Run run(const QStringList &arguments, const QString &key = TestKey, const QString &base = {})
    {
        const Run result = runRefundDeskServing(arguments, stripeEnvironment(key, base.isEmpty() ? m_fake->baseUrl() : base));
        // The key is never printed, whatever happened.
        m_command->verifyKeyNotPrinted(result);
        return result;
    }

    Run sync(const QStringList &extra = {})
    {
        return run(QStringList{QStringLiteral("sync-events"), QStringLiteral("--db"), m_db} + extra);
    }

private slots:
    void init()
    {
        m_command = std::make_unique<FakeStripeCommand>(TestKey);
        QVERIFY(m_command->isReady());
        m_fake = &m_command->fake();
        m_db = m_command->db();
        m_now = QDateTime::currentSecsSinceEpoch();

        // 260 operations in the queue; Stripe made a refund for each, and the receiver
        // stored the events of the first 30 only.
        TestStore store(m_db);
        QVERIFY(store.isValid());
        for (int i = 0; i < 260; ++i) {
            QVERIFY2(store.addOperation(TestStore::operation(opId(i))), qPrintable(store.lastError()));
            const qint64 created = m_now - 7200 - i * 60;
            const QString payload = eventPayload(i, QStringLiteral("refund.updated"), created);
            QCOMPARE(m_fake->truth().addEvent(payload.toUtf8(), i < 30), QString());
            if (i < 30) {
                WebhookEvent event;
                event.eventId = QStringLiteral("evt_%1").arg(i, 4, 10, QLatin1Char('0'));
                event.type = QStringLiteral("refund.updated");
                event.created = created;
                event.receivedAt = created * 1000 + 900;
                event.payload = payload;
                event.operationId = opId(i);
                event.idempotencyKey = QStringLiteral("key-") + opId(i);
                event.refundId = QStringLiteral("re_%1").arg(i, 4, 10, QLatin1Char('0'));
                QVERIFY2(store.addEvent(event), qPrintable(store.lastError()));
            }
        }
        // Not a refund event: not listed.
        QCOMPARE(m_fake->truth().addEvent(QByteArray(R"({"id":"evt_other","object":"event","type":"customer.created",)")
                                              + R"("created":)" + QByteArray::number(m_now - 100) + R"(,"data":{"object":{}}})",
                                          false),
                 QString());
    }

    void cleanup()
    {
        QCOMPARE(m_fake->refusedRequests(), QStringList());
        m_fake = nullptr;
        m_command.reset();
    }

    void missedEventsAreStoredAsTheReceiverStoresThem()
    {
        const Run first = sync();
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        // Nor is it written anywhere in the store.
        for (const QString &file : QDir(m_command->folder()).entryList(QDir::Files)) {
            QFile written(m_command->filePath(file));
            QVERIFY(written.open(QIODevice::ReadOnly));
            QVERIFY2(!written.readAll().contains(TestKey.toUtf8()), qPrintable(file));
        }
        QVERIFY2(!first.err.contains(QLatin1String("cannot be kept")), qPrintable(first.err));
        QVERIFY2(first.out.contains(QLatin1String("260 read, 230 new, 30 already present (3 pages)")), qPrintable(first.out));
        QVERIFY2(first.out.contains(QLatin1String("verdict changed: 230")), qPrintable(first.out));
        QVERIFY(first.out.contains(QLatin1String("op_0030: none -> refunded")));
        QVERIFY(!first.out.contains(QLatin1String("op_0029:")));
        // One request per page of 100, each asking for the refund types only.
        QCOMPARE(m_fake->requestCount(), 3);
        const QString query = QUrl::fromPercentEncoding(m_fake->requests().front().pathAndQuery.toUtf8());
        for (const char *type : {"refund.created", "refund.updated", "refund.failed", "charge.refund.updated"})
            QVERIFY2(query.contains(QStringLiteral("types[]=") + QLatin1String(type)), qPrintable(query));
        QVERIFY(!query.contains(QLatin1String("delivery_success")));

        // The queue now judges the operation by the fetched event.
        const Run queue = run({QStringLiteral("show"), QStringLiteral("op_0200"), QStringLiteral("--db"), m_db,
                               QStringLiteral("--json")});
        QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
        QVERIFY2(queue.out.contains(QLatin1String("\"verdict\":\"refunded\"")) || queue.out.contains(QLatin1String("\"verdict\": \"refunded\"")),
                 qPrintable(queue.out.left(2000)));

        const Run again = sync();
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QVERIFY2(again.out.contains(QLatin1String(" 0 new")), qPrintable(again.out));
        QVERIFY(again.out.contains(QLatin1String("verdict changed: 0")));
        // The second run lists only from the end of the first (minus its overlap).
        QStringList asked;
        for (const auto &request : m_fake->requests())
            asked << request.pathAndQuery;
        QVERIFY2(m_fake->requestCount() == 4, qPrintable(asked.join(QLatin1Char('\n')) + again.err));
        const auto created = [](const QString &pathAndQuery, const QString &bound) {
            return QUrlQuery(QUrl(pathAndQuery).query()).queryItemValue(QStringLiteral("created[%1]").arg(bound)).toLongLong();
        };
        const QString firstAsked = m_fake->requests().front().pathAndQuery;
        const QString lastAsked = m_fake->requests().back().pathAndQuery;
        QCOMPARE(created(firstAsked, QStringLiteral("lte")) - created(firstAsked, QStringLiteral("gte")), 3 * 86400);
        QCOMPARE(created(lastAsked, QStringLiteral("gte")), created(firstAsked, QStringLiteral("lte")) - 300);
    }

    void theColumnsAreThoseImportEventsWrites()
    {
        QVERIFY(sync().exitCode == 0);
        // The same events through import-events into a store of their own.
        const QString file = m_command->filePath(QStringLiteral("events.jsonl"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        for (const auto &event : m_fake->truth().events) {
            if (event.type == QLatin1String("refund.updated"))
                out.write(event.json + '\n');
        }
        out.close();
        const QString other = m_command->filePath(QStringLiteral("imported.sqlite"));
        { TestStore created(other); QVERIFY(created.isValid()); }
        const Run imported = run({QStringLiteral("import-events"), file, QStringLiteral("--db"), other});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.err));

        const QString columns = QStringLiteral("SELECT group_concat(event_id || '|' || type || '|' || created || '|' || "
                                               "operation_id || '|' || idempotency_key || '|' || refund_id || '|' || payload, "
                                               "char(10)) FROM (SELECT * FROM webhook_events WHERE event_id >= 'evt_0030' "
                                               "ORDER BY event_id)");
        QProcess sqlite;
        const auto rows = [&](const QString &db) {
            sqlite.start(QStringLiteral("sqlite3"), {db, columns});
            sqlite.waitForFinished();
            return sqlite.readAllStandardOutput();
        };
        const QByteArray fromSync = rows(m_db);
        QVERIFY(fromSync.count('\n') >= 229);
        QCOMPARE(fromSync, rows(other));
    }

    void aSyncStoppedHalfWayGoesOnFromItsPlace()
    {
        // Stripe fails for good after two pages.
        m_fake->failAfter(2);
        const Run stopped = sync();
        QVERIFY(stopped.exitCode != 0);
        QVERIFY2(stopped.err.contains(QLatin1String("Stripe did not answer")), qPrintable(stopped.err));
        QVERIFY2(stopped.out.contains(QLatin1String("200 read, 170 new")), qPrintable(stopped.out));

        m_fake->failAfter(-1);
        const int before = m_fake->requestCount();
        const Run resumed = sync();
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        // It asks for the page after the last one stored, not the first again.
        const QString firstAsked = m_fake->requests().at(size_t(before)).pathAndQuery;
        QVERIFY2(firstAsked.contains(QLatin1String("starting_after=evt_0199")), qPrintable(firstAsked));
        QVERIFY2(resumed.err.contains(QLatin1String("taking up the listing")), qPrintable(resumed.err));
        QVERIFY2(resumed.out.contains(QLatin1String(" 60 new")), qPrintable(resumed.out));

        // Nothing twice, nothing missed: every event of Stripe's once.
        QProcess sqlite;
        sqlite.start(QStringLiteral("sqlite3"), {m_db, QStringLiteral("SELECT count(*), count(DISTINCT event_id) FROM webhook_events")});
        QVERIFY(sqlite.waitForFinished());
        QCOMPARE(sqlite.readAllStandardOutput().trimmed(), QByteArray("260|260"));
    }

    void undeliveredOnlyAsksForThoseOnly()
    {
        const Run run = sync({QStringLiteral("--undelivered-only"), QStringLiteral("--since"), QStringLiteral("2d")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QLatin1String("230 read, 230 new, 0 already present")), qPrintable(run.out));
        QVERIFY(m_fake->requests().front().pathAndQuery.contains(QLatin1String("delivery_success=false")));
    }

    void eachFailureIsOneSentenceThatSaysWhatToDo_data()
    {
        QTest::addColumn<QString>("setup");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says");
        QTest::newRow("401") << QStringLiteral("401") << 5 << QStringLiteral("wrong or was revoked");
        QTest::newRow("403") << QStringLiteral("403") << 5 << QStringLiteral("lacks the permission Events: Read");
        QTest::newRow("since beyond 30 days") << QStringLiteral("since") << 2 << QStringLiteral("events older than that cannot be listed");
        QTest::newRow("live key, test store") << QStringLiteral("live") << 5 << QStringLiteral("use a key of the store's mode");
        QTest::newRow("plain http elsewhere") << QStringLiteral("http") << 5 << QStringLiteral("use https");
        QTest::newRow("no key") << QStringLiteral("nokey") << 2 << QStringLiteral("STRIPE_API_KEY");
    }

    void eachFailureIsOneSentenceThatSaysWhatToDo()
    {
        QFETCH(QString, setup);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        QStringList extra;
        QString key = TestKey;
        QString base;
        if (setup == QLatin1String("401"))
            m_fake->setAcceptedKey("rk_test_anotherKey");
        else if (setup == QLatin1String("403"))
            m_fake->denyPermission(QStringLiteral("/v1/events"), QStringLiteral("rak_event_read"));
        else if (setup == QLatin1String("since"))
            extra << QStringLiteral("--since") << QStringLiteral("45d");
        else if (setup == QLatin1String("live"))
            key = QStringLiteral("rk_live_51QxSyncEventsKeyNeverPrinted9876543210");
        else if (setup == QLatin1String("http"))
            base = QStringLiteral("http://stripe.example.com");
        else if (setup == QLatin1String("nokey"))
            key.clear();
        const Run result = run(QStringList{QStringLiteral("sync-events"), QStringLiteral("--db"), m_db} + extra, key, base);
        QCOMPARE(result.exitCode, exitCode);
        QVERIFY2(result.err.contains(says), qPrintable(result.err));
        QVERIFY(!result.err.contains(key.isEmpty() ? QStringLiteral("rk_live_51Qx") : key));
    }

    void aRateLimitIsWaitedOutAndSaid()
    {
        FakeStripe::Scripted limited;
        limited.status = 429;
        limited.errorCode = "rate_limit";
        limited.retryAfter = "1";
        m_fake->script(limited, 1);
        const Run result = sync();
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QVERIFY2(result.err.contains(QLatin1String("(429): waiting")), qPrintable(result.err));
        QVERIFY(result.out.contains(QLatin1String("230 new")));
    }

    void aKeyFileOthersMayReadIsRefused()
    {
        const QString keyFile = m_command->filePath(QStringLiteral("stripe.key"));
        QFile file(keyFile);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(TestKey.toUtf8() + '\n');
        file.close();
        QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther));
        const QStringList arguments{QStringLiteral("sync-events"), QStringLiteral("--db"), m_db,
                                    QStringLiteral("--stripe-key-file"), keyFile};
        const Run open = run(arguments, QString());
        QCOMPARE(open.exitCode, 5);
        QVERIFY2(open.err.contains(QLatin1String("chmod 600")), qPrintable(open.err));

        QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
        const Run own = run(arguments, QString());
        QVERIFY2(own.exitCode == 0, qPrintable(own.err));
        QVERIFY(own.out.contains(QLatin1String("230 new")));
    }

    void aDemosTruthServesTheWebhooksItNeverDelivered()
    {
        // A demo store and what its fake provider really did, served by the fake Stripe.
        const QString demo = m_command->filePath(QStringLiteral("demo.sqlite"));
        const QString plain = m_command->filePath(QStringLiteral("plain.sqlite"));
        const QString truth = m_command->filePath(QStringLiteral("demo.stripe-truth.jsonl"));
        const QString now = QString::number(QDateTime::currentMSecsSinceEpoch() - 3600'000);
        const QStringList common{QStringLiteral("--operations"), QStringLiteral("400"), QStringLiteral("--seed"),
                                 QStringLiteral("4"), QStringLiteral("--now"), now};
        const Run built = run(QStringList{QStringLiteral("demo"), QStringLiteral("--db"), demo, QStringLiteral("--stripe-truth"),
                                          truth} + common);
        QVERIFY2(built.exitCode == 0, qPrintable(built.err));
        const Run without = run(QStringList{QStringLiteral("demo"), QStringLiteral("--db"), plain} + common);
        QVERIFY2(without.exitCode == 0, qPrintable(without.err));
        const auto query = [](const QString &db, const QString &sql) {
            QProcess sqlite;
            sqlite.start(QStringLiteral("sqlite3"), {db, sql});
            sqlite.waitForFinished();
            return sqlite.readAllStandardOutput().trimmed();
        };
        // Keeping the truth changes nothing in the store.
        const QString everyEvent = QStringLiteral("SELECT count(*), sum(length(payload)), group_concat(event_id) FROM webhook_events");
        QCOMPARE(query(demo, everyEvent), query(plain, everyEvent));

        FakeStripe served;
        QCOMPARE(served.truth().load(truth), QString());
        int undelivered = 0;
        QSet<QString> refundIds;
        for (const auto &event : served.truth().events) {
            if (!event.delivered && event.type.startsWith(QLatin1String("refund.")))
                ++undelivered;
        }
        QHash<QString, QString> paymentOfRefund;
        for (const auto &refund : served.truth().refunds) {
            refundIds.insert(QString::fromUtf8(refund.id));
            // Each refund names its payment as Stripe's refund object does: both ids.
            QVERIFY2(refund.paymentIntent.startsWith("pi_"), qPrintable(QString::fromUtf8(refund.id)));
            QVERIFY2(refund.charge.startsWith("ch_"), qPrintable(QString::fromUtf8(refund.id)));
            paymentOfRefund.insert(QString::fromUtf8(refund.id), QString::fromUtf8(refund.paymentIntent));
        }
        QVERIFY(undelivered > 0);
        // The payment the tool wrote into each refunded operation is the one Stripe refunded.
        const QByteArray refunded = query(demo, QStringLiteral("SELECT group_concat(refund_id || ':' || payment_id) FROM "
                                                               "refund_ops WHERE refund_id IS NOT NULL AND payment_id IS NOT NULL"));
        QVERIFY(!refunded.isEmpty());
        for (const QByteArray &pair : refunded.split(',')) {
            const QList<QByteArray> ids = pair.split(':');
            QCOMPARE(paymentOfRefund.value(QString::fromLatin1(ids.value(0))), QString::fromLatin1(ids.value(1)));
        }
        // Stripe knows every refund the store's events name.
        const QByteArray named = query(demo, QStringLiteral("SELECT group_concat(DISTINCT refund_id) FROM webhook_events "
                                                            "WHERE refund_id IS NOT NULL"));
        QVERIFY(!named.isEmpty());
        for (const QByteArray &id : named.split(','))
            QVERIFY2(refundIds.contains(QString::fromLatin1(id)), id.constData());
        QVERIFY(served.listenOnLoopback());
        served.setAcceptedKey(TestKey.toUtf8());
        const qint64 before = query(demo, QStringLiteral("SELECT count(*) FROM webhook_events")).toLongLong();
        const Run synced = run({QStringLiteral("sync-events"), QStringLiteral("--db"), demo, QStringLiteral("--since"),
                                QStringLiteral("7d")},
                               TestKey, served.baseUrl());
        QVERIFY2(synced.exitCode == 0, qPrintable(synced.err));
        QVERIFY2(synced.out.contains(QStringLiteral("%1 new").arg(undelivered)), qPrintable(synced.out));
        QCOMPARE(query(demo, QStringLiteral("SELECT count(*) FROM webhook_events")).toLongLong(), before + undelivered);
        QCOMPARE(served.refusedRequests(), QStringList());
    }

    void postgresqlStoresThemAlike()
    {
        // The same store on a server, synced by its owner: stopped half-way, then again.
        Test::PgTestServer server;
        QVERIFY2(server.isRunning(), qPrintable(server.lastError()));
        QVERIFY(server.createDatabase(QStringLiteral("sync")));
        const QString owner = server.location(QStringLiteral("sync"));
        const Run copied = run({QStringLiteral("copy"), QStringLiteral("--from"), m_db, QStringLiteral("--to"), owner});
        QVERIFY2(copied.exitCode == 0, qPrintable(copied.err));

        m_fake->failAfter(1);
        const Run stopped = run({QStringLiteral("sync-events"), QStringLiteral("--db"), owner});
        QVERIFY(stopped.exitCode != 0);
        QVERIFY2(stopped.out.contains(QLatin1String("100 read, 70 new")), qPrintable(stopped.out));
        QCOMPARE(server.query(QStringLiteral("sync"), QStringLiteral("SELECT value FROM store_meta WHERE key = 'stripe_events_sync_listing'")).section(QLatin1Char(' '), 2),
                 QStringLiteral("evt_0099"));

        m_fake->failAfter(-1);
        const Run resumed = run({QStringLiteral("sync-events"), QStringLiteral("--db"), owner});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        QVERIFY2(resumed.err.contains(QLatin1String("taking up")), qPrintable(resumed.err));
        QVERIFY2(resumed.out.contains(QLatin1String("160 read, 160 new, 0 already present")), qPrintable(resumed.out));
        QVERIFY2(resumed.out.contains(QLatin1String("verdict changed: 160")), qPrintable(resumed.out));
        QCOMPARE(server.query(QStringLiteral("sync"), QStringLiteral("SELECT count(DISTINCT event_id) || '/' || count(*) FROM webhook_events")),
                 QStringLiteral("260/260"));
        QCOMPARE(server.query(QStringLiteral("sync"), QStringLiteral("SELECT value FROM store_meta WHERE key = 'stripe_events_sync_listing'")),
                 QStringLiteral("none"));
        const Run again = run({QStringLiteral("sync-events"), QStringLiteral("--db"), owner});
        QVERIFY2(again.out.contains(QLatin1String(" 0 new")), qPrintable(again.out));
    }

    void aSecretKeyWorksWithOneNote()
    {
        const QString secret = QStringLiteral("sk_test_51QxSecretKeyForSyncEvents000000");
        m_fake->setAcceptedKey(secret.toUtf8());
        const Run result = run({QStringLiteral("sync-events"), QStringLiteral("--db"), m_db}, secret);
        QVERIFY2(result.exitCode == 0, qPrintable(result.err));
        QCOMPARE(result.err.count(QLatin1String("restricted key")), 1);
        QVERIFY(!result.err.contains(secret) && !result.out.contains(secret));
    }
};

QTEST_GUILESS_MAIN(TestSyncEvents)
#include "tst_syncevents.moc"
