// A listing by the payment in the verdict: the operation's own refund judged as before,
// another operation's saying nothing against it, a refund no operation of the store made
// giving other_refund (or, beside its own, a conflict), and not_found only with neither;
// the keeper sorting the payment's refunds by the store, which it reads once.

#include "tst_lookupverdict.h"

void tst_LookupVerdict::aPaymentsListingGivesTheVerdict_data()
{
    QTest::addColumn<ProviderLookup>("row");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("explained");
    const qint64 late = LastAttemptEnded + 30 * Minute;
    const QString own = paymentRefundJson(QStringLiteral("re_own"), QStringLiteral("op_1"));
    const QString theirs = paymentRefundJson(QStringLiteral("re_theirs"), QStringLiteral("op_2"));
    const QString nobodys = paymentRefundJson(QStringLiteral("re_nobody"), QString());
    QTest::newRow("no refund of the payment, after the delay")
        << paymentLookup(1, late, true, {}) << QStringLiteral("not_found")
        << QStringLiteral("Stripe lists no refund of payment pi_1 (complete, asked at");
    // Ten minutes after the attempts' end, as the window's listing counted them.
    QTest::newRow("no refund, exactly at the delay")
        << paymentLookup(1, LastAttemptEnded + 10 * Minute, true, {}) << QStringLiteral("not_found") << QStringLiteral("by alice");
    QTest::newRow("no refund, too soon")
        << paymentLookup(1, LastAttemptEnded + 10 * Minute - 1, true, {}) << QStringLiteral("none") << QString();
    QTest::newRow("no refund, listing unfinished") << paymentLookup(1, late, false, {}) << QStringLiteral("none") << QString();
    QTest::newRow("its own refund") << paymentLookup(1, late, true, {own}) << QStringLiteral("refunded")
                                    << QStringLiteral("re_own");
    QTest::newRow("another operation's refund says nothing against it")
        << paymentLookup(1, late, true, {}, {}, {theirs}) << QStringLiteral("not_found") << QStringLiteral("pi_1");
    QTest::newRow("its own and another operation's")
        << paymentLookup(1, late, true, {own}, {}, {theirs}) << QStringLiteral("refunded") << QStringLiteral("re_own");
    QTest::newRow("a refund no operation of the store made")
        << paymentLookup(1, late, true, {}, {nobodys}) << QStringLiteral("other_refund")
        << QStringLiteral("re_nobody, 38.00 USD, succeeded, created 2023-11-14 22:03 UTC (the Dashboard or another tool?)");
    // Even too soon for not_found: the refund is there, whatever comes later.
    QTest::newRow("a refund no operation made, asked soon")
        << paymentLookup(1, LastAttemptEnded + Minute, true, {}, {nobodys}) << QStringLiteral("other_refund")
        << QStringLiteral("re_nobody");
    QTest::newRow("a record no keeper sorted: no operation id")
        << paymentLookup(1, late, true, {}, {nobodys}, {}, QStringLiteral("payment_refunds")) << QStringLiteral("other_refund")
        << QStringLiteral("re_nobody");
    QTest::newRow("a record no keeper sorted: an operation id")
        << paymentLookup(1, late, true, {}, {theirs}, {}, QStringLiteral("payment_refunds")) << QStringLiteral("not_found")
        << QStringLiteral("pi_1");
}

void tst_LookupVerdict::aPaymentsListingGivesTheVerdict()
{
    QFETCH(ProviderLookup, row);
    QFETCH(QString, verdict);
    QFETCH(QString, explained);
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), verdict);
    QVERIFY2(evidence.explanation.contains(explained), qPrintable(evidence.explanation));
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {row}, EvidenceAnalyzer::Detail::VerdictOnly).verdict), verdict);
    QCOMPARE(evidence.lookups.front().route, QStringLiteral("payment_intent"));
    QVERIFY(evidence.lookups.front().byPayment);
    if (verdict == QLatin1String("not_found") || verdict == QLatin1String("other_refund"))
        QCOMPARE(evidence.namedLookupId, qint64(1));
}

void tst_LookupVerdict::anOtherRefundHoldsTheOperationForAPerson()
{
    const ProviderLookup row = paymentLookup(9, LastAttemptEnded + 30 * Minute, true, {},
                                             {paymentRefundJson(QStringLiteral("re_nobody"), QStringLiteral("op_gone"))});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), QStringLiteral("other_refund"));
    QVERIFY(verdictFromString(QStringLiteral("other_refund")) == Verdict::OtherRefund);
    QVERIFY(evidence.namedRefundId.isEmpty());
    QCOMPARE(evidence.otherRefunds.size(), size_t(1));
    QCOMPARE(evidence.suggestedEvidenceText(), QStringLiteral("stripe_lookup:9:sha256:") + row.responseSha256);
    // Either outcome is the person's to record, with a note.
    for (const ResolutionDraft &d : {draft(Outcome::Failed), draft(Outcome::Refunded, QStringLiteral("re_nobody"))}) {
        const auto refused = Resolver::contradiction(evidence, d);
        QVERIFY(refused);
        QVERIFY2(refused->contains(QLatin1String("re_nobody")), qPrintable(*refused));
        QCOMPARE(Resolver::checkAgainst(evidence, d, std::nullopt).error().exitCode(), 5);
        ResolutionDraft overridden = d;
        overridden.overridesEvidence = true;
        overridden.note = QStringLiteral("The Dashboard refund was this order's; asked the colleague who made it.");
        auto checked = Resolver::checkAgainst(evidence, overridden, std::nullopt);
        QVERIFY(checked);
        QVERIFY(checked->overridesEvidence);
    }
    // Out of every batch, whatever verdicts it asks for.
    QVERIFY(!outcomeSettledBy(Verdict::OtherRefund));
    Operation op = operation();
    op.status = OperationStatus::Unknown;
    const auto judged = BatchPlanner::judge(op, evidence, BatchRequest{QStringLiteral("alice"), {}, {}, 0}, QueueRowDetail{});
    QVERIFY(std::holds_alternative<BatchLeftOut>(judged));
    QCOMPARE(toString(std::get<BatchLeftOut>(judged).reason), QStringLiteral("other_refund"));
}

void tst_LookupVerdict::anOtherRefundBesideTheOwnIsAConflict()
{
    const ProviderLookup row = paymentLookup(2, LastAttemptEnded + 30 * Minute, true,
                                             {paymentRefundJson(QStringLiteral("re_own"), QStringLiteral("op_1"))},
                                             {paymentRefundJson(QStringLiteral("re_nobody"), QString())});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), QStringLiteral("conflict"));
    QCOMPARE(evidence.conflicts.size(), size_t(1));
    QVERIFY(evidence.conflicts.front().kind == ConflictReason::Kind::OtherRefund);
    QVERIFY2(evidence.explanation.contains(QLatin1String("re_nobody")), qPrintable(evidence.explanation));
    QVERIFY(Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_own"))));
    // An event showing the listed refund to be the operation's own makes it no other's.
    WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_nobody"), QStringLiteral("succeeded"),
                                     LastAttemptEnded / 1000);
    const Evidence own = EvidenceAnalyzer::analyze(operation(), {event},
                                                   {paymentLookup(3, LastAttemptEnded + 30 * Minute, true, {},
                                                                  {paymentRefundJson(QStringLiteral("re_nobody"), QString())})});
    QCOMPARE(toString(own.verdict), QStringLiteral("refunded"));
    QVERIFY(own.otherRefunds.empty());
}

void tst_LookupVerdict::theKeeperSortsThePaymentsRefundsByTheStore_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

void tst_LookupVerdict::theKeeperSortsThePaymentsRefundsByTheStore()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    // op_3's payment lists a refund of op_2 (held by the store), one naming an operation
    // the store does not hold, and one without an operation id.
    const qint64 quietSince = QDateTime::currentMSecsSinceEpoch() - 60 * Minute;
    ProviderLookupDraft answered;
    answered.operationId = QStringLiteral("op_3");
    answered.operatorName = backend == QLatin1String("sqlite") ? QStringLiteral("alice") : QString();
    answered.requests = QStringLiteral(R"([{"method":"GET","path":"/v1/refunds?payment_intent=pi_1&limit=100","status":200,"body":"{}"}])");
    answered.result = QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                     R"("payment_from":"row","quiet_since":%1,"refunds":[],"payment_refunds":[%2,%3,%4]})")
                          .arg(quietSince)
                          .arg(paymentRefundJson(QStringLiteral("re_theirs"), QStringLiteral("op_2")),
                               paymentRefundJson(QStringLiteral("re_elsewhere"), QStringLiteral("op_not_here")),
                               paymentRefundJson(QStringLiteral("re_nobody"), QString()));
    answered.responseSha256 = QString::fromLatin1(QCryptographicHash::hash("{}", QCryptographicHash::Sha256).toHex());
    auto kept = PaymentRefundSorting::sortAndKeep(**store, answered);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    const QJsonObject result = QJsonDocument::fromJson(kept->result.toUtf8()).object();
    QVERIFY(!result.contains(QLatin1String("payment_refunds")));
    QCOMPARE(result.value(QLatin1String("other_operations")).toArray().size(), 1);
    QCOMPARE(result.value(QLatin1String("other_operations")).toArray().at(0).toObject().value(QLatin1String("id")).toString(),
             QStringLiteral("re_theirs"));
    QStringList others;
    for (const QJsonValue &value : result.value(QLatin1String("other_refunds")).toArray())
        others << value.toObject().value(QLatin1String("id")).toString();
    QCOMPARE(others, (QStringList{QStringLiteral("re_elsewhere"), QStringLiteral("re_nobody")}));
    // What the store gives back, the queue's page judges: other_refund, resting on it.
    auto page = (*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100);
    QVERIFY(page);
    for (size_t i = 0; i < page->operations.size(); ++i) {
        if (page->operations[i].operationId != QLatin1String("op_3"))
            continue;
        const Evidence evidence = EvidenceAnalyzer::analyze(page->operations[i], page->candidates[i], page->lookups[i]);
        QCOMPARE(toString(evidence.verdict), QStringLiteral("other_refund"));
        QCOMPARE(evidence.namedLookupId, kept->lookupId);
        QVERIFY2(evidence.explanation.contains(QLatin1String("re_elsewhere")) && evidence.explanation.contains(QLatin1String("re_nobody")),
                 qPrintable(evidence.explanation));
    }
}

// However many operations the payment's refunds name, the store is asked once: on
// PostgreSQL one round trip (it was one per operation).
void tst_LookupVerdict::sortingReadsTheStoreOnce()
{
    const QString location = makeStore(QStringLiteral("postgresql"));
    QVERIFY(!location.isEmpty());
    LatencyProxy proxy(m_server->socketPath());
    QVERIFY(proxy.start());
    auto store = openThroughProxy(proxy, QStringLiteral("lookups_%1").arg(m_databases));
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    ProviderLookupDraft answered;
    answered.operationId = QStringLiteral("op_3");
    answered.result = QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                     R"("payment_from":"row","quiet_since":1,"refunds":[],"payment_refunds":[%1,%2,%3,%4]})")
                          .arg(paymentRefundJson(QStringLiteral("re_1"), QStringLiteral("op_1")),
                               paymentRefundJson(QStringLiteral("re_2"), QStringLiteral("op_2")),
                               paymentRefundJson(QStringLiteral("re_elsewhere"), QStringLiteral("op_not_here")),
                               paymentRefundJson(QStringLiteral("re_2b"), QStringLiteral("op_2")));
    // Warm: the statement prepared once.
    ProviderLookupDraft warm = answered;
    QVERIFY(PaymentRefundSorting::sort(**store, warm));
    proxy.resetCounts();
    QVERIFY(PaymentRefundSorting::sort(**store, answered));
    QCOMPARE(proxy.roundTrips(), qint64(1));
    QCOMPARE(answered.result, warm.result);
    const auto sorted = ProviderLookupResult::read(answered.result);
    QStringList theirs;
    for (const auto &refund : sorted.otherOperations)
        theirs << refund.id;
    QCOMPARE(theirs, (QStringList{QStringLiteral("re_1"), QStringLiteral("re_2"), QStringLiteral("re_2b")}));
    QCOMPARE(sorted.otherRefunds.size(), size_t(1));
    QCOMPARE(sorted.otherRefunds[0].id, QStringLiteral("re_elsewhere"));
    QVERIFY(!sorted.hasPaymentRefunds);
}

void tst_LookupVerdict::sortingABatchReadsTheStoreOnce()
{
    const QString location = makeStore(QStringLiteral("postgresql"));
    QVERIFY(!location.isEmpty());
    LatencyProxy proxy(m_server->socketPath());
    QVERIFY(proxy.start());
    auto store = openThroughProxy(proxy, QStringLiteral("lookups_%1").arg(m_databases));
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    // Three answers of a queue-wide ask: two naming other operations, one by its window.
    const auto listing = [](const QString &operationId, const QString &refunds) {
        ProviderLookupDraft draft;
        draft.operationId = operationId;
        draft.result = QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_1",)"
                                      R"("payment_from":"row","quiet_since":1,"refunds":[],"payment_refunds":[%1]})")
                           .arg(refunds);
        return draft;
    };
    std::vector<ProviderLookupDraft> batch{
        listing(QStringLiteral("op_3"), paymentRefundJson(QStringLiteral("re_1"), QStringLiteral("op_1")) + u','
                                            + paymentRefundJson(QStringLiteral("re_elsewhere"), QStringLiteral("op_not_here"))),
        listing(QStringLiteral("op_1"), paymentRefundJson(QStringLiteral("re_2"), QStringLiteral("op_2"))),
    };
    ProviderLookupDraft byWindow;
    byWindow.operationId = QStringLiteral("op_2");
    byWindow.result = QStringLiteral(R"({"complete":true,"method":"list","refunds":[]})");
    batch.push_back(byWindow);
    // Each sorted alone gives what the batch must give.
    std::vector<ProviderLookupDraft> alone = batch;
    for (ProviderLookupDraft &draft : alone)
        QVERIFY(PaymentRefundSorting::sort(**store, draft));
    proxy.resetCounts();
    QVERIFY(PaymentRefundSorting::sortEach(**store, batch));
    QCOMPARE(proxy.roundTrips(), qint64(1));
    for (size_t i = 0; i < batch.size(); ++i)
        QCOMPARE(batch[i].result, alone[i].result);
    QCOMPARE(batch[2].result, byWindow.result); // nothing to sort in a window's listing
    const auto sorted = ProviderLookupResult::read(batch[0].result);
    QCOMPARE(sorted.otherOperations.size(), size_t(1));
    QCOMPARE(sorted.otherRefunds.size(), size_t(1));
    QCOMPARE(sorted.otherRefunds[0].id, QStringLiteral("re_elsewhere"));
}
