// Provider lookups in the verdict: the refunds a lookup found are judged as events are
// (amount, currency, two refund ids, the latest status); a complete listing that found
// none, asked at least 10 minutes after the last attempt ended, gives not_found; the
// rules that follow; and the store reading the lookups with the verdict's inputs, on
// SQLite and PostgreSQL, a page of the queue still in one round trip on a server. A
// listing by the payment: the operation's own refund judged as before, another
// operation's saying nothing against it, a refund no operation of the store made giving
// other_refund (or, beside its own, a conflict), and not_found only with neither.

#include "latencyproxy.h"
#include "pgtestserver.h"
#include "teststore.h"

#include "domain/providerlookupresult.h"
#include "evidence/batchplan.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "store/store.h"
#include "stripeask/paymentrefundsorting.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Minute = 60'000;
constexpr qint64 LastAttemptEnded = 1'700'000'000'000;
constexpr qint64 WindowFrom = LastAttemptEnded - 45 * Minute; // 5 minutes before the first attempt
constexpr qint64 WindowTo = LastAttemptEnded + 5 * Minute;    // 5 minutes after the last

Operation operation()
{
    Operation o = TestStore::operation(QStringLiteral("op_1"));
    o.amountCents = 3800;
    o.currency = QStringLiteral("usd");
    return o;
}

QString refundJson(const QString &id, const QString &status, qint64 amount = 3800, const QString &currency = QStringLiteral("usd"))
{
    return QStringLiteral(R"({"id":"%1","status":"%2","amount":%3,"currency":"%4","operation_id":"op_1"})")
        .arg(id, status)
        .arg(amount)
        .arg(currency);
}

// A lookup row as the store hands it back. `refunds`: the result's refunds, as JSON.
ProviderLookup lookup(qint64 id, qint64 askedAt, bool listed, bool complete, const QStringList &refunds = {})
{
    ProviderLookup row;
    row.lookupId = id;
    row.operationId = QStringLiteral("op_1");
    row.provider = QStringLiteral("stripe");
    row.askedAt = askedAt;
    row.operatorName = QStringLiteral("alice");
    if (listed) {
        row.windowFrom = WindowFrom;
        row.windowTo = WindowTo;
    }
    row.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds","status":200,"body":"{}"}])");
    row.result = QStringLiteral(R"({"complete":%1,"method":"%2","refunds":[%3]})")
                     .arg(complete ? QStringLiteral("true") : QStringLiteral("false"),
                          listed ? QStringLiteral("list") : QStringLiteral("retrieve"), refunds.join(u','));
    row.responseSha256 = QString::fromLatin1(QCryptographicHash::hash("{}", QCryptographicHash::Sha256).toHex());
    return row;
}

QString paymentRefundJson(const QString &id, const QString &operationId, const QString &status = QStringLiteral("succeeded"))
{
    return QStringLiteral(R"({"id":"%1","status":"%2","amount":3800,"currency":"usd","created":%3,"operation_id":"%4"})")
        .arg(id, status)
        .arg(LastAttemptEnded / 1000 - 600)
        .arg(operationId);
}

// A listing of payment pi_1's refunds, as kept: the operation's own refunds, those of the
// store's other operations, those no operation of the store made; `key` names the last
// array (payment_refunds: a record no keeper sorted).
ProviderLookup paymentLookup(qint64 id, qint64 askedAt, bool complete, const QStringList &own,
                             const QStringList &others = {}, const QStringList &ofOperations = {},
                             const QString &key = QStringLiteral("other_refunds"))
{
    ProviderLookup row = lookup(id, askedAt, false, complete);
    row.result = QStringLiteral(R"({"complete":%1,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                R"("payment_from":"row","quiet_since":%2,"refunds":[%3],"other_operations":[%4],"%5":[%6]})")
                     .arg(complete ? QStringLiteral("true") : QStringLiteral("false"))
                     .arg(LastAttemptEnded)
                     .arg(own.join(u','), ofOperations.join(u','), key, others.join(u','));
    return row;
}

WebhookEvent refundEvent(const QString &eventId, const QString &refundId, const QString &status, qint64 createdSeconds)
{
    WebhookEvent event;
    event.eventId = eventId;
    event.type = QStringLiteral("refund.updated");
    event.created = createdSeconds;
    event.receivedAt = createdSeconds * 1000 + 250;
    event.operationId = QStringLiteral("op_1");
    event.refundId = refundId;
    event.payload = TestStore::refundEventPayload(eventId, event.type, refundId, status, 3800, QStringLiteral("usd"),
                                                  QStringLiteral("op_1"), QStringLiteral("key-op_1"), createdSeconds);
    return event;
}

ResolutionDraft draft(Outcome outcome, const QString &refundId = {})
{
    ResolutionDraft d;
    d.operationId = QStringLiteral("op_1");
    d.outcome = outcome;
    d.refundId = refundId;
    d.evidence = QStringLiteral("stripe_lookup:1:sha256:00");
    d.operatorName = QStringLiteral("alice");
    return d;
}

// On PostgreSQL the operator is the login: `operatorName` empty there.
ProviderLookupDraft storedDraft(const QString &operationId, qint64 windowTo, const QString &refunds, const QString &operatorName)
{
    ProviderLookupDraft d;
    d.operationId = operationId;
    d.operatorName = operatorName;
    d.windowFrom = windowTo - 50 * Minute;
    d.windowTo = windowTo;
    d.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds","status":200,"body":"{}"}])");
    d.result = QStringLiteral(R"({"complete":true,"method":"list","refunds":[%1]})").arg(refunds);
    d.responseSha256 = QString::fromLatin1(QCryptographicHash::hash("{}", QCryptographicHash::Sha256).toHex());
    return d;
}

// The test server's database `name` opened through `proxy`, which counts its round trips.
auto openThroughProxy(LatencyProxy &proxy, const QString &name)
{
    return StoreFactory::open(proxy.pgLocation(name, QString::fromLatin1(PgTestServer::SuperUser)),
                              Store::OpenMode::ReadWrite);
}

} // namespace

Q_DECLARE_METATYPE(RefundDesk::ProviderLookup)

class tst_LookupVerdict : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void completeListingAfterTheDelayIsNotFound();
    void listingTooSoonOrIncompleteSaysNothing();
    void notFoundAllowsFailedAndRefusesRefunded();
    void lookupRefundIsJudgedAsAnEvent();
    void lookupAmountOrCurrencyDiffersIsConflict();
    void lookupAndEventNameTwoRefundsIsConflict();
    void laterLookupStatesTheLatestStatus();
    void eventsNamingARefundOutweighAnEmptyListing();
    void aPaymentsListingGivesTheVerdict_data();
    void aPaymentsListingGivesTheVerdict();
    void anOtherRefundHoldsTheOperationForAPerson();
    void anOtherRefundBesideTheOwnIsAConflict();
    void theKeeperSortsThePaymentsRefundsByTheStore_data();
    void theKeeperSortsThePaymentsRefundsByTheStore();
    void sortingReadsTheStoreOnce();

    void storeReadsLookupsWithTheVerdictsInputs_data();
    void storeReadsLookupsWithTheVerdictsInputs();
    void queuePageWithLookupsIsOneRoundTrip();

private:
    // A store holding op_1 (a refund found by a lookup), op_2 (a listing that found none)
    // and op_3 (no lookup); empty on failure.
    QString makeStore(const QString &backend);

    QTemporaryDir m_dir;
    std::unique_ptr<PgTestServer> m_server;
    int m_databases = 0;
};

void tst_LookupVerdict::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

void tst_LookupVerdict::completeListingAfterTheDelayIsNotFound()
{
    const ProviderLookup row = lookup(7, LastAttemptEnded + 30 * Minute, true, true);
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::NotFound));
    QCOMPARE(toString(evidence.verdict), QStringLiteral("not_found"));
    QVERIFY(verdictFromString(QStringLiteral("not_found")) == Verdict::NotFound);
    QCOMPARE(evidence.namedLookupId, qint64(7));
    QVERIFY(evidence.namedRefundId.isEmpty());
    QVERIFY2(evidence.explanation.startsWith(QLatin1String("Stripe lists no refund for this operation created between")),
             qPrintable(evidence.explanation));
    QVERIFY2(evidence.explanation.contains(QLatin1String("by alice")), qPrintable(evidence.explanation));
    QCOMPARE(evidence.suggestedEvidenceText(), QStringLiteral("stripe_lookup:7:sha256:") + row.responseSha256);

    // Exactly ten minutes after the last attempt ended is enough.
    const Evidence atTheDelay = EvidenceAnalyzer::analyze(operation(), {}, {lookup(8, LastAttemptEnded + 10 * Minute, true, true)});
    QCOMPARE(toString(atTheDelay.verdict), toString(Verdict::NotFound));
    // The verdict alone, as the queue judges it, is the same.
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {row}, EvidenceAnalyzer::Detail::VerdictOnly).verdict), toString(Verdict::NotFound));
}

void tst_LookupVerdict::listingTooSoonOrIncompleteSaysNothing()
{
    const qint64 soon = LastAttemptEnded + 10 * Minute - 1;
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, soon, true, true)}).verdict), toString(Verdict::None));
    const qint64 late = LastAttemptEnded + 60 * Minute;
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, late, true, false)}).verdict), toString(Verdict::None));
    // A retrieval by id that found nothing lists no window: it says nothing either.
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, late, false, true)}).verdict), toString(Verdict::None));
    // A result that cannot be read states nothing, and nothing crashes.
    ProviderLookup broken = lookup(1, late, true, true);
    broken.result = QStringLiteral("{not json");
    const Evidence unreadable = EvidenceAnalyzer::analyze(operation(), {}, {broken});
    QCOMPARE(toString(unreadable.verdict), toString(Verdict::None));
    QCOMPARE(unreadable.lookups.size(), size_t(1));
}

void tst_LookupVerdict::notFoundAllowsFailedAndRefusesRefunded()
{
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {lookup(3, LastAttemptEnded + 20 * Minute, true, true)});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::NotFound));
    QVERIFY(!Resolver::contradiction(evidence, draft(Outcome::Failed)));
    const auto refused = Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_9")));
    QVERIFY(refused);
    QVERIFY2(refused->contains(QLatin1String("Stripe lists no refund")), qPrintable(*refused));
}

void tst_LookupVerdict::lookupRefundIsJudgedAsAnEvent()
{
    const ProviderLookup row = lookup(4, LastAttemptEnded + Minute, false, true, {refundJson("re_1", "succeeded")});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Refunded));
    QCOMPARE(evidence.namedRefundId, QStringLiteral("re_1"));
    QCOMPARE(evidence.namedLookupId, qint64(4));
    QVERIFY(evidence.namedEventId.isEmpty());
    QVERIFY2(evidence.explanation.contains(QLatin1String("lookup 4")), qPrintable(evidence.explanation));
    QCOMPARE(evidence.suggestedEvidenceText(), QStringLiteral("stripe_lookup:4:sha256:") + row.responseSha256);
    QVERIFY(!Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_1"))));
    QVERIFY(Resolver::contradiction(evidence, draft(Outcome::Failed)));
    QVERIFY(Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_2"))));

    const Evidence failed = EvidenceAnalyzer::analyze(operation(), {}, {lookup(5, LastAttemptEnded, false, true, {refundJson("re_1", "canceled")})});
    QCOMPARE(toString(failed.verdict), toString(Verdict::Failed));
    const Evidence pending = EvidenceAnalyzer::analyze(operation(), {}, {lookup(5, LastAttemptEnded, false, true, {refundJson("re_1", "pending")})});
    QCOMPARE(toString(pending.verdict), toString(Verdict::Pending));
}

void tst_LookupVerdict::lookupAmountOrCurrencyDiffersIsConflict()
{
    const Evidence amount = EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, LastAttemptEnded, false, true, {refundJson("re_1", "succeeded", 3700)})});
    QCOMPARE(toString(amount.verdict), toString(Verdict::Conflict));
    QVERIFY2(amount.explanation.contains(QLatin1String("Stripe lookup 1")) || !amount.conflicts.empty(), qPrintable(amount.explanation));
    QVERIFY(amount.conflicts.front().kind == ConflictReason::Kind::AmountDiffers);
    const Evidence currency = EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, LastAttemptEnded, false, true, {refundJson("re_1", "succeeded", 3800, QStringLiteral("eur"))})});
    QCOMPARE(toString(currency.verdict), toString(Verdict::Conflict));
    QVERIFY(currency.conflicts.front().kind == ConflictReason::Kind::CurrencyDiffers);
    QVERIFY(Resolver::contradiction(currency, draft(Outcome::Failed)));
}

void tst_LookupVerdict::lookupAndEventNameTwoRefundsIsConflict()
{
    const WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_1"), QStringLiteral("succeeded"),
                                           LastAttemptEnded / 1000);
    const ProviderLookup row = lookup(2, LastAttemptEnded + Minute, true, true, {refundJson("re_2", "succeeded")});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {event}, {row});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Conflict));
    QVERIFY(evidence.conflicts.front().kind == ConflictReason::Kind::SeveralRefunds);
    // Two refunds in one listing are a conflict too.
    const Evidence twoListed = EvidenceAnalyzer::analyze(operation(), {}, {lookup(3, LastAttemptEnded + 20 * Minute, true, true,
                                                                               {refundJson("re_1", "succeeded"), refundJson("re_2", "succeeded")})});
    QCOMPARE(toString(twoListed.verdict), toString(Verdict::Conflict));
}

void tst_LookupVerdict::laterLookupStatesTheLatestStatus()
{
    // The event said pending; Stripe, asked later, says succeeded.
    const WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_1"), QStringLiteral("pending"),
                                           LastAttemptEnded / 1000);
    const ProviderLookup later = lookup(6, LastAttemptEnded + 30 * Minute, false, true, {refundJson("re_1", "succeeded")});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {event}, {later});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Refunded));
    QCOMPARE(evidence.namedLookupId, qint64(6));
    // A lookup made before the event does not outweigh it.
    const ProviderLookup earlier = lookup(6, LastAttemptEnded - 30 * Minute, false, true, {refundJson("re_1", "succeeded")});
    const Evidence eventLatest = EvidenceAnalyzer::analyze(operation(), {event}, {earlier});
    QCOMPARE(toString(eventLatest.verdict), toString(Verdict::Pending));
    QCOMPARE(eventLatest.namedEventId, QStringLiteral("evt_1"));
    QCOMPARE(eventLatest.namedLookupId, qint64(0));
    // analyzeAgain keeps the lookups.
    QCOMPARE(toString(EvidenceAnalyzer::analyzeAgain(operation(), evidence).verdict), toString(Verdict::Refunded));
}

void tst_LookupVerdict::eventsNamingARefundOutweighAnEmptyListing()
{
    const WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_1"), QStringLiteral("failed"),
                                           LastAttemptEnded / 1000);
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {event}, {lookup(1, LastAttemptEnded + 30 * Minute, true, true)});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Failed));
    QCOMPARE(evidence.namedEventId, QStringLiteral("evt_1"));
}

void tst_LookupVerdict::aPaymentsListingGivesTheVerdict_data()
{
    QTest::addColumn<ProviderLookup>("row");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("explained");
    const qint64 late = LastAttemptEnded + 30 * Minute;
    const QString own = paymentRefundJson(QStringLiteral("re_own"), QStringLiteral("op_1"));
    const QString theirs = paymentRefundJson(QStringLiteral("re_theirs"), QStringLiteral("op_2"));
    const QString nobodys = paymentRefundJson(QStringLiteral("re_nobody"), QString());
    QTest::newRow("no refund of the payment, after the delay")
        << paymentLookup(1, late, true, {}) << QStringLiteral("not_found")
        << QStringLiteral("Stripe lists no refund of payment pi_1 (complete, asked at");
    // Ten minutes after the attempts' end, as the window's listing counted them.
    QTest::newRow("no refund, exactly at the delay")
        << paymentLookup(1, LastAttemptEnded + 10 * Minute, true, {}) << QStringLiteral("not_found") << QStringLiteral("by alice");
    QTest::newRow("no refund, too soon")
        << paymentLookup(1, LastAttemptEnded + 10 * Minute - 1, true, {}) << QStringLiteral("none") << QString();
    QTest::newRow("no refund, listing unfinished") << paymentLookup(1, late, false, {}) << QStringLiteral("none") << QString();
    QTest::newRow("its own refund") << paymentLookup(1, late, true, {own}) << QStringLiteral("refunded")
                                    << QStringLiteral("re_own");
    QTest::newRow("another operation's refund says nothing against it")
        << paymentLookup(1, late, true, {}, {}, {theirs}) << QStringLiteral("not_found") << QStringLiteral("pi_1");
    QTest::newRow("its own and another operation's")
        << paymentLookup(1, late, true, {own}, {}, {theirs}) << QStringLiteral("refunded") << QStringLiteral("re_own");
    QTest::newRow("a refund no operation of the store made")
        << paymentLookup(1, late, true, {}, {nobodys}) << QStringLiteral("other_refund")
        << QStringLiteral("re_nobody, 38.00 USD, succeeded, created 2023-11-14 22:03 UTC (the Dashboard or another tool?)");
    // Even too soon for not_found: the refund is there, whatever comes later.
    QTest::newRow("a refund no operation made, asked soon")
        << paymentLookup(1, LastAttemptEnded + Minute, true, {}, {nobodys}) << QStringLiteral("other_refund")
        << QStringLiteral("re_nobody");
    QTest::newRow("a record no keeper sorted: no operation id")
        << paymentLookup(1, late, true, {}, {nobodys}, {}, QStringLiteral("payment_refunds")) << QStringLiteral("other_refund")
        << QStringLiteral("re_nobody");
    QTest::newRow("a record no keeper sorted: an operation id")
        << paymentLookup(1, late, true, {}, {theirs}, {}, QStringLiteral("payment_refunds")) << QStringLiteral("not_found")
        << QStringLiteral("pi_1");
}

void tst_LookupVerdict::aPaymentsListingGivesTheVerdict()
{
    QFETCH(ProviderLookup, row);
    QFETCH(QString, verdict);
    QFETCH(QString, explained);
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), verdict);
    QVERIFY2(evidence.explanation.contains(explained), qPrintable(evidence.explanation));
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {row}, EvidenceAnalyzer::Detail::VerdictOnly).verdict), verdict);
    QCOMPARE(evidence.lookups.front().route, QStringLiteral("payment_intent"));
    QVERIFY(evidence.lookups.front().byPayment);
    if (verdict == QLatin1String("not_found") || verdict == QLatin1String("other_refund"))
        QCOMPARE(evidence.namedLookupId, qint64(1));
}

void tst_LookupVerdict::anOtherRefundHoldsTheOperationForAPerson()
{
    const ProviderLookup row = paymentLookup(9, LastAttemptEnded + 30 * Minute, true, {},
                                             {paymentRefundJson(QStringLiteral("re_nobody"), QStringLiteral("op_gone"))});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), QStringLiteral("other_refund"));
    QVERIFY(verdictFromString(QStringLiteral("other_refund")) == Verdict::OtherRefund);
    QVERIFY(evidence.namedRefundId.isEmpty());
    QCOMPARE(evidence.otherRefunds.size(), size_t(1));
    QCOMPARE(evidence.suggestedEvidenceText(), QStringLiteral("stripe_lookup:9:sha256:") + row.responseSha256);
    // Either outcome is the person's to record, with a note.
    for (const ResolutionDraft &d : {draft(Outcome::Failed), draft(Outcome::Refunded, QStringLiteral("re_nobody"))}) {
        const auto refused = Resolver::contradiction(evidence, d);
        QVERIFY(refused);
        QVERIFY2(refused->contains(QLatin1String("re_nobody")), qPrintable(*refused));
        QCOMPARE(Resolver::checkAgainst(evidence, d, std::nullopt).error().exitCode(), 5);
        ResolutionDraft overridden = d;
        overridden.overridesEvidence = true;
        overridden.note = QStringLiteral("The Dashboard refund was this order's; asked the colleague who made it.");
        auto checked = Resolver::checkAgainst(evidence, overridden, std::nullopt);
        QVERIFY(checked);
        QVERIFY(checked->overridesEvidence);
    }
    // Out of every batch, whatever verdicts it asks for.
    QVERIFY(!outcomeSettledBy(Verdict::OtherRefund));
    Operation op = operation();
    op.status = OperationStatus::Unknown;
    const auto judged = BatchPlanner::judge(op, evidence, BatchRequest{QStringLiteral("alice"), {}, {}, 0}, QueueRowDetail{});
    QVERIFY(std::holds_alternative<BatchLeftOut>(judged));
    QCOMPARE(toString(std::get<BatchLeftOut>(judged).reason), QStringLiteral("other_refund"));
}

void tst_LookupVerdict::anOtherRefundBesideTheOwnIsAConflict()
{
    const ProviderLookup row = paymentLookup(2, LastAttemptEnded + 30 * Minute, true,
                                             {paymentRefundJson(QStringLiteral("re_own"), QStringLiteral("op_1"))},
                                             {paymentRefundJson(QStringLiteral("re_nobody"), QString())});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), QStringLiteral("conflict"));
    QCOMPARE(evidence.conflicts.size(), size_t(1));
    QVERIFY(evidence.conflicts.front().kind == ConflictReason::Kind::OtherRefund);
    QVERIFY2(evidence.explanation.contains(QLatin1String("re_nobody")), qPrintable(evidence.explanation));
    QVERIFY(Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_own"))));
    // An event showing the listed refund to be the operation's own makes it no other's.
    WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_nobody"), QStringLiteral("succeeded"),
                                     LastAttemptEnded / 1000);
    const Evidence own = EvidenceAnalyzer::analyze(operation(), {event},
                                                   {paymentLookup(3, LastAttemptEnded + 30 * Minute, true, {},
                                                                  {paymentRefundJson(QStringLiteral("re_nobody"), QString())})});
    QCOMPARE(toString(own.verdict), QStringLiteral("refunded"));
    QVERIFY(own.otherRefunds.empty());
}

void tst_LookupVerdict::theKeeperSortsThePaymentsRefundsByTheStore_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

void tst_LookupVerdict::theKeeperSortsThePaymentsRefundsByTheStore()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    // op_3's payment lists a refund of op_2 (held by the store), one naming an operation
    // the store does not hold, and one without an operation id.
    const qint64 quietSince = QDateTime::currentMSecsSinceEpoch() - 60 * Minute;
    ProviderLookupDraft answered;
    answered.operationId = QStringLiteral("op_3");
    answered.operatorName = backend == QLatin1String("sqlite") ? QStringLiteral("alice") : QString();
    answered.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds?payment_intent=pi_1&limit=100","status":200,"body":"{}"}])");
    answered.result = QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                     R"("payment_from":"row","quiet_since":%1,"refunds":[],"payment_refunds":[%2,%3,%4]})")
                          .arg(quietSince)
                          .arg(paymentRefundJson(QStringLiteral("re_theirs"), QStringLiteral("op_2")),
                               paymentRefundJson(QStringLiteral("re_elsewhere"), QStringLiteral("op_not_here")),
                               paymentRefundJson(QStringLiteral("re_nobody"), QString()));
    answered.responseSha256 = QString::fromLatin1(QCryptographicHash::hash("{}", QCryptographicHash::Sha256).toHex());
    auto kept = PaymentRefundSorting::sortAndKeep(**store, answered);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    const QJsonObject result = QJsonDocument::fromJson(kept->result.toUtf8()).object();
    QVERIFY(!result.contains(QLatin1String("payment_refunds")));
    QCOMPARE(result.value(QLatin1String("other_operations")).toArray().size(), 1);
    QCOMPARE(result.value(QLatin1String("other_operations")).toArray().at(0).toObject().value(QLatin1String("id")).toString(),
             QStringLiteral("re_theirs"));
    QStringList others;
    for (const QJsonValue &value : result.value(QLatin1String("other_refunds")).toArray())
        others << value.toObject().value(QLatin1String("id")).toString();
    QCOMPARE(others, (QStringList{QStringLiteral("re_elsewhere"), QStringLiteral("re_nobody")}));
    // What the store gives back, the queue's page judges: other_refund, resting on it.
    auto page = (*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100);
    QVERIFY(page);
    for (size_t i = 0; i < page->operations.size(); ++i) {
        if (page->operations[i].operationId != QLatin1String("op_3"))
            continue;
        const Evidence evidence = EvidenceAnalyzer::analyze(page->operations[i], page->candidates[i], page->lookups[i]);
        QCOMPARE(toString(evidence.verdict), QStringLiteral("other_refund"));
        QCOMPARE(evidence.namedLookupId, kept->lookupId);
        QVERIFY2(evidence.explanation.contains(QLatin1String("re_elsewhere")) && evidence.explanation.contains(QLatin1String("re_nobody")),
                 qPrintable(evidence.explanation));
    }
}

// However many operations the payment's refunds name, the store is asked once: on
// PostgreSQL one round trip (it was one per operation).
void tst_LookupVerdict::sortingReadsTheStoreOnce()
{
    const QString location = makeStore(QStringLiteral("postgresql"));
    QVERIFY(!location.isEmpty());
    LatencyProxy proxy(m_server->socketPath());
    QVERIFY(proxy.start());
    auto store = openThroughProxy(proxy, QStringLiteral("lookups_%1").arg(m_databases));
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    ProviderLookupDraft answered;
    answered.operationId = QStringLiteral("op_3");
    answered.result = QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                     R"("payment_from":"row","quiet_since":1,"refunds":[],"payment_refunds":[%1,%2,%3,%4]})")
                          .arg(paymentRefundJson(QStringLiteral("re_1"), QStringLiteral("op_1")),
                               paymentRefundJson(QStringLiteral("re_2"), QStringLiteral("op_2")),
                               paymentRefundJson(QStringLiteral("re_elsewhere"), QStringLiteral("op_not_here")),
                               paymentRefundJson(QStringLiteral("re_2b"), QStringLiteral("op_2")));
    // Warm: the statement prepared once.
    ProviderLookupDraft warm = answered;
    QVERIFY(PaymentRefundSorting::sort(**store, warm));
    proxy.resetCounts();
    QVERIFY(PaymentRefundSorting::sort(**store, answered));
    QCOMPARE(proxy.roundTrips(), qint64(1));
    QCOMPARE(answered.result, warm.result);
    const auto sorted = ProviderLookupResult::read(answered.result);
    QStringList theirs;
    for (const auto &refund : sorted.otherOperations)
        theirs << refund.id;
    QCOMPARE(theirs, (QStringList{QStringLiteral("re_1"), QStringLiteral("re_2"), QStringLiteral("re_2b")}));
    QCOMPARE(sorted.otherRefunds.size(), size_t(1));
    QCOMPARE(sorted.otherRefunds[0].id, QStringLiteral("re_elsewhere"));
    QVERIFY(!sorted.hasPaymentRefunds);
}

QString tst_LookupVerdict::makeStore(const QString &backend)
{
    QString location;
    if (backend == QLatin1String("sqlite")) {
        location = m_dir.filePath(QStringLiteral("lookups_%1.sqlite").arg(++m_databases));
        TestStore store(location);
        for (const char *id : {"op_1", "op_2", "op_3"}) {
            if (!store.addOperation(TestStore::operation(QString::fromLatin1(id))))
                return {};
        }
    } else {
        const QString name = QStringLiteral("lookups_%1").arg(++m_databases);
        if (!m_server->createDatabase(name) || !StoreFactory::create(m_server->location(name)))
            return {};
        const QString rows = QStringLiteral(
            "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, "
            "created_at, updated_at) VALUES ('op_1', 'o1', 3800, 'usd', 'k1', 'unknown', 3, 1, 1), "
            "('op_2', 'o2', 3800, 'usd', 'k2', 'unknown', 1, 1, 2), ('op_3', 'o3', 3800, 'usd', 'k3', 'unknown', 1, 1, 3);");
        if (!m_server->exec(name, rows)) {
            qWarning() << m_server->lastError();
            return {};
        }
        location = m_server->location(name);
    }
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    if (!store) {
        qWarning() << store.error().message;
        return {};
    }
    // Asked now, about windows that ended an hour ago: long enough after the last attempt.
    const qint64 windowTo = QDateTime::currentMSecsSinceEpoch() - 60 * Minute;
    const QString found = QStringLiteral(R"({"id":"re_1","status":"succeeded","amount":3800,"currency":"usd","operation_id":"op_1"})");
    for (const auto &[id, refunds] : {std::pair{"op_1", found}, std::pair{"op_2", QString()}, std::pair{"op_1", found}}) {
        auto added = (*store)->addProviderLookup(storedDraft(QString::fromLatin1(id), windowTo, refunds,
                                                             backend == QLatin1String("sqlite") ? QStringLiteral("alice") : QString()));
        if (!added) {
            qWarning() << added.error().message;
            return {};
        }
    }
    return location;
}

void tst_LookupVerdict::storeReadsLookupsWithTheVerdictsInputs_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

void tst_LookupVerdict::storeReadsLookupsWithTheVerdictsInputs()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    QVERIFY(store);

    // The queue's page: each operation's lookups beside its events, in lookup_id order.
    auto page = (*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100);
    QVERIFY2(page, qPrintable(page ? QString() : page.error().message));
    QCOMPARE(page->operations.size(), size_t(3));
    QCOMPARE(page->lookups.size(), size_t(3));
    std::map<QString, Verdict> verdicts;
    for (size_t i = 0; i < page->operations.size(); ++i) {
        const Operation &op = page->operations[i];
        for (const ProviderLookup &row : page->lookups[i])
            QCOMPARE(row.operationId, op.operationId);
        if (op.operationId == QLatin1String("op_1")) {
            QCOMPARE(page->lookups[i].size(), size_t(2));
            QVERIFY(page->lookups[i][0].lookupId < page->lookups[i][1].lookupId);
        }
        verdicts[op.operationId] = EvidenceAnalyzer::analyze(op, page->candidates[i], page->lookups[i]).verdict;
    }
    QCOMPARE(toString(verdicts[QStringLiteral("op_1")]), toString(Verdict::Refunded));
    QCOMPARE(toString(verdicts[QStringLiteral("op_2")]), toString(Verdict::NotFound));
    QCOMPARE(toString(verdicts[QStringLiteral("op_3")]), toString(Verdict::None));

    // The panel's reading, and the resolver's, agree with the queue.
    auto reading = (*store)->operationReading(QStringLiteral("op_2"));
    QVERIFY(reading);
    QCOMPARE(reading->lookups.size(), size_t(1));
    Resolver resolver(**store);
    auto evidence = resolver.evidenceFor(*reading->operation);
    QVERIFY(evidence);
    QCOMPARE(toString(evidence->verdict), toString(Verdict::NotFound));

    // Refunded on a not_found verdict is refused without an override; failed is recorded.
    const QString operatorName = backend == QLatin1String("sqlite") ? QStringLiteral("alice")
                                                                     : QString::fromLatin1(PgTestServer::SuperUser);
    ResolutionDraft refunded = draft(Outcome::Refunded, QStringLiteral("re_7"));
    refunded.operatorName = operatorName;
    refunded.operationId = QStringLiteral("op_2");
    refunded.evidence = evidence->suggestedEvidenceText();
    auto refused = resolver.resolve(refunded, SeenState{reading->operation->status, reading->operation->version});
    QVERIFY(!refused);
    QCOMPARE(refused.error().exitCode(), 5);
    ResolutionDraft failed = draft(Outcome::Failed);
    failed.operatorName = operatorName;
    failed.operationId = QStringLiteral("op_2");
    failed.evidence = evidence->suggestedEvidenceText();
    auto recorded = resolver.resolve(failed, SeenState{reading->operation->status, reading->operation->version});
    QVERIFY2(recorded, qPrintable(recorded ? QString() : recorded.error().message));
    QVERIFY(recorded->evidence.startsWith(QLatin1String("stripe_lookup:")));
    QVERIFY(!recorded->overridesEvidence);
}

void tst_LookupVerdict::queuePageWithLookupsIsOneRoundTrip()
{
    const QString location = makeStore(QStringLiteral("postgresql"));
    QVERIFY(!location.isEmpty());
    LatencyProxy proxy(m_server->socketPath());
    QVERIFY(proxy.start());
    auto store = openThroughProxy(proxy, QStringLiteral("lookups_%1").arg(m_databases));
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    // Warm: the statements prepared once.
    QVERIFY((*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100));
    proxy.resetCounts();
    auto page = (*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100);
    QVERIFY(page);
    QCOMPARE(page->lookups.size(), size_t(3));
    QCOMPARE(proxy.roundTrips(), qint64(1));
}

QTEST_GUILESS_MAIN(tst_LookupVerdict)
#include "tst_lookupverdict.moc"
