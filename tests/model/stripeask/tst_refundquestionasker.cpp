// RefundQuestionAsker against a slow fake Stripe: the lookups of known payments and refund
// ids are in progress several at once, without one request more than one at a time would
// send; each operation is answered once, whatever the order; a stop drops every lookup in
// progress, and a failure stops the rest.
#include "fakestripe.h"

#include "stripe/stripeapibase.h"
#include "stripe/stripeclient.h"
#include "stripe/stripekeysource.h"
#include "stripeask/refundquestionasker.h"
#include "stripeask/striperequestpacer.h"

#include <QSet>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace RefundDesk;
using RefundDesk::Testing::FakeStripe;

namespace {

const QByteArray TestKey = "rk_test_51QxFakeKeyForTheAskerTests0123456789";

QString refundId(int n) { return QStringLiteral("re_%1").arg(n); }
QString operationId(int n) { return QStringLiteral("op_%1").arg(n); }
QString paymentId(int n) { return QStringLiteral("pi_%1").arg(n); }

} // namespace

class TestRefundQuestionAsker final : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_fake = std::make_unique<FakeStripe>();
        QVERIFY(m_fake->listenOnLoopback());
        m_fake->setAcceptedKey(TestKey);
        for (int n = 0; n < Operations; ++n) {
            m_fake->truth().addRefund(QStringLiteral(R"({"id":"%1","object":"refund","amount":100,"created":%2,)"
                                                     R"("currency":"usd","payment_intent":"%3",)"
                                                     R"("metadata":{"operation_id":"%4"},"status":"succeeded"})")
                                          .arg(refundId(n))
                                          .arg(1717000000 + n)
                                          .arg(paymentId(n), operationId(n))
                                          .toUtf8());
        }
        auto secret = StripeSecret::fromText(TestKey);
        auto url = StripeApiBase::parse(m_fake->baseUrl());
        QVERIFY(secret && url);
        m_client = std::make_unique<StripeClient>(*secret, *url);
        StripeRetryPolicy quick;
        quick.initialDelayMs = 5;
        quick.maxDelayMs = 20;
        quick.transferTimeoutMs = 5000;
        m_client->setRetryPolicy(quick);
    }

    void cleanup()
    {
        m_client.reset();
        QCOMPARE(m_fake->refusedRequests(), QStringList());
        m_fake.reset();
    }

    void lookupsAtOnceFollowTheRate_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<int>("atOnce");
        QTest::newRow("half a request a second") << 0.5 << 1;
        QTest::newRow("4 a second") << 4.0 << 1;
        QTest::newRow("the default 20") << 20.0 << 5;
        QTest::newRow("25") << 25.0 << 7;
        QTest::newRow("100, capped") << 100.0 << 16;
    }

    void lookupsAtOnceFollowTheRate()
    {
        QFETCH(double, rate);
        QFETCH(int, atOnce);
        QCOMPARE(RefundQuestionAsker::lookupsAtOnce(rate), atOnce);
    }

    // Half by the refund id, half by the payment: one request each, as one at a time.
    void knownQuestionsOverlapWithoutMoreRequests()
    {
        m_fake->setDelayMs(40);
        RefundQuestionAsker asker(*m_client, questions(), Rate);
        std::vector<ProviderLookupDraft> drafts;
        connect(&asker, &RefundQuestionAsker::operationAnswered, this,
                [&drafts](const ProviderLookupDraft &draft) { drafts.push_back(draft); });
        QSignalSpy finished(&asker, &RefundQuestionAsker::finished);
        QSignalSpy failed(&asker, &RefundQuestionAsker::failed);
        asker.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(failed.count(), 0);
        QVERIFY2(m_fake->mostHeldAtOnce() > 1, qPrintable(QString::number(m_fake->mostHeldAtOnce())));
        QVERIFY(m_fake->mostHeldAtOnce() <= RefundQuestionAsker::lookupsAtOnce(Rate));
        QCOMPARE(m_fake->requestCount(), Operations);
        QCOMPARE(asker.requestsSent(), Operations);
        QCOMPARE(asker.total(), Operations);
        QCOMPARE(asker.answered(), Operations);
        QCOMPARE(int(drafts.size()), Operations);
        QSet<QString> operations;
        for (const ProviderLookupDraft &draft : drafts) {
            operations.insert(draft.operationId);
            const int n = draft.operationId.mid(3).toInt();
            QVERIFY2(draft.result.contains(refundId(n)), qPrintable(draft.operationId + QLatin1Char(' ') + draft.result));
        }
        QCOMPARE(operations.size(), Operations);
        QTest::qWait(100);
        QCOMPARE(finished.count(), 1); // once, and only once nothing was in progress
    }

    void aStopDropsEveryLookupInProgress()
    {
        m_fake->setDelayMs(100);
        RefundQuestionAsker asker(*m_client, questions(), Rate);
        QSignalSpy answered(&asker, &RefundQuestionAsker::operationAnswered);
        QSignalSpy finished(&asker, &RefundQuestionAsker::finished);
        asker.start();
        QTRY_VERIFY_WITH_TIMEOUT(answered.count() > 0, 20000);
        asker.stop();
        const int handedOver = int(answered.count());
        QCOMPARE(asker.answered(), handedOver);
        QVERIFY(m_fake->requestCount() > handedOver); // others were in progress
        QTest::qWait(400); // their answers come, and are dropped
        QCOMPARE(answered.count(), handedOver);
        QCOMPARE(asker.answered(), handedOver);
        QCOMPARE(finished.count(), 0);
        QVERIFY(asker.isStopped());
    }

    void aFailureStopsTheRest()
    {
        m_fake->setDelayMs(40);
        m_fake->failAfter(4);
        RefundQuestionAsker asker(*m_client, questions(), Rate);
        QSignalSpy answered(&asker, &RefundQuestionAsker::operationAnswered);
        QSignalSpy finished(&asker, &RefundQuestionAsker::finished);
        QSignalSpy failed(&asker, &RefundQuestionAsker::failed);
        asker.start();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        const int handedOver = int(answered.count());
        const int requests = m_fake->requestCount();
        QVERIFY(handedOver < Operations);
        QTest::qWait(400);
        QCOMPARE(failed.count(), 1);
        QCOMPARE(finished.count(), 0);
        QCOMPARE(answered.count(), handedOver);
        QCOMPARE(asker.answered(), handedOver);
        QCOMPARE(m_fake->requestCount(), requests); // nothing more asked
    }

private:
    static constexpr int Operations = 24;
    static constexpr double Rate = 200;

    static std::vector<RefundLookupQuestion> questions()
    {
        std::vector<RefundLookupQuestion> questions;
        for (int n = 0; n < Operations; ++n) {
            RefundLookupQuestion question;
            question.operationId = operationId(n);
            question.windowFromMs = (1717000000LL + n) * 1000 - RefundLookupQuestion::WindowMarginMs;
            question.windowToMs = (1717000000LL + n) * 1000 + RefundLookupQuestion::WindowMarginMs;
            if (n % 2 == 0) {
                question.knownRefundIds = {refundId(n)};
            } else {
                question.paymentId = paymentId(n);
                question.paymentFrom = QStringLiteral("row");
            }
            questions.push_back(std::move(question));
        }
        return questions;
    }

    std::unique_ptr<FakeStripe> m_fake;
    std::unique_ptr<StripeClient> m_client;
};

QTEST_GUILESS_MAIN(TestRefundQuestionAsker)
#include "tst_refundquestionasker.moc"
