// refund-desk ask-stripe --all-without-evidence against the fake Stripe: operations whose
// windows overlap share one listing (requests counted), a window of more than a hundred
// refunds is paged and each operation's record holds the pages that covered it, refunds
// known by id are retrieved by id, and an operation whose payment is known gets its payment's
// own listing instead of a share of a window. The store keeps each page once: what it grows
// by is counted in bytes against what Stripe sent. A run stopped halfway:
// tst_askqueue_interrupted.cpp.

#include "tst_askqueue.h"

void TestAskQueue::init()
{
    m_command = std::make_unique<FakeStripeCommand>(TestKey);
    QVERIFY(m_command->isReady());
    m_fake = &m_command->fake();
    m_db = m_command->db();
    m_baseMs = (QDateTime::currentSecsSinceEpoch() - 86400) * 1000;
}

void TestAskQueue::cleanup()
{
    QCOMPARE(m_fake->refusedRequests(), QStringList());
    m_fake = nullptr;
    m_command.reset();
}

void TestAskQueue::overlappingWindowsShareOneListing()
{
    {
        TestStore store(m_db);
        QVERIFY(store.isValid());
        // Ten operations a minute apart (their ten-minute windows overlap), half of them
        // with a refund at Stripe whose webhook never came, among refunds of others.
        for (int i = 0; i < 10; ++i) {
            const qint64 started = m_baseMs + i * 60'000;
            addOperation(store, QStringLiteral("op_near%1").arg(i), started);
            if (i % 2 == 0) {
                QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_near%1").arg(i),
                                                              QStringLiteral("op_near%1").arg(i), started / 1000 + 4)),
                         QString());
            }
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_x%1").arg(i), QStringLiteral("op_x%1").arg(i),
                                                          started / 1000 + 7)),
                     QString());
        }
        // One a day earlier: a listing of its own. One whose refund id is known: by id.
        addOperation(store, QStringLiteral("op_far"), m_baseMs - 86'400'000);
        addOperation(store, QStringLiteral("op_byid"), m_baseMs + 120'000, QStringLiteral("re_byid"));
        QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_byid"), QStringLiteral("op_byid"),
                                                      m_baseMs / 1000 + 125)),
                 QString());
    }
    const Run run = ask();
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // 12 operations asked in 4 requests: the undelivered events (none), one listing of the
    // ten, one of op_far, one GET.
    QCOMPARE(m_fake->requestCount(), 4);
    QVERIFY2(run.out.contains(QLatin1String("Asked 12 of 12 operations without evidence")), qPrintable(run.out));
    int byId = 0;
    for (const auto &request : m_fake->requests())
        byId += request.pathAndQuery == QLatin1String("/v1/refunds/re_byid") ? 1 : 0;
    QCOMPARE(byId, 1);

    for (int i = 0; i < 10; ++i) {
        const auto kept = lookups(QStringLiteral("op_near%1").arg(i));
        QCOMPARE(kept.size(), size_t(1));
        QCOMPARE(kept.front().operatorName, QStringLiteral("alice"));
        const QJsonObject result = resultOf(kept.front());
        QCOMPARE(result.value(QLatin1String("complete")).toBool(), true);
        QCOMPARE(result.value(QLatin1String("method")).toString(), QStringLiteral("list"));
        const QJsonArray refunds = result.value(QLatin1String("refunds")).toArray();
        // Only its own refund: the others in the same page belong to other operations.
        QCOMPARE(refunds.size(), i % 2 == 0 ? 1 : 0);
        if (i % 2 == 0)
            QCOMPARE(refunds.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("re_near%1").arg(i));
        // Its record holds the request that covered its window, with the body.
        const QJsonArray requests = QJsonDocument::fromJson(kept.front().requests.toUtf8()).array();
        QCOMPARE(requests.size(), 1);
        QVERIFY(requests.at(0).toObject().value(QLatin1String("path")).toString().startsWith(QLatin1String("/v1/refunds?")));
        QVERIFY(!kept.front().requests.contains(TestKey));
        QCOMPARE(*kept.front().windowFrom, m_baseMs + i * 60'000 - 300'000);
    }
    const auto far = lookups(QStringLiteral("op_far"));
    QCOMPARE(far.size(), size_t(1));
    QCOMPARE(resultOf(far.front()).value(QLatin1String("refunds")).toArray().size(), 0);
    const auto known = lookups(QStringLiteral("op_byid"));
    QCOMPARE(known.size(), size_t(1));
    QCOMPARE(resultOf(known.front()).value(QLatin1String("method")).toString(), QStringLiteral("retrieve"));
}

void TestAskQueue::operationsWithAPaymentGetTheirOwnListing()
{
    {
        TestStore store(m_db);
        QVERIFY(store.isValid());
        // Ten operations a minute apart; the even ones name their payment, whose refund
        // Stripe made (its webhook never came).
        for (int i = 0; i < 10; ++i) {
            const qint64 started = m_baseMs + i * 60'000;
            const QString id = QStringLiteral("op_near%1").arg(i);
            addOperation(store, id, started);
            if (i % 2 == 0) {
                QVERIFY(store.exec(QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_near%1' WHERE operation_id = '%2'")
                                       .arg(i)
                                       .arg(id)));
                QCOMPARE(m_fake->truth().addRefund(
                             QStringLiteral(R"({"id":"re_near%1","object":"refund","amount":3800,"currency":"usd",)"
                                            R"("status":"succeeded","created":%2,"metadata":{"operation_id":"%3"},)"
                                            R"("payment_intent":"pi_near%1"})")
                                 .arg(i)
                                 .arg(started / 1000 + 4)
                                 .arg(id)
                                 .toUtf8()),
                         QString());
            }
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_x%1").arg(i), QStringLiteral("op_x%1").arg(i),
                                                          started / 1000 + 7)),
                     QString());
        }
    }
    const Run run = ask();
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // The undelivered events, one listing of the odd ones' merged windows, and one
    // listing of each even one's payment.
    QCOMPARE(m_fake->requestCount(), 7);
    int byPayment = 0;
    for (const auto &request : m_fake->requests())
        byPayment += request.pathAndQuery.startsWith(QLatin1String("/v1/refunds?payment_intent=pi_near")) ? 1 : 0;
    QCOMPARE(byPayment, 5);
    for (int i = 0; i < 10; ++i) {
        const auto kept = lookups(QStringLiteral("op_near%1").arg(i));
        QCOMPARE(kept.size(), size_t(1));
        const QJsonObject result = resultOf(kept.front());
        QCOMPARE(result.value(QLatin1String("complete")).toBool(), true);
        QCOMPARE(result.value(QLatin1String("route")).toString(),
                 i % 2 == 0 ? QStringLiteral("payment_intent") : QStringLiteral("window"));
        QCOMPARE(result.value(QLatin1String("refunds")).toArray().size(), i % 2 == 0 ? 1 : 0);
        if (i % 2 == 0) {
            QCOMPARE(result.value(QLatin1String("payment_id")).toString(), QStringLiteral("pi_near%1").arg(i));
            QVERIFY(result.value(QLatin1String("other_refunds")).toArray().isEmpty());
            QVERIFY(!kept.front().windowFrom);
        }
    }
}

void TestAskQueue::aWindowOfMoreThanAHundredRefundsIsPaged()
{
    const qint64 fromSeconds = (m_baseMs - 300'000) / 1000;
    {
        TestStore store(m_db);
        QVERIFY(store.isValid());
        addOperation(store, QStringLiteral("op_a"), m_baseMs);
        addOperation(store, QStringLiteral("op_b"), m_baseMs + 5000);
        // 250 refunds of others in the window, newest at its end: three pages.
        for (int i = 0; i < 250; ++i) {
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_other%1").arg(i),
                                                          QStringLiteral("op_other%1").arg(i), fromSeconds + 10 + i)),
                     QString());
        }
        // op_a's refund in the first second of its window: on the last page.
        QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_a"), QStringLiteral("op_a"), fromSeconds)), QString());
    }
    const Run run = ask();
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    // The undelivered events (none), then three pages.
    QCOMPARE(m_fake->requestCount(), 4);
    QVERIFY(m_fake->requests().at(2).pathAndQuery.contains(QLatin1String("starting_after=")));
    QVERIFY(m_fake->requests().at(3).pathAndQuery.contains(QLatin1String("starting_after=")));

    const auto a = lookups(QStringLiteral("op_a"));
    QCOMPARE(a.size(), size_t(1));
    QCOMPARE(QJsonDocument::fromJson(a.front().requests.toUtf8()).array().size(), 3);
    const QJsonArray found = resultOf(a.front()).value(QLatin1String("refunds")).toArray();
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.at(0).toObject().value(QLatin1String("id")).toString(), QStringLiteral("re_a"));
    // op_b's window starts 5 s later: the listing passed it on the third page too, and
    // its record says it found none.
    const auto b = lookups(QStringLiteral("op_b"));
    QCOMPARE(b.size(), size_t(1));
    QCOMPARE(resultOf(b.front()).value(QLatin1String("refunds")).toArray().size(), 0);
    QCOMPARE(resultOf(b.front()).value(QLatin1String("complete")).toBool(), true);
}

void TestAskQueue::windowsApartShareAListingWhenFewRefundsLieBetween()
{
    // Six windows three hours apart, one refund in each: the first listing finds Stripe
    // holds few refunds a second, so the other five share one listing across the gaps
    // (after the page of undelivered events).
    const QStringList ids = addSeparateOperations(6, 0);
    const Run run = ask();
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_fake->requestCount(), 3);
    for (const QString &id : ids) {
        const auto each = lookups(id);
        QCOMPARE(each.size(), size_t(1));
        const QJsonArray refunds = resultOf(each.front()).value(QLatin1String("refunds")).toArray();
        QCOMPARE(refunds.size(), 1);
        QCOMPARE(refunds.at(0).toObject().value(QLatin1String("operation_id")).toString(), id);
    }
}

void TestAskQueue::limitAsksAtMostThatMany()
{
    const QStringList ids = addSeparateOperations(5);
    const Run run = ask({QStringLiteral("--limit"), QStringLiteral("2")});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_fake->requestCount(), 3); // the undelivered events, and two listings
    int kept = 0;
    for (const QString &id : ids)
        kept += int(lookups(id).size());
    QCOMPARE(kept, 2);
}

void TestAskQueue::aLookupOfOnePageKeepsAtMostFourKilobytesOfItsOwn()
{
    {
        TestStore store(m_db);
        QVERIFY(store.isValid());
        addOperation(store, QStringLiteral("op_one"), m_baseMs);
        // Its refund among 40 of others in its window: one page, much larger than 4 KB.
        QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_one"), QStringLiteral("op_one"),
                                                      m_baseMs / 1000 + 3)),
                 QString());
        for (int i = 0; i < 40; ++i) {
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_near%1").arg(i),
                                                          QStringLiteral("op_near%1").arg(i), m_baseMs / 1000 + 5 + i)),
                     QString());
        }
    }
    const Run run = ask();
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_fake->requestCount(), 2); // the undelivered events, one page
    const auto kept = lookups(QStringLiteral("op_one"));
    QCOMPARE(kept.size(), size_t(1));
    QCOMPARE(resultOf(kept.front()).value(QLatin1String("refunds")).toArray().size(), 1);
    const auto [own, withBodies] = largestLookup();
    qInfo("one lookup of one page: %lld bytes of its own (with its page inside it, as before: %lld); Stripe sent %lld",
          own, withBodies, m_fake->bodyBytesSent());
    QVERIFY2(withBodies - own > 4096, "the page should be larger than the lookup may keep of its own");
    QVERIFY2(own <= 4096, qPrintable(QString::number(own)));
}

void TestAskQueue::twentySharingOneListingKeepItOnce()
{
    {
        TestStore store(m_db);
        QVERIFY(store.isValid());
        // Twenty operations a minute apart, their windows overlapping, among 250 refunds of
        // others: one listing of three pages covers them all.
        for (int i = 0; i < 20; ++i) {
            const qint64 started = m_baseMs + i * 60'000;
            addOperation(store, QStringLiteral("op_twenty%1").arg(i), started);
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_twenty%1").arg(i),
                                                          QStringLiteral("op_twenty%1").arg(i), started / 1000 + 4)),
                     QString());
        }
        for (int i = 0; i < 250; ++i) {
            QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_busy%1").arg(i),
                                                          QStringLiteral("op_busy%1").arg(i),
                                                          (m_baseMs - 300'000) / 1000 + 1 + i * 6)),
                     QString());
        }
    }
    const qint64 before = storedBytes();
    const Run run = ask();
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.out.contains(QLatin1String("Asked 20 of 20 operations without evidence")), qPrintable(run.out));
    QCOMPARE(m_fake->requestCount(), 4); // the undelivered events, three pages
    const qint64 grown = storedBytes() - before;
    const qint64 sent = m_fake->bodyBytesSent();
    const qint64 asBefore = queryInt(
        QStringLiteral("SELECT sum(%1 + (SELECT COALESCE(sum(length(CAST(b.body AS BLOB))), 0) FROM "
                       "json_each(l.requests) r JOIN s.provider_bodies b ON b.body_sha256 = r.value ->> 'body_sha256')) "
                       "FROM s.provider_lookups l")
            .arg(QLatin1String(LookupRowBytes)));
    QCOMPARE(queryInt(QStringLiteral("SELECT count(*) FROM s.provider_lookups")), 20);
    QCOMPARE(queryInt(QStringLiteral("SELECT count(*) FROM s.provider_bodies")), 3);
    qInfo("twenty lookups sharing one listing: the store grew by %lld bytes (%lld a lookup) for %lld bytes Stripe "
          "sent; with every page inside each lookup, as before: %lld bytes (%lld a lookup)",
          grown, grown / 20, sent, asBefore, asBefore / 20);
    QVERIFY2(grown <= sent * 3 / 2 + 20 * 4096, qPrintable(QStringLiteral("%1 > %2").arg(grown).arg(sent * 3 / 2 + 20 * 4096)));
    QVERIFY(asBefore > 3 * grown); // the limit means something: without sharing it is far over
    // Each lookup still says what covered its window, and verify finds every one whole.
    for (int i = 0; i < 20; ++i) {
        const auto kept = lookups(QStringLiteral("op_twenty%1").arg(i));
        QCOMPARE(kept.size(), size_t(1));
        QCOMPARE(resultOf(kept.front()).value(QLatin1String("refunds")).toArray().size(), 1);
    }
    const CliRun verified = runRefundDesk({QStringLiteral("verify"), QStringLiteral("--db"), m_db});
    QVERIFY2(verified.exitCode == 0, qPrintable(verified.outText() + verified.err));
}

QTEST_GUILESS_MAIN(TestAskQueue)
