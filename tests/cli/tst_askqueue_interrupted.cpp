// refund-desk ask-stripe --all-without-evidence stopped halfway (Stripe failing, Ctrl+C, a
// kill) and run again keeps one lookup per operation, never two, each whole.

#include "tst_askqueue.h"

void TestAskQueue::stoppedHalfwayAndRunAgainAddsNothingTwice()
{
    const QStringList ids = addSeparateOperations(6);
    // Stripe fails from the fifth request on (the first lists the undelivered events):
    // three operations answered and kept.
    m_fake->failAfter(4);
    const Run failed = ask();
    QVERIFY2(failed.exitCode != 0, qPrintable(failed.out));
    QVERIFY2(failed.err.contains(QLatin1String("run the command again")), qPrintable(failed.err));
    int kept = 0;
    for (const QString &id : ids)
        kept += int(lookups(id).size());
    QCOMPARE(kept, 3);

    m_fake->failAfter(-1);
    const int before = m_fake->requestCount();
    const Run again = ask();
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QCOMPARE(m_fake->requestCount() - before, 4); // the undelivered events, and only the three left
    QVERIFY2(again.out.contains(QLatin1String("3 already answered before")), qPrintable(again.out));
    for (const QString &id : ids) {
        const auto each = lookups(id);
        QCOMPARE(each.size(), size_t(1));
        QCOMPARE(resultOf(each.front()).value(QLatin1String("refunds")).toArray().size(), 1);
    }

    // A third run asks nothing and keeps nothing.
    const int afterSecond = m_fake->requestCount();
    const Run third = ask();
    QVERIFY2(third.exitCode == 0, qPrintable(third.err));
    QCOMPARE(m_fake->requestCount(), afterSecond);
    for (const QString &id : ids)
        QCOMPARE(lookups(id).size(), size_t(1));
}

void TestAskQueue::killedHalfwayLeavesEveryLookupWhole()
{
    const QStringList ids = addSeparateOperations(8);
    m_fake->setDelayMs(200); // a slow Stripe, so that the kill comes while it works
    QProcess process;
    startProcess(process, {});
    QVERIFY(process.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(m_fake->requestCount() >= 5, 30000);
    process.kill();
    QVERIFY(process.waitForFinished(10000));
    // Whatever was kept is whole: no lookup names a body the store lacks.
    const CliRun verified = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), m_db});
    QVERIFY2(verified.exitCode == 0, qPrintable(verified.outText() + verified.err));
    m_fake->setDelayMs(0);
    const Run again = ask();
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    for (const QString &id : ids)
        QCOMPARE(lookups(id).size(), size_t(1));
}

void TestAskQueue::interruptedAndRunAgainAddsNothingTwice()
{
    const QStringList ids = addSeparateOperations(8);
    m_fake->setDelayMs(300); // a slow Stripe, so that Ctrl+C comes while it works
    QProcess process;
    startProcess(process, {});
    QVERIFY(process.waitForStarted());
    // Until Stripe has been asked at least once: then Ctrl+C.
    QTRY_VERIFY_WITH_TIMEOUT(m_fake->requestCount() >= 2, 20000);
    ::kill(pid_t(process.processId()), SIGINT);
    const Run interrupted = finish(process);
    // Interrupted (130), or done if it finished first: either way what it kept is whole.
    QVERIFY2(interrupted.exitCode == 130 || interrupted.exitCode == 0, qPrintable(interrupted.err));
    if (interrupted.exitCode == 130)
        QVERIFY2(interrupted.err.contains(QLatin1String("Interrupted")), qPrintable(interrupted.err));

    m_fake->setDelayMs(0);
    const Run again = ask();
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    for (const QString &id : ids) {
        const auto each = lookups(id);
        QCOMPARE(each.size(), size_t(1));
        QCOMPARE(resultOf(each.front()).value(QLatin1String("complete")).toBool(), true);
    }
}
