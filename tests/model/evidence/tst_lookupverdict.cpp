// Provider lookups in the verdict: the refunds a lookup found are judged as events are
// (amount, currency, two refund ids, the latest status); a complete listing that found
// none, asked at least 10 minutes after the last attempt ended, gives not_found; the
// rules that follow; and the store reading the lookups with the verdict's inputs, on
// SQLite and PostgreSQL, a page of the queue still in one round trip on a server. A
// listing by the payment: tst_lookupverdict_payment.cpp.

#include "tst_lookupverdict.h"

void tst_LookupVerdict::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

void tst_LookupVerdict::completeListingAfterTheDelayIsNotFound()
{
    const ProviderLookup row = lookup(7, LastAttemptEnded + 30 * Minute, true, true);
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::NotFound));
    QCOMPARE(toString(evidence.verdict), QStringLiteral("not_found"));
    QVERIFY(verdictFromString(QStringLiteral("not_found")) == Verdict::NotFound);
    QCOMPARE(evidence.namedLookupId, qint64(7));
    QVERIFY(evidence.namedRefundId.isEmpty());
    QVERIFY2(evidence.explanation.startsWith(QLatin1String("Stripe lists no refund for this operation created between")),
             qPrintable(evidence.explanation));
    QVERIFY2(evidence.explanation.contains(QLatin1String("by alice")), qPrintable(evidence.explanation));
    QCOMPARE(evidence.suggestedEvidenceText(), QStringLiteral("stripe_lookup:7:sha256:") + row.responseSha256);

    // Exactly ten minutes after the last attempt ended is enough.
    const Evidence atTheDelay = EvidenceAnalyzer::analyze(operation(), {}, {lookup(8, LastAttemptEnded + 10 * Minute, true, true)});
    QCOMPARE(toString(atTheDelay.verdict), toString(Verdict::NotFound));
    // The verdict alone, as the queue judges it, is the same.
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {row}, EvidenceAnalyzer::Detail::VerdictOnly).verdict), toString(Verdict::NotFound));
}

void tst_LookupVerdict::listingTooSoonOrIncompleteSaysNothing()
{
    const qint64 soon = LastAttemptEnded + 10 * Minute - 1;
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, soon, true, true)}).verdict), toString(Verdict::None));
    const qint64 late = LastAttemptEnded + 60 * Minute;
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, late, true, false)}).verdict), toString(Verdict::None));
    // A retrieval by id that found nothing lists no window: it says nothing either.
    QCOMPARE(toString(EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, late, false, true)}).verdict), toString(Verdict::None));
    // A result that cannot be read states nothing, and nothing crashes.
    ProviderLookup broken = lookup(1, late, true, true);
    broken.result = QStringLiteral("{not json");
    const Evidence unreadable = EvidenceAnalyzer::analyze(operation(), {}, {broken});
    QCOMPARE(toString(unreadable.verdict), toString(Verdict::None));
    QCOMPARE(unreadable.lookups.size(), size_t(1));
}

void tst_LookupVerdict::notFoundAllowsFailedAndRefusesRefunded()
{
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {lookup(3, LastAttemptEnded + 20 * Minute, true, true)});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::NotFound));
    QVERIFY(!Resolver::contradiction(evidence, draft(Outcome::Failed)));
    const auto refused = Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_9")));
    QVERIFY(refused);
    QVERIFY2(refused->contains(QLatin1String("Stripe lists no refund")), qPrintable(*refused));
}

void tst_LookupVerdict::lookupRefundIsJudgedAsAnEvent()
{
    const ProviderLookup row = lookup(4, LastAttemptEnded + Minute, false, true, {refundJson("re_1", "succeeded")});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {}, {row});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Refunded));
    QCOMPARE(evidence.namedRefundId, QStringLiteral("re_1"));
    QCOMPARE(evidence.namedLookupId, qint64(4));
    QVERIFY(evidence.namedEventId.isEmpty());
    QVERIFY2(evidence.explanation.contains(QLatin1String("lookup 4")), qPrintable(evidence.explanation));
    QCOMPARE(evidence.suggestedEvidenceText(), QStringLiteral("stripe_lookup:4:sha256:") + row.responseSha256);
    QVERIFY(!Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_1"))));
    QVERIFY(Resolver::contradiction(evidence, draft(Outcome::Failed)));
    QVERIFY(Resolver::contradiction(evidence, draft(Outcome::Refunded, QStringLiteral("re_2"))));

    const Evidence failed = EvidenceAnalyzer::analyze(operation(), {}, {lookup(5, LastAttemptEnded, false, true, {refundJson("re_1", "canceled")})});
    QCOMPARE(toString(failed.verdict), toString(Verdict::Failed));
    const Evidence pending = EvidenceAnalyzer::analyze(operation(), {}, {lookup(5, LastAttemptEnded, false, true, {refundJson("re_1", "pending")})});
    QCOMPARE(toString(pending.verdict), toString(Verdict::Pending));
}

void tst_LookupVerdict::lookupAmountOrCurrencyDiffersIsConflict()
{
    const Evidence amount = EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, LastAttemptEnded, false, true, {refundJson("re_1", "succeeded", 3700)})});
    QCOMPARE(toString(amount.verdict), toString(Verdict::Conflict));
    QVERIFY2(amount.explanation.contains(QLatin1String("Stripe lookup 1")) || !amount.conflicts.empty(), qPrintable(amount.explanation));
    QVERIFY(amount.conflicts.front().kind == ConflictReason::Kind::AmountDiffers);
    const Evidence currency = EvidenceAnalyzer::analyze(operation(), {}, {lookup(1, LastAttemptEnded, false, true, {refundJson("re_1", "succeeded", 3800, QStringLiteral("eur"))})});
    QCOMPARE(toString(currency.verdict), toString(Verdict::Conflict));
    QVERIFY(currency.conflicts.front().kind == ConflictReason::Kind::CurrencyDiffers);
    QVERIFY(Resolver::contradiction(currency, draft(Outcome::Failed)));
}

void tst_LookupVerdict::lookupAndEventNameTwoRefundsIsConflict()
{
    const WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_1"), QStringLiteral("succeeded"),
                                           LastAttemptEnded / 1000);
    const ProviderLookup row = lookup(2, LastAttemptEnded + Minute, true, true, {refundJson("re_2", "succeeded")});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {event}, {row});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Conflict));
    QVERIFY(evidence.conflicts.front().kind == ConflictReason::Kind::SeveralRefunds);
    // Two refunds in one listing are a conflict too.
    const Evidence twoListed = EvidenceAnalyzer::analyze(operation(), {}, {lookup(3, LastAttemptEnded + 20 * Minute, true, true,
                                                                               {refundJson("re_1", "succeeded"), refundJson("re_2", "succeeded")})});
    QCOMPARE(toString(twoListed.verdict), toString(Verdict::Conflict));
}

void tst_LookupVerdict::laterLookupStatesTheLatestStatus()
{
    // The event said pending; Stripe, asked later, says succeeded.
    const WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_1"), QStringLiteral("pending"),
                                           LastAttemptEnded / 1000);
    const ProviderLookup later = lookup(6, LastAttemptEnded + 30 * Minute, false, true, {refundJson("re_1", "succeeded")});
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {event}, {later});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Refunded));
    QCOMPARE(evidence.namedLookupId, qint64(6));
    // A lookup made before the event does not outweigh it.
    const ProviderLookup earlier = lookup(6, LastAttemptEnded - 30 * Minute, false, true, {refundJson("re_1", "succeeded")});
    const Evidence eventLatest = EvidenceAnalyzer::analyze(operation(), {event}, {earlier});
    QCOMPARE(toString(eventLatest.verdict), toString(Verdict::Pending));
    QCOMPARE(eventLatest.namedEventId, QStringLiteral("evt_1"));
    QCOMPARE(eventLatest.namedLookupId, qint64(0));
    // analyzeAgain keeps the lookups.
    QCOMPARE(toString(EvidenceAnalyzer::analyzeAgain(operation(), evidence).verdict), toString(Verdict::Refunded));
}

void tst_LookupVerdict::eventsNamingARefundOutweighAnEmptyListing()
{
    const WebhookEvent event = refundEvent(QStringLiteral("evt_1"), QStringLiteral("re_1"), QStringLiteral("failed"),
                                           LastAttemptEnded / 1000);
    const Evidence evidence = EvidenceAnalyzer::analyze(operation(), {event}, {lookup(1, LastAttemptEnded + 30 * Minute, true, true)});
    QCOMPARE(toString(evidence.verdict), toString(Verdict::Failed));
    QCOMPARE(evidence.namedEventId, QStringLiteral("evt_1"));
}

QString tst_LookupVerdict::makeStore(const QString &backend)
{
    QString location;
    if (backend == QLatin1String("sqlite")) {
        location = m_dir.filePath(QStringLiteral("lookups_%1.sqlite").arg(++m_databases));
        TestStore store(location);
        for (const char *id : {"op_1", "op_2", "op_3"}) {
            if (!store.addOperation(TestStore::operation(QString::fromLatin1(id))))
                return {};
        }
    } else {
        const QString name = QStringLiteral("lookups_%1").arg(++m_databases);
        if (!m_server->createDatabase(name) || !StoreFactory::create(m_server->location(name)))
            return {};
        const QString rows = QStringLiteral(
            "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, "
            "created_at, updated_at) VALUES ('op_1', 'o1', 3800, 'usd', 'k1', 'unknown', 3, 1, 1), "
            "('op_2', 'o2', 3800, 'usd', 'k2', 'unknown', 1, 1, 2), ('op_3', 'o3', 3800, 'usd', 'k3', 'unknown', 1, 1, 3);");
        if (!m_server->exec(name, rows)) {
            qWarning() << m_server->lastError();
            return {};
        }
        location = m_server->location(name);
    }
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    if (!store) {
        qWarning() << store.error().message;
        return {};
    }
    // Asked now, about windows that ended an hour ago: long enough after the last attempt.
    const qint64 windowTo = QDateTime::currentMSecsSinceEpoch() - 60 * Minute;
    const QString found = QStringLiteral(R"({"id":"re_1","status":"succeeded","amount":3800,"currency":"usd","operation_id":"op_1"})");
    for (const auto &[id, refunds] : {std::pair{"op_1", found}, std::pair{"op_2", QString()}, std::pair{"op_1", found}}) {
        auto added = (*store)->addProviderLookup(storedDraft(QString::fromLatin1(id), windowTo, refunds,
                                                             backend == QLatin1String("sqlite") ? QStringLiteral("alice") : QString()));
        if (!added) {
            qWarning() << added.error().message;
            return {};
        }
    }
    return location;
}

void tst_LookupVerdict::storeReadsLookupsWithTheVerdictsInputs_data()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

void tst_LookupVerdict::storeReadsLookupsWithTheVerdictsInputs()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    QVERIFY(store);

    // The queue's page: each operation's lookups beside its events, in lookup_id order.
    auto page = (*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100);
    QVERIFY2(page, qPrintable(page ? QString() : page.error().message));
    QCOMPARE(page->operations.size(), size_t(3));
    QCOMPARE(page->lookups.size(), size_t(3));
    std::map<QString, Verdict> verdicts;
    for (size_t i = 0; i < page->operations.size(); ++i) {
        const Operation &op = page->operations[i];
        for (const ProviderLookup &row : page->lookups[i])
            QCOMPARE(row.operationId, op.operationId);
        if (op.operationId == QLatin1String("op_1")) {
            QCOMPARE(page->lookups[i].size(), size_t(2));
            QVERIFY(page->lookups[i][0].lookupId < page->lookups[i][1].lookupId);
        }
        verdicts[op.operationId] = EvidenceAnalyzer::analyze(op, page->candidates[i], page->lookups[i]).verdict;
    }
    QCOMPARE(toString(verdicts[QStringLiteral("op_1")]), toString(Verdict::Refunded));
    QCOMPARE(toString(verdicts[QStringLiteral("op_2")]), toString(Verdict::NotFound));
    QCOMPARE(toString(verdicts[QStringLiteral("op_3")]), toString(Verdict::None));

    // The panel's reading, and the resolver's, agree with the queue.
    auto reading = (*store)->operationReading(QStringLiteral("op_2"));
    QVERIFY(reading);
    QCOMPARE(reading->lookups.size(), size_t(1));
    Resolver resolver(**store);
    auto evidence = resolver.evidenceFor(*reading->operation);
    QVERIFY(evidence);
    QCOMPARE(toString(evidence->verdict), toString(Verdict::NotFound));

    // Refunded on a not_found verdict is refused without an override; failed is recorded.
    const QString operatorName = backend == QLatin1String("sqlite") ? QStringLiteral("alice")
                                                                     : QString::fromLatin1(PgTestServer::SuperUser);
    ResolutionDraft refunded = draft(Outcome::Refunded, QStringLiteral("re_7"));
    refunded.operatorName = operatorName;
    refunded.operationId = QStringLiteral("op_2");
    refunded.evidence = evidence->suggestedEvidenceText();
    auto refused = resolver.resolve(refunded, SeenState{reading->operation->status, reading->operation->version});
    QVERIFY(!refused);
    QCOMPARE(refused.error().exitCode(), 5);
    ResolutionDraft failed = draft(Outcome::Failed);
    failed.operatorName = operatorName;
    failed.operationId = QStringLiteral("op_2");
    failed.evidence = evidence->suggestedEvidenceText();
    auto recorded = resolver.resolve(failed, SeenState{reading->operation->status, reading->operation->version});
    QVERIFY2(recorded, qPrintable(recorded ? QString() : recorded.error().message));
    QVERIFY(recorded->evidence.startsWith(QLatin1String("stripe_lookup:")));
    QVERIFY(!recorded->overridesEvidence);
}

void tst_LookupVerdict::queuePageWithLookupsIsOneRoundTrip()
{
    const QString location = makeStore(QStringLiteral("postgresql"));
    QVERIFY(!location.isEmpty());
    LatencyProxy proxy(m_server->socketPath());
    QVERIFY(proxy.start());
    auto store = openThroughProxy(proxy, QStringLiteral("lookups_%1").arg(m_databases));
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    // Warm: the statements prepared once.
    QVERIFY((*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100));
    proxy.resetCounts();
    auto page = (*store)->queuePageWithEvents(QueueQuery{}, std::nullopt, 100);
    QVERIFY(page);
    QCOMPARE(page->lookups.size(), size_t(3));
    QCOMPARE(proxy.roundTrips(), qint64(1));
}

QTEST_GUILESS_MAIN(tst_LookupVerdict)
