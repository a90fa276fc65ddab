// StripeRequestPacer on a fake clock: the first request goes at once, the next ones no
// sooner than 1/rate of a second apart, a pause is not saved up for a burst, a request a
// little late keeps the schedule (the next ones are not pushed back by it), and no second
// of the fake clock ever holds more requests than the rate, and requests waiting at the
// same moment (the lookups of one pass in progress at once) each get a slot of their own.
#include "stripeask/striperequestpacer.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

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

    void aLateRequestDoesNotPushTheOthersBack_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<int>("lateMs"); // how late each request goes after its wait ended
        QTest::newRow("100 a second, each 3 ms late") << 100.0 << 3;
        QTest::newRow("100 a second, each 5 ms late") << 100.0 << 5;
        QTest::newRow("20 a second, each 20 ms late") << 20.0 << 20;
    }

    void aLateRequestDoesNotPushTheOthersBack()
    {
        // A caller woken a little late every time (a busy event loop): the schedule is kept,
        // so 200 requests take what the rate gives them plus the last one's lateness, not
        // 200 latenesses more; and no two requests go closer than half a slot.
        QFETCH(double, rate);
        QFETCH(int, lateMs);
        qint64 now = 0;
        StripeRequestPacer pacer(rate, [&now] { return now; });
        const double slot = 1000.0 / rate;
        std::vector<qint64> sentAt;
        for (int i = 0; i < 200; ++i) {
            if (const qint64 wait = pacer.waitBeforeNext(); wait > 0)
                now += wait + lateMs;
            QCOMPARE(pacer.waitBeforeNext(), 0);
            pacer.sent();
            sentAt.push_back(now);
        }
        QVERIFY2(sentAt.back() <= qint64(std::ceil(199 * slot)) + lateMs, qPrintable(QString::number(sentAt.back())));
        for (size_t i = 1; i < sentAt.size(); ++i)
            QVERIFY2(double(sentAt[i] - sentAt[i - 1]) >= std::floor(slot / 2),
                     qPrintable(QStringLiteral("requests %1 and %2 sent %3 ms apart").arg(i - 1).arg(i).arg(sentAt[i] - sentAt[i - 1])));
        // Over any second, at most one request more than the rate.
        for (size_t i = 0; i < sentAt.size(); ++i) {
            const auto inSecond = std::count_if(sentAt.begin() + qsizetype(i), sentAt.end(),
                                                [&](qint64 at) { return at < sentAt[i] + 1000; });
            QVERIFY2(inSecond <= qint64(std::ceil(rate)) + 1, qPrintable(QStringLiteral("%1 from %2 ms").arg(inSecond).arg(sentAt[i])));
        }
    }

    void latenessOfASlotOrMoreIsAPause()
    {
        // Late by more than a slot: the schedule begins again from then, nothing saved up.
        qint64 now = 0;
        StripeRequestPacer pacer(100, [&now] { return now; });
        pacer.sent();
        now = 10 + 11; // its slot was at 10
        QCOMPARE(pacer.waitBeforeNext(), 0);
        pacer.sent();
        QCOMPARE(pacer.waitBeforeNext(), 10);
        // Late by less than half a slot: the next keeps its place in the schedule (at 41,
        // not 44).
        now = 31 + 3;
        pacer.sent();
        QCOMPARE(pacer.waitBeforeNext(), 7);
        // Late by almost a slot: the next waits at least half a slot.
        now = 41 + 9;
        pacer.sent();
        QCOMPARE(pacer.waitBeforeNext(), 5);
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

    void waitersAtTheSameMomentGetSlotsOfTheirOwn_data()
    {
        QTest::addColumn<double>("rate");
        QTest::addColumn<int>("waiters");
        QTest::newRow("8 at 20 a second") << 20.0 << 8;
        QTest::newRow("16 at 100 a second") << 100.0 << 16;
        QTest::newRow("5 at 16 a second (62.5 ms apart)") << 16.0 << 5;
    }

    void waitersAtTheSameMomentGetSlotsOfTheirOwn()
    {
        QFETCH(double, rate);
        QFETCH(int, waiters);
        qint64 now = 0;
        StripeRequestPacer pacer(rate, [&now] { return now; });
        pacer.sent(); // a request before them: every waiter is told to wait
        const StripeListPager::Pacing pacing = pacer.pacing();
        // Each waiter does what a pager or a lookup does: asks how long to wait, sleeps that
        // long, asks again, and sends when told 0. All of them first ask at the same moment,
        // and waiters woken at the same moment are served in turn.
        std::vector<qint64> wakeAt(waiters, 0);
        std::vector<bool> done(waiters, false);
        std::vector<qint64> sentAt{0};
        for (int served = 0; served < waiters;) {
            int next = -1;
            for (int i = 0; i < waiters; ++i) {
                if (!done[i] && (next < 0 || wakeAt[i] < wakeAt[next]))
                    next = i;
            }
            now = wakeAt[next];
            if (const qint64 wait = pacing.waitBeforeNext(); wait > 0) {
                wakeAt[next] = now + wait;
                continue;
            }
            pacing.sent();
            sentAt.push_back(now);
            done[next] = true;
            ++served;
        }
        QCOMPARE(pacer.requestsSent(), waiters + 1);
        const qint64 apart = qint64(std::floor(1000.0 / rate));
        for (size_t i = 1; i < sentAt.size(); ++i)
            QVERIFY2(sentAt[i] - sentAt[i - 1] >= apart,
                     qPrintable(QStringLiteral("requests %1 and %2 sent %3 ms apart").arg(i - 1).arg(i).arg(sentAt[i] - sentAt[i - 1])));
        // No slot is lost either: the last one goes when the rate says.
        QCOMPARE(sentAt.back(), qint64(std::ceil(waiters * 1000.0 / rate)));
    }

    void aRateOfZeroFallsBackToTheDefault()
    {
        StripeRequestPacer pacer(0, [] { return qint64(0); });
        QCOMPARE(pacer.rate(), StripeRequestPacer::DefaultRate);
    }
};

QTEST_GUILESS_MAIN(TestStripeRequestPacer)
#include "tst_striperequestpacer.moc"
