// refund-desk ask-stripe against the fake Stripe: with a payment known (the row's, its
// events', another operation's of the order) the payment's refunds listed in one request
// among thousands of the shop's, a refund no operation made kept apart and judged
// other_refund; without one a refund known by id retrieved, the operation's window listed
// page by page when none is known, a complete listing that finds nothing kept as such,
// and what Stripe answered kept as a lookup only when it answered; the key never printed,
// nothing but GET sent.
#include "clirun.h"
#include "fakestripe.h"
#include "fakestripecommand.h"
#include "pgtestserver.h"
#include "stripefixtures.h"
#include "testpaths.h"
#include "teststore.h"

#include "store/store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Test::TestStore;
using RefundDesk::Testing::FakeStripe;

namespace {

// A refund of a payment as Stripe lists it: metadata naming `operationId`, or none.
QByteArray paymentRefundJson(const QString &id, const QString &payment, const QString &operationId, qint64 created,
                             qint64 amount = 3800)
{
    const QString metadata = operationId.isEmpty() ? QStringLiteral("{}")
                                                   : QStringLiteral(R"({"operation_id":"%1"})").arg(operationId);
    return QStringLiteral(R"({"id":"%1","object":"refund","amount":%2,"charge":"ch_%3","created":%4,"currency":"usd",)"
                          R"("metadata":%5,"payment_intent":"%3","status":"succeeded"})")
        .arg(id)
        .arg(amount)
        .arg(payment)
        .arg(created)
        .arg(metadata)
        .toUtf8();
}

const QString TestKey = QStringLiteral("rk_test_51QxAskStripeKeyNeverPrinted0123456789");

using Run = TextRun;

} // namespace

class TestAskStripe final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeStripeCommand> m_command;
    FakeStripe *m_fake = nullptr;
    QString m_db;
    qint64 m_attemptStartedMs = 0;

    Run ask(const QStringList &extra, const QString &key = TestKey, const QString &db = {})
    {
        return m_command->run(QStringList{QStringLiteral("ask-stripe")} + extra
                                  + QStringList{QStringLiteral("--db"), db.isEmpty() ? m_db : db},
                              key);
    }

    std::vector<ProviderLookup> lookups(const QString &operationId)
    {
        return storedLookups(m_db, operationId).value_or(std::vector<ProviderLookup>());
    }

    static QJsonObject resultOf(const ProviderLookup &lookup)
    {
        return QJsonDocument::fromJson(lookup.result.toUtf8()).object();
    }

    // The verdict show --json gives the operation now.
    QString verdictOf(const QString &operationId)
    {
        QProcess show;
        show.start(Test::appPath(), {QStringLiteral("show"), operationId, QStringLiteral("--db"), m_db, QStringLiteral("--json")});
        if (!show.waitForFinished(60'000))
            return {};
        const QJsonValue verdict = QJsonDocument::fromJson(show.readAllStandardOutput()).object().value(QLatin1String("verdict"));
        return verdict.isObject() ? verdict.toObject().value(QLatin1String("verdict")).toString() : verdict.toString();
    }

private slots:
    void init()
    {
        m_command = std::make_unique<FakeStripeCommand>(TestKey);
        QVERIFY(m_command->isReady());
        m_fake = &m_command->fake();
        m_db = m_command->db();

        // op_known has an event naming its refund; op_missed and op_never have none.
        m_attemptStartedMs = (QDateTime::currentSecsSinceEpoch() - 7200) * 1000;
        TestStore store(m_db);
        QVERIFY(store.isValid());
        for (const char *id : {"op_known", "op_missed", "op_never"}) {
            Operation operation = TestStore::operation(QString::fromLatin1(id));
            operation.createdAt = m_attemptStartedMs - 1000;
            QVERIFY2(store.addOperation(operation), qPrintable(store.lastError()));
            Attempt attempt;
            attempt.operationId = operation.operationId;
            attempt.attemptNo = 1;
            attempt.toolCallId = QStringLiteral("toolu_") + operation.operationId;
            attempt.startedAt = m_attemptStartedMs;
            attempt.finishedAt = m_attemptStartedMs + 30'000;
            attempt.outcome = AttemptOutcome::Timeout;
            QVERIFY2(store.addAttempt(attempt), qPrintable(store.lastError()));
        }
        const qint64 created = m_attemptStartedMs / 1000 + 2;
        WebhookEvent event;
        event.eventId = QStringLiteral("evt_known");
        event.type = QStringLiteral("refund.created");
        event.created = created;
        event.receivedAt = created * 1000 + 500;
        event.payload = TestStore::refundEventPayload(event.eventId, event.type, QStringLiteral("re_known"),
                                                      QStringLiteral("pending"), 3800, QStringLiteral("usd"),
                                                      QStringLiteral("op_known"), QStringLiteral("key-op_known"), created);
        event.operationId = QStringLiteral("op_known");
        event.refundId = QStringLiteral("re_known");
        QVERIFY2(store.addEvent(event), qPrintable(store.lastError()));
        // op_byid: its refund id on the row and no payment. op_paid: its payment on the row.
        // op_asked: no payment, but op_sibling of the same order (another amount: one open
        // refund of an amount an order) has one.
        QVERIFY(addTimedOutOperation(store, QStringLiteral("op_byid"), m_attemptStartedMs, QStringLiteral("re_byid")));
        QVERIFY(addTimedOutOperation(store, QStringLiteral("op_paid"), m_attemptStartedMs));
        QVERIFY(addTimedOutOperation(store, QStringLiteral("op_asked"), m_attemptStartedMs));
        QVERIFY(addTimedOutOperation(store, QStringLiteral("op_sibling"), m_attemptStartedMs));
        QVERIFY(store.exec(QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_paid' WHERE operation_id = 'op_paid'; "
                                          "UPDATE refund_ops SET amount_cents = 1500 WHERE operation_id = 'op_sibling'; "
                                          "UPDATE refund_ops SET order_id = 'o_shared' WHERE operation_id IN ('op_asked', 'op_sibling'); "
                                          "UPDATE refund_ops SET payment_id = 'pi_shared' WHERE operation_id = 'op_sibling'")));

        // Stripe's truth: op_known's refund succeeded since; op_missed's refund exists but
        // its webhook never came, among 150 refunds of other operations in the same window
        // (two pages); op_never has none.
        auto &truth = m_fake->truth();
        // op_known's event names its payment (pi_test): its refund is listed by it.
        QCOMPARE(truth.addRefund(paymentRefundJson(QStringLiteral("re_known"), QStringLiteral("pi_test"), QStringLiteral("op_known"), created)),
                 QString());
        for (int i = 0; i < 150; ++i) {
            QCOMPARE(truth.addRefund(refundJson(QStringLiteral("re_other%1").arg(i), QStringLiteral("op_other%1").arg(i), created + i % 20)),
                     QString());
        }
        QCOMPARE(truth.addRefund(refundJson(QStringLiteral("re_missed"), QStringLiteral("op_missed"), created + 5)), QString());
        // Outside op_never's window by an hour: not its refund, and not listed.
        QCOMPARE(truth.addRefund(refundJson(QStringLiteral("re_late"), QStringLiteral("op_never"), created + 3600)), QString());
    }

    void cleanup()
    {
        QCOMPARE(m_fake->refusedRequests(), QStringList());
        m_fake = nullptr;
        m_command.reset();
    }

    void aKnownRefundIsListedByThePaymentItsEventsName()
    {
        const Run run = ask({QStringLiteral("op_known"), QStringLiteral("--operator"), QStringLiteral("alice")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // The amount in major units, never Stripe's minor units.
        QVERIFY2(run.out.contains(QLatin1String("refund re_known: succeeded, 38.00 USD")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QLatin1String("read from event evt_known of this operation")), qPrintable(run.out));
        QVERIFY2(!run.out.contains(QLatin1String("3800")), qPrintable(run.out));
        QCOMPARE(m_fake->requestCount(), 1);
        QCOMPARE(m_fake->requests().front().pathAndQuery, QStringLiteral("/v1/refunds?payment_intent=pi_test&limit=100"));

        const auto kept = lookups(QStringLiteral("op_known"));
        QCOMPARE(kept.size(), size_t(1));
        QCOMPARE(kept.front().operatorName, QStringLiteral("alice"));
        QVERIFY(!kept.front().windowFrom); // no window was listed
        const QJsonObject result = resultOf(kept.front());
        QCOMPARE(result.value(QLatin1String("method")).toString(), QStringLiteral("payment"));
        QCOMPARE(result.value(QLatin1String("route")).toString(), QStringLiteral("payment_intent"));
        QCOMPARE(result.value(QLatin1String("payment_id")).toString(), QStringLiteral("pi_test"));
        QCOMPARE(result.value(QLatin1String("payment_from")).toString(), QStringLiteral("events"));
        QCOMPARE(result.value(QLatin1String("payment_from_event")).toString(), QStringLiteral("evt_known"));
        const QJsonArray refunds = result.value(QLatin1String("refunds")).toArray();
        QCOMPARE(refunds.size(), 1);
        QCOMPARE(refunds.at(0).toObject().value(QLatin1String("status")).toString(), QStringLiteral("succeeded"));
        // Each request is kept as asked and answered, and never with the key.
        const QJsonArray requests = QJsonDocument::fromJson(kept.front().requests.toUtf8()).array();
        QCOMPARE(requests.size(), 1);
        QCOMPARE(requests.at(0).toObject().value(QLatin1String("status")).toInt(), 200);
        // The body Stripe sent is kept once, apart, under the SHA-256 the request names.
        QVERIFY(!requests.at(0).toObject().contains(QLatin1String("body")));
        QCOMPARE(requests.at(0).toObject().value(QLatin1String("body_sha256")).toString().size(), 64);
        {
            auto store = StoreFactory::open(m_db, Store::OpenMode::ReadOnly);
            QVERIFY(store);
            std::vector<ProviderLookup> withBodies = kept;
            QVERIFY((*store)->readBodiesInto(withBodies));
            QCOMPARE(withBodies.front().bodies.size(), size_t(1));
            QVERIFY(withBodies.front().bodies.front().text.contains("re_known"));
        }
        QVERIFY(!kept.front().requests.contains(TestKey));
        QCOMPARE(kept.front().responseSha256.size(), 64);

        // show says it the same way, read from the refunds kept.
        QProcess show;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
        show.setProcessEnvironment(environment);
        show.start(Test::appPath(), {QStringLiteral("show"), QStringLiteral("op_known"), QStringLiteral("--db"), m_db});
        QVERIFY(show.waitForFinished(60'000));
        const QString shown = QString::fromUtf8(show.readAllStandardOutput());
        QVERIFY2(shown.contains(QLatin1String("by alice at ")) && shown.contains(QLatin1String("refund re_known: succeeded, 38.00 USD")),
                 qPrintable(shown));
    }

    void aRefundKnownByIdWithoutAPaymentIsRetrieved()
    {
        QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_byid"), QStringLiteral("op_byid"), m_attemptStartedMs / 1000)),
                 QString());
        const Run run = ask({QStringLiteral("op_byid"), QStringLiteral("--operator"), QStringLiteral("alice")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(m_fake->requestCount(), 1);
        QCOMPARE(m_fake->requests().front().pathAndQuery, QStringLiteral("/v1/refunds/re_byid"));
        const QJsonObject result = resultOf(lookups(QStringLiteral("op_byid")).front());
        QCOMPARE(result.value(QLatin1String("method")).toString(), QStringLiteral("retrieve"));
        QCOMPARE(result.value(QLatin1String("route")).toString(), QStringLiteral("refund_ids"));
    }

    // The target: one operation whose payment is known is asked in exactly one request,
    // however many refunds the shop made in the same minutes.
    void aPaymentIsAskedInOneRequestAmongThousands()
    {
        const qint64 created = m_attemptStartedMs / 1000 + 3;
        auto &truth = m_fake->truth();
        for (int i = 0; i < 3000; ++i) {
            QCOMPARE(truth.addRefund(paymentRefundJson(QStringLiteral("re_shop%1").arg(i), QStringLiteral("pi_shop%1").arg(i),
                                                       QStringLiteral("op_shop%1").arg(i), created + i % 60)),
                     QString());
        }
        QCOMPARE(truth.addRefund(paymentRefundJson(QStringLiteral("re_paid"), QStringLiteral("pi_paid"), QStringLiteral("op_paid"), created)),
                 QString());

        const Run run = ask({QStringLiteral("op_paid"), QStringLiteral("--operator"), QStringLiteral("alice"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(m_fake->requestCount(), 1);
        QCOMPARE(m_fake->requests().front().pathAndQuery, QStringLiteral("/v1/refunds?payment_intent=pi_paid&limit=100"));
        const QJsonObject result = QJsonDocument::fromJson(run.out.toUtf8()).object().value(QLatin1String("result")).toObject();
        QCOMPARE(result.value(QLatin1String("route")).toString(), QStringLiteral("payment_intent"));
        QCOMPARE(result.value(QLatin1String("payment_from")).toString(), QStringLiteral("row"));
        const QJsonArray refunds = result.value(QLatin1String("refunds")).toArray();
        QCOMPARE(refunds.size(), 1);
        QCOMPARE(refunds.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("re_paid"));
        QVERIFY(result.value(QLatin1String("other_refunds")).toArray().isEmpty());
        QCOMPARE(verdictOf(QStringLiteral("op_paid")), QStringLiteral("refunded"));
    }

    // What the payment's listing holds besides the operation's own: another operation's
    // refund (nothing against this one), and one no operation of this store made, which
    // holds the operation for a person; the payment read from another operation of the order.
    void aPaymentsOtherRefundsAreSortedOut_data()
    {
        QTest::addColumn<QString>("metadata"); // of the payment's refund; "op_sibling" is held by the store
        QTest::addColumn<QString>("verdict");
        QTest::addColumn<QString>("said");
        QTest::newRow("another operation of this store") << QStringLiteral("op_sibling") << QStringLiteral("not_found")
                                                         << QStringLiteral("operation op_sibling's");
        QTest::newRow("no operation id (the Dashboard)") << QString() << QStringLiteral("other_refund")
                                                         << QStringLiteral("made by no operation of this store");
        QTest::newRow("an operation the store does not hold") << QStringLiteral("op_elsewhere") << QStringLiteral("other_refund")
                                                              << QStringLiteral("made by no operation of this store");
    }

    void aPaymentsOtherRefundsAreSortedOut()
    {
        QFETCH(QString, metadata);
        QFETCH(QString, verdict);
        QFETCH(QString, said);
        QCOMPARE(m_fake->truth().addRefund(paymentRefundJson(QStringLiteral("re_dash"), QStringLiteral("pi_shared"), metadata,
                                                             m_attemptStartedMs / 1000 - 3600)),
                 QString());

        const Run run = ask({QStringLiteral("op_asked"), QStringLiteral("--operator"), QStringLiteral("alice")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(m_fake->requestCount(), 1);
        QCOMPARE(m_fake->requests().front().pathAndQuery, QStringLiteral("/v1/refunds?payment_intent=pi_shared&limit=100"));
        QVERIFY2(run.out.contains(said), qPrintable(run.out));
        QVERIFY2(run.out.contains(QLatin1String("read from operation op_sibling of the same order")), qPrintable(run.out));
        const QJsonObject result = resultOf(lookups(QStringLiteral("op_asked")).front());
        QCOMPARE(result.value(QLatin1String("payment_from")).toString(), QStringLiteral("order_row"));
        QCOMPARE(result.value(QLatin1String("payment_from_operation")).toString(), QStringLiteral("op_sibling"));
        QCOMPARE(verdictOf(QStringLiteral("op_asked")), verdict);
        if (verdict == QLatin1String("other_refund")) {
            // The resolver holds it for a person: no batch, no outcome without an override.
            const Run batch = m_command->run({QStringLiteral("resolve-from-evidence"), QStringLiteral("--db"), m_db,
                                              QStringLiteral("--verdict"), QStringLiteral("other_refund"),
                                              QStringLiteral("--note"), QStringLiteral("n")},
                                             TestKey);
            QCOMPARE(batch.exitCode, 2);
            QVERIFY2(batch.err.contains(QLatin1String("decided by a person")), qPrintable(batch.err));
        }
    }

    void aMissedWebhookIsFoundInTheOperationsWindow()
    {
        const Run run = ask({QStringLiteral("op_missed"), QStringLiteral("--operator"), QStringLiteral("alice"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject printed = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(printed.value(QLatin1String("operation_id")).toString(), QStringLiteral("op_missed"));
        // 152 refunds in the window at 100 a page: two requests, paged with starting_after.
        QCOMPARE(m_fake->requestCount(), 2);
        QCOMPARE(printed.value(QLatin1String("requests")).toArray().size(), 2);
        QVERIFY(m_fake->requests().at(0).pathAndQuery.startsWith(QLatin1String("/v1/refunds?")));
        QVERIFY(m_fake->requests().at(1).pathAndQuery.contains(QLatin1String("starting_after=")));
        const QJsonObject result = printed.value(QLatin1String("result")).toObject();
        QCOMPARE(result.value(QLatin1String("complete")).toBool(), true);
        const QJsonArray refunds = result.value(QLatin1String("refunds")).toArray();
        QCOMPARE(refunds.size(), 1);
        QCOMPARE(refunds.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("re_missed"));
        // The window is the attempts' with five minutes either side.
        QCOMPARE(printed.value(QLatin1String("window_from")).toInteger(), m_attemptStartedMs - 300'000);
        QCOMPARE(printed.value(QLatin1String("window_to")).toInteger(), m_attemptStartedMs + 30'000 + 300'000);
        QCOMPARE(lookups(QStringLiteral("op_missed")).size(), size_t(1));
        // Each page is kept with the request that asked for it, as sent.
        const QJsonArray kept = printed.value(QLatin1String("requests")).toArray();
        for (int i = 0; i < 2; ++i)
            QCOMPARE(kept.at(i).toObject().value(QLatin1String("path")).toString(), m_fake->requests().at(i).pathAndQuery);

        // show has it too, as evidence of what the provider said.
        QProcess show;
        show.start(Test::appPath(), {QStringLiteral("show"), QStringLiteral("op_missed"), QStringLiteral("--db"), m_db,
                                                 QStringLiteral("--json")});
        QVERIFY(show.waitForFinished(60'000));
        const QJsonArray shown = QJsonDocument::fromJson(show.readAllStandardOutput()).object().value(QLatin1String("lookups")).toArray();
        QCOMPARE(shown.size(), 1);
        QCOMPARE(shown.at(0).toObject().value(QLatin1String("result")).toObject(), result);
        QCOMPARE(shown.at(0).toObject().value(QLatin1String("requests")).toArray().size(), 2);
    }

    void aCompleteListingThatFindsNothingSaysSo()
    {
        const Run run = ask({QStringLiteral("op_never"), QStringLiteral("--operator"), QStringLiteral("alice")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QLatin1String("No refund with this operation's id was created between")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QLatin1String("the listing was complete")), qPrintable(run.out));
        const auto kept = lookups(QStringLiteral("op_never"));
        QCOMPARE(kept.size(), size_t(1));
        QCOMPARE(resultOf(kept.front()).value(QLatin1String("complete")).toBool(), true);
        QVERIFY(resultOf(kept.front()).value(QLatin1String("refunds")).toArray().isEmpty());
    }

    void aFailureKeepsNothing()
    {
        const Run run = ask({QStringLiteral("op_missed"), QStringLiteral("--operator"), QStringLiteral("alice")},
                            QStringLiteral("rk_test_51QxSomeOtherKeyThatStripeRefuses000000"));
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains(QLatin1String("401")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QLatin1String("Nothing was kept.")), qPrintable(run.err));
        QVERIFY(lookups(QStringLiteral("op_missed")).empty());
    }

    void nothingIsAskedThatCannotBeKept()
    {
        // An unknown operation, a blank operator and a version 1 store: Stripe is not asked.
        QCOMPARE(ask({QStringLiteral("op_nobody"), QStringLiteral("--operator"), QStringLiteral("alice")}).exitCode, 2);
        QCOMPARE(ask({QStringLiteral("op_missed"), QStringLiteral("--operator"), QString()}).exitCode, 2);
        {
            TestStore raw(m_command->filePath(QStringLiteral("raw.sqlite")));
            QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS v1").arg(m_db)));
            QVERIFY(raw.exec(QStringLiteral("DROP TABLE v1.operation_notes; DROP TABLE v1.provider_lookups; DROP TABLE v1.provider_bodies; "
                                            "PRAGMA v1.user_version = 1;")));
        }
        const Run old = ask({QStringLiteral("op_missed"), QStringLiteral("--operator"), QStringLiteral("alice")});
        QCOMPARE(old.exitCode, 3);
        QVERIFY2(old.err.contains(QLatin1String("upgrade")), qPrintable(old.err));
        QCOMPARE(m_fake->requestCount(), 0);
    }

    void onPostgresqlTheServerKeepsWhoAskedAndWhen()
    {
        Test::PgTestServer server;
        QVERIFY2(server.isRunning(), qPrintable(server.lastError()));
        QVERIFY(server.createDatabase(QStringLiteral("ask")));
        const QString owner = server.location(QStringLiteral("ask"));
        QProcess copy;
        copy.start(Test::appPath(), {QStringLiteral("copy"), QStringLiteral("--from"), m_db, QStringLiteral("--to"), owner});
        QVERIFY(copy.waitForFinished(120'000));
        QVERIFY2(copy.exitCode() == 0, copy.readAllStandardError().constData());

        // No --operator: the login is the operator, and the server's clock the time.
        const Run run = ask({QStringLiteral("op_missed")}, TestKey, owner);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains(QLatin1String("re_missed: succeeded")), qPrintable(run.out));
        QCOMPARE(server.query(QStringLiteral("ask"), QStringLiteral("SELECT count(*) || ' ' || bool_and(operator = current_user) || ' ' || "
                                                                    "bool_and(abs(asked_at - (extract(epoch FROM now()) * 1000)::bigint) < 600000) "
                                                                    "FROM provider_lookups")),
                 QStringLiteral("1 true true"));
    }
};

QTEST_GUILESS_MAIN(TestAskStripe)
#include "tst_askstripe.moc"
