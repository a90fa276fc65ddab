// Evidence: which events belong to an operation and by which route, each refund's latest
// state, and the verdict with its explanation (DESIGN.md, "Evidence").

#include "tst_evidence.h"

namespace {

// charge.refunded: `refunds` is the JSON of its refunds list, or empty for none.
WebhookEvent chargeEvent(const QString &eventId, const QString &refunds, const QString &key = kKey, qint64 created = kT + 1)
{
    const QString list = refunds.isEmpty() ? QString() : QStringLiteral(R"(,"refunds":{"object":"list","data":[%1]})").arg(refunds);
    const QString payload =
        QStringLiteral(R"({"id":"%1","object":"event","created":%2,"type":"charge.refunded","data":{"object":{"id":"ch_1",)"
                       R"("object":"charge","amount":3800,"amount_refunded":3800,"currency":"usd","metadata":{"order_id":"4417"}%3}},)"
                       R"("request":{"id":"req_1","idempotency_key":%4}})")
            .arg(eventId)
            .arg(created)
            .arg(list, jsonText(key));
    return row(eventId, payload, created * 1000 + 500);
}

QString listedRefund(const QString &refundId, const QString &status, const QString &operationId = {})
{
    const QString metadata = operationId.isEmpty() ? QStringLiteral("{}")
                                                   : QStringLiteral(R"({"operation_id":"%1"})").arg(operationId);
    return QStringLiteral(R"({"id":"%1","object":"refund","amount":3800,"currency":"usd","status":"%2","metadata":%3})")
        .arg(refundId, status, metadata);
}

} // namespace

void tst_Evidence::verdicts_data()
{
    QTest::addColumn<Events>("events");
    QTest::addColumn<QString>("verdict");
    QTest::addColumn<QString>("namedRefundId");
    QTest::addColumn<QString>("explanation"); // a fragment

    const auto spec = [](const QString &eventId, const QString &status) {
        RefundEventSpec s;
        s.eventId = eventId;
        s.status = status;
        return s;
    };

    QTest::newRow("none: no events") << Events{} << "none" << "" << "No event from the provider";
    {
        RefundEventSpec other = spec("evt_o", "succeeded");
        other.operationId = QStringLiteral("op_9999");
        other.key = QStringLiteral("another-key");
        other.refundId = QStringLiteral("re_other");
        QTest::newRow("none: another operation's event") << Events{refundEvent(other)} << "none" << "" << "No event";
    }
    QTest::newRow("refunded") << Events{refundAt("evt_1", "re_1", "succeeded")} << "refunded" << "re_1"
                              << "Refund re_1 of 38.00 USD succeeded (event evt_1).";
    {
        RefundEventSpec failed = spec("evt_f", "failed");
        failed.failureReason = QStringLiteral("insufficient_funds");
        QTest::newRow("failed, with its reason") << Events{refundEvent(failed)} << "failed" << "re_1"
                                                 << "failed: insufficient_funds (event evt_f)";
    }
    QTest::newRow("canceled counts as failed") << Events{refundAt("evt_c", "re_1", "canceled")} << "failed" << "re_1"
                                               << "was canceled";
    QTest::newRow("pending") << Events{refundAt("evt_p", "re_1", "pending")} << "pending" << "re_1" << "still pending";
    QTest::newRow("requires_action is pending") << Events{refundAt("evt_r", "re_1", "requires_action")} << "pending" << "re_1"
                                                << "requires action";
    QTest::newRow("a status of null is pending") << Events{refundAt("evt_n", "re_1", "null")} << "pending" << "re_1"
                                                 << "no event states its status";
    QTest::newRow("late: pending then succeeded")
        << Events{refundAt("evt_1", "re_1", "pending"), refundAt("evt_2", "re_1", "succeeded", kT + 3600)} << "refunded" << "re_1"
        << "(event evt_2)";
    QTest::newRow("late: pending then failed")
        << Events{refundAt("evt_1", "re_1", "pending"), refundAt("evt_2", "re_1", "failed", kT + 3600)} << "failed" << "re_1"
        << "(event evt_2)";
    QTest::newRow("late: delivered out of order")
        << Events{refundAt("evt_2", "re_1", "succeeded", kT + 60), refundAt("evt_1", "re_1", "pending")} << "refunded" << "re_1"
        << "(event evt_2)";
    QTest::newRow("failure after success") // Stripe can fail a refund that had succeeded
        << Events{refundAt("evt_1", "re_1", "succeeded"), refundAt("evt_2", "re_1", "failed", kT + 86400)} << "failed" << "re_1"
        << "(event evt_2)";
    {
        RefundEventSpec first = spec("evt_b", "pending");
        RefundEventSpec second = spec("evt_a", "succeeded");
        second.receivedAtMs = first.receivedAtMs; // same second, received together
        QTest::newRow("same second: the later stage wins") << Events{refundEvent(first), refundEvent(second)} << "refunded"
                                                           << "re_1" << "(event evt_a)";
        RefundEventSpec pendingLater = spec("evt_p", "pending");
        pendingLater.receivedAtMs = second.receivedAtMs + 1000;
        QTest::newRow("same second: received_at decides before the stage")
            << Events{refundEvent(second), refundEvent(pendingLater)} << "pending" << "re_1" << "(event evt_p)";
    }
    QTest::newRow("double refund") << Events{refundAt("evt_1", "re_1", "succeeded"), refundAt("evt_2", "re_2", "succeeded")}
                                   << "conflict" << "" << "2 refunds point at this operation (re_1 succeeded, re_2 succeeded)";
    QTest::newRow("double refund, one failed") << Events{refundAt("evt_1", "re_1", "failed"), refundAt("evt_2", "re_2", "succeeded")}
                                               << "conflict" << "" << "money may have moved more than once";
    {
        RefundEventSpec partial = spec("evt_1", "succeeded");
        partial.amount = 3000;
        QTest::newRow("amount differs") << Events{refundEvent(partial)} << "conflict" << "re_1"
                                        << "Refund re_1 is for 30.00 USD but the operation is for 38.00 USD (event evt_1).";
        RefundEventSpec euros = spec("evt_1", "succeeded");
        euros.currency = QStringLiteral("eur");
        QTest::newRow("currency differs") << Events{refundEvent(euros)} << "conflict" << "re_1"
                                          << "Refund re_1 is in EUR but the operation is in USD (event evt_1).";
        RefundEventSpec upper = spec("evt_1", "succeeded");
        upper.currency = QStringLiteral("USD");
        QTest::newRow("currency case is no difference") << Events{refundEvent(upper)} << "refunded" << "re_1" << "succeeded";
    }
    QTest::newRow("unreadable only") << Events{unreadable("evt_u", "{broken")} << "none" << ""
                                     << "1 matching event(s) could not be read";
    QTest::newRow("charge.refunded lists the operation's refund")
        << Events{chargeEvent("evt_c", listedRefund("re_7", "succeeded", "op_5521"), QStringLiteral("other-key"))}
        << "refunded" << "re_7" << "Refund re_7";
    QTest::newRow("charge.refunded by key, one untagged refund")
        << Events{chargeEvent("evt_c", listedRefund("re_7", "succeeded"))} << "refunded" << "re_7" << "(event evt_c)";
    QTest::newRow("charge.refunded by key, several untagged refunds")
        << Events{chargeEvent("evt_c", listedRefund("re_7", "succeeded") + u',' + listedRefund("re_8", "succeeded"))}
        << "none" << "" << "charge ch_1 has 38.00 USD refunded";
    QTest::newRow("charge.refunded without its refunds list")
        << Events{chargeEvent("evt_c", {})} << "none" << "" << "look the charge up in the provider's dashboard";
    QTest::newRow("charge.refunded: another operation's refund is not ours")
        << Events{refundAt("evt_1", "re_1", "pending"),
                  chargeEvent("evt_c", listedRefund("re_1", "succeeded") + u',' + listedRefund("re_9", "succeeded", "op_other"))}
        << "refunded" << "re_1" << "(event evt_c)";
}

void tst_Evidence::verdicts()
{
    QFETCH(Events, events);
    QFETCH(QString, verdict);
    QFETCH(QString, namedRefundId);
    QFETCH(QString, explanation);

    const Evidence evidence = EvidenceAnalyzer::analyze(theOperation(), events);
    QCOMPARE(toString(evidence.verdict), verdict);
    QCOMPARE(evidence.namedRefundId, namedRefundId);
    QVERIFY2(evidence.explanation.contains(explanation), qPrintable(evidence.explanation));
    QVERIFY(evidence.explanation.endsWith(u'.'));
    QCOMPARE(evidence.conflicts.empty(), evidence.verdict != Verdict::Conflict);
    if (!namedRefundId.isEmpty()) {
        QVERIFY(evidence.namedRefund());
        QVERIFY(evidence.suggestedEvidenceText().startsWith(QLatin1String("webhook:evt_")));
    }
}

void tst_Evidence::matchingRoutes_data()
{
    QTest::addColumn<Operation>("operation");
    QTest::addColumn<Events>("events");
    QTest::addColumn<QStringList>("routes"); // event=route, oldest first; unlisted events did not match

    const Operation operation = theOperation();
    RefundEventSpec byMetadata;
    byMetadata.eventId = QStringLiteral("evt_m");
    byMetadata.key.clear();
    RefundEventSpec byKey;
    byKey.eventId = QStringLiteral("evt_k");
    byKey.operationId.clear();
    byKey.created = kT + 1;
    RefundEventSpec lost; // a later event whose payload lost the metadata and the key
    lost.eventId = QStringLiteral("evt_l");
    lost.operationId.clear();
    lost.key.clear();
    lost.created = kT + 2;

    QTest::newRow("metadata") << operation << Events{refundEvent(byMetadata)} << QStringList{"evt_m=metadata"};
    QTest::newRow("idempotency key") << operation << Events{refundEvent(byKey)} << QStringList{"evt_k=idempotency_key"};
    QTest::newRow("metadata wins over the key") << operation << Events{refundAt("evt_1", "re_1", "succeeded")}
                                                << QStringList{"evt_1=metadata"};
    QTest::newRow("refund id of a metadata match") << operation << Events{refundEvent(byMetadata), refundEvent(lost)}
                                                   << QStringList{"evt_m=metadata", "evt_l=refund_id"};
    QTest::newRow("refund id of a key match") << operation << Events{refundEvent(byKey), refundEvent(lost)}
                                              << QStringList{"evt_k=idempotency_key", "evt_l=refund_id"};
    QTest::newRow("refund id alone matches nothing") << operation << Events{refundEvent(lost)} << QStringList{};
    Operation recorded = operation;
    recorded.refundId = QStringLiteral("re_1");
    QTest::newRow("refund id recorded on the operation") << recorded << Events{refundEvent(lost)} << QStringList{"evt_l=refund_id"};
    {
        WebhookEvent columnsOnly = refundEvent(byMetadata); // payload says op_5521, columns left empty
        columnsOnly.operationId.clear();
        columnsOnly.idempotencyKey.clear();
        columnsOnly.refundId.clear();
        QTest::newRow("metadata in the payload, columns empty") << operation << Events{columnsOnly} << QStringList{"evt_m=metadata"};
    }
    {
        RefundEventSpec other = byKey;
        other.eventId = QStringLiteral("evt_x");
        other.key = QStringLiteral("another-key");
        other.refundId = QStringLiteral("re_x");
        QTest::newRow("another key, another refund") << operation << Events{refundEvent(other), refundEvent(byKey)}
                                                     << QStringList{"evt_k=idempotency_key"};
    }
    QTest::newRow("unreadable, matched by its column") << operation << Events{unreadable("evt_u", "[1,2")}
                                                       << QStringList{"evt_u=metadata"};
    {
        WebhookEvent brokenByRefund = unreadable("evt_u", "{\"amount\":", QString());
        brokenByRefund.refundId = QStringLiteral("re_1");
        QTest::newRow("unreadable, matched by its refund id column") << operation << Events{refundEvent(byMetadata), brokenByRefund}
                                                                     << QStringList{"evt_u=refund_id", "evt_m=metadata"};
    }
    QTest::newRow("charge by key, then its refund by id")
        << operation << Events{chargeEvent("evt_c", listedRefund("re_7", "pending")), [] {
               RefundEventSpec later;
               later.eventId = QStringLiteral("evt_l");
               later.refundId = QStringLiteral("re_7");
               later.operationId.clear();
               later.key.clear();
               later.created = kT + 100;
               return refundEvent(later);
           }()}
        << QStringList{"evt_c=idempotency_key", "evt_l=refund_id"};
}

void tst_Evidence::matchingRoutes()
{
    QFETCH(Operation, operation);
    QFETCH(Events, events);
    QFETCH(QStringList, routes);

    const Evidence evidence = EvidenceAnalyzer::analyze(operation, events);
    QCOMPARE(routesOf(evidence), routes);
}

void tst_Evidence::invalidUtf8PayloadIsNeverJudged()
{
    // The store hands over text decoded with replacement characters; it parses as JSON,
    // but the flag says it cannot be trusted.
    WebhookEvent mangled = refundAt("evt_1", "re_1", "succeeded");
    mangled.payloadIsValidUtf8 = false;
    const Evidence evidence = EvidenceAnalyzer::analyze(theOperation(), Events{mangled});
    QCOMPARE(evidence.events.size(), size_t(1));
    QVERIFY(!evidence.events.front().readable());
    QVERIFY(evidence.events.front().parsed.unreadableReason.contains(QStringLiteral("UTF-8")));
    QCOMPARE(toString(evidence.verdict), QStringLiteral("none"));
}

QTEST_GUILESS_MAIN(tst_Evidence)
