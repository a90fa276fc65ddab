// Decisions made on what Stripe answered, through the executable against the fake
// Stripe, on SQLite and PostgreSQL: queue --json judges the lookups (refunded from a
// lookup, not_found from a complete listing that found none), resolve-from-evidence
// --verdict not_found decides on the listing and names it (lookup_id, stripe_lookup:ID:
// sha256:HEX), and verify fails with exit 6 when a lookup named by a decision is edited.
#include "clirun.h"
#include "fakestripe.h"
#include "pgtestserver.h"
#include "teststore.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Test::TestStore;
using RefundDesk::Testing::FakeStripe;

namespace {

const QString TestKey = QStringLiteral("rk_test_51QxLookupDecisionsKeyNeverPrinted01234");

QByteArray refundJson(const QString &id, const QString &operationId, qint64 created)
{
    return QStringLiteral(R"({"id":"%1","object":"refund","amount":3800,"currency":"usd","status":"succeeded",)"
                          R"("created":%2,"metadata":{"operation_id":"%3"}})")
        .arg(id)
        .arg(created)
        .arg(operationId)
        .toUtf8();
}

QMap<QString, QString> verdictsOf(const QString &queueJson)
{
    QMap<QString, QString> verdicts;
    for (const QJsonValue &row : QJsonDocument::fromJson(queueJson.toUtf8()).array())
        verdicts.insert(row.toObject().value(QLatin1String("operation_id")).toString(),
                        row.toObject().value(QLatin1String("verdict")).toString());
    return verdicts;
}

} // namespace

class tst_LookupDecisions final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void notFoundIsDecidedOnTheListingAndVerified_data();
    void notFoundIsDecidedOnTheListingAndVerified();

private:
    int ask(const QString &operationId, const QString &db, const QStringList &who);
    QString makeDb(const QString &backend);

    std::unique_ptr<Test::PgTestServer> m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeStripe> m_fake;
    QString m_sqlite;
    int m_databases = 0;
};

void tst_LookupDecisions::initTestCase()
{
    m_server = std::make_unique<Test::PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

void tst_LookupDecisions::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_sqlite = m_dir->filePath(QStringLiteral("store.sqlite"));
    m_fake = std::make_unique<FakeStripe>();
    QVERIFY(m_fake->listenOnLoopback());
    m_fake->setAcceptedKey(TestKey.toUtf8());

    // Three operations whose attempts ended two hours ago, none with an event: Stripe has
    // a refund for op_missed only.
    const qint64 startedMs = (QDateTime::currentSecsSinceEpoch() - 7200) * 1000;
    TestStore store(m_sqlite);
    QVERIFY(store.isValid());
    for (const char *id : {"op_missed", "op_never", "op_other"}) {
        Operation operation = TestStore::operation(QString::fromLatin1(id));
        operation.createdAt = startedMs - 1000;
        QVERIFY2(store.addOperation(operation), qPrintable(store.lastError()));
        Attempt attempt;
        attempt.operationId = operation.operationId;
        attempt.attemptNo = 1;
        attempt.toolCallId = QStringLiteral("toolu_") + operation.operationId;
        attempt.startedAt = startedMs;
        attempt.finishedAt = startedMs + 30'000;
        attempt.outcome = AttemptOutcome::Timeout;
        QVERIFY2(store.addAttempt(attempt), qPrintable(store.lastError()));
    }
    QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_missed"), QStringLiteral("op_missed"), startedMs / 1000 + 5)),
             QString());
}

void tst_LookupDecisions::cleanup()
{
    QCOMPARE(m_fake->refusedRequests(), QStringList());
    m_fake.reset();
    m_dir.reset();
}

int tst_LookupDecisions::ask(const QString &operationId, const QString &db, const QStringList &who)
{
    const TextRun run = runRefundDeskServing(QStringList{QStringLiteral("ask-stripe"), operationId, QStringLiteral("--db"), db} + who,
                                             stripeEnvironment(TestKey, m_fake->baseUrl()));
    if (run.exitCode != 0)
        qWarning() << run.err;
    return run.exitCode;
}

QString tst_LookupDecisions::makeDb(const QString &backend)
{
    if (backend == QLatin1String("sqlite"))
        return m_sqlite;
    const QString name = QStringLiteral("decisions_%1").arg(++m_databases);
    if (!m_server->createDatabase(name))
        return {};
    const QString location = m_server->location(name);
    const Test::CliRun copy = Test::runRefundDesk({"copy", "--from", m_sqlite, "--to", location});
    return copy.exitCode == 0 ? location : QString();
}

void tst_LookupDecisions::notFoundIsDecidedOnTheListingAndVerified_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

void tst_LookupDecisions::notFoundIsDecidedOnTheListingAndVerified()
{
    QFETCH(QString, backend);
    const QString db = makeDb(backend);
    QVERIFY(!db.isEmpty());
    // On PostgreSQL the operator is the login.
    const QStringList who = backend == QLatin1String("sqlite") ? QStringList{QStringLiteral("--operator"), QStringLiteral("alice")}
                                                               : QStringList();
    QCOMPARE(ask(QStringLiteral("op_missed"), db, who), 0);
    QCOMPARE(ask(QStringLiteral("op_never"), db, who), 0);

    const Test::CliRun queue = Test::runRefundDesk({"queue", "--db", db, "--json"});
    QVERIFY2(queue.exitCode == 0, qPrintable(queue.err));
    const auto verdicts = verdictsOf(queue.outText());
    QCOMPARE(verdicts.value(QStringLiteral("op_missed")), QStringLiteral("refunded"));
    QCOMPARE(verdicts.value(QStringLiteral("op_never")), QStringLiteral("not_found"));
    QCOMPARE(verdicts.value(QStringLiteral("op_other")), QStringLiteral("none"));

    const Test::CliRun shown = Test::runRefundDesk({"show", "op_never", "--db", db});
    QVERIFY2(shown.outText().contains(QLatin1String("Stripe lists no refund for this operation created between")),
             qPrintable(shown.outText()));

    // The plan names the lookup; --verdict not_found takes only that one.
    const Test::CliRun plan = Test::runRefundDesk(QStringList{"resolve-from-evidence", "--db", db, "--verdict", "not_found", "--note",
                                                   "listing checked", "--json"} + who);
    QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
    const QJsonArray eligible = QJsonDocument::fromJson(plan.outText().toUtf8()).object().value(QLatin1String("eligible")).toArray();
    QCOMPARE(eligible.size(), 1);
    const QJsonObject planned = eligible.at(0).toObject();
    QCOMPARE(planned.value(QLatin1String("operation_id")).toString(), QStringLiteral("op_never"));
    QCOMPARE(planned.value(QLatin1String("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(planned.value(QLatin1String("verdict")).toString(), QStringLiteral("not_found"));
    QVERIFY(planned.value(QLatin1String("event_id")).isNull());
    const qint64 lookupId = planned.value(QLatin1String("lookup_id")).toInteger();
    QVERIFY(lookupId > 0);
    const QString evidence = planned.value(QLatin1String("evidence")).toString();
    QVERIFY2(evidence.startsWith(QStringLiteral("stripe_lookup:%1:sha256:").arg(lookupId)), qPrintable(evidence));
    QCOMPARE(evidence.size(), QStringLiteral("stripe_lookup:%1:sha256:").arg(lookupId).size() + 64);

    const Test::CliRun done = Test::runRefundDesk(QStringList{"resolve-from-evidence", "--db", db, "--verdict", "not_found", "--note",
                                                   "listing checked", "--json", "--yes"} + who);
    QVERIFY2(done.exitCode == 0, qPrintable(done.err + done.outText()));
    QVERIFY2(done.outText().contains(QLatin1String("\"state\":\"decided\"")), qPrintable(done.outText()));
    // The lookup found refund of op_missed is eligible as refunded, on the lookup too.
    const Test::CliRun refunded = Test::runRefundDesk(QStringList{"resolve-from-evidence", "--db", db, "--verdict", "refunded", "--note",
                                                       "found at Stripe", "--json", "--yes"} + who);
    QVERIFY2(refunded.exitCode == 0, qPrintable(refunded.err + refunded.outText()));
    QVERIFY2(refunded.outText().contains(QLatin1String("\"refund_id\":\"re_missed\"")), qPrintable(refunded.outText()));
    QVERIFY2(refunded.outText().contains(QLatin1String("stripe_lookup:")), qPrintable(refunded.outText()));

    const Test::CliRun intact = Test::runRefundDesk({"verify", "--db", db});
    QVERIFY2(intact.exitCode == 0, qPrintable(intact.outText() + intact.err));

    // Stripe's answer edited after the decision: verify fails (exit 6) and says which. The
    // store keeps each body once, apart from the lookup that names it: the body is edited.
    if (backend == QLatin1String("sqlite")) {
        TestStore raw(m_dir->filePath(QStringLiteral("raw.sqlite")));
        QVERIFY(raw.exec(QStringLiteral("ATTACH '%1' AS s").arg(db)));
        QCOMPARE(raw.queryInt(QStringLiteral("SELECT count(*) FROM s.provider_lookups WHERE requests LIKE '%has_more%'")), 0);
        QVERIFY(raw.exec(QStringLiteral("DROP TRIGGER s.provider_bodies_no_update")));
        QVERIFY(raw.exec(QStringLiteral("UPDATE s.provider_bodies SET body = replace(body, 'has_more', 'has_mora') "
                                        "WHERE instr((SELECT requests FROM s.provider_lookups WHERE lookup_id = %1), "
                                        "body_sha256) > 0").arg(lookupId)));
    } else {
        const QString name = QStringLiteral("decisions_%1").arg(m_databases);
        QVERIFY(m_server->exec(name, QStringLiteral(
                                         "ALTER TABLE provider_bodies DISABLE TRIGGER provider_bodies_no_update; "
                                         "UPDATE provider_bodies SET body = replace(body, 'has_more', 'has_mora') "
                                         "WHERE strpos((SELECT requests FROM provider_lookups WHERE lookup_id = %1), "
                                         "body_sha256) > 0; "
                                         "ALTER TABLE provider_bodies ENABLE TRIGGER provider_bodies_no_update;")
                                         .arg(lookupId)));
    }
    const Test::CliRun broken = Test::runRefundDesk({"verify", "--db", db});
    QCOMPARE(broken.exitCode, 6);
    QVERIFY2(broken.outText().contains(QStringLiteral("names provider lookup %1").arg(lookupId))
                 && broken.outText().contains(QLatin1String("after the decision"))
                 && broken.outText().contains(QLatin1String("each response body is as the provider sent it")),
             qPrintable(broken.outText() + broken.err));
}

QTEST_GUILESS_MAIN(tst_LookupDecisions)
#include "tst_lookupdecisions.moc"
