// Recording outcomes from evidence, many at once, on both backends: the plan splits the
// queue as the verdicts say, each eligible operation becomes its own decision, one that
// changed between the review and its write is skipped, Cancel stops before the next one,
// and two batches, or a batch and single decisions, decide every operation exactly once.

#include "pgtestserver.h"
#include "teststore.h"

#include "audit/auditverifier.h"
#include "demo/demostore.h"
#include "evidence/batchexecutor.h"
#include "evidence/batchplan.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "store/store.h"

#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <thread>

using namespace RefundDesk;
using RefundDesk::Test::PgTestServer;
using RefundDesk::Test::TestStore;

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;

std::unique_ptr<Store> openStore(const QString &location)
{
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(*store);
}

// The operator a store records: its login on PostgreSQL, else `name`.
QString operatorOf(Store &store, const QString &name)
{
    return store.sessionOperator().isEmpty() ? name : store.sessionOperator();
}

BatchRequest requestFor(Store &store, const QString &name)
{
    BatchRequest request;
    request.operatorName = operatorOf(store, name);
    return request;
}

qint64 resolutionsOf(Store &store, const QString &operationId)
{
    auto found = store.resolutions(operationId);
    return found ? qint64(found->size()) : -1;
}

} // namespace

class tst_BatchResolution : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void planSplitsTheQueueAsTheVerdictsSay_data() { backends(); }
    void planSplitsTheQueueAsTheVerdictsSay();
    void planKeepsToTheVerdictsSelectionAndLimit_data() { backends(); }
    void planKeepsToTheVerdictsSelectionAndLimit();
    void eachOperationIsItsOwnDecision_data() { backends(); }
    void eachOperationIsItsOwnDecision();
    void changedAfterTheReviewIsSkipped_data() { backends(); }
    void changedAfterTheReviewIsSkipped();
    void cancelStopsBeforeTheNextOperation_data() { backends(); }
    void cancelStopsBeforeTheNextOperation();
    void twoBatchesDecideEachOperationOnce_data() { backends(); }
    void twoBatchesDecideEachOperationOnce();
    void batchAndSingleDecisionsDecideEachOnce_data() { backends(); }
    void batchAndSingleDecisionsDecideEachOnce();

private:
    void backends();
    // A new demo store on the backend of the current row.
    QString demoStore();
    // Claims the operation as a colleague ("bob"), from a connection of its own.
    bool claimAsColleague(const QString &location, const QString &operationId);
    void verifyIntact(Store &store);

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
    int m_stores = 0;
};

void tst_BatchResolution::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

void tst_BatchResolution::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_BatchResolution::cleanup()
{
    m_dir.reset();
}

void tst_BatchResolution::backends()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("sqlite") << false;
    QTest::newRow("postgresql") << true;
}

QString tst_BatchResolution::demoStore()
{
    QFETCH(bool, postgres);
    QString location;
    if (postgres) {
        const QString name = QStringLiteral("batch_%1").arg(++m_stores);
        if (!m_server->createDatabase(name))
            return {};
        location = m_server->location(name);
    } else {
        location = m_dir->filePath(QStringLiteral("demo_%1.sqlite").arg(++m_stores));
    }
    SimulationOptions options;
    options.operations = 2000;
    options.seed = 7;
    options.nowMs = DemoNow;
    auto summary = DemoStore::generate(location, options);
    if (!summary) {
        qWarning() << summary.error().message;
        return {};
    }
    return location;
}

bool tst_BatchResolution::claimAsColleague(const QString &location, const QString &operationId)
{
    if (location.startsWith(QLatin1String("host="))) {
        // The login is the operator on PostgreSQL: the colleague's claim is written as the
        // store's owner may write it.
        return m_server->exec(location.section(QLatin1String("dbname="), 1).section(u' ', 0, 0),
                              QStringLiteral("UPDATE refund_ops SET status = 'checking', claimed_by = 'bob', "
                                             "claimed_at = updated_at, version = version + 1 WHERE operation_id = '%1'")
                                  .arg(operationId));
    }
    auto store = openStore(location);
    if (!store)
        return false;
    auto current = store->operation(operationId);
    if (!current || !current->has_value())
        return false;
    return bool(Resolver(*store).claim(**current, QStringLiteral("bob"), false));
}

void tst_BatchResolution::verifyIntact(Store &store)
{
    auto report = AuditVerifier(store).run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().message));
    QVERIFY2(report->intact(), qPrintable(report->problems().join(u'\n')));
}

void tst_BatchResolution::planSplitsTheQueueAsTheVerdictsSay()
{
    const QString location = demoStore();
    QVERIFY(!location.isEmpty());
    auto store = openStore(location);
    QVERIFY(store);
    // A colleague holds one operation the evidence settles.
    auto first = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    QVERIFY(first->eligible.size() > 4);
    const QString held = first->eligible.front().seen.operationId;
    QVERIFY(claimAsColleague(location, held));

    const BatchRequest request = requestFor(*store, QStringLiteral("alice"));
    auto plan = BatchPlanner::plan(*store, request);
    QVERIFY(plan);
    QCOMPARE(plan->eligible.size(), first->eligible.size() - 1);

    // Every operation of the queue is in exactly one list, with what its own evidence,
    // read operation by operation, says.
    QSet<QString> eligible;
    for (const BatchCandidate &candidate : plan->eligible) {
        QVERIFY(candidate.verdict == Verdict::Refunded || candidate.verdict == Verdict::Failed);
        QCOMPARE(candidate.outcome, candidate.verdict == Verdict::Refunded ? Outcome::Refunded : Outcome::Failed);
        auto evidence = Resolver(*store).evidenceFor(candidate.seen);
        QVERIFY(evidence);
        QCOMPARE(toString(evidence->verdict), toString(candidate.verdict));
        QCOMPARE(evidence->namedRefundId, candidate.refundId);
        QCOMPARE(evidence->namedEventId, candidate.eventId);
        QVERIFY(candidate.eventId.startsWith(QLatin1String("evt_")));
        eligible.insert(candidate.seen.operationId);
    }
    QSet<QString> leftOut;
    bool sawHeld = false;
    for (const BatchLeftOut &left : plan->leftOut) {
        auto evidence = Resolver(*store).evidenceFor(left.operation);
        QVERIFY(evidence);
        QCOMPARE(toString(evidence->verdict), toString(left.verdict));
        if (left.reason == LeftOutReason::ClaimedByOther) {
            QVERIFY(!left.operation.claimedBy.isEmpty());
            QVERIFY(left.operation.claimedBy != request.operatorName);
            QVERIFY(describe(left.reason, left.operation).contains(left.operation.claimedBy));
        }
        if (left.reason == LeftOutReason::Pending)
            QCOMPARE(toString(left.verdict), QStringLiteral("pending"));
        if (left.reason == LeftOutReason::NoEvidence)
            QCOMPARE(toString(left.verdict), QStringLiteral("none"));
        if (left.reason == LeftOutReason::Conflict)
            QCOMPARE(toString(left.verdict), QStringLiteral("conflict"));
        sawHeld = sawHeld || (left.operation.operationId == held && left.reason == LeftOutReason::ClaimedByOther);
        leftOut.insert(left.operation.operationId);
    }
    QVERIFY(sawHeld);
    QVERIFY(!eligible.intersects(leftOut));
    qint64 queued = 0;
    std::optional<QueueCursor> cursor;
    for (;;) {
        auto page = store->queuePage(QueueQuery(), cursor, 1000);
        QVERIFY(page);
        queued += qint64(page->size());
        if (page->size() < 1000)
            break;
        cursor = cursorAfter(QueueQuery(), page->back());
    }
    QCOMPARE(qint64(eligible.size() + leftOut.size()), queued);

    // The totals add up to the list.
    qint64 count = 0;
    qint64 cents = 0;
    for (const BatchTotal &total : plan->totals()) {
        count += total.count;
        cents += total.amountCents;
    }
    qint64 expectedCents = 0;
    for (const BatchCandidate &candidate : plan->eligible)
        expectedCents += candidate.seen.amountCents;
    QCOMPARE(count, qint64(plan->eligible.size()));
    QCOMPARE(cents, expectedCents);
}

void tst_BatchResolution::planKeepsToTheVerdictsSelectionAndLimit()
{
    const QString location = demoStore();
    QVERIFY(!location.isEmpty());
    auto store = openStore(location);
    QVERIFY(store);
    BatchRequest request = requestFor(*store, QStringLiteral("alice"));
    auto all = BatchPlanner::plan(*store, request);
    QVERIFY(all);

    request.verdicts = {Verdict::Failed};
    auto failed = BatchPlanner::plan(*store, request);
    QVERIFY(failed);
    qint64 failedInAll = 0;
    for (const BatchCandidate &candidate : all->eligible)
        failedInAll += candidate.verdict == Verdict::Failed ? 1 : 0;
    QVERIFY(failedInAll > 0);
    QCOMPARE(qint64(failed->eligible.size()), failedInAll);
    for (const BatchCandidate &candidate : failed->eligible)
        QCOMPARE(candidate.outcome, Outcome::Failed);
    bool sawNotAsked = false;
    for (const BatchLeftOut &left : failed->leftOut)
        sawNotAsked = sawNotAsked || (left.reason == LeftOutReason::NotAsked && left.verdict == Verdict::Refunded);
    QVERIFY(sawNotAsked);

    request.verdicts.clear();
    request.limit = 3;
    auto limited = BatchPlanner::plan(*store, request);
    QVERIFY(limited);
    QCOMPARE(limited->eligible.size(), size_t(3));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(limited->eligible[size_t(i)].seen.operationId, all->eligible[size_t(i)].seen.operationId);

    request.limit = 0;
    request.operationIds = {all->eligible[1].seen.operationId, all->eligible[4].seen.operationId,
                            all->leftOut.front().operation.operationId};
    auto selected = BatchPlanner::plan(*store, request);
    QVERIFY(selected);
    QCOMPARE(selected->eligible.size(), size_t(2));
    QCOMPARE(selected->leftOut.size(), size_t(1));
    QCOMPARE(selected->eligible[0].seen.operationId, all->eligible[1].seen.operationId);
}

void tst_BatchResolution::eachOperationIsItsOwnDecision()
{
    const QString location = demoStore();
    QVERIFY(!location.isEmpty());
    auto store = openStore(location);
    QVERIFY(store);
    const QString alice = operatorOf(*store, QStringLiteral("alice"));
    auto plan = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(plan);
    const qint64 planned = qint64(plan->eligible.size());
    QVERIFY(planned > 0);

    BatchExecutor executor(*store, alice, QStringLiteral("Settled by their webhooks"));
    std::vector<qint64> progress;
    executor.setProgress([&](qint64 done, qint64 total) {
        QCOMPARE(total, planned);
        progress.push_back(done);
    });
    const BatchReport report = executor.run(*plan);
    QVERIFY(!report.failure);
    QVERIFY(!report.cancelled);
    QCOMPARE(report.decided(), planned);
    QCOMPARE(report.skipped(), qint64(0));
    QCOMPARE(qint64(progress.size()), planned);
    QCOMPARE(progress.back(), planned);
    QVERIFY(report.note.startsWith(QLatin1String("Settled by their webhooks [batch from evidence: ")));
    QVERIFY(report.note.contains(QStringLiteral("%1 operations, by %2 at ").arg(planned).arg(alice)));

    QSet<qint64> ids;
    for (const BatchItemResult &item : report.items) {
        const QString id = item.candidate.seen.operationId;
        auto resolutions = store->resolutions(id);
        QVERIFY(resolutions);
        QCOMPARE(resolutions->size(), size_t(1));
        const Resolution &resolution = resolutions->front();
        QCOMPARE(resolution.resolutionId, item.resolution->resolutionId);
        QCOMPARE(resolution.evidence, QStringLiteral("webhook:") + item.candidate.eventId);
        QCOMPARE(resolution.outcome, item.candidate.outcome);
        QCOMPARE(resolution.refundId, item.candidate.outcome == Outcome::Refunded ? item.candidate.refundId : QString());
        QCOMPARE(resolution.note, report.note);
        QCOMPARE(resolution.operatorName, alice);
        QVERIFY(!resolution.overridesEvidence);
        ids.insert(resolution.resolutionId);
        auto now = store->operation(id);
        QVERIFY(now && now->has_value());
        QCOMPARE((*now)->status, item.candidate.outcome == Outcome::Refunded ? OperationStatus::Refunded
                                                                             : OperationStatus::Failed);
    }
    QCOMPARE(qint64(ids.size()), planned);
    verifyIntact(*store);

    // Nothing is left for a second batch.
    auto again = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(again);
    QCOMPARE(again->eligible.size(), size_t(0));
}

void tst_BatchResolution::changedAfterTheReviewIsSkipped()
{
    const QString location = demoStore();
    QVERIFY(!location.isEmpty());
    auto store = openStore(location);
    QVERIFY(store);
    auto colleague = openStore(location);
    QVERIFY(colleague);
    const QString alice = operatorOf(*store, QStringLiteral("alice"));
    auto plan = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(plan);
    QVERIFY(plan->eligible.size() >= 4);
    const QString claimed = plan->eligible[0].seen.operationId;
    const QString decided = plan->eligible[1].seen.operationId;
    const QString newEvent = plan->eligible[2].seen.operationId;

    BatchExecutor executor(*store, alice, QStringLiteral("Settled"));
    // Between the review and the write: a colleague claims one, decides another (on
    // PostgreSQL as the same login, from another connection), and a new event puts a
    // third in conflict without touching its row.
    executor.setBeforeWrite([&](const BatchCandidate &candidate) {
        const QString id = candidate.seen.operationId;
        if (id == claimed) {
            QVERIFY(claimAsColleague(location, id));
        } else if (id == decided) {
            ResolutionDraft draft;
            draft.operationId = id;
            draft.outcome = candidate.outcome;
            draft.refundId = candidate.outcome == Outcome::Refunded ? candidate.refundId : QString();
            draft.evidence = candidate.evidenceText();
            draft.operatorName = operatorOf(*colleague, QStringLiteral("carol"));
            QVERIFY(Resolver(*colleague).resolve(draft, SeenState::of(candidate.seen)));
        } else if (id == newEvent) {
            WebhookEvent event;
            event.eventId = QStringLiteral("evt_batch_other_refund");
            event.type = QStringLiteral("refund.updated");
            event.created = candidate.seen.updatedAt / 1000 + 60;
            event.receivedAt = candidate.seen.updatedAt + 60'000;
            event.operationId = id;
            event.refundId = QStringLiteral("re_batch_other");
            event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId,
                                                          QStringLiteral("succeeded"), candidate.seen.amountCents,
                                                          candidate.seen.currency, id, candidate.seen.idempotencyKey,
                                                          *event.created);
            auto inserted = colleague->insertEvents({event});
            QVERIFY(inserted);
            QCOMPARE(*inserted, 1);
        }
    });
    const BatchReport report = executor.run(*plan);
    QVERIFY(!report.failure);
    QCOMPARE(report.skipped(), qint64(3));
    QCOMPARE(report.decided(), qint64(plan->eligible.size()) - 3);
    for (const BatchItemResult &item : report.items) {
        const QString id = item.candidate.seen.operationId;
        const bool changed = id == claimed || id == decided || id == newEvent;
        QCOMPARE(item.state == BatchItemResult::State::Skipped, changed);
        if (changed)
            QVERIFY(!item.reason.isEmpty());
        // Decided once: by the batch, or by the colleague; never by both.
        QCOMPARE(resolutionsOf(*store, id), id == claimed || id == newEvent ? 0 : 1);
    }
    auto third = std::find_if(report.items.begin(), report.items.end(),
                              [&](const BatchItemResult &item) { return item.candidate.seen.operationId == newEvent; });
    QVERIFY2(third->reason.contains(QLatin1String("changed since it was reviewed")), qPrintable(third->reason));
    verifyIntact(*store);
}

void tst_BatchResolution::cancelStopsBeforeTheNextOperation()
{
    const QString location = demoStore();
    QVERIFY(!location.isEmpty());
    auto store = openStore(location);
    QVERIFY(store);
    auto plan = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(plan);
    QVERIFY(plan->eligible.size() > 3);
    std::atomic<bool> cancel = false;
    BatchExecutor executor(*store, operatorOf(*store, QStringLiteral("alice")), QStringLiteral("Settled"));
    executor.setCancel(&cancel);
    executor.setFlightSize(1); // Cancel is looked at between flights
    executor.setProgress([&](qint64 done, qint64) {
        if (done == 3)
            cancel = true;
    });
    const BatchReport report = executor.run(*plan);
    QVERIFY(report.cancelled);
    QCOMPARE(report.decided(), qint64(3));
    QCOMPARE(report.notTried(), qint64(plan->eligible.size()) - 3);
    for (size_t i = 0; i < plan->eligible.size(); ++i)
        QCOMPARE(resolutionsOf(*store, plan->eligible[i].seen.operationId), i < 3 ? 1 : 0);
    verifyIntact(*store);
}

void tst_BatchResolution::twoBatchesDecideEachOperationOnce()
{
    const QString location = demoStore();
    QVERIFY(!location.isEmpty());
    auto planning = openStore(location);
    QVERIFY(planning);
    auto plan = BatchPlanner::plan(*planning, requestFor(*planning, QStringLiteral("alice")));
    QVERIFY(plan);
    // Both planned the same operations; each runs on a connection and a thread of its own,
    // one from the front of the list and one from the back, so that they meet.
    BatchPlan reversed = *plan;
    std::reverse(reversed.eligible.begin(), reversed.eligible.end());
    BatchReport reports[2];
    auto runBatch = [&](int which, const BatchPlan &mine, const QString &name) {
        auto store = openStore(location);
        if (!store)
            return;
        reports[which] = BatchExecutor(*store, operatorOf(*store, name), name).run(mine);
    };
    std::thread a(runBatch, 0, std::cref(*plan), QStringLiteral("alice"));
    std::thread b(runBatch, 1, std::cref(reversed), QStringLiteral("bob"));
    a.join();
    b.join();
    QVERIFY(!reports[0].failure);
    QVERIFY(!reports[1].failure);
    const qint64 planned = qint64(plan->eligible.size());
    QCOMPARE(reports[0].items.size() + reports[1].items.size(), size_t(2 * planned));
    QCOMPARE(reports[0].decided() + reports[1].decided(), planned);
    QCOMPARE(reports[0].skipped() + reports[1].skipped(), planned);
    for (const BatchCandidate &candidate : plan->eligible)
        QCOMPARE(resolutionsOf(*planning, candidate.seen.operationId), qint64(1));
    verifyIntact(*planning);
}

void tst_BatchResolution::batchAndSingleDecisionsDecideEachOnce()
{
    const QString location = demoStore();
    QVERIFY(!location.isEmpty());
    auto planning = openStore(location);
    QVERIFY(planning);
    auto plan = BatchPlanner::plan(*planning, requestFor(*planning, QStringLiteral("alice")));
    QVERIFY(plan);
    BatchReport report;
    std::thread batch([&] {
        auto store = openStore(location);
        if (store)
            report = BatchExecutor(*store, operatorOf(*store, QStringLiteral("alice")), QStringLiteral("Batch")).run(*plan);
    });
    // Single decisions from the back of the list, as a colleague at the console makes them.
    qint64 singles = 0;
    auto store = openStore(location);
    QVERIFY(store);
    for (auto it = plan->eligible.rbegin(); it != plan->eligible.rend(); ++it) {
        ResolutionDraft draft;
        draft.operationId = it->seen.operationId;
        draft.outcome = it->outcome;
        draft.refundId = it->outcome == Outcome::Refunded ? it->refundId : QString();
        draft.evidence = it->evidenceText();
        draft.operatorName = operatorOf(*store, QStringLiteral("carol"));
        auto decided = Resolver(*store).resolve(draft, SeenState::of(it->seen));
        if (decided)
            ++singles;
        else
            QCOMPARE(decided.error().kind, ErrorKind::Conflict);
    }
    batch.join();
    QVERIFY(!report.failure);
    QCOMPARE(report.decided() + singles, qint64(plan->eligible.size()));
    QCOMPARE(report.skipped(), singles);
    for (const BatchCandidate &candidate : plan->eligible)
        QCOMPARE(resolutionsOf(*planning, candidate.seen.operationId), qint64(1));
    verifyIntact(*planning);
}

QTEST_GUILESS_MAIN(tst_BatchResolution)
#include "tst_batchresolution.moc"
