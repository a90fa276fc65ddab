// The Stripe client's listings against the fake Stripe: a list paged to its end, a
// payment's refunds listed by its id (payment_intent or charge) with the other parameters,
// and the fake refusing a write.

#include "tst_stripeclient.h"

void TestStripeClient::aListIsPagedToItsEnd()
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
void TestStripeClient::aPaymentsRefundsAreListedByItsId_data()
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

void TestStripeClient::aPaymentsRefundsAreListedByItsId()
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
void TestStripeClient::aPaymentsListingTakesTheOtherParameters()
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

void TestStripeClient::theFakeRefusesAWrite()
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
