// Amounts in Stripe's minor units formatted with the decimals Stripe gives each currency
// (ISO 4217 for codes Stripe does not take), in the machine format and in each language's,
// and the reply the customer is told.

#include "domain/money.h"
#include "evidence/customerreply.h"

#include <QtTest>

#include <limits>

using namespace RefundDesk;

Q_DECLARE_METATYPE(RefundDesk::Operation)

namespace {

// The locales the console speaks: English (American when the system's is not English),
// Russian and Simplified Chinese.
const QLocale English(QLocale::English, QLocale::UnitedStates);
const QLocale Russian(QLocale::Russian, QLocale::Russia);
const QLocale Chinese(QLocale::Chinese, QLocale::China);

} // namespace

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
    void display_data();
    void display();
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
    // Stripe's zero-decimal currencies: the amount is whole units.
    QTest::newRow("jpy") << "jpy" << 0;
    QTest::newRow("JPY upper") << "JPY" << 0;
    QTest::newRow("krw") << "krw" << 0;
    QTest::newRow("vnd") << "vnd" << 0;
    QTest::newRow("clp") << "clp" << 0;
    QTest::newRow("xof") << "xof" << 0;
    QTest::newRow("mga: Stripe's zero-decimal, ISO's two") << "mga" << 0;
    QTest::newRow("ugx") << "ugx" << 0;
    // Stripe's three-decimal currencies.
    QTest::newRow("bhd") << "bhd" << 3;
    QTest::newRow("kwd") << "kwd" << 3;
    QTest::newRow("jod") << "jod" << 3;
    QTest::newRow("omr") << "omr" << 3;
    QTest::newRow("tnd") << "tnd" << 3;
    // Stripe's special cases: two decimals in the API whatever ISO or the payouts say.
    QTest::newRow("isk: Stripe's two-decimal, ISO's zero") << "isk" << 2;
    QTest::newRow("huf") << "huf" << 2;
    QTest::newRow("twd") << "twd" << 2;
    // Codes Stripe does not take keep ISO 4217.
    QTest::newRow("iqd") << "iqd" << 3;
    QTest::newRow("clf") << "clf" << 4;
    QTest::newRow("uyi") << "uyi" << 0;
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
    QTest::newRow("ariary is never divided") << qint64(18700) << "mga" << "18,700 MGA";
    QTest::newRow("shilling is never divided") << qint64(50000) << "ugx" << "50,000 UGX";
    QTest::newRow("krona has two decimals at Stripe") << qint64(150000) << "isk" << "1,500.00 ISK";
    QTest::newRow("forint") << qint64(250000) << "huf" << "2,500.00 HUF";
    QTest::newRow("rial") << qint64(-1230) << "OMR" << "-1.230 OMR";
    QTest::newRow("zero yen") << qint64(0) << "jpy" << "0 JPY";
    QTest::newRow("zero dinar") << qint64(0) << "kwd" << "0.000 KWD";
}

void tst_Money::format()
{
    QFETCH(qint64, amount);
    QFETCH(QString, currency);
    QFETCH(QString, text);
    QCOMPARE(Money::format(amount, currency), text);
}

void tst_Money::display_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("text");

    // A currency of the locale by its symbol, any other by its code beside the number (a
    // no-break space between them); Russian groups with a no-break space and writes a
    // decimal comma, the code after the number.
    const QString nbsp(QChar(0x00A0));
    const struct
    {
        const char *name;
        qint64 amount;
        const char *currency;
        const char *english; // UTF-8, a space for each no-break space
        const char *russian;
        const char *chinese;
    } rows[] = {
        {"USD", 18700, "usd", "$187.00", "187,00 USD", "USD 187.00"},
        {"EUR", 18700, "eur", "EUR 187.00", "187,00 EUR", "EUR 187.00"},
        {"EUR upper-case code", 123456789, "EUR", "EUR 1,234,567.89", "1 234 567,89 EUR", "EUR 1,234,567.89"},
        {"JPY", 3800, "jpy", "JPY 3,800", "3 800 JPY", "JPY 3,800"},
        {"KRW", 1500000, "krw", "KRW 1,500,000", "1 500 000 KRW", "KRW 1,500,000"},
        {"MGA", 18700, "mga", "MGA 18,700", "18 700 MGA", "MGA 18,700"},
        {"UGX", 50000, "ugx", "UGX 50,000", "50 000 UGX", "UGX 50,000"},
        {"KWD", 1250, "kwd", "KWD 1.250", "1,250 KWD", "KWD 1.250"},
        {"BHD", 7, "bhd", "BHD 0.007", "0,007 BHD", "BHD 0.007"},
        {"ISK", 150000, "isk", "ISK 1,500.00", "1 500,00 ISK", "ISK 1,500.00"},
        {"HUF", 250000, "huf", "HUF 2,500.00", "2 500,00 HUF", "HUF 2,500.00"},
        {"RUB", 123450, "rub", "RUB 1,234.50", "1 234,50 \u20bd", "RUB 1,234.50"},
        {"CNY", 123450, "cny", "CNY 1,234.50", "1 234,50 CNY", "\u00a51,234.50"},
        {"zero", 0, "usd", "$0.00", "0,00 USD", "USD 0.00"},
        {"zero yen", 0, "jpy", "JPY 0", "0 JPY", "JPY 0"},
        {"negative", -500, "usd", "-$5.00", "-5,00 USD", "-USD 5.00"},
        {"negative yen", -1234, "jpy", "-JPY 1,234", "-1 234 JPY", "-JPY 1,234"},
    };
    for (const auto &row : rows) {
        const auto spaced = [&nbsp](const char *text) { return QString::fromUtf8(text).replace(u' ', nbsp); };
        QTest::addRow("en %s", row.name) << English << row.amount << QString::fromLatin1(row.currency) << spaced(row.english);
        QTest::addRow("ru %s", row.name) << Russian << row.amount << QString::fromLatin1(row.currency) << spaced(row.russian);
        QTest::addRow("zh_CN %s", row.name) << Chinese << row.amount << QString::fromLatin1(row.currency) << spaced(row.chinese);
        QTest::addRow("C %s", row.name) << QLocale::c() << row.amount << QString::fromLatin1(row.currency)
                                        << Money::format(row.amount, QString::fromLatin1(row.currency));
    }
}

void tst_Money::display()
{
    QFETCH(QLocale, locale);
    QFETCH(qint64, amount);
    QFETCH(QString, currency);
    QFETCH(QString, text);
    // Qt writes Russian groups with U+00A0 or U+202F depending on its CLDR data.
    QString shown = Money::display(amount, currency, locale);
    shown.replace(QChar(0x202F), QChar(0x00A0));
    QCOMPARE(shown, text);
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
    QTest::newRow("refunded in ariary, never divided")
        << operation(OperationStatus::Refunded, 18700, QStringLiteral("mga"), QStringLiteral("re_2"))
        << "Your refund of 18,700 MGA has been issued. The refund reference is re_2.";
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
