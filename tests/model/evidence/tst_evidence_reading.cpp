// What the analyzer says besides the verdict: conflicts and why, duplicate deliveries,
// the same answer twice, the events' order, unreadable events, verdict names.

#include "tst_evidence.h"

void tst_Evidence::conflictsNameWhy_data()
{
    QTest::addColumn<Events>("events");
    QTest::addColumn<QList<int>>("kinds");

    RefundEventSpec wrongAmount;
    wrongAmount.eventId = QStringLiteral("evt_a");
    wrongAmount.refundId = QStringLiteral("re_2");
    wrongAmount.amount = 1900;
    RefundEventSpec wrongCurrency = wrongAmount;
    wrongCurrency.eventId = QStringLiteral("evt_c");
    wrongCurrency.amount = 3800;
    wrongCurrency.currency = QStringLiteral("jpy");

    QTest::newRow("two refunds") << Events{refundAt("evt_1", "re_1", "succeeded"), refundAt("evt_2", "re_2", "pending")}
                                 << QList<int>{int(ConflictReason::Kind::SeveralRefunds)};
    QTest::newRow("two refunds, one for another amount") << Events{refundAt("evt_1", "re_1", "succeeded"), refundEvent(wrongAmount)}
                                                         << QList<int>{int(ConflictReason::Kind::SeveralRefunds),
                                                                       int(ConflictReason::Kind::AmountDiffers)};
    QTest::newRow("currency, named once however many events")
        << Events{refundEvent(wrongCurrency), [&] {
               RefundEventSpec again = wrongCurrency;
               again.eventId = QStringLiteral("evt_c2");
               again.created = kT + 5;
               return refundEvent(again);
           }()}
        << QList<int>{int(ConflictReason::Kind::CurrencyDiffers)};
}

void tst_Evidence::conflictsNameWhy()
{
    QFETCH(Events, events);
    QFETCH(QList<int>, kinds);

    const Evidence evidence = EvidenceAnalyzer::analyze(theOperation(), events);
    QCOMPARE(toString(evidence.verdict), QStringLiteral("conflict"));
    QList<int> found;
    for (const ConflictReason &reason : evidence.conflicts) {
        found << int(reason.kind);
        QVERIFY(!reason.text.isEmpty());
        QVERIFY2(evidence.explanation.contains(reason.text, Qt::CaseInsensitive), qPrintable(evidence.explanation));
    }
    QCOMPARE(found, kinds);
}

void tst_Evidence::duplicateDeliveriesShownOnce()
{
    const WebhookEvent once = refundAt("evt_1", "re_1", "succeeded");
    const Evidence evidence = EvidenceAnalyzer::analyze(theOperation(), Events{once, once, refundAt("evt_0", "re_1", "pending", kT - 10), once});
    QCOMPARE(evidence.events.size(), size_t(2));
    QCOMPARE(evidence.events.at(1).row.eventId, QStringLiteral("evt_1"));
    QCOMPARE(evidence.events.at(1).deliveries, 3);
    QCOMPARE(evidence.events.at(0).deliveries, 1);
    QCOMPARE(toString(evidence.verdict), QStringLiteral("refunded"));
    QCOMPARE(evidence.refunds.size(), size_t(1));
}

// Worked out again from its own events (as the console does for a change of language),
// evidence says what it said: the same verdict, sentence, events, deliveries and refunds,
// whatever else the candidates held.
void tst_Evidence::analyzedAgainSaysTheSame_data()
{
    verdicts_data();
    const WebhookEvent once = refundAt("evt_1", "re_1", "succeeded");
    RefundEventSpec other;
    other.eventId = QStringLiteral("evt_x");
    other.refundId = QStringLiteral("re_9");
    other.status = QStringLiteral("failed");
    other.operationId = QStringLiteral("op_other");
    other.key = QStringLiteral("another-key");
    QTest::newRow("duplicate deliveries and an event about another operation")
        << Events{once, refundEvent(other), once,
                  refundAt("evt_0", "re_1", "pending", kT - 10), once}
        << QStringLiteral("refunded") << QStringLiteral("re_1") << QString();
}

void tst_Evidence::analyzedAgainSaysTheSame()
{
    QFETCH(Events, events);
    const Evidence first = EvidenceAnalyzer::analyze(theOperation(), events);
    const Evidence again = EvidenceAnalyzer::analyzeAgain(theOperation(), first);
    QCOMPARE(toString(again.verdict), toString(first.verdict));
    QCOMPARE(again.explanation, first.explanation);
    QCOMPARE(again.namedRefundId, first.namedRefundId);
    QCOMPARE(again.namedEventId, first.namedEventId);
    QCOMPARE(routesOf(again), routesOf(first));
    QCOMPARE(again.events.size(), first.events.size());
    for (size_t i = 0; i < first.events.size(); ++i)
        QCOMPARE(again.events.at(i).deliveries, first.events.at(i).deliveries);
    QCOMPARE(again.refunds.size(), first.refunds.size());
    QCOMPARE(again.conflicts.size(), first.conflicts.size());
    QCOMPARE(again.unreadableCount(), first.unreadableCount());
}

void tst_Evidence::eventsOldestFirstAndRefundsByLatestState()
{
    const Evidence evidence = EvidenceAnalyzer::analyze(
        theOperation(), Events{refundAt("evt_3", "re_1", "succeeded", kT + 30), refundAt("evt_1", "re_1", "pending", kT),
                               refundAt("evt_2", "re_1", "requires_action", kT + 10)});
    QCOMPARE(routesOf(evidence), (QStringList{"evt_1=metadata", "evt_2=metadata", "evt_3=metadata"}));
    QCOMPARE(evidence.refunds.size(), size_t(1));
    QCOMPARE(evidence.refunds.front().eventId, QStringLiteral("evt_3"));
    QCOMPARE(toString(evidence.refunds.front().refund.status), QStringLiteral("succeeded"));
    QCOMPARE(evidence.namedEventId, QStringLiteral("evt_3"));
    QCOMPARE(evidence.suggestedEvidenceText(), QStringLiteral("webhook:evt_3"));
    const ParsedRefund *shown = evidence.events.front().refund();
    QVERIFY(shown);
    QCOMPARE(toString(shown->status), QStringLiteral("pending"));
}

void tst_Evidence::unreadableEventsAreListedNotUsed()
{
    const Evidence evidence = EvidenceAnalyzer::analyze(
        theOperation(), Events{refundAt("evt_1", "re_1", "succeeded"),
                               unreadable("evt_u", QStringLiteral(R"({"id":"evt_u","data":{"object":{"object":"refund","id":"re_2","amount":"3800"}}})")),
                               unreadable("evt_v", QString(20000, u'['))});
    QCOMPARE(evidence.events.size(), size_t(3));
    QCOMPARE(evidence.unreadableCount(), 2);
    QCOMPARE(toString(evidence.verdict), QStringLiteral("refunded")); // re_2 is in an unreadable payload: no second refund
    for (const EvidenceEvent &e : evidence.events) {
        if (e.readable())
            continue;
        QVERIFY(!e.parsed.unreadableReason.isEmpty());
        QVERIFY(!e.refund());
    }
}

void tst_Evidence::verdictNamesRoundTrip()
{
    for (auto verdict : {Verdict::None, Verdict::Refunded, Verdict::Failed, Verdict::Pending, Verdict::Conflict})
        QVERIFY(verdictFromString(toString(verdict)) == verdict);
    QVERIFY(!verdictFromString(QStringLiteral("maybe")));
    QCOMPARE(toString(MatchRoute::IdempotencyKey), QStringLiteral("idempotency_key"));
}
