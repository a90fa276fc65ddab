// The webhook payload parser: Stripe's shapes read right, everything else unreadable
// with a reason, never a crash or an exception.

#include "samplepayloads.h"
#include "testpaths.h"

#include "evidence/eventparser.h"

#include <QDir>
#include <QFile>
#include <QtTest>

using namespace RefundDesk;

namespace {



QString malformedDir()
{
    return Test::testDataDir() + QStringLiteral("/malformed");
}

// Each file of tests/data/malformed and a fragment its reason must contain.
const std::vector<std::pair<const char *, const char *>> &corpusTable()
{
    static const std::vector<std::pair<const char *, const char *>> corpus = {
        {"empty.json", "the payload is empty"},
        {"whitespace_only.json", "the payload is empty"},
        {"plain_text.json", "not valid JSON"},
        {"truncated.json", "not valid JSON"},
        {"trailing_garbage.json", "not valid JSON"},
        {"missing_comma.json", "not valid JSON"},
        {"single_quotes.json", "not valid JSON"},
        {"comment.json", "not valid JSON"},
        {"nan_literal.json", "not valid JSON"},
        {"top_level_array.json", "an array, not an event object"},
        {"top_level_string.json", "a string, not an event object"},
        {"top_level_number.json", "a number, not an event object"},
        {"top_level_null.json", "null, not an event object"},
        {"id_missing.json", "id is missing"},
        {"id_null.json", "id is null"},
        {"id_number.json", "id is a number, expected a string"},
        {"id_empty.json", "id is empty"},
        {"type_missing.json", "type is missing"},
        {"type_array.json", "type is an array, expected a string"},
        {"created_string.json", "created is a string, expected an integer"},
        {"created_fraction.json", "created is a number with a fraction"},
        {"created_negative.json", "created is negative"},
        {"data_missing.json", "data is missing"},
        {"data_array.json", "data is an array, expected an object"},
        {"data_object_null.json", "data.object is null"},
        {"object_kind_missing.json", "data.object.object is missing"},
        {"envelope_not_event.json", "a refund object, not an event"},
        {"refund_id_null.json", "data.object.id is null"},
        {"amount_string.json", "data.object.amount is a string, expected an integer"},
        {"amount_fraction.json", "data.object.amount is a number with a fraction"},
        {"amount_negative.json", "data.object.amount is negative"},
        {"amount_null.json", "data.object.amount is null"},
        {"amount_missing.json", "data.object.amount is missing"},
        {"amount_boolean.json", "data.object.amount is a boolean"},
        {"amount_too_large.json", "data.object.amount is a number with a fraction"},
        {"currency_number.json", "data.object.currency is a number"},
        {"currency_null.json", "data.object.currency is null"},
        {"currency_not_code.json", "not a three-letter currency code"},
        {"status_unknown.json", "data.object.status is \"paid\", not a refund status"},
        {"status_number.json", "data.object.status is a number"},
        {"metadata_array.json", "data.object.metadata is an array, expected an object"},
        {"metadata_string.json", "data.object.metadata is a string, expected an object"},
        {"metadata_operation_id_number.json", "data.object.metadata.operation_id is a number"},
        {"metadata_operation_id_null.json", "data.object.metadata.operation_id is null"},
        {"failure_reason_number.json", "data.object.failure_reason is a number"},
        {"charge_number.json", "data.object.charge is a number, expected an id or an object"},
        {"request_array.json", "request is an array, expected an object"},
        {"idempotency_key_number.json", "request.idempotency_key is a number"},
        {"charge_refunds_string.json", "data.object.refunds is a string, expected a list of refunds"},
        {"charge_refunds_entry_amount_string.json", "data.object.refunds.data[0].amount is a string"},
        {"charge_refunds_entry_not_object.json", "data.object.refunds.data[0] is a string, expected a refund object"},
        {"charge_amount_refunded_string.json", "data.object.amount_refunded is a string"},
        {"charge_refunds_list_without_data.json", "data.object.refunds.data is missing"},
        {"invalid_utf8_in_string.json", "ill-formed UTF-8"},
        {"invalid_utf8_overlong.json", "ill-formed UTF-8"},
        {"lone_surrogate_escape.json", "surrogate"},
        {"nul_byte.json", "must be escaped"},
        {"deep_nesting_arrays.json", "nested deeper than 64 levels"},
        {"deep_nesting_in_unknown_field.json", "nested deeper than 64 levels"},
        {"deep_nesting_unclosed.json", "not valid JSON"},
    };
    return corpus;
}

} // namespace

class tst_EventParser : public QObject
{
    Q_OBJECT

private slots:
    void readsStripeRefundEvent();
    void readsAllowedVariations_data();
    void readsAllowedVariations();
    void readsChargeRefunded_data();
    void readsChargeRefunded();
    void readsOtherObjectsAsStatingNoRefund();

    void malformedCorpus_data();
    void malformedCorpus();
    void corpusHasARowForEveryFile();

    void indexColumns_data();
    void indexColumns();

    void everyTruncationIsSafe();
    void everyByteFlipIsSafe();
};

void tst_EventParser::readsStripeRefundEvent()
{
    const ParsedEvent event = EventParser::parse(Test::sampleRefundEvent());
    QVERIFY2(event.readable, qPrintable(event.unreadableReason));
    QCOMPARE(event.id, QStringLiteral("evt_1"));
    QCOMPARE(event.type, QStringLiteral("refund.updated"));
    QCOMPARE(event.created, 1717000000);
    QCOMPARE(event.objectType, QStringLiteral("refund"));
    QCOMPARE(event.requestId, QStringLiteral("req_1"));
    QCOMPARE(event.idempotencyKey, QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"));
    QVERIFY(event.refund);
    QVERIFY(!event.charge);
    QCOMPARE(event.refund->id, QStringLiteral("re_1"));
    QCOMPARE(event.refund->amount, 3800);
    QCOMPARE(event.refund->currency, QStringLiteral("usd"));
    QCOMPARE(toString(event.refund->status), QStringLiteral("succeeded")); // ADL: QCOMPARE cannot print the enum
    QCOMPARE(event.refund->failureReason, QString());
    QCOMPARE(event.refund->operationId, QStringLiteral("op_5521"));
    QCOMPARE(event.refund->chargeId, QStringLiteral("ch_1"));
    QCOMPARE(event.refund->paymentIntentId, QStringLiteral("pi_1"));
    QCOMPARE(event.operationId(), QStringLiteral("op_5521"));
    QCOMPARE(event.statedRefunds().size(), size_t(1));
}

void tst_EventParser::readsAllowedVariations_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("expected");

    QTest::newRow("request null (dashboard action)")
        << Test::sampleRefundEvent(R"("request":{"id":"req_1","idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"})", R"("request":null)")
        << "idempotencyKey" << "";
    QTest::newRow("request without a key")
        << Test::sampleRefundEvent(R"("idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa")", R"("idempotency_key":null)")
        << "idempotencyKey" << "";
    QTest::newRow("request absent")
        << Test::sampleRefundEvent(R"(,"request":{"id":"req_1","idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"})", "")
        << "requestId" << "";
    QTest::newRow("request id alone (old API versions)")
        << Test::sampleRefundEvent(R"("request":{"id":"req_1","idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"})", R"("request":"req_9")")
        << "requestId" << "req_9";
    QTest::newRow("failed with a reason")
        << Test::sampleRefundEvent(R"("failure_reason":null)", R"("failure_reason":"insufficient_funds")").replace("\"succeeded\"", "\"failed\"")
        << "failureReason" << "insufficient_funds";
    QTest::newRow("status null")
        << Test::sampleRefundEvent(R"("status":"succeeded")", R"("status":null)") << "status" << "";
    QTest::newRow("status pending") << Test::sampleRefundEvent(R"("status":"succeeded")", R"("status":"pending")") << "status" << "pending";
    QTest::newRow("status requires_action")
        << Test::sampleRefundEvent(R"("status":"succeeded")", R"("status":"requires_action")") << "status" << "requires_action";
    QTest::newRow("status canceled") << Test::sampleRefundEvent(R"("status":"succeeded")", R"("status":"canceled")") << "status" << "canceled";
    QTest::newRow("metadata null") << Test::sampleRefundEvent(R"({"operation_id":"op_5521"})", "null") << "operationId" << "";
    QTest::newRow("metadata empty") << Test::sampleRefundEvent(R"({"operation_id":"op_5521"})", "{}") << "operationId" << "";
    QTest::newRow("metadata with other keys")
        << Test::sampleRefundEvent(R"({"operation_id":"op_5521"})", R"({"order_id":"4417","operation_id":"op_7"})") << "operationId" << "op_7";
    QTest::newRow("charge expanded")
        << Test::sampleRefundEvent(R"("charge":"ch_1")", R"("charge":{"id":"ch_9","object":"charge","amount":3800})") << "chargeId" << "ch_9";
    QTest::newRow("charge null") << Test::sampleRefundEvent(R"("charge":"ch_1")", R"("charge":null)") << "chargeId" << "";
    QTest::newRow("payment_intent null") << Test::sampleRefundEvent(R"("payment_intent":"pi_1")", R"("payment_intent":null)")
                                         << "paymentIntentId" << "";
    QTest::newRow("currency upper case") << Test::sampleRefundEvent(R"("currency":"usd")", R"("currency":"JPY")") << "currency" << "jpy";
    QTest::newRow("unknown fields of any shape")
        << Test::sampleRefundEvent(R"("livemode":false)", R"("livemode":false,"x":[null,{"y":"z"}],"n":null,"f":1.5)") << "id" << "re_1";
    QTest::newRow("unknown null fields in the refund")
        << Test::sampleRefundEvent(R"("reason":"requested_by_customer")", R"("reason":null,"next_action":null,"destination_details":[])")
        << "id" << "re_1";
    QTest::newRow("object key absent on the envelope")
        << Test::sampleRefundEvent(R"("object":"event",)", "") << "id" << "re_1";
    QTest::newRow("leading UTF-8 byte order mark") << QByteArray("\xEF\xBB\xBF") + Test::sampleRefundEvent() << "id" << "re_1";
    QTest::newRow("non-ASCII text") << Test::sampleRefundEvent(R"("op_5521")", "\"op_\xC3\xA9\xE2\x82\xAC\"") << "operationId"
                                    << QStringLiteral("op_\u00e9\u20ac");
    QTest::newRow("escaped unicode") << Test::sampleRefundEvent(R"("op_5521")", R"("op_\u00e9")") << "operationId" << QStringLiteral("op_\u00e9");
    QTest::newRow("zero amount") << Test::sampleRefundEvent(R"("amount":3800)", R"("amount":0)") << "amount" << "0";
}

void tst_EventParser::readsAllowedVariations()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, field);
    QFETCH(QString, expected);

    const ParsedEvent event = EventParser::parse(payload);
    QVERIFY2(event.readable, qPrintable(event.unreadableReason));
    QVERIFY(event.refund);
    const ParsedRefund &refund = *event.refund;
    const QHash<QString, QString> values = {
        {QStringLiteral("id"), refund.id},
        {QStringLiteral("amount"), QString::number(refund.amount)},
        {QStringLiteral("currency"), refund.currency},
        {QStringLiteral("status"), toString(refund.status)},
        {QStringLiteral("failureReason"), refund.failureReason},
        {QStringLiteral("operationId"), refund.operationId},
        {QStringLiteral("chargeId"), refund.chargeId},
        {QStringLiteral("paymentIntentId"), refund.paymentIntentId},
        {QStringLiteral("requestId"), event.requestId},
        {QStringLiteral("idempotencyKey"), event.idempotencyKey},
    };
    QVERIFY(values.contains(field));
    QCOMPARE(values.value(field), expected);
}

void tst_EventParser::readsChargeRefunded_data()
{
    QTest::addColumn<QByteArray>("refunds");
    QTest::addColumn<bool>("listed");
    QTest::addColumn<QStringList>("refundIds");

    const QByteArray refundA = R"({"id":"re_a","object":"refund","amount":1000,"currency":"usd","status":"succeeded","metadata":{"operation_id":"op_1"}})";
    const QByteArray refundB = R"({"id":"re_b","object":"refund","amount":2800,"currency":"usd","status":"pending","metadata":{}})";
    QTest::newRow("no refunds list (current API versions)") << QByteArray() << false << QStringList();
    QTest::newRow("refunds null") << QByteArray(R"(,"refunds":null)") << false << QStringList();
    QTest::newRow("list object, empty") << QByteArray(R"(,"refunds":{"object":"list","data":[],"has_more":false})") << true
                                        << QStringList();
    QTest::newRow("list object, two refunds")
        << QByteArray(R"(,"refunds":{"object":"list","data":[)" + refundA + "," + refundB + R"(],"has_more":false,"total_count":2})")
        << true << QStringList{"re_a", "re_b"};
    QTest::newRow("plain array (old API versions)") << QByteArray(R"(,"refunds":[)" + refundB + "]") << true
                                                    << QStringList{"re_b"};
}

void tst_EventParser::readsChargeRefunded()
{
    QFETCH(QByteArray, refunds);
    QFETCH(bool, listed);
    QFETCH(QStringList, refundIds);

    const QByteArray payload = R"({"id":"evt_c","object":"event","created":1717000100,"type":"charge.refunded",)"
                               R"("data":{"object":{"id":"ch_1","object":"charge","amount":3800,"amount_refunded":3800,)"
                               R"("captured":true,"currency":"usd","metadata":{"order_id":"4417"},"paid":true)"
                               + refunds + R"(}},"request":{"id":"req_1","idempotency_key":"k1"}})";
    const ParsedEvent event = EventParser::parse(payload);
    QVERIFY2(event.readable, qPrintable(event.unreadableReason));
    QVERIFY(event.charge);
    QVERIFY(!event.refund);
    QCOMPARE(event.charge->id, QStringLiteral("ch_1"));
    QCOMPARE(event.charge->amount, 3800);
    QCOMPARE(event.charge->amountRefunded, 3800);
    QCOMPARE(event.charge->currency, QStringLiteral("usd"));
    QCOMPARE(event.charge->refundsListed, listed);
    QStringList ids;
    for (const ParsedRefund &refund : event.statedRefunds())
        ids << refund.id;
    QCOMPARE(ids, refundIds);
    QCOMPARE(event.idempotencyKey, QStringLiteral("k1"));
}

void tst_EventParser::readsOtherObjectsAsStatingNoRefund()
{
    const ParsedEvent event = EventParser::parse(QByteArray(
        R"({"id":"evt_p","object":"event","created":1,"type":"payment_intent.succeeded","data":{"object":{"id":"pi_1","object":"payment_intent","amount":"whatever"}}})"));
    QVERIFY2(event.readable, qPrintable(event.unreadableReason));
    QCOMPARE(event.objectType, QStringLiteral("payment_intent"));
    QVERIFY(event.statedRefunds().empty());
}

void tst_EventParser::malformedCorpus_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("reason"); // a fragment the reason must contain

    for (const auto &[file, reason] : corpusTable())
        QTest::newRow(file) << QString::fromLatin1(file) << QString::fromLatin1(reason);
}

void tst_EventParser::malformedCorpus()
{
    QFETCH(QString, file);
    QFETCH(QString, reason);

    QFile input(malformedDir() + u'/' + file);
    QVERIFY2(input.open(QIODevice::ReadOnly), qPrintable(input.errorString()));
    const QByteArray payload = input.readAll();

    const ParsedEvent event = EventParser::parse(payload);
    QVERIFY(!event.readable);
    QVERIFY(!event.refund);
    QVERIFY(!event.charge);
    QVERIFY2(event.unreadableReason.contains(reason), qPrintable(event.unreadableReason));
    QVERIFY(event.unreadableReason.size() <= 240);

    // The same through the QString door the console uses, except for invalid UTF-8:
    // decoding to QString has already replaced those bytes with U+FFFD.
    if (!file.startsWith(QLatin1String("invalid_utf8")))
        QVERIFY(!EventParser::parse(QString::fromUtf8(payload)).readable);
}

void tst_EventParser::corpusHasARowForEveryFile()
{
    const QStringList files = QDir(malformedDir()).entryList(QDir::Files, QDir::Name);
    QVERIFY2(files.size() >= 25, "the malformed corpus must hold at least 25 kinds");
    QStringList listed;
    for (const auto &entry : corpusTable())
        listed << QString::fromLatin1(entry.first);
    listed.sort();
    QCOMPARE(listed, files);
}

void tst_EventParser::indexColumns_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QString>("eventId");
    QTest::addColumn<QString>("operationId");
    QTest::addColumn<QString>("idempotencyKey");
    QTest::addColumn<QString>("refundId");

    QTest::newRow("refund event") << Test::sampleRefundEvent() << "evt_1" << "op_5521" << "c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa" << "re_1";
    QTest::newRow("dashboard action, no key")
        << Test::sampleRefundEvent(R"("request":{"id":"req_1","idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"})", R"("request":null)")
        << "evt_1" << "op_5521" << "" << "re_1";
    QTest::newRow("metadata lost") << Test::sampleRefundEvent(R"({"operation_id":"op_5521"})", "{}") << "evt_1" << "" << "c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"
                                   << "re_1";
    QTest::newRow("charge: no refund id")
        << QByteArray(R"({"id":"evt_c","type":"charge.refunded","created":1,"data":{"object":{"id":"ch_1","object":"charge","metadata":{"operation_id":"op_2"}}},"request":{"idempotency_key":"k"}})")
        << "evt_c" << "op_2" << "k" << "";
    QTest::newRow("unreadable amount still indexed")
        << Test::sampleRefundEvent(R"("amount":3800)", R"("amount":"3800")") << "evt_1" << "op_5521" << "c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa" << "re_1";
    QTest::newRow("wrong types left empty")
        << QByteArray(R"({"id":7,"data":{"object":{"id":["re_1"],"object":"refund","metadata":{"operation_id":5}}},"request":{"idempotency_key":null}})")
        << "" << "" << "" << "";
    QTest::newRow("not JSON") << QByteArray("{nope") << "" << "" << "" << "";
}

void tst_EventParser::indexColumns()
{
    QFETCH(QByteArray, payload);
    QFETCH(QString, eventId);
    QFETCH(QString, operationId);
    QFETCH(QString, idempotencyKey);
    QFETCH(QString, refundId);

    const IndexColumns columns = EventParser::indexColumns(std::string_view(payload.constData(), size_t(payload.size())));
    QCOMPARE(columns.eventId, eventId);
    QCOMPARE(columns.operationId, operationId);
    QCOMPARE(columns.idempotencyKey, idempotencyKey);
    QCOMPARE(columns.refundId, refundId);
    QCOMPARE(EventParser::indexColumns(QString::fromUtf8(payload)).refundId, refundId);
}

void tst_EventParser::everyTruncationIsSafe()
{
    const QByteArray payload = Test::sampleRefundEvent();
    for (qsizetype length = 0; length < payload.size(); ++length) {
        const ParsedEvent event = EventParser::parse(payload.left(length));
        QVERIFY2(!event.readable, qPrintable(QStringLiteral("readable when cut to %1 bytes").arg(length)));
        QVERIFY(!event.unreadableReason.isEmpty());
    }
    QVERIFY(EventParser::parse(payload).readable);
}

void tst_EventParser::everyByteFlipIsSafe()
{
    // Every byte replaced by each of a few troublesome ones: the parser answers each time.
    const QByteArray payload = Test::sampleRefundEvent();
    int unreadable = 0;
    for (qsizetype i = 0; i < payload.size(); ++i) {
        for (const char replacement : {'\0', '"', '{', ']', '\xff', '9'}) {
            QByteArray mutated = payload;
            mutated[i] = replacement;
            const ParsedEvent event = EventParser::parse(mutated);
            QVERIFY(event.readable || !event.unreadableReason.isEmpty());
            unreadable += event.readable ? 0 : 1;
        }
    }
    QVERIFY(unreadable > payload.size()); // most mutations break it
}

QTEST_GUILESS_MAIN(tst_EventParser)
#include "tst_eventparser.moc"
