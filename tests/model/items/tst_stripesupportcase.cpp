// The case for Stripe's support and the Dashboard's pages: what the text holds for an
// operation with attempts, refunds and lookups (every refund of its payment's latest
// listing, in English and UTC whatever the console speaks), and which ids open which page.
#include "evidence/refundcomparison.h"
#include "i18n/translations.h"
#include "items/operationsnapshot.h"
#include "items/stripesupportcase.h"
#include "stripe/striperefundobject.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace RefundDesk;

namespace {

constexpr qint64 FirstAttempt = 1764806400000; // 2025-12-04T00:00:00Z
constexpr qint64 Minute = 60'000;

StripeRefundObject refund(const QString &id, qint64 amount, const QString &currency, qint64 createdMs,
                          const QString &operationId = QString())
{
    StripeRefundObject refund;
    refund.isRefund = true;
    refund.id = id;
    refund.status = QStringLiteral("succeeded");
    refund.amount = amount;
    refund.currency = currency;
    refund.created = createdMs / 1000;
    refund.operationId = operationId;
    return refund;
}

// The refunds of a payment as a lookup keeps them once the store sorted them: the
// operation's own, those of the store's other operations and those none of them made.
struct PaymentListing
{
    QString paymentFrom = QStringLiteral("row");
    QString paymentFromOperation;
    std::vector<StripeRefundObject> own;
    std::vector<StripeRefundObject> otherOperations;
    std::vector<StripeRefundObject> otherRefunds;

    QString result() const
    {
        QJsonObject result;
        result.insert(QLatin1String("complete"), true);
        result.insert(QLatin1String("method"), QStringLiteral("payment"));
        result.insert(QLatin1String("route"), QStringLiteral("payment_intent"));
        result.insert(QLatin1String("payment_id"), QStringLiteral("pi_1"));
        result.insert(QLatin1String("payment_from"), paymentFrom);
        if (!paymentFromOperation.isEmpty())
            result.insert(QLatin1String("payment_from_operation"), paymentFromOperation);
        result.insert(QLatin1String("quiet_since"), FirstAttempt + 30'000);
        result.insert(QLatin1String("refunds"), StripeRefundObject::resultEntries(own));
        result.insert(QLatin1String("other_operations"), StripeRefundObject::resultEntries(otherOperations));
        result.insert(QLatin1String("other_refunds"), StripeRefundObject::resultEntries(otherRefunds));
        return QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
    }
};

// The lines on the payment: which it is, every refund of its latest listing, and what
// each lookup found.
QStringList paymentLines(const QString &text)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    QStringList picked;
    bool inBlock = false;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("Amount: ")) || line.startsWith(QLatin1String("Payment: ")))
            picked << line;
        else if (line.startsWith(QLatin1String("Refunds of payment ")) || line.startsWith(QLatin1String("Asked of Stripe")))
            inBlock = true;
        if (line.isEmpty())
            inBlock = false;
        if (inBlock)
            picked << line;
    }
    return picked;
}

} // namespace

Q_DECLARE_METATYPE(std::optional<PaymentListing>)

class tst_StripeSupportCase : public QObject
{
    Q_OBJECT

private:
    // op_5521 refunding 38.00 USD of payment pi_1 in one attempt, asked about by the
    // payment an hour after it started, when `listing` is given.
    static OperationSnapshot paymentSnapshot(const std::optional<PaymentListing> &listing)
    {
        OperationSnapshot snapshot;
        snapshot.operation.operationId = QStringLiteral("op_5521");
        snapshot.operation.orderId = QStringLiteral("ord_88");
        snapshot.operation.amountCents = 3800;
        snapshot.operation.currency = QStringLiteral("usd");
        snapshot.operation.paymentId = QStringLiteral("pi_1");
        Attempt first;
        first.attemptNo = 1;
        first.startedAt = FirstAttempt;
        first.finishedAt = FirstAttempt + 30'000;
        first.outcome = AttemptOutcome::Timeout;
        snapshot.attempts.push_back(first);
        if (listing) {
            ProviderLookup lookup;
            lookup.lookupId = 7;
            lookup.operationId = snapshot.operation.operationId;
            lookup.askedAt = FirstAttempt + 60 * Minute;
            lookup.result = listing->result();
            snapshot.lookups.push_back(lookup);
        }
        return snapshot;
    }

    static OperationSnapshot snapshot(bool live)
    {
        OperationSnapshot snapshot;
        snapshot.operation.operationId = QStringLiteral("op_5521");
        snapshot.operation.orderId = QStringLiteral("ord_88");
        snapshot.operation.amountCents = 3800;
        snapshot.operation.currency = QStringLiteral("usd");
        snapshot.operation.idempotencyKey = QStringLiteral("key-op_5521");
        Attempt first;
        first.attemptNo = 1;
        first.startedAt = 1764806400000; // 2025-12-04T00:00:00Z
        first.finishedAt = first.startedAt + 30'000;
        first.outcome = AttemptOutcome::Timeout;
        first.requestId = QStringLiteral("req_first");
        first.httpStatus = 504;
        snapshot.attempts.push_back(first);
        EvidenceEvent event;
        event.row.eventId = QStringLiteral("evt_1");
        event.row.payload = live ? QByteArray(R"({"id":"evt_1","livemode":true})") : QByteArray(R"({"id":"evt_1","livemode":false})");
        snapshot.evidence.events.push_back(event);
        RefundState state;
        state.refund.id = QStringLiteral("re_42");
        state.refund.status = RefundStatus::Pending;
        state.eventId = QStringLiteral("evt_1");
        snapshot.evidence.refunds.push_back(state);
        ProviderLookup lookup;
        lookup.askedAt = first.startedAt + 3'600'000;
        lookup.result = QStringLiteral(R"({"complete":true,"refunds":[{"id":"re_42","status":"succeeded","amount":3800,"currency":"usd"}]})");
        snapshot.lookups.push_back(lookup);
        return snapshot;
    }

private slots:
    void theCaseHoldsWhatSupportSearchesBy()
    {
        const QString text = StripeSupportCase::text(snapshot(false));
        QVERIFY2(text.contains(QLatin1String("operation op_5521")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("Order: ord_88")));
        QVERIFY(text.contains(QLatin1String("Amount: 38.00 USD")));
        QVERIFY(text.contains(QLatin1String("Idempotency-Key: key-op_5521")));
        QVERIFY(text.contains(QLatin1String("Mode: test")));
        QVERIFY2(text.contains(QLatin1String("#1 started 2025-12-04T00:00:00.000Z, ended 2025-12-04T00:00:30.000Z, "
                                             "Request-Id req_first, outcome timeout (HTTP 504)")),
                 qPrintable(text));
        QVERIFY(text.contains(QLatin1String("Refund ids seen: re_42")));
        QVERIFY(text.contains(QLatin1String("re_42 pending per event evt_1")));
        QVERIFY2(text.contains(QLatin1String("2025-12-04T01:00:00.000Z: re_42 succeeded 38.00 USD")), qPrintable(text));
    }

    void theCaseNamesEveryRefundOfThePayment_data()
    {
        QTest::addColumn<QString>("currency");
        QTest::addColumn<std::optional<PaymentListing>>("listing");
        QTest::addColumn<QStringList>("lines");

        const QString dashboard = QStringLiteral("another path, no operation id (the Dashboard or another tool?)");
        PaymentListing ownAndOther;
        ownAndOther.own = {refund(QStringLiteral("re_own"), 3800, QStringLiteral("usd"), FirstAttempt + 12'000,
                                  QStringLiteral("op_5521"))};
        ownAndOther.otherRefunds = {refund(QStringLiteral("re_dash"), 150000, QStringLiteral("usd"), FirstAttempt + 40 * Minute)};
        QTest::newRow("own refund and another path's")
            << QStringLiteral("usd") << std::optional<PaymentListing>(ownAndOther)
            << QStringList{
                   QStringLiteral("Amount: 38.00 USD"),
                   QStringLiteral("Payment: pi_1 (read from the row's payment_id)"),
                   QStringLiteral("Refunds of payment pi_1 as Stripe listed them at 2025-12-04T01:00:00.000Z "
                                  "(complete listing; times UTC):"),
                   QStringLiteral("  re_own: 38.00 USD, succeeded, created 2025-12-04T00:00:12.000Z; made by attempt 1; "
                                  "metadata.operation_id op_5521"),
                   QStringLiteral("  re_dash: 1,500.00 USD, succeeded, created 2025-12-04T00:40:00.000Z; made by %1; "
                                  "no metadata.operation_id").arg(dashboard),
                   QStringLiteral("Asked of Stripe's API (times UTC):"),
                   QStringLiteral("  2025-12-04T01:00:00.000Z: refunds of payment pi_1: re_own, re_dash (complete listing)"),
               };

        PaymentListing twoOthers;
        twoOthers.paymentFrom = QStringLiteral("order_row");
        twoOthers.paymentFromOperation = QStringLiteral("op_5520");
        // Listed newest first, as Stripe lists them; the case names them by id.
        twoOthers.otherRefunds = {refund(QStringLiteral("re_gone"), 3800, QStringLiteral("usd"), FirstAttempt + 20'000,
                                         QStringLiteral("op_elsewhere")),
                                  refund(QStringLiteral("re_dash"), 3800, QStringLiteral("usd"), FirstAttempt + 2 * 60 * Minute)};
        QTest::newRow("two others")
            << QStringLiteral("usd") << std::optional<PaymentListing>(twoOthers)
            << QStringList{
                   QStringLiteral("Amount: 38.00 USD"),
                   QStringLiteral("Payment: pi_1 (read from operation op_5520 of the same order)"),
                   QStringLiteral("Refunds of payment pi_1 as Stripe listed them at 2025-12-04T01:00:00.000Z "
                                  "(complete listing; times UTC):"),
                   QStringLiteral("  re_dash: 38.00 USD, succeeded, created 2025-12-04T02:00:00.000Z; made by %1; "
                                  "no metadata.operation_id").arg(dashboard),
                   QStringLiteral("  re_gone: 38.00 USD, succeeded, created 2025-12-04T00:00:20.000Z; made by another path: "
                                  "operation op_elsewhere, which this store does not hold; "
                                  "metadata.operation_id op_elsewhere"),
                   QStringLiteral("Asked of Stripe's API (times UTC):"),
                   QStringLiteral("  2025-12-04T01:00:00.000Z: refunds of payment pi_1: re_gone, re_dash (complete listing)"),
               };

        PaymentListing ofAnotherOperation;
        ofAnotherOperation.otherOperations = {refund(QStringLiteral("re_5520"), 1200, QStringLiteral("usd"),
                                                     FirstAttempt - 60 * Minute, QStringLiteral("op_5520"))};
        QTest::newRow("another operation's of this store")
            << QStringLiteral("usd") << std::optional<PaymentListing>(ofAnotherOperation)
            << QStringList{
                   QStringLiteral("Amount: 38.00 USD"),
                   QStringLiteral("Payment: pi_1 (read from the row's payment_id)"),
                   QStringLiteral("Refunds of payment pi_1 as Stripe listed them at 2025-12-04T01:00:00.000Z "
                                  "(complete listing; times UTC):"),
                   QStringLiteral("  re_5520: 12.00 USD, succeeded, created 2025-12-03T23:00:00.000Z; made by operation "
                                  "op_5520 of this store; metadata.operation_id op_5520"),
                   QStringLiteral("Asked of Stripe's API (times UTC):"),
                   QStringLiteral("  2025-12-04T01:00:00.000Z: refunds of payment pi_1: re_5520 (complete listing)"),
               };

        QTest::newRow("none")
            << QStringLiteral("usd") << std::optional<PaymentListing>(PaymentListing())
            << QStringList{
                   QStringLiteral("Amount: 38.00 USD"),
                   QStringLiteral("Payment: pi_1 (read from the row's payment_id)"),
                   QStringLiteral("Refunds of payment pi_1 as Stripe listed them at 2025-12-04T01:00:00.000Z "
                                  "(complete listing; times UTC):"),
                   QStringLiteral("  none"),
                   QStringLiteral("Asked of Stripe's API (times UTC):"),
                   QStringLiteral("  2025-12-04T01:00:00.000Z: no refund of payment pi_1 (complete listing)"),
               };

        QTest::newRow("not listed yet")
            << QStringLiteral("usd") << std::optional<PaymentListing>()
            << QStringList{
                   QStringLiteral("Amount: 38.00 USD"),
                   QStringLiteral("Payment: pi_1 (read from the row's payment_id)"),
                   QStringLiteral("Refunds of payment pi_1: not listed yet"),
                   QStringLiteral("Asked of Stripe's API (times UTC):"),
                   QStringLiteral("  not yet"),
               };

        // Yen have no minor unit: 3800 is 3,800 JPY, not 38.00.
        PaymentListing yen;
        yen.own = {refund(QStringLiteral("re_yen"), 3800, QStringLiteral("jpy"), FirstAttempt + 90'000,
                          QStringLiteral("op_5521"))};
        yen.otherRefunds = {refund(QStringLiteral("re_yen_dash"), 500, QStringLiteral("jpy"), FirstAttempt + 50 * Minute)};
        QTest::newRow("a zero-decimal currency")
            << QStringLiteral("jpy") << std::optional<PaymentListing>(yen)
            << QStringList{
                   QStringLiteral("Amount: 3,800 JPY"),
                   QStringLiteral("Payment: pi_1 (read from the row's payment_id)"),
                   QStringLiteral("Refunds of payment pi_1 as Stripe listed them at 2025-12-04T01:00:00.000Z "
                                  "(complete listing; times UTC):"),
                   QStringLiteral("  re_yen: 3,800 JPY, succeeded, created 2025-12-04T00:01:30.000Z; made by attempt 1; "
                                  "metadata.operation_id op_5521"),
                   QStringLiteral("  re_yen_dash: 500 JPY, succeeded, created 2025-12-04T00:50:00.000Z; made by %1; "
                                  "no metadata.operation_id").arg(dashboard),
                   QStringLiteral("Asked of Stripe's API (times UTC):"),
                   QStringLiteral("  2025-12-04T01:00:00.000Z: refunds of payment pi_1: re_yen, re_yen_dash (complete listing)"),
               };
    }

    void theCaseNamesEveryRefundOfThePayment()
    {
        QFETCH(QString, currency);
        QFETCH(std::optional<PaymentListing>, listing);
        QFETCH(QStringList, lines);
        OperationSnapshot snapshot = paymentSnapshot(listing);
        snapshot.operation.currency = currency;
        const QString text = StripeSupportCase::text(snapshot);
        QCOMPARE(paymentLines(text), lines);
    }

    // The console may speak Russian; Stripe's support reads the case in English, with the
    // words the console's English gives for what made each refund.
    void theCaseStaysInEnglishInAnotherLanguage()
    {
        PaymentListing listing;
        listing.otherRefunds = {refund(QStringLiteral("re_dash"), 3800, QStringLiteral("usd"), FirstAttempt + 40 * Minute)};
        const OperationSnapshot snapshot = paymentSnapshot(listing);
        const QString english = StripeSupportCase::text(snapshot);

        Translations::install(QStringLiteral("ru"));
        const std::vector<ComparedRefund> compared = RefundComparison::ofPaymentListing(snapshot.lookups.front(), snapshot.attempts);
        const QString translated = compared.empty() ? QString() : compared.front().madeBy();
        const QString inRussian = StripeSupportCase::text(snapshot);
        Translations::install(QStringLiteral("en"));

        QCOMPARE(compared.size(), size_t(1));
        QCOMPARE(compared.front().madeBy(Wording::SourceText),
                 QStringLiteral("another path, no operation id (the Dashboard or another tool?)"));
        QVERIFY2(translated != compared.front().madeBy(Wording::SourceText), qPrintable(translated)); // Russian was in force
        QCOMPARE(inRussian, english);
        QVERIFY2(english.contains(QLatin1String("made by another path, no operation id (the Dashboard or another tool?)")),
                 qPrintable(english));
        QVERIFY2(english.contains(QLatin1String("(read from the row's payment_id)")), qPrintable(english));
    }

    void aCaseWithNothingYetSaysSo()
    {
        OperationSnapshot bare;
        bare.operation.operationId = QStringLiteral("op_1");
        const QString text = StripeSupportCase::text(bare);
        QVERIFY(text.contains(QLatin1String("none recorded")));
        QVERIFY(text.contains(QLatin1String("Refund ids seen: none")));
        QVERIFY(text.contains(QLatin1String("not yet")));
        QVERIFY(!text.contains(QLatin1String("Mode:")));
        QVERIFY(text.contains(QLatin1String("Payment: none known")));
        QVERIFY(!text.contains(QLatin1String("Refunds of payment")));
    }

    void dashboardPages_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("live");
        QTest::addColumn<QString>("url");
        QTest::newRow("request, test") << "req_abc" << false << "https://dashboard.stripe.com/test/logs/req_abc";
        QTest::newRow("refund, live") << "re_42" << true << "https://dashboard.stripe.com/refunds/re_42";
        QTest::newRow("event, test") << "evt_1" << false << "https://dashboard.stripe.com/test/events/evt_1";
        QTest::newRow("operation") << "op_5521" << false << "";
        QTest::newRow("path in an id") << "re_1/../../x" << true << "";
    }

    void dashboardPages()
    {
        QFETCH(QString, id);
        QFETCH(bool, live);
        QFETCH(QString, url);
        QCOMPARE(StripeDashboardLink::forId(id, live).toString(), url);
    }

    void theModeIsTheEvents()
    {
        QCOMPARE(StripeDashboardLink::livemode(snapshot(true)), std::optional<bool>(true));
        QCOMPARE(StripeDashboardLink::livemode(snapshot(false)), std::optional<bool>(false));
        QCOMPARE(StripeDashboardLink::livemode(OperationSnapshot()), std::optional<bool>());
    }

    void idsAreFoundInText()
    {
        QCOMPARE(StripeDashboardLink::idsIn(QStringLiteral("refund re_42 (event evt_1, request req_9); again re_42; op_1 pre_x")),
                 (QStringList{QStringLiteral("re_42"), QStringLiteral("evt_1"), QStringLiteral("req_9")}));
    }
};

QTEST_GUILESS_MAIN(tst_StripeSupportCase)
#include "tst_stripesupportcase.moc"
