// The sparse reader against the full parser on whole corpora: a simulated store, the files of
// tests/data, handcrafted events, every truncation, every byte flipped, inserted and
// deleted, and the QString door.

#include "tst_sparsejsonreader.h"
#include "testpaths.h"

namespace {

QString malformedDir()
{
    return Test::testDataDir() + QStringLiteral("/malformed");
}

} // namespace

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
    for (const QString &folder : {malformedDir(), Test::testDataDir() + QStringLiteral("/../fuzz/seeds")}) {
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
