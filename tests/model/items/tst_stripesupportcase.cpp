// The case for Stripe's support and the Dashboard's pages: what the text holds for an
// operation with attempts, refunds and lookups, and which ids open which page.
#include "items/operationsnapshot.h"
#include "items/stripesupportcase.h"

#include <QtTest>

using namespace RefundDesk;

class tst_StripeSupportCase : public QObject
{
    Q_OBJECT

private:
    static OperationSnapshot snapshot(bool live)
    {
        OperationSnapshot snapshot;
        snapshot.operation.operationId = QStringLiteral("op_5521");
        snapshot.operation.orderId = QStringLiteral("ord_88");
        snapshot.operation.amountCents = 3800;
        snapshot.operation.currency = QStringLiteral("usd");
        snapshot.operation.idempotencyKey = QStringLiteral("key-op_5521");
        Attempt first;
        first.attemptNo = 1;
        first.startedAt = 1764806400000; // 2025-12-04T00:00:00Z
        first.finishedAt = first.startedAt + 30'000;
        first.outcome = AttemptOutcome::Timeout;
        first.requestId = QStringLiteral("req_first");
        first.httpStatus = 504;
        snapshot.attempts.push_back(first);
        EvidenceEvent event;
        event.row.eventId = QStringLiteral("evt_1");
        event.row.payload = live ? QByteArray(R"({"id":"evt_1","livemode":true})") : QByteArray(R"({"id":"evt_1","livemode":false})");
        snapshot.evidence.events.push_back(event);
        RefundState state;
        state.refund.id = QStringLiteral("re_42");
        state.refund.status = RefundStatus::Pending;
        state.eventId = QStringLiteral("evt_1");
        snapshot.evidence.refunds.push_back(state);
        ProviderLookup lookup;
        lookup.askedAt = first.startedAt + 3'600'000;
        lookup.result = QStringLiteral(R"({"complete":true,"refunds":[{"id":"re_42","status":"succeeded","amount":3800,"currency":"usd"}]})");
        snapshot.lookups.push_back(lookup);
        return snapshot;
    }

private slots:
    void theCaseHoldsWhatSupportSearchesBy()
    {
        const QString text = StripeSupportCase::text(snapshot(false));
        QVERIFY2(text.contains(QLatin1String("operation op_5521")), qPrintable(text));
        QVERIFY(text.contains(QLatin1String("Order: ord_88")));
        QVERIFY(text.contains(QLatin1String("Amount: 38.00 USD")));
        QVERIFY(text.contains(QLatin1String("Idempotency-Key: key-op_5521")));
        QVERIFY(text.contains(QLatin1String("Mode: test")));
        QVERIFY2(text.contains(QLatin1String("#1 started 2025-12-04T00:00:00.000Z, ended 2025-12-04T00:00:30.000Z, "
                                             "Request-Id req_first, outcome timeout (HTTP 504)")),
                 qPrintable(text));
        QVERIFY(text.contains(QLatin1String("Refund ids seen: re_42")));
        QVERIFY(text.contains(QLatin1String("re_42 pending per event evt_1")));
        QVERIFY2(text.contains(QLatin1String("2025-12-04T01:00:00.000Z: re_42 succeeded 38.00 USD")), qPrintable(text));
    }

    void aCaseWithNothingYetSaysSo()
    {
        OperationSnapshot bare;
        bare.operation.operationId = QStringLiteral("op_1");
        const QString text = StripeSupportCase::text(bare);
        QVERIFY(text.contains(QLatin1String("none recorded")));
        QVERIFY(text.contains(QLatin1String("Refund ids seen: none")));
        QVERIFY(text.contains(QLatin1String("not yet")));
        QVERIFY(!text.contains(QLatin1String("Mode:")));
    }

    void dashboardPages_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<bool>("live");
        QTest::addColumn<QString>("url");
        QTest::newRow("request, test") << "req_abc" << false << "https://dashboard.stripe.com/test/logs/req_abc";
        QTest::newRow("refund, live") << "re_42" << true << "https://dashboard.stripe.com/refunds/re_42";
        QTest::newRow("event, test") << "evt_1" << false << "https://dashboard.stripe.com/test/events/evt_1";
        QTest::newRow("operation") << "op_5521" << false << "";
        QTest::newRow("path in an id") << "re_1/../../x" << true << "";
    }

    void dashboardPages()
    {
        QFETCH(QString, id);
        QFETCH(bool, live);
        QFETCH(QString, url);
        QCOMPARE(StripeDashboardLink::forId(id, live).toString(), url);
    }

    void theModeIsTheEvents()
    {
        QCOMPARE(StripeDashboardLink::livemode(snapshot(true)), std::optional<bool>(true));
        QCOMPARE(StripeDashboardLink::livemode(snapshot(false)), std::optional<bool>(false));
        QCOMPARE(StripeDashboardLink::livemode(OperationSnapshot()), std::optional<bool>());
    }

    void idsAreFoundInText()
    {
        QCOMPARE(StripeDashboardLink::idsIn(QStringLiteral("refund re_42 (event evt_1, request req_9); again re_42; op_1 pre_x")),
                 (QStringList{QStringLiteral("re_42"), QStringLiteral("evt_1"), QStringLiteral("req_9")}));
    }
};

QTEST_GUILESS_MAIN(tst_StripeSupportCase)
#include "tst_stripesupportcase.moc"
