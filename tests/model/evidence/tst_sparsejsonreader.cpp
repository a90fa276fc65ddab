// The fast reader in front of the event parser: what it accepts it reads exactly as the
// full parser does (held against nlohmann's DOM, and the event parser's two routes held
// against each other), what is not plain it declines, and it does accept the payloads a
// provider ordinarily sends, or it would not make anything faster.

#include "parseddifferences.h"
#include "samplepayloads.h"

#include "demo/demostore.h"
#include "evidence/eventparser.h"
#include "evidence/sparsejsonreader.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

#include <algorithm>
#include <set>

using namespace RefundDesk;
using RefundDesk::Test::eventDifferences;
using RefundDesk::Test::readingDifferences;
using Json = nlohmann::json;

namespace {


const char kChargeEvent[] = R"({"id":"evt_c","object":"event","created":1717000100,"type":"charge.refunded",)"
                            R"("data":{"object":{"id":"ch_1","object":"charge","amount":3800,"amount_refunded":3800,)"
                            R"("captured":true,"currency":"usd","metadata":{"order_id":"4417","operation_id":"op_2"},)"
                            R"("refunds":{"object":"list","data":[{"id":"re_a","object":"refund","amount":1000,)"
                            R"("currency":"usd","status":"succeeded","metadata":{"operation_id":"op_2"}},)"
                            R"({"id":"re_b","object":"refund","amount":2800,"currency":"USD","status":"pending",)"
                            R"("charge":{"id":"ch_1","object":"charge"},"metadata":{}}],"has_more":false}},)"
                            R"("previous_attributes":{"amount_refunded":0}},"request":{"id":"req_1","idempotency_key":"k1"}})";


std::string_view view(const QByteArray &bytes)
{
    return std::string_view(bytes.constData(), size_t(bytes.size()));
}

// Reads `payload` by every route and says how any of them differs from the full parser's
// reading; empty when they all agree. `accepted`: whether the fast reader took it.
QString disagreement(std::string_view payload, bool *accepted = nullptr)
{
    const PayloadReading full = EventParser::readFully(payload);
    const std::optional<PayloadReading> sparse = EventParser::readSparsely(payload);
    if (accepted)
        *accepted = sparse.has_value();
    QStringList problems;
    if (sparse) {
        for (const QString &field : readingDifferences(*sparse, full))
            problems << QStringLiteral("fast reading: ") + field;
    }
    for (const QString &field : readingDifferences(EventParser::read(payload), full))
        problems << QStringLiteral("read(): ") + field;
    for (const QString &field : eventDifferences(EventParser::parse(payload), full.event))
        problems << QStringLiteral("parse(): ") + field;
    if (problems.isEmpty())
        return {};
    return problems.join(QStringLiteral(", ")) + QStringLiteral(" differ for: ")
        + QString::fromUtf8(payload.data(), qsizetype(std::min<size_t>(payload.size(), 400)));
}

// ---- The reader against nlohmann's DOM, filtered here independently.

const std::set<std::string> kTestKeys = {"id", "data", "n"};

Internal::SparseJsonReader testReader()
{
    return Internal::SparseJsonReader{"id", "data", "n"};
}

Json filtered(const Json &value)
{
    if (value.is_object()) {
        Json out = Json::object();
        for (const auto &[key, member] : value.items()) {
            if (kTestKeys.count(key))
                out[key] = filtered(member);
        }
        return out;
    }
    if (value.is_array()) {
        Json out = Json::array();
        for (const Json &element : value)
            out.push_back(filtered(element));
        return out;
    }
    return value;
}

// json's == calls 5 and 5u equal; the readers see the difference, so this does too.
bool identical(const Json &a, const Json &b)
{
    if (a.type() != b.type())
        return false;
    if (a.is_object()) {
        if (a.size() != b.size())
            return false;
        for (auto it = a.begin(); it != a.end(); ++it) {
            const auto found = b.find(it.key());
            if (found == b.end() || !identical(it.value(), *found))
                return false;
        }
        return true;
    }
    if (a.is_array()) {
        if (a.size() != b.size())
            return false;
        for (size_t i = 0; i < a.size(); ++i) {
            if (!identical(a[i], b[i]))
                return false;
        }
        return true;
    }
    return a == b;
}

QByteArray nested(int levels, const QByteArray &innermost)
{
    QByteArray text = innermost;
    for (int i = 0; i < levels; ++i)
        text = "{\"data\":" + text + "}";
    return text;
}

QString malformedDir()
{
    return QStringLiteral(RD_TEST_DATA_DIR "/malformed");
}

} // namespace

class tst_SparseJsonReader : public QObject
{
    Q_OBJECT

private slots:
    // The reader alone.
    void acceptsPlainJson_data();
    void acceptsPlainJson();
    void declinesAnythingElse_data();
    void declinesAnythingElse();
    void typesNumbersAsNlohmannDoes_data();
    void typesNumbersAsNlohmannDoes();
    void keepsTheLastOfRepeatedKeys();
    void keepsOnlyTheKeptKeys();

    // The event parser's routes agree.
    void simulatedStore();
    void fileCorpora();
    void handcraftedEvents_data();
    void handcraftedEvents();
    void everyTruncation();
    void everyByteFlipInsertionAndDeletion();
    void qstringDoor_data();
    void qstringDoor();
};

void tst_SparseJsonReader::acceptsPlainJson_data()
{
    QTest::addColumn<QByteArray>("text");

    QTest::newRow("empty object") << QByteArray("{}");
    QTest::newRow("empty object and array kept") << QByteArray(R"({"data":{},"id":[]})");
    QTest::newRow("every whitespace everywhere")
        << QByteArray(" \t\r\n{ \t\r\n\"id\" \t\r\n: \t\r\n\"x\" \t\r\n, \"data\" :[ 1 , { \"n\" : null } ] \r\n} \t\r\n");
    QTest::newRow("escapes in skipped strings")
        << QByteArray(R"({"other":"a\"b\\c\/d\b\f\n\r\t\u00e9\uD83D\uDE00\u0000","id":"x"})");
    QTest::newRow("escapes in keys of skipped objects") << QByteArray(R"({"skip":{"\u0069d":1,"a\"b":2},"id":"x"})");
    QTest::newRow("fractions in skipped places") << QByteArray(R"({"f":1.5,"g":-0.25,"h":[1.0,2,{"x":0.5}],"id":1})");
    QTest::newRow("huge skipped integer") << QByteArray(R"({"big":123456789012345678901234567890,"id":1})");
    QTest::newRow("kept nulls and booleans") << QByteArray(R"({"id":null,"data":true,"n":false})");
    QTest::newRow("filtered at every depth")
        << QByteArray(R"({"data":{"id":1,"x":{"id":2},"data":[{"id":3,"y":4},[{"z":5,"n":6}],"s",null]}})");
    QTest::newRow("kept keys inside skipped values") << QByteArray(R"({"x":{"id":"no","data":{"n":1}},"id":"yes"})");
    QTest::newRow("keys out of order") << QByteArray(R"({"n":1,"id":2,"data":3,"a":4})");
    QTest::newRow("empty key") << QByteArray(R"({"":1,"id":2})");
    QTest::newRow("negative zero kept") << QByteArray(R"({"id":-0})");
    QTest::newRow("largest integers kept") << QByteArray(R"({"id":9223372036854775807,"n":-9223372036854775808})");
    QTest::newRow("nesting at the limit") << nested(Internal::SparseJsonReader::MaxDepth - 1, "{}");
    QTest::newRow("arrays nesting at the limit")
        << QByteArray("{\"data\":") + QByteArray(Internal::SparseJsonReader::MaxDepth - 1, '[')
            + QByteArray(Internal::SparseJsonReader::MaxDepth - 1, ']') + "}";
    QTest::newRow("long string") << QByteArray("{\"id\":\"") + QByteArray(100000, 'a') + "\"}";
    QTest::newRow("refund event") << Test::sampleRefundEvent();
    QTest::newRow("charge event") << QByteArray(kChargeEvent);
}

void tst_SparseJsonReader::acceptsPlainJson()
{
    QFETCH(QByteArray, text);

    const auto read = testReader().read(view(text));
    QVERIFY(read);
    const Json expected = filtered(Json::parse(text.begin(), text.end()));
    QVERIFY2(identical(*read, expected), read->dump().c_str());
}

void tst_SparseJsonReader::declinesAnythingElse_data()
{
    QTest::addColumn<QByteArray>("text");

    for (const char *text : {"", " ", "[]", "\"s\"", "1", "null", "true"})
        QTest::newRow(qPrintable(QStringLiteral("top level: '%1'").arg(QLatin1String(text)))) << QByteArray(text);
    QTest::newRow("unterminated") << QByteArray("{");
    QTest::newRow("cut after a value") << QByteArray(R"({"id":1)");
    QTest::newRow("cut inside a string") << QByteArray(R"({"id":"ab)");
    QTest::newRow("trailing comma") << QByteArray(R"({"id":1,})");
    QTest::newRow("trailing comma in array") << QByteArray(R"({"id":[1,]})");
    QTest::newRow("missing colon") << QByteArray(R"({"id" 1})");
    QTest::newRow("missing comma") << QByteArray(R"({"id":1 "n":2})");
    QTest::newRow("lone comma") << QByteArray("{,}");
    QTest::newRow("trailing text") << QByteArray(R"({"id":1}x)");
    QTest::newRow("two documents") << QByteArray(R"({"id":1}{})");
    QTest::newRow("trailing NUL") << QByteArray("{}\0", 3);
    QTest::newRow("single quotes") << QByteArray("{'id':1}");
    QTest::newRow("comment") << QByteArray(R"({"id":1 /* c */})");
    QTest::newRow("NaN") << QByteArray(R"({"x":NaN})");
    QTest::newRow("Infinity") << QByteArray(R"({"x":Infinity})");
    QTest::newRow("cut literal") << QByteArray(R"({"x":tru})");
    QTest::newRow("capital literal") << QByteArray(R"({"x":Null})");
    QTest::newRow("unquoted key") << QByteArray("{id:1}");
    QTest::newRow("non-ASCII in a skipped string") << QByteArray("{\"x\":\"\xC3\xA9\"}");
    QTest::newRow("invalid UTF-8 in a skipped string") << QByteArray("{\"x\":\"\xFF\"}");
    QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBF{}");
    QTest::newRow("high byte as whitespace") << QByteArray("{\xA0}");
    QTest::newRow("raw tab in a string") << QByteArray("{\"x\":\"a\tb\"}");
    QTest::newRow("raw NUL in a string") << QByteArray("{\"x\":\"a\0b\"}", 11);
    QTest::newRow("form feed as whitespace") << QByteArray("{\f\"id\":1}");
    QTest::newRow("vertical tab as whitespace") << QByteArray("{\v\"id\":1}");
    QTest::newRow("escape in a kept string") << QByteArray(R"({"id":"a\nb"})");
    QTest::newRow("escape in a kept object's key") << QByteArray(R"({"\u0069d":1})");
    QTest::newRow("escaped quote in a kept array's string") << QByteArray(R"({"data":["\""]})");
    QTest::newRow("unknown escape") << QByteArray(R"({"x":"\x41"})");
    QTest::newRow("escape at the end") << QByteArray(R"({"x":"\)");
    QTest::newRow("short unicode escape") << QByteArray(R"({"x":"\u12"})");
    QTest::newRow("bad hex digit") << QByteArray(R"({"x":"\u12G4"})");
    QTest::newRow("lone high surrogate") << QByteArray(R"({"x":"\uD800"})");
    QTest::newRow("high surrogate, then text") << QByteArray(R"({"x":"\uD800ab"})");
    QTest::newRow("high surrogate, then not a low one") << QByteArray(R"({"x":"\uDBFF\u0041"})");
    QTest::newRow("two high surrogates") << QByteArray(R"({"x":"\uD800\uD800"})");
    QTest::newRow("lone low surrogate") << QByteArray(R"({"x":"\uDC00"})");
    QTest::newRow("kept fraction") << QByteArray(R"({"id":1.5})");
    QTest::newRow("kept whole fraction") << QByteArray(R"({"id":1.0})");
    QTest::newRow("kept exponent") << QByteArray(R"({"id":1e3})");
    QTest::newRow("fraction in a kept array") << QByteArray(R"({"data":[1,2.5]})");
    QTest::newRow("skipped exponent") << QByteArray(R"({"x":1e3})");
    QTest::newRow("skipped negative exponent") << QByteArray(R"({"x":1.5E-3})");
    QTest::newRow("skipped overflowing exponent") << QByteArray(R"({"x":1e999})");
    QTest::newRow("skipped integer past a double")
        << QByteArray("{\"x\":") + QByteArray(400, '9') + "}";
    QTest::newRow("leading zero") << QByteArray(R"({"x":01})");
    QTest::newRow("kept leading zero") << QByteArray(R"({"id":007})");
    QTest::newRow("minus alone") << QByteArray(R"({"x":-})");
    QTest::newRow("plus sign") << QByteArray(R"({"x":+1})");
    QTest::newRow("dot without digits") << QByteArray(R"({"x":1.})");
    QTest::newRow("dot first") << QByteArray(R"({"x":.5})");
    QTest::newRow("kept integer past int64") << QByteArray(R"({"id":9223372036854775808})");
    QTest::newRow("kept integer below int64") << QByteArray(R"({"n":-9223372036854775809})");
    QTest::newRow("kept integer of twenty digits") << QByteArray(R"({"id":12345678901234567890})");
    QTest::newRow("kept integer past uint64") << QByteArray(R"({"id":18446744073709551616})");
    QTest::newRow("nesting past the limit") << nested(Internal::SparseJsonReader::MaxDepth, "{}");
    QTest::newRow("skipped nesting past the limit")
        << QByteArray("{\"x\":") + QByteArray(Internal::SparseJsonReader::MaxDepth, '[')
            + QByteArray(Internal::SparseJsonReader::MaxDepth, ']') + "}";
    QTest::newRow("nesting far past the limit") << QByteArray(100000, '[');
}

void tst_SparseJsonReader::declinesAnythingElse()
{
    QFETCH(QByteArray, text);

    QVERIFY(!testReader().read(view(text)));
    // The event parser then takes the full route; the routes still agree.
    const QString problem = disagreement(view(text));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void tst_SparseJsonReader::typesNumbersAsNlohmannDoes_data()
{
    QTest::addColumn<QByteArray>("number");

    for (const char *number : {"0", "-0", "7", "-7", "4294967296", "-4294967296", "9223372036854775807",
                               "-9223372036854775807", "-9223372036854775808", "1000000000000000000"}) {
        QTest::newRow(number) << QByteArray(number);
    }
}

void tst_SparseJsonReader::typesNumbersAsNlohmannDoes()
{
    QFETCH(QByteArray, number);

    const QByteArray text = "{\"id\":" + number + ",\"data\":[" + number + "]}";
    const auto read = testReader().read(view(text));
    QVERIFY(read);
    const Json expected = Json::parse(text.begin(), text.end());
    QCOMPARE(int(read->at("id").type()), int(expected.at("id").type()));
    QCOMPARE(int(read->at("data").at(0).type()), int(expected.at("data").at(0).type()));
    QVERIFY(identical(*read, expected));
    QCOMPARE(read->at("id").is_number_unsigned(), !number.startsWith('-'));
}

void tst_SparseJsonReader::keepsTheLastOfRepeatedKeys()
{
    const QByteArray text = R"({"id":1,"data":{"n":{"x":1}},"id":"two","x":5,"data":[3],"id":{"n":null,"m":1}})";
    const auto read = testReader().read(view(text));
    QVERIFY(read);
    QCOMPARE(QString::fromStdString(read->dump()), QStringLiteral(R"({"data":[3],"id":{"n":null}})"));
    QVERIFY(identical(*read, filtered(Json::parse(text.begin(), text.end()))));
}

void tst_SparseJsonReader::keepsOnlyTheKeptKeys()
{
    const Internal::SparseJsonReader reader = testReader();
    QVERIFY(reader.keeps("id"));
    QVERIFY(reader.keeps("data"));
    QVERIFY(!reader.keeps("i"));
    QVERIFY(!reader.keeps("ids"));
    QVERIFY(!reader.keeps("Id"));
    QVERIFY(!reader.keeps(""));
    QVERIFY(!reader.keeps(std::string(100, 'd')));
    const QByteArray text = R"({"ids":1,"Id":2,"i":3,"datum":{"id":4},"id":5})";
    const auto read = reader.read(view(text));
    QVERIFY(read);
    QCOMPARE(QString::fromStdString(read->dump()), QStringLiteral(R"({"id":5})"));
}

void tst_SparseJsonReader::simulatedStore()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("demo.sqlite"));
    SimulationOptions options;
    options.operations = 2500;
    options.seed = 11;
    options.nowMs = 1'735'000'000'000;
    const auto summary = DemoStore::generate(path, options);
    QVERIFY2(summary, qPrintable(summary ? QString() : summary.error().message));

    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    const std::unique_ptr<sqlite3, decltype(&sqlite3_close)> closer(db, &sqlite3_close);
    sqlite3_stmt *rows = nullptr;
    QCOMPARE(sqlite3_prepare_v2(db, "SELECT payload FROM webhook_events", -1, &rows, nullptr), SQLITE_OK);
    const std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)> rowsCloser(rows, &sqlite3_finalize);

    int payloads = 0;
    int jsonObjects = 0;
    int accepted = 0;
    int readable = 0;
    while (sqlite3_step(rows) == SQLITE_ROW) {
        const auto *bytes = reinterpret_cast<const char *>(sqlite3_column_blob(rows, 0));
        const std::string_view payload(bytes ? bytes : "", size_t(sqlite3_column_bytes(rows, 0)));
        bool fast = false;
        const QString problem = disagreement(payload, &fast);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        // The console's door: the stored text as a QString.
        const QString text = QString::fromUtf8(payload.data(), qsizetype(payload.size()));
        const QStringList viaText = eventDifferences(EventParser::parse(text), EventParser::readFully(payload).event);
        QVERIFY2(viaText.isEmpty(), qPrintable(viaText.join(u',')));

        const bool object = EventParser::readFully(payload).isJsonObject;
        ++payloads;
        jsonObjects += object ? 1 : 0;
        accepted += fast ? 1 : 0;
        readable += EventParser::parse(payload).readable ? 1 : 0;
        QVERIFY(!fast || object);
    }
    qInfo("%d payloads, %d JSON objects, %d readable, %d taken by the fast reader", payloads, jsonObjects, readable, accepted);
    QVERIFY(payloads > 1000);
    QVERIFY(readable > payloads * 9 / 10);
    // Only the payloads the simulator cut short are left to the full parser.
    QVERIFY2(accepted >= jsonObjects * 99 / 100, "the fast reader must take the ordinary payloads");
    QVERIFY(accepted >= payloads * 98 / 100);
}

void tst_SparseJsonReader::fileCorpora()
{
    int files = 0;
    int accepted = 0;
    for (const QString &folder : {malformedDir(), QStringLiteral(RD_TEST_DATA_DIR "/../fuzz/seeds")}) {
        const QDir dir(folder);
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name)) {
            QFile file(dir.filePath(name));
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));
            const QByteArray payload = file.readAll();
            bool fast = false;
            const QString problem = disagreement(view(payload), &fast);
            QVERIFY2(problem.isEmpty(), qPrintable(name + QStringLiteral(": ") + problem));
            ++files;
            accepted += fast ? 1 : 0;
        }
    }
    QVERIFY(files >= 60);
    // Most of the malformed corpus is plain JSON with a wrong field: the fast route must
    // report those exactly as the full one.
    QVERIFY(accepted >= 30);
}

void tst_SparseJsonReader::handcraftedEvents_data()
{
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<bool>("fast"); // whether the fast reader takes it

    const auto row = [](const char *name, const QByteArray &payload, bool fast) { QTest::newRow(name) << payload << fast; };
    row("refund event", Test::sampleRefundEvent(), true);
    row("charge event with a refunds list", QByteArray(kChargeEvent), true);
    row("charge event with a plain refunds array",
        QByteArray(kChargeEvent).replace(R"("refunds":{"object":"list","data":)", R"("refunds":)").replace(R"(],"has_more":false})", "]"),
        true);
    row("charge event, refunds list without data", QByteArray(kChargeEvent).replace(R"("data":[{"id":"re_a")", R"("x":[{"id":"re_a")"), true);
    row("charge event, second refund broken", QByteArray(kChargeEvent).replace(R"("amount":2800)", R"("amount":"2800")"), true);
    row("pretty-printed",
        QByteArray::fromStdString(Json::parse(Test::SampleRefundEvent).dump(4)).replace('\n', "\r\n"), true);
    row("tabs and newlines", Test::sampleRefundEvent(",", ",\n\t"), true);

    // Escapes and text beyond ASCII.
    row("escape in a skipped field", Test::sampleRefundEvent(R"("requested_by_customer")", R"("requested\u005fby\"customer\"")"), true);
    row("escape in the event id", Test::sampleRefundEvent(R"("evt_1")", R"("evt\u005f1")"), false);
    row("escape in the operation id", Test::sampleRefundEvent(R"("op_5521")", R"("op_\u00e9")"), false);
    row("surrogate pair in a skipped field", Test::sampleRefundEvent(R"("requested_by_customer")", R"("\ud83d\ude00")"), true);
    row("lone surrogate in a skipped field", Test::sampleRefundEvent(R"("requested_by_customer")", R"("\ud83d")"), false);
    row("non-ASCII in the operation id", Test::sampleRefundEvent(R"("op_5521")", "\"op_\xC3\xA9\xE2\x82\xAC\""), false);
    row("non-ASCII in a skipped field", Test::sampleRefundEvent(R"("requested_by_customer")", "\"\xC3\xA9\""), false);
    row("invalid UTF-8 in a skipped field", Test::sampleRefundEvent(R"("requested_by_customer")", "\"\xC3\""), false);
    row("byte order mark", QByteArray("\xEF\xBB\xBF") + Test::sampleRefundEvent(), false);

    // Numbers.
    row("amount with a fraction", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":3800.0)"), false);
    row("amount with an exponent", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":38e2)"), false);
    row("amount -0", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":-0)"), true);
    row("amount negative", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":-3800)"), true);
    row("amount the largest int64", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":9223372036854775807)"), true);
    row("amount past int64", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":9223372036854775808)"), false);
    row("amount past uint64", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":99999999999999999999)"), false);
    row("amount the smallest int64", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":-9223372036854775808)"), true);
    row("created negative", Test::sampleRefundEvent(R"("created":1717000000,"data")", R"("created":-1,"data")"), true);
    row("fraction in a skipped field", Test::sampleRefundEvent(R"("pending_webhooks":1)", R"("pending_webhooks":1.25)"), true);
    row("exponent in a skipped field", Test::sampleRefundEvent(R"("pending_webhooks":1)", R"("pending_webhooks":1e2)"), false);
    row("huge integer in a skipped field", Test::sampleRefundEvent(R"("pending_webhooks":1)", R"("pending_webhooks":123456789012345678901234567890)"), true);

    // Repeated keys: the last one counts, on both routes.
    row("amount twice", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":1,"amount":3800)"), true);
    row("amount twice, last one wrong", Test::sampleRefundEvent(R"("amount":3800)", R"("amount":3800,"amount":"x")"), true);
    row("status twice", Test::sampleRefundEvent(R"("status":"succeeded")", R"("status":"succeeded","status":"failed")"), true);
    row("data twice", Test::sampleRefundEvent(R"("livemode":false)", R"("livemode":false,"data":{"object":{"object":"dispute"}})"), true);
    row("metadata twice", Test::sampleRefundEvent(R"("metadata":{"operation_id":"op_5521"})", R"("metadata":{"operation_id":"op_1"},"metadata":{"x":1})"), true);

    // Nesting.
    row("deep unknown field within the limit", Test::sampleRefundEvent(R"("livemode":false)", "\"livemode\":" + nested(20, "1")), true);
    row("deep unknown field past the fast limit", Test::sampleRefundEvent(R"("livemode":false)", "\"livemode\":" + nested(40, "1")), false);
    row("deep unknown field past the full limit", Test::sampleRefundEvent(R"("livemode":false)", "\"livemode\":" + nested(70, "1")), false);

    // Empty, null and wrongly typed fields the readers look at.
    row("metadata empty", Test::sampleRefundEvent(R"({"operation_id":"op_5521"})", "{}"), true);
    row("metadata empty array", Test::sampleRefundEvent(R"({"operation_id":"op_5521"})", "[]"), true);
    row("request empty", Test::sampleRefundEvent(R"({"id":"req_1","idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"})", "{}"), true);
    row("data.object empty", QByteArray(R"({"id":"evt_1","created":1,"type":"t","data":{"object":{}}})"), true);
    row("data empty", QByteArray(R"({"id":"evt_1","created":1,"type":"t","data":{}})"), true);
    for (const char *field : {R"("id":"evt_1")", R"("amount":3800)", R"("currency":"usd")", R"("status":"succeeded")",
                              R"("request":{"id":"req_1","idempotency_key":"c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"})",
                              R"("charge":"ch_1")", R"("created":1717000000,"data")", R"("type":"refund.updated")",
                              R"("failure_reason":null)", R"("payment_intent":"pi_1")", R"("object":"refund")",
                              R"("object":"event")", R"("operation_id":"op_5521")"}) {
        const QByteArray original(field);
        const qsizetype colon = original.indexOf(':');
        const QByteArray key = original.left(colon + 1);
        const QByteArray rest = original.endsWith(",\"data\"") ? QByteArray(",\"data\"") : QByteArray();
        for (const char *value : {"null", "7", "-7", "true", "\"\"", "\"x\"", "[]", "[1,\"a\",null]", "{}",
                                  R"({"id":"ch_9","object":"charge"})", R"({"id":5})"}) {
            const QByteArray name = original + " -> " + value;
            QTest::newRow(name.constData()) << Test::sampleRefundEvent(original, key + value + rest) << true;
        }
        QTest::newRow((original + " removed").constData()) << Test::sampleRefundEvent(original, "\"x_\":1" + rest) << true;
    }
    row("payload is a refund object", QByteArray(R"({"id":"re_1","object":"refund","amount":3800})"), true);
    row("object is a number", Test::sampleRefundEvent(R"("object":"event")", R"("object":5)"), true);
    row("kept keys in an unknown field", Test::sampleRefundEvent(R"("livemode":false)", R"("livemode":{"id":"evil","data":{"object":{}}})"), true);
    row("other object kind", Test::sampleRefundEvent(R"("object":"refund")", R"("object":"payment_intent")"), true);
}

void tst_SparseJsonReader::handcraftedEvents()
{
    QFETCH(QByteArray, payload);
    QFETCH(bool, fast);

    bool accepted = false;
    const QString problem = disagreement(view(payload), &accepted);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(accepted, fast);
}

void tst_SparseJsonReader::everyTruncation()
{
    for (const QByteArray &payload : {Test::sampleRefundEvent(), QByteArray(kChargeEvent)}) {
        for (qsizetype length = 0; length <= payload.size(); ++length) {
            bool accepted = false;
            const QString problem = disagreement(view(payload.left(length)), &accepted);
            QVERIFY2(problem.isEmpty(), qPrintable(problem));
            QCOMPARE(accepted, length == payload.size());
        }
    }
}

void tst_SparseJsonReader::everyByteFlipInsertionAndDeletion()
{
    // Each byte replaced by, and preceded by, each of the bytes that matter to a JSON
    // reader, and each byte left out: both routes answer the same every time.
    const char replacements[] = {'\0', '"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\t', '\n', '\f', '0', '1',
                                 '9', '-', '+', '.', 'e', 'E', 'u', 'n', 't', 'x', '/', '\x7f', '\x80', '\xff'};
    int accepted = 0;
    int total = 0;
    for (const QByteArray &payload : {Test::sampleRefundEvent(), QByteArray(kChargeEvent)}) {
        for (qsizetype i = 0; i < payload.size(); ++i) {
            std::vector<QByteArray> variants;
            for (const char replacement : replacements) {
                QByteArray flipped = payload;
                flipped[i] = replacement;
                variants.push_back(flipped);
                variants.push_back(QByteArray(payload).insert(i, replacement));
            }
            variants.push_back(QByteArray(payload).remove(i, 1));
            for (const QByteArray &variant : variants) {
                bool fast = false;
                const QString problem = disagreement(view(variant), &fast);
                QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("at %1: ").arg(i) + problem));
                accepted += fast ? 1 : 0;
                ++total;
            }
        }
    }
    qInfo("%d variants, %d taken by the fast reader", total, accepted);
    // Both routes were exercised: many variants stay plain, many do not.
    QVERIFY(accepted > total / 10);
    QVERIFY(accepted < total * 9 / 10);
}

void tst_SparseJsonReader::qstringDoor_data()
{
    QTest::addColumn<QString>("payload");

    const QString event = QString::fromLatin1(Test::SampleRefundEvent);
    QTest::newRow("ASCII") << event;
    QTest::newRow("non-ASCII text") << QString(event).replace(QStringLiteral("op_5521"), QStringLiteral("op_\u00e9\u20ac"));
    QTest::newRow("Latin-1 text") << QString(event).replace(QStringLiteral("op_5521"), QStringLiteral("op_\u00e9"));
    QTest::newRow("text beyond the BMP") << QString(event).replace(QStringLiteral("op_5521"), QStringLiteral("op_\U0001F600"));
    QTest::newRow("lone surrogate in a field")
        << QString(event).replace(QStringLiteral("op_5521"), QStringLiteral("op_") + QChar(0xD800) + QStringLiteral("1"));
    QTest::newRow("lone surrogate after the object") << event + QChar(0xD800);
    QTest::newRow("lone low surrogate after the object") << event + QChar(0xDC00);
    QTest::newRow("NUL after the object") << event + QChar(0);
    QTest::newRow("U+0080 after the object") << event + QChar(0x80);
    QTest::newRow("4096 characters")
        << QString(event).replace(QStringLiteral("requested_by_customer"), QString(4096 - event.size() + 21, u'r'));
    QTest::newRow("4097 characters")
        << QString(event).replace(QStringLiteral("requested_by_customer"), QString(4097 - event.size() + 21, u'r'));
    QTest::newRow("long and non-ASCII")
        << QString(event).replace(QStringLiteral("requested_by_customer"), QString(5000, QChar(0xE9)));
    QTest::newRow("empty") << QString();
}

void tst_SparseJsonReader::qstringDoor()
{
    QFETCH(QString, payload);

    // The QString doors read exactly the bytes toUtf8() gives.
    const QByteArray bytes = payload.toUtf8();
    const QStringList differences = eventDifferences(EventParser::parse(payload), EventParser::readFully(view(bytes)).event);
    QVERIFY2(differences.isEmpty(), qPrintable(differences.join(u',')));
    QCOMPARE(EventParser::indexColumns(payload).operationId, EventParser::readFully(view(bytes)).columns.operationId);
    QCOMPARE(EventParser::indexColumns(payload).eventId, EventParser::readFully(view(bytes)).columns.eventId);
}

QTEST_GUILESS_MAIN(tst_SparseJsonReader)
#include "tst_sparsejsonreader.moc"
