// Amounts in minor units formatted per ISO 4217, and the reply the customer is told.

#include "domain/money.h"
#include "evidence/customerreply.h"

#include <QtTest>

#include <limits>

using namespace RefundDesk;

Q_DECLARE_METATYPE(RefundDesk::Operation)

namespace {

Operation operation(OperationStatus status, qint64 amount = 3800, const QString &currency = QStringLiteral("usd"),
                    const QString &refundId = {})
{
    Operation o;
    o.operationId = QStringLiteral("op_5521");
    o.orderId = QStringLiteral("4417");
    o.amountCents = amount;
    o.currency = currency;
    o.status = status;
    o.refundId = refundId;
    return o;
}

} // namespace

class tst_Money : public QObject
{
    Q_OBJECT

private slots:
    void minorUnits_data();
    void minorUnits();
    void format_data();
    void format();
    void replyForOperation_data();
    void replyForOperation();
    void replyForOutcome_data();
    void replyForOutcome();
    void replySaysNothingMore();
};

void tst_Money::minorUnits_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<int>("units");

    QTest::newRow("usd") << "usd" << 2;
    QTest::newRow("USD upper") << "USD" << 2;
    QTest::newRow("eur") << "eur" << 2;
    QTest::newRow("jpy") << "jpy" << 0;
    QTest::newRow("krw") << "krw" << 0;
    QTest::newRow("vnd") << "vnd" << 0;
    QTest::newRow("clp") << "clp" << 0;
    QTest::newRow("bhd") << "bhd" << 3;
    QTest::newRow("kwd") << "kwd" << 3;
    QTest::newRow("jod") << "jod" << 3;
    QTest::newRow("tnd") << "tnd" << 3;
    QTest::newRow("clf") << "clf" << 4;
    QTest::newRow("unknown code") << "xyz" << 2;
    QTest::newRow("empty") << "" << 2;
    QTest::newRow("padded") << " jpy " << 0;
}

void tst_Money::minorUnits()
{
    QFETCH(QString, currency);
    QFETCH(int, units);
    QCOMPARE(Money::minorUnits(currency), units);
}

void tst_Money::format_data()
{
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("text");

    QTest::newRow("the reference case") << qint64(3800) << "usd" << "38.00 USD";
    QTest::newRow("cents only") << qint64(5) << "usd" << "0.05 USD";
    QTest::newRow("zero") << qint64(0) << "usd" << "0.00 USD";
    QTest::newRow("thousands") << qint64(123456789) << "eur" << "1,234,567.89 EUR";
    QTest::newRow("yen has no decimals") << qint64(3800) << "jpy" << "3,800 JPY";
    QTest::newRow("won") << qint64(1000000) << "krw" << "1,000,000 KRW";
    QTest::newRow("dinar has three") << qint64(1250) << "kwd" << "1.250 KWD";
    QTest::newRow("small dinar") << qint64(7) << "bhd" << "0.007 BHD";
    QTest::newRow("four decimals") << qint64(12345) << "clf" << "1.2345 CLF";
    QTest::newRow("negative") << qint64(-500) << "usd" << "-5.00 USD";
    QTest::newRow("negative yen") << qint64(-1234) << "jpy" << "-1,234 JPY";
    QTest::newRow("largest") << std::numeric_limits<qint64>::max() << "usd" << "92,233,720,368,547,758.07 USD";
    QTest::newRow("smallest") << std::numeric_limits<qint64>::min() << "usd" << "-92,233,720,368,547,758.08 USD";
    QTest::newRow("no currency") << qint64(3800) << "" << "38.00";
}

void tst_Money::format()
{
    QFETCH(qint64, amount);
    QFETCH(QString, currency);
    QFETCH(QString, text);
    QCOMPARE(Money::format(amount, currency), text);
}

void tst_Money::replyForOperation_data()
{
    QTest::addColumn<Operation>("operation");
    QTest::addColumn<QString>("reply");

    const QString unknown = QStringLiteral("We can't confirm your refund yet. A colleague is checking it and will reply in this chat.");
    QTest::newRow("unknown") << operation(OperationStatus::Unknown) << unknown;
    QTest::newRow("checking") << operation(OperationStatus::Checking) << unknown;
    QTest::newRow("open") << operation(OperationStatus::Open) << unknown;
    QTest::newRow("refunded")
        << operation(OperationStatus::Refunded, 3800, QStringLiteral("usd"), QStringLiteral("re_3Nx"))
        << "Your refund of 38.00 USD has been issued. The refund reference is re_3Nx.";
    QTest::newRow("refunded in yen") << operation(OperationStatus::Refunded, 3800, QStringLiteral("jpy"), QStringLiteral("re_1"))
                                     << "Your refund of 3,800 JPY has been issued. The refund reference is re_1.";
    QTest::newRow("refunded, id not recorded") << operation(OperationStatus::Refunded) << "Your refund of 38.00 USD has been issued.";
    QTest::newRow("failed") << operation(OperationStatus::Failed)
                            << "Your refund of 38.00 USD did not go through, and no money was moved.";
    QTest::newRow("failed in dinar") << operation(OperationStatus::Failed, 1250, QStringLiteral("kwd"))
                                     << "Your refund of 1.250 KWD did not go through, and no money was moved.";
}

void tst_Money::replyForOperation()
{
    QFETCH(Operation, operation);
    QFETCH(QString, reply);
    QCOMPARE(CustomerReply::forOperation(operation), reply);
}

void tst_Money::replyForOutcome_data()
{
    QTest::addColumn<int>("outcome");
    QTest::addColumn<QString>("refundId");
    QTest::addColumn<QString>("reply");

    QTest::newRow("refunded") << int(Outcome::Refunded) << "re_9" << "Your refund of 38.00 USD has been issued. The refund reference is re_9.";
    QTest::newRow("refunded, id padded") << int(Outcome::Refunded) << " re_9 " << "Your refund of 38.00 USD has been issued. The refund reference is re_9.";
    QTest::newRow("failed") << int(Outcome::Failed) << "" << "Your refund of 38.00 USD did not go through, and no money was moved.";
}

void tst_Money::replyForOutcome()
{
    QFETCH(int, outcome);
    QFETCH(QString, refundId);
    QFETCH(QString, reply);
    QCOMPARE(CustomerReply::forOutcome(operation(OperationStatus::Checking), Outcome(outcome), refundId), reply);
}

void tst_Money::replySaysNothingMore()
{
    // What is not known is not said: no dates, no promises of arrival, no blame.
    const QStringList replies = {CustomerReply::whileUnknown(), CustomerReply::refunded(QStringLiteral("re_1"), 3800, QStringLiteral("usd")),
                                 CustomerReply::failed(3800, QStringLiteral("usd"))};
    for (const QString &reply : replies) {
        for (const char *word : {"day", "succeeded", "bank", "sorry", "error", "guarantee"})
            QVERIFY2(!reply.contains(QLatin1String(word), Qt::CaseInsensitive), qPrintable(reply));
    }
    QVERIFY(!CustomerReply::whileUnknown().contains(QLatin1String("refunded")));
}

QTEST_GUILESS_MAIN(tst_Money)
#include "tst_money.moc"
