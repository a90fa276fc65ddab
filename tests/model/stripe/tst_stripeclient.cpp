// The read-only Stripe client against the fake Stripe: the headers it sends, each way a
// request fails and the sentence it says, retries, paging, and its key never shown.
#include "fakestripe.h"

#include "stripe/stripeapibase.h"
#include "stripe/stripeclient.h"
#include "stripe/stripekeysource.h"
#include "stripe/stripelistpager.h"

#include <QFile>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using RefundDesk::Testing::FakeStripe;

namespace {

const QByteArray TestKey = "rk_test_51QxFakeKeyForTheClientTests0123456789";

StripeRetryPolicy fastPolicy()
{
    StripeRetryPolicy policy;
    policy.initialDelayMs = 5;
    policy.maxDelayMs = 20;
    policy.transferTimeoutMs = 5000;
    return policy;
}

QByteArray eventJson(int n, qint64 created)
{
    return QStringLiteral(R"({"id":"evt_%1","object":"event","created":%2,"livemode":false,"type":"refund.updated",)"
                          R"("data":{"object":{"id":"re_%1","object":"refund","amount":100,"currency":"usd",)"
                          R"("status":"succeeded","metadata":{"operation_id":"op_%1"}}}})")
        .arg(n, 4, 10, QLatin1Char('0'))
        .arg(created)
        .toUtf8();
}

// A refund of a payment: its payment_intent and charge as Stripe's refund object names them.
QByteArray refundJson(const QString &id, qint64 created, const QString &payment)
{
    return QStringLiteral(R"({"id":"%1","object":"refund","amount":100,"charge":"ch_%3","created":%2,)"
                          R"("currency":"usd","metadata":{},"payment_intent":"pi_%3","status":"succeeded"})")
        .arg(id)
        .arg(created)
        .arg(payment)
        .toUtf8();
}

} // namespace

class TestStripeClient final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeStripe> m_fake;
    std::unique_ptr<StripeClient> m_client;

    StripeClient &client(const QString &base = {})
    {
        auto secret = StripeSecret::fromText(TestKey);
        auto url = StripeApiBase::parse(base.isEmpty() ? m_fake->baseUrl() : base);
        m_client = std::make_unique<StripeClient>(*secret, *url);
        m_client->setRetryPolicy(fastPolicy());
        return *m_client;
    }

    StripeAnswer getAndWait(StripeClient &c, const QString &path, const QUrlQuery &query = {})
    {
        QSignalSpy answered(&c, &StripeClient::answered);
        const quint64 tag = c.get(path, query);
        [&] { QVERIFY(answered.wait(60'000)); }();
        if (answered.isEmpty())
            return {};
        const auto arguments = answered.takeFirst();
        [&] { QCOMPARE(arguments.at(0).toULongLong(), tag); }();
        return arguments.at(1).value<StripeAnswer>();
    }

    static void verifyNoKey(const StripeAnswer &answer)
    {
        if (answer.error)
            QVERIFY2(!answer.error->message.contains(QString::fromLatin1(TestKey)), qPrintable(answer.error->message));
        QVERIFY(!answer.pathAndQuery.contains(QString::fromLatin1(TestKey)));
    }

private slots:
    void init()
    {
        m_fake = std::make_unique<FakeStripe>();
        QVERIFY(m_fake->listenOnLoopback());
        m_fake->setAcceptedKey(TestKey);
        m_fake->truth().addRefund(R"({"id":"re_1","object":"refund","amount":3800,"created":1717000000,"currency":"usd",)"
                                  R"("metadata":{"operation_id":"op_5521"},"status":"succeeded"})");
    }

    void cleanup()
    {
        m_client.reset();
        // Refund Desk only reads: any other method is a failure of the client.
        QCOMPARE(m_fake->refusedRequests(), QStringList());
        m_fake.reset();
    }

    void keysAreReadByPrefix_data()
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

    void keysAreReadByPrefix()
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

    void aSecretKeyWorksWithANote()
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

    void aKeyFileOthersMayReadIsRefused()
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

    void plainHttpOnlyOnLoopback_data()
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

    void plainHttpOnlyOnLoopback()
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

    void aGetCarriesThePinnedVersionAndTheKey()
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

    void eachFailureSaysWhatToDo_data()
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

    void eachFailureSaysWhatToDo()
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

    void aRetryThatSucceedsIsAnAnswer()
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

    void a401SaysTheKeyIsWrong()
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

    void a403NamesTheMissingPermission_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("permission");
        QTest::addColumn<QString>("named");
        QTest::newRow("events") << QStringLiteral("/v1/events") << QStringLiteral("rak_event_read") << QStringLiteral("Events: Read");
        QTest::newRow("refunds") << QStringLiteral("/v1/refunds") << QStringLiteral("rak_refund_read") << QStringLiteral("Refunds: Read");
    }

    void a403NamesTheMissingPermission()
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

    void a429IsWaitedOutAsRetryAfterSays()
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

    void a429ThatLastsIsBounded()
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

    void aSlowStripeTimesOutAndIsRetried()
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

    void noServerIsNoNetwork()
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

    void aTlsFailureIsNotRetried()
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

    void anUnknownNameIsDns()
    {
        StripeClient &c = client(QStringLiteral("https://no-such-host.invalid"));
        const StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/events"));
        QCOMPARE(answer.httpStatus, 0);
        QVERIFY2(answer.error->message.contains(QLatin1String("DNS")), qPrintable(answer.error->message));
    }

    void aListIsPagedToItsEnd()
    {
        for (int i = 0; i < 250; ++i)
            QCOMPARE(m_fake->truth().addEvent(eventJson(i, 1717000000 + i), true), QString());
        StripeClient &c = client();
        QUrlQuery query;
        query.addQueryItem(QStringLiteral("types[]"), QStringLiteral("refund.updated"));
        StripeListPager pager(c, QStringLiteral("/v1/events"), query);
        QStringList ids;
        QList<bool> hasMore;
        connect(&pager, &StripeListPager::pageRead, this, [&](const StripePage &page) {
            ids += page.ids;
            hasMore.append(page.hasMore);
        });
        QSignalSpy finished(&pager, &StripeListPager::finished);
        QSignalSpy failed(&pager, &StripeListPager::failed);
        pager.start();
        QVERIFY(finished.wait(60'000));
        QCOMPARE(failed.size(), 0);
        QCOMPARE(hasMore, (QList<bool>{true, true, false}));
        QCOMPARE(ids.size(), 250);
        QCOMPARE(ids.first(), QStringLiteral("evt_0249")); // newest first
        QCOMPARE(ids.last(), QStringLiteral("evt_0000"));
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()).size(), 250);
        QCOMPARE(m_fake->requestCount(), 3);
        QVERIFY(m_fake->requests().at(1).pathAndQuery.contains(QLatin1String("starting_after=evt_0150")));
        QVERIFY(m_fake->requests().at(0).pathAndQuery.contains(QLatin1String("limit=100")));
    }

    // The fake's index by payment: the refunds of one payment, newest first and paged as
    // Stripe pages them, among thousands of the shop's other refunds of the same minutes.
    void aPaymentsRefundsAreListedByItsId_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<QString>("value");
        QTest::addColumn<int>("expected");
        QTest::addColumn<int>("requests");
        QTest::newRow("payment_intent, two pages") << QStringLiteral("payment_intent") << QStringLiteral("pi_big") << 150 << 2;
        QTest::newRow("charge, two pages") << QStringLiteral("charge") << QStringLiteral("ch_big") << 150 << 2;
        QTest::newRow("payment_intent, one refund") << QStringLiteral("payment_intent") << QStringLiteral("pi_one") << 1 << 1;
        QTest::newRow("charge, one refund") << QStringLiteral("charge") << QStringLiteral("ch_one") << 1 << 1;
        QTest::newRow("a payment without refunds") << QStringLiteral("payment_intent") << QStringLiteral("pi_none") << 0 << 1;
    }

    void aPaymentsRefundsAreListedByItsId()
    {
        QFETCH(QString, filter);
        QFETCH(QString, value);
        QFETCH(int, expected);
        QFETCH(int, requests);
        const qint64 start = 1717000000;
        for (int i = 0; i < 3000; ++i) {
            const qint64 created = start + i / 10;
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_other%1").arg(i), created,
                                                          QStringLiteral("other%1").arg(i))), QString());
            if (i % 20 == 0)
                QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_big%1").arg(i / 20, 3, 10, QLatin1Char('0')),
                                                              created, QStringLiteral("big"))), QString());
        }
        QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_one"), start + 5, QStringLiteral("one"))), QString());

        StripeClient &c = client();
        QUrlQuery query;
        query.addQueryItem(filter, value);
        StripeListPager pager(c, QStringLiteral("/v1/refunds"), query);
        QStringList ids;
        QList<bool> hasMore;
        connect(&pager, &StripeListPager::pageRead, this, [&](const StripePage &page) {
            ids += page.ids;
            hasMore.append(page.hasMore);
        });
        QSignalSpy finished(&pager, &StripeListPager::finished);
        QSignalSpy failed(&pager, &StripeListPager::failed);
        pager.start();
        QVERIFY(finished.wait(60'000));
        QCOMPARE(failed.size(), 0);
        QCOMPARE(ids.size(), expected);
        QCOMPARE(m_fake->requestCount(), requests);
        QCOMPARE(hasMore.size(), requests);
        QCOMPARE(hasMore.last(), false);
        if (requests == 2) {
            QCOMPARE(hasMore.first(), true);
            QCOMPARE(ids.first(), QStringLiteral("re_big149")); // newest first
            QCOMPARE(ids.last(), QStringLiteral("re_big000"));
            QVERIFY(m_fake->requests().at(1).pathAndQuery.contains(QLatin1String("starting_after=re_big050")));
        } else if (expected == 1) {
            QCOMPARE(ids.first(), QStringLiteral("re_one"));
        }
        for (const QString &id : std::as_const(ids))
            QVERIFY2(id.startsWith(QLatin1String("re_big")) || id == QLatin1String("re_one"), qPrintable(id));
        QCOMPARE(QSet<QString>(ids.begin(), ids.end()).size(), expected);
    }

    // Both filters at once list the refunds that match both; a created range narrows a
    // payment's refunds as it narrows the whole listing; a page after an id of the payment.
    void aPaymentsListingTakesTheOtherParameters()
    {
        for (int i = 0; i < 5; ++i)
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_a%1").arg(i), 1717000000 + i,
                                                          QStringLiteral("a"))), QString());
        QCOMPARE(m_fake->truth().addRefund(R"({"id":"re_mixed","object":"refund","amount":100,"charge":"ch_b",)"
                                           R"("created":1717000009,"currency":"usd","metadata":{},"payment_intent":"pi_a",)"
                                           R"("status":"succeeded"})"), QString());
        StripeClient &c = client();
        const auto idsOf = [](const StripeAnswer &answer) {
            auto page = StripeListPager::readPage(answer.body);
            return page ? page->ids : QStringList{QStringLiteral("unreadable")};
        };
        const auto hasMoreOf = [](const StripeAnswer &answer) {
            auto page = StripeListPager::readPage(answer.body);
            return page && page->hasMore;
        };

        QUrlQuery both;
        both.addQueryItem(QStringLiteral("payment_intent"), QStringLiteral("pi_a"));
        both.addQueryItem(QStringLiteral("charge"), QStringLiteral("ch_b"));
        StripeAnswer answer = getAndWait(c, QStringLiteral("/v1/refunds"), both);
        QVERIFY(answer.ok());
        QCOMPARE(idsOf(answer), QStringList{QStringLiteral("re_mixed")});

        QUrlQuery window;
        window.addQueryItem(QStringLiteral("charge"), QStringLiteral("ch_a"));
        window.addQueryItem(QStringLiteral("created[gte]"), QStringLiteral("1717000001"));
        window.addQueryItem(QStringLiteral("created[lt]"), QStringLiteral("1717000004"));
        answer = getAndWait(c, QStringLiteral("/v1/refunds"), window);
        QVERIFY(answer.ok());
        QCOMPARE(idsOf(answer), (QStringList{QStringLiteral("re_a3"), QStringLiteral("re_a2"), QStringLiteral("re_a1")}));

        QUrlQuery paged;
        paged.addQueryItem(QStringLiteral("payment_intent"), QStringLiteral("pi_a"));
        paged.addQueryItem(QStringLiteral("limit"), QStringLiteral("2"));
        paged.addQueryItem(QStringLiteral("starting_after"), QStringLiteral("re_a4"));
        answer = getAndWait(c, QStringLiteral("/v1/refunds"), paged);
        QVERIFY(answer.ok());
        QCOMPARE(idsOf(answer), (QStringList{QStringLiteral("re_a3"), QStringLiteral("re_a2")}));
        QVERIFY(hasMoreOf(answer));

        // An id that is not among the payment's refunds is refused, as Stripe refuses it.
        paged.removeQueryItem(QStringLiteral("starting_after"));
        paged.addQueryItem(QStringLiteral("starting_after"), QStringLiteral("re_1"));
        answer = getAndWait(c, QStringLiteral("/v1/refunds"), paged);
        QCOMPARE(answer.httpStatus, 400);
    }

    void theFakeRefusesAWrite()
    {
        // What the fake does to a client that writes: the request is refused and recorded.
        QNetworkAccessManager network;
        QNetworkRequest request(QUrl(m_fake->baseUrl() + QStringLiteral("/v1/refunds")));
        request.setRawHeader("Authorization", "Bearer " + TestKey);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/x-www-form-urlencoded"));
        QNetworkReply *reply = network.post(request, QByteArray("charge=ch_1&amount=100"));
        QSignalSpy finished(reply, &QNetworkReply::finished);
        QVERIFY(finished.wait(60'000));
        QCOMPARE(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt(), 405);
        reply->deleteLater();
        QCOMPARE(m_fake->refusedRequests(), QStringList{QStringLiteral("Post /v1/refunds")});
        // (cleanup() would fail the test for it; this one expects it.)
        m_fake.reset(new FakeStripe);
    }
};

QTEST_GUILESS_MAIN(TestStripeClient)
#include "tst_stripeclient.moc"
