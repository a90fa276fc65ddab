// The read-only Stripe client against the fake Stripe: the keys it takes, the headers it
// sends, each way a request fails and the sentence it says, retries, and its key never shown.
// Paging and a payment's refunds: tst_stripeclient_listing.cpp.

#include "tst_stripeclient.h"

void TestStripeClient::init()
{
    m_fake = std::make_unique<FakeStripe>();
    QVERIFY(m_fake->listenOnLoopback());
    m_fake->setAcceptedKey(TestKey);
    m_fake->truth().addRefund(R"({"id":"re_1","object":"refund","amount":3800,"created":1717000000,"currency":"usd",)"
                              R"("metadata":{"operation_id":"op_5521"},"status":"succeeded"})");
}

void TestStripeClient::cleanup()
{
    m_client.reset();
    // Refund Desk only reads: any other method is a failure of the client.
    QCOMPARE(m_fake->refusedRequests(), QStringList());
    m_fake.reset();
}

void TestStripeClient::keysAreReadByPrefix_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("accepted");
    QTest::addColumn<bool>("restricted");
    QTest::addColumn<bool>("live");
    QTest::newRow("restricted test") << QByteArray("rk_test_abc123") << true << true << false;
    QTest::newRow("restricted live") << QByteArray("rk_live_abc123\n") << true << true << true;
    QTest::newRow("secret test") << QByteArray("sk_test_abc123") << true << false << false;
    QTest::newRow("secret live") << QByteArray("sk_live_abc123") << true << false << true;
    QTest::newRow("publishable") << QByteArray("pk_test_abc123") << false << false << false;
    QTest::newRow("prefix alone") << QByteArray("rk_test_") << false << false << false;
    QTest::newRow("white space inside") << QByteArray("rk_test_ab c") << false << false << false;
    QTest::newRow("empty") << QByteArray() << false << false << false;
}

void TestStripeClient::keysAreReadByPrefix()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, accepted);
    QFETCH(bool, restricted);
    QFETCH(bool, live);
    const auto secret = StripeSecret::fromText(text);
    QCOMPARE(secret.ok(), accepted);
    if (!accepted) {
        // Never the text itself (beyond a bare prefix, which the message names).
        QVERIFY(text.trimmed().size() <= 8 || !secret.error().message.contains(QString::fromLatin1(text.trimmed())));
        return;
    }
    QCOMPARE(secret->kind() == StripeSecret::Kind::Restricted, restricted);
    QCOMPARE(secret->mode() == StripeSecret::Mode::Live, live);
}

void TestStripeClient::aSecretKeyWorksWithANote()
{
    const auto restricted = StripeKeySource::read({}, "rk_test_abc");
    QVERIFY(restricted);
    QCOMPARE(restricted->note, QString());
    const auto secret = StripeKeySource::read({}, "sk_test_abc");
    QVERIFY(secret);
    QVERIFY2(secret->note.contains(QLatin1String("restricted key")), qPrintable(secret->note));
    QVERIFY(!secret->note.contains(QLatin1String("sk_test_abc")));
    const auto none = StripeKeySource::read({}, {});
    QVERIFY(!none);
    QVERIFY(none.error().message.contains(QLatin1String("STRIPE_API_KEY")));
}

void TestStripeClient::aKeyFileOthersMayReadIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("stripe.key"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(TestKey + "\n");
    file.close();
    QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup
                                | QFileDevice::ReadOther));
    const auto open = StripeKeySource::read(path, {});
    QVERIFY(!open);
    QCOMPARE(open.error().kind, ErrorKind::Refused);
    QVERIFY2(open.error().message.contains(QLatin1String("chmod 600")), qPrintable(open.error().message));
    QVERIFY(open.error().message.contains(QLatin1String("0644")));

    QVERIFY(file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    const auto own = StripeKeySource::read(path, "sk_live_ignored");
    QVERIFY2(own, own ? "" : qPrintable(own.error().message));
    QCOMPARE(own->secret.mode(), StripeSecret::Mode::Test); // the file wins over the variable
}

void TestStripeClient::plainHttpOnlyOnLoopback_data()
{
    QTest::addColumn<QString>("base");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("default") << QString() << true;
    QTest::newRow("https") << QStringLiteral("https://stripe.example.com") << true;
    QTest::newRow("http loopback") << QStringLiteral("http://127.0.0.1:12111") << true;
    QTest::newRow("http localhost") << QStringLiteral("http://localhost:12111") << true;
    QTest::newRow("http ipv6 loopback") << QStringLiteral("http://[::1]:12111") << true;
    QTest::newRow("http elsewhere") << QStringLiteral("http://stripe.example.com") << false;
    QTest::newRow("http lan") << QStringLiteral("http://192.168.1.10:12111") << false;
    QTest::newRow("ftp") << QStringLiteral("ftp://127.0.0.1") << false;
    QTest::newRow("not a url") << QStringLiteral("stripe") << false;
}

void TestStripeClient::plainHttpOnlyOnLoopback()
{
    QFETCH(QString, base);
    QFETCH(bool, accepted);
    const auto url = StripeApiBase::parse(base);
    QCOMPARE(url.ok(), accepted);
    if (!accepted)
        QVERIFY(!url.error().message.isEmpty());
    else if (base.isEmpty())
        QCOMPARE(url->toString(), QStringLiteral("https://api.stripe.com"));
}

void TestStripeClient::aGetCarriesThePinnedVersionAndTheKey()
{
    StripeClient &c = client();
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/refunds/re_1"));
    QVERIFY2(answer.ok(), answer.error ? qPrintable(answer.error->message) : "");
    QCOMPARE(answer.httpStatus, 200);
    QVERIFY(answer.body.contains("\"re_1\""));
    QCOMPARE(answer.requestId, QStringLiteral("req_fake1"));
    QCOMPARE(answer.requestIds, QStringList{QStringLiteral("req_fake1")});
    QCOMPARE(m_fake->requestCount(), 1);
    const auto &request = m_fake->requests().front();
    QCOMPARE(request.method, QByteArray("Get"));
    QCOMPARE(request.stripeVersion, QByteArray(StripeClient::ApiVersion));
    QVERIFY(request.authorized);
}

void TestStripeClient::eachFailureSaysWhatToDo_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("shouldRetry");
    QTest::addColumn<int>("expectedAttempts");
    QTest::addColumn<QString>("says");
    // The SDKs' default: two retries of a 5xx, so three tries.
    QTest::newRow("500 retried, then did not answer") << 500 << QByteArray() << 3 << QStringLiteral("did not answer");
    QTest::newRow("503 retried") << 503 << QByteArray() << 3 << QStringLiteral("HTTP 503");
    QTest::newRow("500 Stripe says not to retry") << 500 << QByteArray("false") << 1 << QStringLiteral("did not answer");
    QTest::newRow("409 retried as a lock") << 409 << QByteArray() << 3 << QStringLiteral("HTTP 409");
    QTest::newRow("400 not retried") << 400 << QByteArray() << 1 << QStringLiteral("report it");
    QTest::newRow("400 Stripe says to retry") << 400 << QByteArray("true") << 3 << QStringLiteral("report it");
}

void TestStripeClient::eachFailureSaysWhatToDo()
{
    QFETCH(int, status);
    QFETCH(QByteArray, shouldRetry);
    QFETCH(int, expectedAttempts);
    QFETCH(QString, says);
    FakeStripe::Scripted failure;
    failure.status = status;
    failure.shouldRetry = shouldRetry;
    m_fake->script(failure, 10);
    StripeClient &c = client();
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/refunds/re_1"));
    QVERIFY(!answer.ok());
    QVERIFY(answer.error);
    QCOMPARE(answer.attempts, expectedAttempts);
    QCOMPARE(m_fake->requestCount(), expectedAttempts);
    QCOMPARE(answer.requestIds.size(), expectedAttempts);
    QVERIFY2(answer.error->message.contains(says), qPrintable(answer.error->message));
    QVERIFY(answer.error->message.contains(answer.requestId));
    verifyNoKey(answer);
}

void TestStripeClient::aRetryThatSucceedsIsAnAnswer()
{
    FakeStripe::Scripted failure;
    failure.status = 500;
    m_fake->script(failure, 2);
    StripeClient &c = client();
    QSignalSpy waiting(&c, &StripeClient::waiting);
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/refunds/re_1"));
    QVERIFY(answer.ok());
    QCOMPARE(answer.attempts, 3);
    QCOMPARE(waiting.size(), 2);
    QCOMPARE(answer.requestIds.size(), 3);
    QCOMPARE(answer.requestId, answer.requestIds.last());
}

void TestStripeClient::a401SaysTheKeyIsWrong()
{
    m_fake->setAcceptedKey("rk_test_someOtherKey");
    StripeClient &c = client();
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/events"));
    QCOMPARE(answer.httpStatus, 401);
    QCOMPARE(answer.attempts, 1);
    QCOMPARE(answer.error->kind, ErrorKind::Refused);
    QVERIFY2(answer.error->message.contains(QLatin1String("revoked")), qPrintable(answer.error->message));
    verifyNoKey(answer);
}

void TestStripeClient::a403NamesTheMissingPermission_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("permission");
    QTest::addColumn<QString>("named");
    QTest::newRow("events") << QStringLiteral("/v1/events") << QStringLiteral("rak_event_read") << QStringLiteral("Events: Read");
    QTest::newRow("refunds") << QStringLiteral("/v1/refunds") << QStringLiteral("rak_refund_read") << QStringLiteral("Refunds: Read");
}

void TestStripeClient::a403NamesTheMissingPermission()
{
    QFETCH(QString, path);
    QFETCH(QString, permission);
    QFETCH(QString, named);
    m_fake->denyPermission(path, permission);
    StripeClient &c = client();
    const StripeAnswer answer = getAndWait(c, path);
    QCOMPARE(answer.httpStatus, 403);
    QCOMPARE(answer.attempts, 1);
    QVERIFY2(answer.error->message.contains(named), qPrintable(answer.error->message));
    verifyNoKey(answer);
}

void TestStripeClient::a429IsWaitedOutAsRetryAfterSays()
{
    FakeStripe::Scripted limited;
    limited.status = 429;
    limited.errorType = "invalid_request_error";
    limited.errorCode = "rate_limit";
    limited.retryAfter = "1";
    m_fake->script(limited, 2);
    StripeClient &c = client();
    QSignalSpy waiting(&c, &StripeClient::waiting);
    QElapsedTimer timer;
    timer.start();
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/refunds/re_1"));
    QVERIFY(answer.ok());
    QCOMPARE(answer.attempts, 3);
    QCOMPARE(waiting.size(), 2);
    // Retry-After: 1 is at least a second each time.
    QVERIFY(waiting.at(0).at(1).toLongLong() >= 1000);
    QVERIFY(timer.elapsed() >= 2000);
    QVERIFY2(waiting.at(0).at(2).toString().contains(QLatin1String("429")), qPrintable(waiting.at(0).at(2).toString()));
}

void TestStripeClient::a429ThatLastsIsBounded()
{
    FakeStripe::Scripted limited;
    limited.status = 429;
    limited.retryAfter = "0";
    m_fake->script(limited, 50);
    StripeClient &c = client();
    StripeRetryPolicy policy = fastPolicy();
    policy.maxRateLimitWaits = 3;
    c.setRetryPolicy(policy);
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/refunds/re_1"));
    QCOMPARE(answer.httpStatus, 429);
    QCOMPARE(answer.attempts, 4);
    QVERIFY2(answer.error->message.contains(QLatin1String("limited the rate")), qPrintable(answer.error->message));
}

void TestStripeClient::aSlowStripeTimesOutAndIsRetried()
{
    m_fake->setDelayMs(1500);
    StripeClient &c = client();
    StripeRetryPolicy policy = fastPolicy();
    policy.transferTimeoutMs = 200;
    c.setRetryPolicy(policy);
    QSignalSpy waiting(&c, &StripeClient::waiting);
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/refunds/re_1"));
    QVERIFY(!answer.ok());
    QCOMPARE(answer.httpStatus, 0);
    QCOMPARE(answer.attempts, 3);
    QCOMPARE(waiting.size(), 2);
    QVERIFY2(answer.error->message.startsWith(QLatin1String("Stripe did not answer")), qPrintable(answer.error->message));
}

void TestStripeClient::noServerIsNoNetwork()
{
    // A port nobody listens on: bound, then closed.
    quint16 port = 0;
    {
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        port = probe.serverPort();
    }
    StripeClient &c = client(QStringLiteral("http://127.0.0.1:%1").arg(port));
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/events"));
    QCOMPARE(answer.httpStatus, 0);
    QCOMPARE(answer.attempts, 3);
    QVERIFY2(answer.error->message.startsWith(QLatin1String("Could not reach")), qPrintable(answer.error->message));
    verifyNoKey(answer);
}

void TestStripeClient::aTlsFailureIsNotRetried()
{
    // A server that answers TLS's hello with plain text: the handshake fails.
    QTcpServer plain;
    QVERIFY(plain.listen(QHostAddress::LocalHost));
    connect(&plain, &QTcpServer::newConnection, this, [&plain]() {
        QTcpSocket *socket = plain.nextPendingConnection();
        connect(socket, &QTcpSocket::readyRead, socket, [socket]() {
            socket->readAll();
            socket->write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n");
        });
    });
    StripeClient &c = client(QStringLiteral("https://127.0.0.1:%1").arg(plain.serverPort()));
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/events"));
    QCOMPARE(answer.httpStatus, 0);
    QVERIFY2(answer.error->message.contains(QLatin1String("TLS")), qPrintable(answer.error->message));
    QCOMPARE(answer.attempts, 1);
}

void TestStripeClient::anUnknownNameIsDns()
{
    StripeClient &c = client(QStringLiteral("https://no-such-host.invalid"));
    const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/events"));
    QCOMPARE(answer.httpStatus, 0);
    QVERIFY2(answer.error->message.contains(QLatin1String("DNS")), qPrintable(answer.error->message));
}

QTEST_GUILESS_MAIN(TestStripeClient)
