// A batch's decisions: each operation its own decision, what changed after the review
// skipped, a cancel between operations, and batches and single decisions racing.

#include "tst_batchresolution.h"

namespace {

qint64 resolutionsOf(Store &store, const QString &operationId)
{
    auto found = store.resolutions(operationId);
    return found ? qint64(found->size()) : -1;
}

} // namespace

void tst_BatchResolution::eachOperationIsItsOwnDecision()
{
    OpenedStore demo = openDemoStore();
    std::unique_ptr<Store> &store = demo.store;
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

void tst_BatchResolution::reviewerLeavesOperationsOut()
{
    OpenedStore demo = openDemoStore();
    std::unique_ptr<Store> &store = demo.store;
    QVERIFY(store);
    const QString alice = operatorOf(*store, QStringLiteral("alice"));
    auto plan = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(plan);
    QVERIFY(plan->eligible.size() >= 3);
    // The first and the last candidates unticked in the review.
    const QString first = plan->eligible.front().seen.operationId;
    const QString last = plan->eligible.back().seen.operationId;
    const BatchPlan reviewed = plan->leavingOut({first, last});
    QCOMPARE(reviewed.eligible.size(), plan->eligible.size() - 2);
    QCOMPARE(reviewed.leftOut.size(), plan->leftOut.size() + 2);
    const std::vector<BatchLeftOut> unticked = reviewed.leftOutByReviewer();
    QCOMPARE(unticked.size(), size_t(2));
    QCOMPARE(unticked.front().operation.operationId, first);
    QCOMPARE(toString(unticked.front().reason), QStringLiteral("left_out_by_reviewer"));
    QCOMPARE(describe(unticked.back()), QStringLiteral("left out by the reviewer"));

    BatchExecutor executor(*store, alice, QStringLiteral("Settled, two left for a closer look"));
    const BatchReport report = executor.run(reviewed);
    QVERIFY(!report.failure);
    QCOMPARE(report.planned, qint64(reviewed.eligible.size()));
    QCOMPARE(report.decided(), report.planned);
    QCOMPARE(report.leftOutByReviewer.size(), size_t(2));
    QVERIFY(report.note.contains(QStringLiteral("%1 operations, by ").arg(report.planned)));
    for (const QString &id : {first, last}) {
        auto resolutions = store->resolutions(id);
        QVERIFY(resolutions);
        QCOMPARE(resolutions->size(), size_t(0));
        auto now = store->operation(id);
        QVERIFY(now && now->has_value());
        QCOMPARE((*now)->status, OperationStatus::Unknown);
    }
    verifyIntact(*store);

    // Still settled by their evidence: the next plan offers them again.
    auto again = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(again);
    QCOMPARE(again->eligible.size(), size_t(2));
}

void tst_BatchResolution::changedAfterTheReviewIsSkipped()
{
    OpenedStore demo = openDemoStore();
    const QString &location = demo.location;
    std::unique_ptr<Store> &store = demo.store;
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
    OpenedStore demo = openDemoStore();
    std::unique_ptr<Store> &store = demo.store;
    QVERIFY(store);
    auto plan = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(plan);
    QVERIFY(plan->eligible.size() > 3);
    std::atomic<bool> cancel = false;
    BatchExecutor executor(*store, operatorOf(*store, QStringLiteral("alice")), QStringLiteral("Settled"));
    executor.setCancel(&cancel);
    executor.setSliceSize(1); // Cancel is looked at between slices
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
    OpenedStore demo = openDemoStore();
    const QString &location = demo.location;
    std::unique_ptr<Store> &planning = demo.store;
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
    OpenedStore demo = openDemoStore();
    const QString &location = demo.location;
    std::unique_ptr<Store> &planning = demo.store;
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
