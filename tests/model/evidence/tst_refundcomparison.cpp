// The refunds Stripe stated about an operation, side by side: the operation's own first,
// then its payment's others; what made each (the attempt whose time it falls in, or
// another path), its metadata, its amount as money and what states it; and what they mean
// together. One refund of the operation alone is nothing to compare. The table the console
// shows them in, through RefundComparisonModel.

#include "teststore.h"

#include "domain/money.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/refundcomparison.h"
#include "items/refundcomparisonmodel.h"
#include "items/timetext.h"

#include <QAbstractItemModelTester>

#include <QCryptographicHash>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Minute = 60'000;
constexpr qint64 FirstAttempt = 1'700'000'000'000;
constexpr qint64 SecondAttempt = FirstAttempt + 20 * Minute;

Operation operation()
{
    Operation o = TestStore::operation(QStringLiteral("op_1"));
    o.amountCents = 3800;
    o.currency = QStringLiteral("usd");
    return o;
}

// Two attempts 20 minutes apart, each waiting 30 s.
std::vector<Attempt> attempts()
{
    std::vector<Attempt> attempts;
    for (const qint64 started : {FirstAttempt, SecondAttempt}) {
        Attempt attempt;
        attempt.operationId = QStringLiteral("op_1");
        attempt.attemptNo = int(attempts.size()) + 1;
        attempt.startedAt = started;
        attempt.finishedAt = started + 30'000;
        attempt.outcome = AttemptOutcome::Timeout;
        attempts.push_back(attempt);
    }
    return attempts;
}

WebhookEvent refundEvent(const QString &eventId, const QString &refundId, qint64 createdMs)
{
    WebhookEvent event;
    event.eventId = eventId;
    event.type = QStringLiteral("refund.updated");
    event.created = createdMs / 1000;
    event.receivedAt = createdMs + 250;
    event.operationId = QStringLiteral("op_1");
    event.refundId = refundId;
    event.payload = TestStore::refundEventPayload(eventId, event.type, refundId, QStringLiteral("succeeded"), 3800,
                                                  QStringLiteral("usd"), QStringLiteral("op_1"),
                                                  QStringLiteral("key-op_1"), *event.created);
    return event;
}

QString listedRefund(const QString &id, const QString &operationId, qint64 amount, qint64 createdMs)
{
    const QString metadata = operationId.isEmpty() ? QString() : QStringLiteral(R"(,"operation_id":"%1")").arg(operationId);
    return QStringLiteral(R"({"id":"%1","status":"succeeded","amount":%2,"currency":"usd","created":%3%4})")
        .arg(id)
        .arg(amount)
        .arg(createdMs / 1000)
        .arg(metadata);
}

// Lookup 7: the refunds of payment pi_1, an hour after the last attempt.
ProviderLookup paymentLookup(const QStringList &own, const QStringList &others)
{
    ProviderLookup row;
    row.lookupId = 7;
    row.operationId = QStringLiteral("op_1");
    row.provider = QStringLiteral("stripe");
    row.askedAt = SecondAttempt + 60 * Minute;
    row.operatorName = QStringLiteral("alice");
    row.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds","status":200,"body":"{}"}])");
    row.result = QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                R"("quiet_since":%1,"refunds":[%2],"other_operations":[],"other_refunds":[%3]})")
                     .arg(SecondAttempt + 30'000)
                     .arg(own.join(u','), others.join(u','));
    row.responseSha256 = QString::fromLatin1(QCryptographicHash::hash("{}", QCryptographicHash::Sha256).toHex());
    return row;
}

QString joined(const std::vector<ComparedRefund> &refunds, const std::function<QString(const ComparedRefund &)> &field)
{
    QStringList texts;
    for (const ComparedRefund &refund : refunds)
        texts << field(refund);
    return texts.join(QStringLiteral(" | "));
}

} // namespace

Q_DECLARE_METATYPE(std::vector<RefundDesk::WebhookEvent>)
Q_DECLARE_METATYPE(std::vector<RefundDesk::ProviderLookup>)

class tst_RefundComparison : public QObject
{
    Q_OBJECT

private slots:
    void theRefundsSideBySide_data();
    void theRefundsSideBySide();
    void theTableShowsEachRefund();
};

void tst_RefundComparison::theRefundsSideBySide_data()
{
    QTest::addColumn<std::vector<WebhookEvent>>("events");
    QTest::addColumn<std::vector<ProviderLookup>>("lookups");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("ids");
    QTest::addColumn<QString>("madeBy");
    QTest::addColumn<QString>("metadata");
    QTest::addColumn<QString>("amounts");
    QTest::addColumn<QString>("sources");
    QTest::addColumn<QString>("meaning"); // how it starts; empty: nothing to compare

    const WebhookEvent ownEvent = refundEvent(QStringLiteral("evt_own"), QStringLiteral("re_own"), SecondAttempt + 10'000);
    QTest::newRow("own refund beside another of the payment")
        << std::vector<WebhookEvent>{ownEvent}
        << std::vector<ProviderLookup>{paymentLookup(
               {listedRefund(QStringLiteral("re_own"), QStringLiteral("op_1"), 3800, SecondAttempt + 10'000)},
               {listedRefund(QStringLiteral("re_dash"), QString(), 150000, SecondAttempt + 40 * Minute)})}
        << QStringLiteral("conflict") << QStringLiteral("re_own | re_dash")
        << QStringLiteral("attempt 2 | another path, no operation id (the Dashboard or another tool?)")
        << QStringLiteral("operation_id op_1 | none") << QStringLiteral("38.00 USD | 1,500.00 USD")
        << QStringLiteral("Stripe lookup 7 | Stripe lookup 7")
        << QStringLiteral("The operation's own refund and 1 refund(s) made by another path");

    QTest::newRow("two own refunds")
        << std::vector<WebhookEvent>{refundEvent(QStringLiteral("evt_a"), QStringLiteral("re_a"), FirstAttempt - Minute),
                                     refundEvent(QStringLiteral("evt_b"), QStringLiteral("re_b"), SecondAttempt + 2 * 60 * Minute)}
        << std::vector<ProviderLookup>{} << QStringLiteral("conflict") << QStringLiteral("re_a | re_b")
        << QStringLiteral("attempt 1 | this operation, outside its attempts' times")
        << QStringLiteral("operation_id op_1 | operation_id op_1") << QStringLiteral("38.00 USD | 38.00 USD")
        << QStringLiteral("event evt_a | event evt_b")
        << QStringLiteral("2 refunds are tied to this operation");

    QTest::newRow("one own refund only")
        << std::vector<WebhookEvent>{ownEvent} << std::vector<ProviderLookup>{} << QStringLiteral("refunded") << QString()
        << QString() << QString() << QString() << QString() << QString();

    QTest::newRow("another path's refund only")
        << std::vector<WebhookEvent>{}
        << std::vector<ProviderLookup>{paymentLookup(
               {}, {listedRefund(QStringLiteral("re_else"), QStringLiteral("op_gone"), 3800, FirstAttempt + 10'000)})}
        << QStringLiteral("other_refund") << QStringLiteral("re_else")
        << QStringLiteral("another path: operation op_gone, which this store does not hold")
        << QStringLiteral("operation_id op_gone") << QStringLiteral("38.00 USD") << QStringLiteral("Stripe lookup 7")
        << QStringLiteral("No refund is tied to this operation, but Stripe lists 1 refund(s)");

    QTest::newRow("no refund") << std::vector<WebhookEvent>{} << std::vector<ProviderLookup>{} << QStringLiteral("none")
                               << QString() << QString() << QString() << QString() << QString() << QString();
}

void tst_RefundComparison::theRefundsSideBySide()
{
    QFETCH(std::vector<WebhookEvent>, events);
    QFETCH(std::vector<ProviderLookup>, lookups);
    QFETCH(QString, verdict);
    QFETCH(QString, ids);
    QFETCH(QString, madeBy);
    QFETCH(QString, metadata);
    QFETCH(QString, amounts);
    QFETCH(QString, sources);
    QFETCH(QString, meaning);

    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), events, lookups);
    QCOMPARE(toString(evidence.verdict), verdict);
    const std::vector<ComparedRefund> refunds = RefundComparison::of(evidence, attempts());
    QCOMPARE(joined(refunds, [](const ComparedRefund &r) { return r.refund.id; }), ids);
    QCOMPARE(joined(refunds, [](const ComparedRefund &r) { return r.madeBy(); }), madeBy);
    QCOMPARE(joined(refunds, [](const ComparedRefund &r) { return r.metadata(); }), metadata);
    QCOMPARE(joined(refunds, [](const ComparedRefund &r) { return r.amount(QLocale::c()); }), amounts);
    QCOMPARE(joined(refunds, [](const ComparedRefund &r) { return r.source; }), sources);
    const QString said = RefundComparison::meaning(evidence);
    if (meaning.isEmpty())
        QVERIFY2(said.isEmpty(), qPrintable(said));
    else
        QVERIFY2(said.startsWith(meaning), qPrintable(said));
}

void tst_RefundComparison::theTableShowsEachRefund()
{
    const Evidence evidence = EvidenceAnalyzer::analyze(
        operation(), {refundEvent(QStringLiteral("evt_own"), QStringLiteral("re_own"), FirstAttempt + 5'000)},
        {paymentLookup({}, {listedRefund(QStringLiteral("re_dash"), QString(), 150000, SecondAttempt + 40 * Minute)})});
    RefundComparisonModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setRefunds(RefundComparison::of(evidence, attempts()));
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(RefundComparisonModel::ColumnCount));
    const auto cell = [&model](int row, int column, int role = Qt::DisplayRole) {
        return model.index(row, column).data(role);
    };
    QCOMPARE(cell(0, RefundComparisonModel::RefundColumn).toString(), QStringLiteral("re_own"));
    QVERIFY(cell(0, 0, RefundComparisonModel::OwnRole).toBool());
    QCOMPARE(cell(0, RefundComparisonModel::StatusColumn).toString(), QStringLiteral("succeeded"));
    QCOMPARE(cell(0, RefundComparisonModel::MadeByColumn).toString(), QStringLiteral("attempt 1"));
    QCOMPARE(cell(1, 0, RefundComparisonModel::RefundIdRole).toString(), QStringLiteral("re_dash"));
    QVERIFY(!cell(1, 0, RefundComparisonModel::OwnRole).toBool());
    QCOMPARE(cell(1, RefundComparisonModel::AmountColumn).toString(), Money::display(150000, QStringLiteral("usd")));
    QCOMPARE(cell(1, RefundComparisonModel::AmountColumn, Qt::TextAlignmentRole).value<Qt::Alignment>(),
             Qt::AlignRight | Qt::AlignVCenter);
    QCOMPARE(cell(1, RefundComparisonModel::CreatedColumn).toString(),
             TimeText::fullMoment(SecondAttempt + 40 * Minute));
    QCOMPARE(cell(1, RefundComparisonModel::MetadataColumn).toString(), QStringLiteral("none"));
    // The id, elided by a narrow view, is whole in its tip, with what states it.
    QCOMPARE(cell(1, RefundComparisonModel::RefundColumn, Qt::ToolTipRole).toString(),
             QStringLiteral("re_dash (per Stripe lookup 7)"));
    QCOMPARE(model.rowOf(QStringLiteral("re_dash")), 1);
    QCOMPARE(model.rowOf(QStringLiteral("re_nothing")), -1);
}

QTEST_GUILESS_MAIN(tst_RefundComparison)
#include "tst_refundcomparison.moc"
