// StripeRequestPacer on a fake clock: the first request goes at once, the next ones no
// sooner than 1/rate of a second apart, a pause is not saved up for a burst, and no second
// of the fake clock ever holds more requests than the rate.
#include "stripeask/striperequestpacer.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace RefundDesk;

class TestStripeRequestPacer final : public QObject
{
    Q_OBJECT

private slots:
    void firstRequestGoesAtOnce()
    {
        qint64 now = 1000;
        StripeRequestPacer pacer(20, [&now] { return now; });
        QCOMPARE(pacer.waitBeforeNext(), 0);
    }

    void requestsAreSpacedByTheRate()
    {
        qint64 now = 0;
        StripeRequestPacer pacer(20, [&now] { return now; });
        pacer.sent();
        QCOMPARE(pacer.waitBeforeNext(), 50);
        now += 20;
        QCOMPARE(pacer.waitBeforeNext(), 30);
        now += 30;
        QCOMPARE(pacer.waitBeforeNext(), 0);
        pacer.sent();
        QCOMPARE(pacer.waitBeforeNext(), 50);
    }

    void aPauseIsNotSavedUpForABurst()
    {
        qint64 now = 0;
        StripeRequestPacer pacer(10, [&now] { return now; });
        pacer.sent();
        now += 5000; // nothing asked for five seconds
        QCOMPARE(pacer.waitBeforeNext(), 0);
        pacer.sent();
        QCOMPARE(pacer.waitBeforeNext(), 100);
    }

    void noSecondHoldsMoreThanTheRate_data()
    {
        QTest::addColumn<double>("rate");
        QTest::newRow("20 a second") << 20.0;
        QTest::newRow("3 a second") << 3.0;
        QTest::newRow("half a request a second") << 0.5;
    }

    void noSecondHoldsMoreThanTheRate()
    {
        QFETCH(double, rate);
        qint64 now = 0;
        StripeRequestPacer pacer(rate, [&now] { return now; });
        std::map<qint64, int> perSecond;
        for (int i = 0; i < 200; ++i) {
            now += pacer.waitBeforeNext(); // a caller that waits exactly as long as told
            QCOMPARE(pacer.waitBeforeNext(), 0);
            pacer.sent();
            ++perSecond[now / 1000];
        }
        QCOMPARE(pacer.requestsSent(), 200);
        for (const auto &[second, count] : perSecond)
            QVERIFY2(count <= std::max(1, int(std::ceil(rate))), qPrintable(QStringLiteral("%1 requests in second %2").arg(count).arg(second)));
        // And not slower than the rate either: 200 requests take about 200/rate seconds.
        QCOMPARE(now, qint64(std::ceil(199 * 1000.0 / rate)));
    }

    void aRateOfZeroFallsBackToTheDefault()
    {
        StripeRequestPacer pacer(0, [] { return qint64(0); });
        QCOMPARE(pacer.rate(), StripeRequestPacer::DefaultRate);
    }
};

QTEST_GUILESS_MAIN(TestStripeRequestPacer)
#include "tst_striperequestpacer.moc"
