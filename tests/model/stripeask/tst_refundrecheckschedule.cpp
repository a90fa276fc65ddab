// When a refund Stripe last said was pending or requires_action is asked about again:
// 15 minutes after the first such answer, 1 hour after the second, 6 hours after the
// third, then daily; counted from the last answer, on the clock the caller gives.

#include "stripeask/refundrecheckschedule.h"

#include <QtTest>

using namespace RefundDesk;

namespace {

constexpr qint64 Minute = 60'000;
constexpr qint64 Hour = 60 * Minute;
constexpr qint64 LastAnswer = 1'700'000'000'000;

} // namespace

class tst_RefundRecheckSchedule final : public QObject
{
    Q_OBJECT

private slots:
    void waitGrowsWithTheAnswers_data()
    {
        QTest::addColumn<int>("answers");
        QTest::addColumn<qint64>("wait");
        QTest::newRow("none counted yet: as the first") << 0 << 15 * Minute;
        QTest::newRow("first answer: 15 minutes") << 1 << 15 * Minute;
        QTest::newRow("second: 1 hour") << 2 << Hour;
        QTest::newRow("third: 6 hours") << 3 << 6 * Hour;
        QTest::newRow("fourth: a day") << 4 << 24 * Hour;
        QTest::newRow("tenth: still a day") << 10 << 24 * Hour;
    }

    void waitGrowsWithTheAnswers()
    {
        QFETCH(int, answers);
        QFETCH(qint64, wait);
        QCOMPARE(RefundRecheckSchedule::waitAfterMs(answers), wait);
        QCOMPARE(RefundRecheckSchedule::dueAtMs(LastAnswer, answers), LastAnswer + wait);
    }

    void dueFromTheLastAnswer_data()
    {
        QTest::addColumn<int>("answers");
        QTest::addColumn<qint64>("now");
        QTest::addColumn<bool>("due");
        QTest::newRow("first, 14 minutes on") << 1 << LastAnswer + 14 * Minute << false;
        QTest::newRow("first, 15 minutes on") << 1 << LastAnswer + 15 * Minute << true;
        QTest::newRow("second, 30 minutes on") << 2 << LastAnswer + 30 * Minute << false;
        QTest::newRow("second, an hour on") << 2 << LastAnswer + Hour << true;
        QTest::newRow("third, 5 hours on") << 3 << LastAnswer + 5 * Hour << false;
        QTest::newRow("third, 6 hours on") << 3 << LastAnswer + 6 * Hour << true;
        QTest::newRow("fifth, 23 hours on") << 5 << LastAnswer + 23 * Hour << false;
        QTest::newRow("fifth, two days on: once, not twice") << 5 << LastAnswer + 48 * Hour << true;
        QTest::newRow("a clock behind the answer") << 1 << LastAnswer - Minute << false;
    }

    void dueFromTheLastAnswer()
    {
        QFETCH(int, answers);
        QFETCH(qint64, now);
        QFETCH(bool, due);
        QCOMPARE(RefundRecheckSchedule::isDue(LastAnswer, answers, now), due);
    }
};

QTEST_GUILESS_MAIN(tst_RefundRecheckSchedule)
#include "tst_refundrecheckschedule.moc"
