// The fast reader in front of the event parser: what it accepts it reads exactly as the
// full parser does (held against nlohmann's DOM, and the event parser's two routes held
// against each other), what is not plain it declines, and it does accept the payloads a
// provider ordinarily sends, or it would not make anything faster.

#include "tst_sparsejsonreader.h"

namespace {

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

} // namespace

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

QTEST_GUILESS_MAIN(tst_SparseJsonReader)
