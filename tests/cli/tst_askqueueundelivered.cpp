// refund-desk ask-stripe --all-without-evidence in two phases, against the fake Stripe:
// first the refund events Stripe could not deliver, stored as the receiver would have
// stored them, settle the operations whose webhooks were missed without any listing of
// their windows; then only the operations still without evidence are listed. Requests are
// counted per phase; a run stopped after the first phase and run again stores no event
// twice and keeps one lookup per operation; a key that may not read events still gets
// every operation answered by listings; events older than Stripe's 30 days are not asked
// for.
#include "fakestripe.h"
#include "fakestripecommand.h"
#include "stripefixtures.h"
#include "teststore.h"

#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <QDateTime>
#include <QTest>
#include <QUrlQuery>

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Testing::FakeStripe;

namespace {

const QString TestKey = QStringLiteral("rk_test_51QxUndeliveredKeyNeverPrinted01234567");

using Run = TextRun;

} // namespace

class TestAskQueueUndelivered final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FakeStripeCommand> m_command;
    FakeStripe *m_fake = nullptr;
    QString m_db;
    qint64 m_baseMs = 0;

    Run ask()
    {
        return m_command->run({QStringLiteral("ask-stripe"), QStringLiteral("--all-without-evidence"),
                               QStringLiteral("--db"), m_db, QStringLiteral("--operator"), QStringLiteral("alice")});
    }

    int requestsTo(const QString &path) const
    {
        int count = 0;
        for (const auto &request : m_fake->requests())
            count += request.pathAndQuery.startsWith(path + QLatin1Char('?')) ? 1 : 0;
        return count;
    }

    size_t lookupCount(const QString &operationId)
    {
        const auto found = storedLookups(m_db, operationId);
        return found ? found->size() : 99;
    }

    // The operation's events in the store and the verdict they give.
    std::pair<size_t, Verdict> evidence(const QString &operationId)
    {
        auto store = StoreFactory::open(m_db, Store::OpenMode::ReadOnly);
        if (!store)
            return {99, Verdict::None};
        auto operation = (*store)->operation(operationId);
        if (!operation || !*operation)
            return {99, Verdict::None};
        auto events = (*store)->candidateEvents(**operation);
        auto lookups = (*store)->providerLookups(operationId);
        if (!events || !lookups)
            return {99, Verdict::None};
        return {events->size(),
                EvidenceAnalyzer::analyze(**operation, *events, *lookups, EvidenceAnalyzer::Detail::VerdictOnly).verdict};
    }

    // An operation without evidence whose one attempt started at `startedMs` and ran 30 s.
    void addOperation(TestStore &store, const QString &id, qint64 startedMs)
    {
        QVERIFY2(addTimedOutOperation(store, id, startedMs), qPrintable(store.lastError()));
    }

    // A refund made for `id` whose created and updated events are at Stripe but were
    // `delivered` to the receiver or not; it succeeded `updatedAfter` seconds after.
    void addRefundWithEvents(const QString &id, qint64 startedMs, bool delivered, qint64 updatedAfter = 60)
    {
        const qint64 created = startedMs / 1000 + 3;
        const QString refundId = QStringLiteral("re_") + id;
        QCOMPARE(m_fake->truth().addRefund(refundJson(refundId, id, created)), QString());
        const QString key = QStringLiteral("key-") + id;
        QCOMPARE(m_fake->truth().addEvent(TestStore::refundEventPayload(QStringLiteral("evt_c_") + id,
                                                                        QStringLiteral("refund.created"), refundId,
                                                                        QStringLiteral("pending"), 3800,
                                                                        QStringLiteral("usd"), id, key, created)
                                              .toUtf8(),
                                          delivered),
                 QString());
        QCOMPARE(m_fake->truth().addEvent(TestStore::refundEventPayload(QStringLiteral("evt_u_") + id,
                                                                        QStringLiteral("refund.updated"), refundId,
                                                                        QStringLiteral("succeeded"), 3800,
                                                                        QStringLiteral("usd"), id, QString(), created + updatedAfter)
                                              .toUtf8(),
                                          delivered),
                 QString());
    }

    // Two operations a day before the base whose webhooks were missed (the second one's
    // refund succeeded only after the last window asked), two at the base (a minute apart)
    // with no refund at Stripe, and the refund of a third operation whose events were
    // delivered (a full listing would read it; the undelivered one must not).
    void addMixedQueue()
    {
        TestStore store(m_db);
        QVERIFY(store.isValid());
        for (int i = 0; i < 2; ++i) {
            const qint64 started = m_baseMs - 86'400'000 + i * 3 * 3600'000;
            addOperation(store, QStringLiteral("op_missed%1").arg(i), started);
            addRefundWithEvents(QStringLiteral("op_missed%1").arg(i), started, false, i == 0 ? 60 : 86'400 + 3600);
        }
        addOperation(store, QStringLiteral("op_none0"), m_baseMs);
        addOperation(store, QStringLiteral("op_none1"), m_baseMs + 60'000);
        // Closed by the tool (it got Stripe's answer): not in the queue.
        QVERIFY2(store.addOperation(TestStore::operation(QStringLiteral("op_closed"), OperationStatus::Refunded)),
                 qPrintable(store.lastError()));
        addRefundWithEvents(QStringLiteral("op_closed"), m_baseMs - 3600'000, true);
    }

private slots:
    void init()
    {
        m_command = std::make_unique<FakeStripeCommand>(TestKey);
        QVERIFY(m_command->isReady());
        m_fake = &m_command->fake();
        m_db = m_command->db();
        m_baseMs = (QDateTime::currentSecsSinceEpoch() - 86400) * 1000;
    }

    void cleanup()
    {
        QCOMPARE(m_fake->refusedRequests(), QStringList());
        m_fake = nullptr;
        m_command.reset();
    }

    void missedWebhooksSettleWithoutAListing()
    {
        addMixedQueue();
        if (QTest::currentTestFailed())
            return;
        const Run run = ask();
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // One page of undelivered events, then one listing shared by the two left.
        QCOMPARE(requestsTo(QStringLiteral("/v1/events")), 1);
        QCOMPARE(requestsTo(QStringLiteral("/v1/refunds")), 1);
        QCOMPARE(m_fake->requestCount(), 2);
        const QUrlQuery events(m_fake->requests().front().pathAndQuery.section(QLatin1Char('?'), 1));
        QCOMPARE(events.queryItemValue(QStringLiteral("delivery_success")), QStringLiteral("false"));
        QVERIFY(events.allQueryItemValues(QStringLiteral("types[]")).contains(QStringLiteral("refund.updated")));
        // The listing covers the base only: the missed operations' windows a day earlier are not listed.
        const QUrlQuery listing(m_fake->requests().back().pathAndQuery.section(QLatin1Char('?'), 1));
        QVERIFY(listing.queryItemValue(QStringLiteral("created[gte]")).toLongLong() > (m_baseMs - 3600'000) / 1000);

        QVERIFY2(run.out.contains(QLatin1String("Asked 4 of 4 operations without evidence")), qPrintable(run.out));
        QVERIFY2(run.out.contains(QLatin1String("2 settled by undelivered events (4 new events stored, 1 request)")),
                 qPrintable(run.out));
        QVERIFY2(run.out.contains(QLatin1String("2 answered by listings or by id (1 request)")), qPrintable(run.out));
        for (int i = 0; i < 2; ++i) {
            const QString id = QStringLiteral("op_missed%1").arg(i);
            // Settled by its own events, stored as the receiver would have: no lookup.
            const auto [events, verdict] = evidence(id);
            QCOMPARE(events, size_t(2));
            QCOMPARE(toString(verdict), toString(Verdict::Refunded));
            QCOMPARE(lookupCount(id), size_t(0));
        }
        for (const QString &id : {QStringLiteral("op_none0"), QStringLiteral("op_none1")}) {
            QCOMPARE(lookupCount(id), size_t(1));
            QCOMPARE(evidence(id).first, size_t(0));
        }
        // The delivered events of another operation were not asked for.
        QCOMPARE(evidence(QStringLiteral("op_closed")).first, size_t(0));
    }

    void stoppedAfterTheEventsAndRunAgainAddsNothingTwice()
    {
        addMixedQueue();
        if (QTest::currentTestFailed())
            return;
        // Stripe fails after the page of undelivered events: those are kept, the listing is not.
        m_fake->failAfter(1);
        const Run failed = ask();
        QVERIFY2(failed.exitCode != 0, qPrintable(failed.out));
        QCOMPARE(toString(evidence(QStringLiteral("op_missed0")).second), toString(Verdict::Refunded));
        QCOMPARE(lookupCount(QStringLiteral("op_none0")), size_t(0));

        m_fake->failAfter(-1);
        const int before = m_fake->requestCount();
        const Run again = ask();
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        // The events listed again store nothing new; only the two left are listed.
        QCOMPARE(m_fake->requestCount() - before, 2);
        QVERIFY2(again.out.contains(QLatin1String("Asked 2 of 2 operations without evidence")), qPrintable(again.out));
        QVERIFY2(again.out.contains(QLatin1String("0 settled by undelivered events (0 new events stored")),
                 qPrintable(again.out));
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(evidence(QStringLiteral("op_missed%1").arg(i)).first, size_t(2));
            QCOMPARE(lookupCount(QStringLiteral("op_missed%1").arg(i)), size_t(0));
            QCOMPARE(lookupCount(QStringLiteral("op_none%1").arg(i)), size_t(1));
        }

        // A third run has nothing left to ask: no request at all.
        const int afterSecond = m_fake->requestCount();
        const Run third = ask();
        QVERIFY2(third.exitCode == 0, qPrintable(third.err));
        QCOMPARE(m_fake->requestCount(), afterSecond);
    }

    void aKeyThatMayNotReadEventsStillAsksByListing()
    {
        addMixedQueue();
        if (QTest::currentTestFailed())
            return;
        m_fake->denyPermission(QStringLiteral("/v1/events"), QStringLiteral("rak_event_read"));
        const Run run = ask();
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.err.contains(QLatin1String("The undelivered events were not listed")), qPrintable(run.err));
        QVERIFY2(run.err.contains(QLatin1String("Events: Read")), qPrintable(run.err));
        // The refused page, then the listings: every operation answered by a lookup.
        QCOMPARE(requestsTo(QStringLiteral("/v1/events")), 1);
        QVERIFY(requestsTo(QStringLiteral("/v1/refunds")) >= 2);
        for (const QString &id : {QStringLiteral("op_missed0"), QStringLiteral("op_missed1"), QStringLiteral("op_none0"),
                                  QStringLiteral("op_none1")})
            QCOMPARE(lookupCount(id), size_t(1));
        QCOMPARE(evidence(QStringLiteral("op_missed0")).first, size_t(0));
    }

    void eventsOlderThanStripeKeepsAreNotAskedFor()
    {
        {
            TestStore store(m_db);
            QVERIFY(store.isValid());
            addOperation(store, QStringLiteral("op_old"), m_baseMs - 40LL * 86'400'000);
        }
        const Run run = ask();
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        // Stripe lists no event older than 30 days: the operation goes straight to its listing.
        QCOMPARE(requestsTo(QStringLiteral("/v1/events")), 0);
        QCOMPARE(requestsTo(QStringLiteral("/v1/refunds")), 1);
        QCOMPARE(lookupCount(QStringLiteral("op_old")), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestAskQueueUndelivered)
#include "tst_askqueueundelivered.moc"
