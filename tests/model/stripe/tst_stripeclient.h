// tst_stripeclient's class and what its files share: a fake Stripe for each test, a client
// of it with quick retries, and a GET that waits for its answer.

#pragma once

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

inline const QByteArray TestKey = "rk_test_51QxFakeKeyForTheClientTests0123456789";

inline StripeRetryPolicy fastPolicy()
{
    StripeRetryPolicy policy;
    policy.initialDelayMs = 5;
    policy.maxDelayMs = 20;
    policy.transferTimeoutMs = 5000;
    return policy;
}

inline QByteArray eventJson(int n, qint64 created)
{
    return QStringLiteral(R"({"id":"evt_%1","object":"event","created":%2,"livemode":false,"type":"refund.updated",)"
                          R"("data":{"object":{"id":"re_%1","object":"refund","amount":100,"currency":"usd",)"
                          R"("status":"succeeded","metadata":{"operation_id":"op_%1"}}}})")
        .arg(n, 4, 10, QLatin1Char('0'))
        .arg(created)
        .toUtf8();
}

// A refund of a payment: its payment_intent and charge as Stripe's refund object names them.
inline QByteArray refundJson(const QString &id, qint64 created, const QString &payment)
{
    return QStringLiteral(R"({"id":"%1","object":"refund","amount":100,"charge":"ch_%3","created":%2,)"
                          R"("currency":"usd","metadata":{},"payment_intent":"pi_%3","status":"succeeded"})")
        .arg(id)
        .arg(created)
        .arg(payment)
        .toUtf8();
}

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
    void init();
    void cleanup();
    void keysAreReadByPrefix_data();
    void keysAreReadByPrefix();
    void aSecretKeyWorksWithANote();
    void aKeyFileOthersMayReadIsRefused();
    void plainHttpOnlyOnLoopback_data();
    void plainHttpOnlyOnLoopback();
    void aGetCarriesThePinnedVersionAndTheKey();
    void eachFailureSaysWhatToDo_data();
    void eachFailureSaysWhatToDo();
    void aRetryThatSucceedsIsAnAnswer();
    void a401SaysTheKeyIsWrong();
    void a403NamesTheMissingPermission_data();
    void a403NamesTheMissingPermission();
    void a429IsWaitedOutAsRetryAfterSays();
    void a429ThatLastsIsBounded();
    void aSlowStripeTimesOutAndIsRetried();
    void noServerIsNoNetwork();
    void aTlsFailureIsNotRetried();
    void anUnknownNameIsDns();
    void aListIsPagedToItsEnd();
    void aPaymentsRefundsAreListedByItsId_data();
    void aPaymentsRefundsAreListedByItsId();
    void aPaymentsListingTakesTheOtherParameters();
    void theFakeRefusesAWrite();
};
