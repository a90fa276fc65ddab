// A lookup's stored result read whole: what Qt wrote reads back the same, and a member of
// the wrong type reads as absent, never as a value it does not hold.
#include "domain/providerlookupresult.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace RefundDesk;

class tst_ProviderLookupResult : public QObject
{
    Q_OBJECT

private slots:
    void readsWhatTheLookupsWrite();
    void membersOfTheWrongTypeReadAsAbsent_data();
    void membersOfTheWrongTypeReadAsAbsent();
    void unreadable_data();
    void unreadable();
};

// Written as StripeRefundLookup writes it (QJsonDocument, compact).
void tst_ProviderLookupResult::readsWhatTheLookupsWrite()
{
    QJsonObject refund;
    refund.insert(QLatin1String("id"), QStringLiteral("re_1"));
    refund.insert(QLatin1String("status"), QStringLiteral("succeeded"));
    refund.insert(QLatin1String("amount"), qint64(3800));
    refund.insert(QLatin1String("currency"), QStringLiteral("usd"));
    refund.insert(QLatin1String("created"), qint64(1764806400));
    refund.insert(QLatin1String("operation_id"), QStringLiteral("op_ü5521"));
    QJsonObject result;
    result.insert(QLatin1String("complete"), true);
    result.insert(QLatin1String("method"), QStringLiteral("list"));
    result.insert(QLatin1String("refunds"), QJsonArray{refund});
    result.insert(QLatin1String("missing"), QJsonArray::fromStringList({QStringLiteral("re_gone")}));
    result.insert(QLatin1String("summary"), QStringLiteral("Stripe says: refund re_1"));

    const auto read = ProviderLookupResult::read(QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact)));
    QVERIFY(read.readable);
    QVERIFY(read.complete);
    QVERIFY(read.listed);
    QCOMPARE(read.refunds.size(), size_t(1));
    QCOMPARE(read.refunds[0].id, QStringLiteral("re_1"));
    QCOMPARE(read.refunds[0].status, QStringLiteral("succeeded"));
    QCOMPARE(read.refunds[0].amount, 3800);
    QCOMPARE(read.refunds[0].currency, QStringLiteral("usd"));
    QCOMPARE(read.refunds[0].operationId, QStringLiteral("op_ü5521"));
    QCOMPARE(read.missing, QStringList{QStringLiteral("re_gone")});
}

void tst_ProviderLookupResult::membersOfTheWrongTypeReadAsAbsent_data()
{
    QTest::addColumn<QString>("result");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<bool>("listed");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("status");

    QTest::newRow("complete as a string") << R"({"complete":"true","method":"list","refunds":[{"amount":5,"status":"failed"}]})"
                                          << false << true << qint64(5) << "failed";
    QTest::newRow("method as a number") << R"({"complete":true,"method":1,"refunds":[{"amount":5,"status":"failed"}]})"
                                        << true << false << qint64(5) << "failed";
    QTest::newRow("amount as a string") << R"({"complete":true,"method":"list","refunds":[{"amount":"5","status":"failed"}]})"
                                        << true << true << qint64(0) << "failed";
    QTest::newRow("amount with a fraction") << R"({"refunds":[{"amount":5.5,"status":"failed"}]})"
                                            << false << false << qint64(0) << "failed";
    QTest::newRow("amount a whole double") << R"({"refunds":[{"amount":3800.0,"status":"failed"}]})"
                                           << false << false << qint64(3800) << "failed";
    QTest::newRow("amount past 64 bits") << R"({"refunds":[{"amount":18446744073709551615,"status":"failed"}]})"
                                         << false << false << qint64(0) << "failed";
    QTest::newRow("negative amount") << R"({"refunds":[{"amount":-7,"status":"failed"}]})"
                                     << false << false << qint64(-7) << "failed";
    QTest::newRow("status null") << R"({"refunds":[{"amount":5,"status":null}]})"
                                 << false << false << qint64(5) << "";
    QTest::newRow("refund not an object") << R"({"refunds":[7]})" << false << false << qint64(0) << "";
}

void tst_ProviderLookupResult::membersOfTheWrongTypeReadAsAbsent()
{
    QFETCH(QString, result);
    const auto read = ProviderLookupResult::read(result);
    QVERIFY(read.readable);
    QTEST(read.complete, "complete");
    QTEST(read.listed, "listed");
    QCOMPARE(read.refunds.size(), size_t(1));
    QTEST(read.refunds[0].amount, "amount");
    QTEST(read.refunds[0].status, "status");
}

void tst_ProviderLookupResult::unreadable_data()
{
    QTest::addColumn<QString>("result");
    QTest::newRow("empty") << QString();
    QTest::newRow("not JSON") << QStringLiteral("{complete: true}");
    QTest::newRow("an array") << QStringLiteral(R"([{"complete":true}])");
    QTest::newRow("cut short") << QStringLiteral(R"({"complete":true,"refunds":[{"id":"re_1")");
}

void tst_ProviderLookupResult::unreadable()
{
    QFETCH(QString, result);
    const auto read = ProviderLookupResult::read(result);
    QVERIFY(!read.readable);
    QVERIFY(!read.complete);
    QVERIFY(read.refunds.empty());
    QVERIFY(read.missing.isEmpty());
}

QTEST_GUILESS_MAIN(tst_ProviderLookupResult)
#include "tst_providerlookupresult.moc"
