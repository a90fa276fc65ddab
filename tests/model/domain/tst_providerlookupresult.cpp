// A lookup's stored result read whole: what Qt wrote reads back the same, and a member of
// the wrong type reads as absent, never as a value it does not hold. A result edited before
// it is kept (the reconciler's mark) keeps every member as Qt wrote it.
#include "domain/lookupasker.h"
#include "domain/providerlookup.h"
#include "domain/providerlookupresult.h"
#include "domain/reconcilepassrecord.h"

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
    void readsALookupByThePayment();
    void theReconcilersMarkKeepsEveryMember_data();
    void theReconcilersMarkKeepsEveryMember();
    void readsTheLastPass_data();
    void readsTheLastPass();
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

// Written as a listing by the payment is, after the keeper sorted its other refunds.
void tst_ProviderLookupResult::readsALookupByThePayment()
{
    const auto refund = [](const QString &id, const QString &operationId) {
        QJsonObject object;
        object.insert(QLatin1String("id"), id);
        object.insert(QLatin1String("status"), QStringLiteral("succeeded"));
        object.insert(QLatin1String("amount"), qint64(1200));
        object.insert(QLatin1String("currency"), QStringLiteral("eur"));
        object.insert(QLatin1String("created"), qint64(1764806401));
        object.insert(QLatin1String("operation_id"), operationId);
        return object;
    };
    QJsonObject result;
    result.insert(QLatin1String("complete"), true);
    result.insert(QLatin1String("method"), QStringLiteral("payment"));
    result.insert(QLatin1String("route"), QStringLiteral("payment_intent"));
    result.insert(QLatin1String("payment_id"), QStringLiteral("pi_7"));
    result.insert(QLatin1String("payment_from"), QStringLiteral("order_events"));
    result.insert(QLatin1String("payment_from_operation"), QStringLiteral("op_2"));
    result.insert(QLatin1String("payment_from_event"), QStringLiteral("evt_9"));
    result.insert(QLatin1String("quiet_since"), qint64(1764806400123));
    result.insert(QLatin1String("asked_by"), QStringLiteral("reconciler"));
    result.insert(QLatin1String("refunds"), QJsonArray{refund(QStringLiteral("re_own"), QStringLiteral("op_1"))});
    result.insert(QLatin1String("other_operations"), QJsonArray{refund(QStringLiteral("re_op2"), QStringLiteral("op_2"))});
    result.insert(QLatin1String("other_refunds"), QJsonArray{refund(QStringLiteral("re_dash"), QString())});
    result.insert(QLatin1String("missing"), QJsonArray());

    const auto read = ProviderLookupResult::read(QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact)));
    QVERIFY(read.byPayment);
    QVERIFY(!read.listed);
    QCOMPARE(read.method, QStringLiteral("payment"));
    QCOMPARE(read.route, QStringLiteral("payment_intent"));
    QCOMPARE(read.paymentId, QStringLiteral("pi_7"));
    QCOMPARE(read.paymentFrom, QStringLiteral("order_events"));
    QCOMPARE(read.paymentFromOperation, QStringLiteral("op_2"));
    QCOMPARE(read.paymentFromEvent, QStringLiteral("evt_9"));
    QCOMPARE(read.quietSince, std::optional<qint64>(1764806400123));
    QCOMPARE(read.askedBy, QStringLiteral("reconciler"));
    QVERIFY(!read.hasPaymentRefunds);
    QCOMPARE(read.refunds.size(), size_t(1));
    QCOMPARE(read.refunds[0].created, qint64(1764806401));
    QCOMPARE(read.otherOperations.size(), size_t(1));
    QCOMPARE(read.otherOperations[0].operationId, QStringLiteral("op_2"));
    QCOMPARE(read.otherRefunds.size(), size_t(1));
    QCOMPARE(read.otherRefunds[0].id, QStringLiteral("re_dash"));
    QVERIFY(read.otherRefunds[0].operationId.isEmpty());

    // Not yet sorted: the member is there even when it lists nothing.
    result.insert(QLatin1String("payment_refunds"), QJsonArray());
    result.remove(QLatin1String("quiet_since"));
    const auto draft = ProviderLookupResult::read(QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact)));
    QVERIFY(draft.hasPaymentRefunds);
    QVERIFY(draft.paymentRefunds.empty());
    QCOMPARE(draft.quietSince, std::nullopt);
}

// The mark is added by reading the result with nlohmann and writing it with Qt: the text
// must be what Qt's own reading and writing would give, whatever the members hold.
void tst_ProviderLookupResult::theReconcilersMarkKeepsEveryMember_data()
{
    QTest::addColumn<QString>("result");
    QTest::newRow("a lookup's result") << QStringLiteral(
        R"({"complete":true,"method":"list","missing":[],"refunds":[{"amount":3800,"created":1764806400,"currency":"usd","id":"re_1","operation_id":"op_1","status":"succeeded"}],"route":"window","summary":"Stripe says: refund re_1"})");
    QJsonObject text;
    text.insert(QLatin1String("summary"), QStringLiteral("Возврат 退款 \"re_1\"\n\t\\ \u0001 / é 😀"));
    text.insert(QLatin1String("payment_from_event"), QStringLiteral("evt_ü"));
    QTest::newRow("text beyond ASCII and escapes") << QString::fromUtf8(QJsonDocument(text).toJson(QJsonDocument::Compact));
    QTest::newRow("numbers of every kind") << QStringLiteral(
        R"({"a":0,"b":-7,"c":3800.0,"d":5.5,"e":18446744073709551615,"f":9007199254740993,"g":1e300,"h":-0.25})");
    QTest::newRow("nested and null") << QStringLiteral(R"({"x":{"y":[1,[2,{"z":null}],false]},"asked_by":"someone"})");
    QTest::newRow("a repeated key") << QStringLiteral(R"({"k":1,"k":2})");
    QTest::newRow("keys out of order") << QStringLiteral(R"({"z":1,"a":2,"m":{"b":1,"a":2}})");
}

void tst_ProviderLookupResult::theReconcilersMarkKeepsEveryMember()
{
    QFETCH(QString, result);
    QJsonObject expected = QJsonDocument::fromJson(result.toUtf8()).object();
    QVERIFY(!expected.isEmpty());
    expected.insert(QLatin1String("asked_by"), QStringLiteral("reconciler"));
    const QString marked = LookupAsker::markedAsReconciler(result);
    QCOMPARE(marked, QString::fromUtf8(QJsonDocument(expected).toJson(QJsonDocument::Compact)));
    ProviderLookup lookup;
    lookup.result = marked;
    QVERIFY(LookupAsker::isReconciler(lookup));
    lookup.result = result;
    QVERIFY(!LookupAsker::isReconciler(lookup));
}

void tst_ProviderLookupResult::readsTheLastPass_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("readable");
    QTest::addColumn<qint64>("finishedAt");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("failure");
    QTest::addColumn<qint64>("answers");

    ReconcilePassRecord failed;
    failed.finishedAtMs = 1764806400123;
    failed.ok = false;
    failed.failure = QStringLiteral("Stripe refused the key.");
    failed.answers = 3;
    QTest::newRow("as written") << failed.toMetaValue() << true << qint64(1764806400123) << false
                                << "Stripe refused the key." << qint64(3);
    QTest::newRow("ok drops a failure") << R"({"finished_at":5,"ok":true,"answers":2,"failure":"x"})" << true
                                        << qint64(5) << true << "" << qint64(2);
    QTest::newRow("ok as a string") << R"({"finished_at":5,"ok":"true"})" << false << qint64(0) << false << "" << qint64(0);
    QTest::newRow("no time") << R"({"ok":true})" << false << qint64(0) << false << "" << qint64(0);
    QTest::newRow("not JSON") << "finished" << false << qint64(0) << false << "" << qint64(0);
}

void tst_ProviderLookupResult::readsTheLastPass()
{
    QFETCH(QString, value);
    QFETCH(bool, readable);
    const auto record = ReconcilePassRecord::parse(value);
    QCOMPARE(record.has_value(), readable);
    if (!record)
        return;
    QTEST(record->finishedAtMs, "finishedAt");
    QTEST(record->ok, "ok");
    QTEST(record->failure, "failure");
    QTEST(record->answers, "answers");
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
