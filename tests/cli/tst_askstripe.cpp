// refund-desk ask-stripe against the fake Stripe: a refund known by id retrieved, the
// operation's window listed page by page when none is known, a complete listing that
// finds nothing kept as such, and what Stripe answered kept as a lookup only when it
// answered; the key never printed, nothing but GET sent.
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

        // Stripe's truth: op_known's refund succeeded since; op_missed's refund exists but
        // its webhook never came, among 150 refunds of other operations in the same window
        // (two pages); op_never has none.
        auto &truth = m_fake->truth();
        QCOMPARE(truth.addRefund(refundJson(QStringLiteral("re_known"), QStringLiteral("op_known"), created)), QString());
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

    void aKnownRefundIsRetrievedById()
    {
        const Run run = ask({QStringLiteral("op_known"), QStringLiteral("--operator"), QStringLiteral("alice")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // The amount in major units, never Stripe's minor units.
        QVERIFY2(run.out.contains(QLatin1String("refund re_known: succeeded, 38.00 USD")), qPrintable(run.out));
        QVERIFY2(!run.out.contains(QLatin1String("3800")), qPrintable(run.out));
        QCOMPARE(m_fake->requestCount(), 1);
        QCOMPARE(m_fake->requests().front().pathAndQuery, QStringLiteral("/v1/refunds/re_known"));

        const auto kept = lookups(QStringLiteral("op_known"));
        QCOMPARE(kept.size(), size_t(1));
        QCOMPARE(kept.front().operatorName, QStringLiteral("alice"));
        QVERIFY(!kept.front().windowFrom); // nothing was listed
        const QJsonObject result = resultOf(kept.front());
        QCOMPARE(result.value(QLatin1String("method")).toString(), QStringLiteral("retrieve"));
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
