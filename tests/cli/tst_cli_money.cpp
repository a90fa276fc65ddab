// Money in the text the commands print: major units with the currency's code, with the
// decimals Stripe gives the currency (none for its zero-decimal ones, three for KWD), the
// same in every language; --json keeps the integer minor units.

#include "tst_cli.h"

namespace {

// The line of `text` that begins with `start` (after any indentation).
QString lineStarting(const QString &text, const QString &start)
{
    for (const QString &line : text.split(u'\n')) {
        if (line.trimmed().startsWith(start))
            return line;
    }
    return {};
}

} // namespace

void tst_Cli::textShowsMoney_data()
{
    QTest::addColumn<QString>("currency");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("text");

    QTest::newRow("usd") << "usd" << qint64(29050) << "en" << "290.50 USD";
    QTest::newRow("eur") << "eur" << qint64(18700) << "en" << "187.00 EUR";
    QTest::newRow("jpy, never divided") << "jpy" << qint64(3800) << "en" << "3,800 JPY";
    QTest::newRow("krw") << "krw" << qint64(1500000) << "en" << "1,500,000 KRW";
    QTest::newRow("mga, zero-decimal at Stripe") << "mga" << qint64(18700) << "en" << "18,700 MGA";
    QTest::newRow("kwd, three decimals") << "kwd" << qint64(1250) << "en" << "1.250 KWD";
    QTest::newRow("isk, two decimals at Stripe") << "isk" << qint64(150000) << "en" << "1,500.00 ISK";
    QTest::newRow("usd in Russian") << "usd" << qint64(1050) << "ru" << "10.50 USD";
    QTest::newRow("jpy in Chinese") << "jpy" << qint64(3800) << "zh_CN" << "3,800 JPY";
}

void tst_Cli::textShowsMoney()
{
    QFETCH(QString, currency);
    QFETCH(qint64, amount);
    QFETCH(QString, language);
    QFETCH(QString, text);

    Operation operation = TestStore::operation(QStringLiteral("op_money"));
    operation.amountCents = amount;
    operation.currency = currency;
    QVERIFY(m_store->addOperation(operation));
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_money");
    event.type = QStringLiteral("refund.updated");
    event.created = 1'700'000'000;
    event.receivedAt = 1'700'000'000'500;
    event.operationId = operation.operationId;
    event.refundId = QStringLiteral("re_money");
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId, QStringLiteral("failed"), amount,
                                                  currency, operation.operationId, operation.idempotencyKey, *event.created);
    QVERIFY2(m_store->addEvent(event), qPrintable(m_store->lastError()));
    const QStringList lang{QStringLiteral("--lang"), language};

    // queue: the amount is one tab-separated field.
    CliRun run = runRefundDesk(QStringList{"queue", "--db", db()} + lang);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QString queued = lineStarting(run.outText(), QStringLiteral("op_money\t"));
    QVERIFY2(queued.split(u'\t').contains(text), qPrintable(run.outText()));

    // show: the operation's line and the event's.
    run = runRefundDesk(QStringList{"show", "op_money", "--db", db()} + lang);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QString shown = run.outText();
    QVERIFY2(shown.section(u'\n', 0, 0).contains(QStringLiteral("  %1  ").arg(text)), qPrintable(shown));
    QVERIFY2(lineStarting(shown, QStringLiteral("evt_money ")).contains(QStringLiteral(" re_money failed %1").arg(text)),
             qPrintable(shown));
    QVERIFY2(!shown.contains(QStringLiteral("%1 %2").arg(amount).arg(currency), Qt::CaseInsensitive), qPrintable(shown));

    // --json keeps the minor units.
    run = runRefundDesk({"show", "op_money", "--db", db(), "--json"});
    QCOMPARE(run.exitCode, 0);
    const QJsonObject object = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(object.value("operation").toObject().value("amount_cents").toInteger(), amount);
    QCOMPARE(object.value("events").toArray().at(0).toObject().value("amount").toInteger(), amount);
}

void tst_Cli::showReadsLookupsFromWhatStripeAnswered()
{
    // A lookup kept before amounts were formatted: its summary has the minor units, in the
    // language of whoever asked. show says what the refunds are, from the result.
    Operation operation = TestStore::operation(QStringLiteral("op_asked"));
    operation.amountCents = 18700;
    operation.currency = QStringLiteral("eur");
    QVERIFY(m_store->addOperation(operation));
    const QString result = QStringLiteral(
        R"({"complete":true,"method":"retrieve","refunds":[{"id":"re_9","status":"failed","amount":18700,"currency":"eur"},)"
        R"({"id":"re_10","status":"succeeded","amount":3800,"currency":"jpy"}],"missing":["re_11"],)"
        R"("summary":"Stripe says: refund re_9: failed, 18700 EUR; refund re_10: succeeded, 3800 JPY."})");
    QVERIFY2(m_store->exec(QStringLiteral("INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, requests, "
                                          "result, response_sha256) VALUES ('op_asked', 'stripe', 1700000000000, 'ann', "
                                          "'[]', '%1', '%2')")
                               .arg(result, QString(64, u'a'))),
             qPrintable(m_store->lastError()));
    const CliRun run = runRefundDesk({"show", "op_asked", "--db", db(), "--lang", "en"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QString line = lineStarting(run.outText(), QStringLiteral("#1 stripe by ann"));
    QVERIFY2(line.contains(QLatin1String("refund re_9: failed, 187.00 EUR; refund re_10: succeeded, 3,800 JPY; "
                                         "refund re_11: Stripe has no such refund.")),
             qPrintable(run.outText()));
    QVERIFY2(!run.outText().contains(QLatin1String("18700")), qPrintable(run.outText()));
}

void tst_Cli::demoNamesTheReferenceAmount()
{
    const CliRun run = runRefundDesk({"demo", "--db", m_dir->filePath(QStringLiteral("demo.sqlite")), "--operations", "40",
                                      "--seed", "2", "--lang", "en"},
                                     120'000);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("Reference case: op_5521 (order 4417, 38.00 USD, unknown)")),
             qPrintable(run.outText()));
}
