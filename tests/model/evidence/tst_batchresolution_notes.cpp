// What a person wrote holds an operation out of a batch: a note since the evidence, or a
// follow-up still to come, in the plan; a note written after the plan, at the commit.

#include "tst_batchresolution.h"

#include <QDateTime>

namespace {

// The candidate's final state delivered once more, as a new event that arrives now: the
// evidence the batch rests on becomes younger than any note written before.
WebhookEvent redelivery(const BatchCandidate &candidate, int n)
{
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_batch_again_%1").arg(n);
    event.type = QStringLiteral("refund.updated");
    event.receivedAt = QDateTime::currentMSecsSinceEpoch() + 1000;
    event.created = event.receivedAt / 1000;
    event.operationId = candidate.seen.operationId;
    event.refundId = candidate.refundId;
    event.payload = TestStore::refundEventPayload(
        event.eventId, event.type, event.refundId,
        candidate.outcome == Outcome::Refunded ? QStringLiteral("succeeded") : QStringLiteral("failed"),
        candidate.seen.amountCents, candidate.seen.currency, candidate.seen.operationId,
        candidate.seen.idempotencyKey, *event.created);
    return event;
}

const BatchLeftOut *leftOutOf(const BatchPlan &plan, const QString &operationId)
{
    for (const BatchLeftOut &left : plan.leftOut) {
        if (left.operation.operationId == operationId)
            return &left;
    }
    return nullptr;
}

const BatchCandidate *candidateOf(const BatchPlan &plan, const QString &operationId)
{
    for (const BatchCandidate &candidate : plan.eligible) {
        if (candidate.seen.operationId == operationId)
            return &candidate;
    }
    return nullptr;
}

} // namespace

bool tst_BatchResolution::addNote(Store &store, const QString &operationId, const QString &text, const QDate &followUpOn)
{
    NoteDraft draft;
    draft.operationId = operationId;
    draft.text = text;
    draft.followUpOn = followUpOn;
    draft.operatorName = operatorOf(store, QStringLiteral("alice"));
    auto added = store.addNote(draft);
    if (!added)
        qWarning() << added.error().message;
    return bool(added);
}

void tst_BatchResolution::notesHoldOperationsOutOfThePlan()
{
    OpenedStore demo = openDemoStore();
    std::unique_ptr<Store> &store = demo.store;
    QVERIFY(store);
    auto before = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(before);
    std::vector<BatchCandidate> picked;
    for (const BatchCandidate &candidate : before->eligible) {
        if (candidate.lookupId == 0 && picked.size() < 4)
            picked.push_back(candidate);
        QCOMPARE(candidate.latestNoteId, qint64(0)); // the demo writes no notes
    }
    QCOMPARE(picked.size(), size_t(4));
    const QDate today = QDate::currentDate();
    const QString since = picked[0].seen.operationId;    // a note after the evidence
    const QString earlier = picked[1].seen.operationId;  // a note the evidence came after
    const QString coming = picked[2].seen.operationId;   // a follow-up still to come
    const QString past = picked[3].seen.operationId;     // a follow-up gone, before the evidence

    QVERIFY(addNote(*store, since, QStringLiteral("do not record refunded\nthe customer's bank says otherwise")));
    QVERIFY(addNote(*store, earlier, QStringLiteral("Asked the bank; waiting for Stripe's event")));
    QVERIFY(addNote(*store, coming, QStringLiteral("Customer calls back"), today.addDays(3)));
    QVERIFY(addNote(*store, past, QStringLiteral("Look again on Monday"), today.addDays(-1)));
    auto inserted = store->insertEvents({redelivery(picked[1], 1), redelivery(picked[3], 3)});
    QVERIFY(inserted);
    QCOMPARE(*inserted, 2);

    auto plan = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(plan);
    QCOMPARE(plan->eligible.size(), before->eligible.size() - 2);

    const BatchLeftOut *heldSince = leftOutOf(*plan, since);
    QVERIFY(heldSince);
    QCOMPARE(heldSince->reason, LeftOutReason::NoteSinceEvidence);
    QCOMPARE(toString(heldSince->reason), QStringLiteral("note_since_evidence"));
    QCOMPARE(heldSince->note, QStringLiteral("do not record refunded"));
    QCOMPARE(describe(*heldSince), QStringLiteral("a note since the evidence: do not record refunded"));

    const BatchLeftOut *heldComing = leftOutOf(*plan, coming);
    QVERIFY(heldComing);
    QCOMPARE(heldComing->reason, LeftOutReason::FollowUpToCome);
    QCOMPARE(heldComing->followUpOn, today.addDays(3));
    QCOMPARE(describe(*heldComing),
             QStringLiteral("follow-up on %1: Customer calls back").arg(today.addDays(3).toString(Qt::ISODate)));

    // Notes the evidence came after, and a follow-up whose day is gone, hold nothing; the
    // plan names the latest note of each, and rests on the event that came last.
    for (const auto &[id, text] : {std::pair(earlier, QStringLiteral("Asked the bank; waiting for Stripe's event")),
                                   std::pair(past, QStringLiteral("Look again on Monday"))}) {
        const BatchCandidate *candidate = candidateOf(*plan, id);
        QVERIFY2(candidate, qPrintable(id));
        QVERIFY(candidate->latestNoteId > 0);
        QCOMPARE(candidate->latestNote, text);
        QVERIFY(candidate->eventId.startsWith(QLatin1String("evt_batch_again_")));
        QVERIFY(!leftOutOf(*plan, id));
    }

    // Recorded, the plan decides what it holds and leaves the held ones alone.
    BatchExecutor executor(*store, operatorOf(*store, QStringLiteral("alice")), QStringLiteral("Settled"));
    const BatchReport report = executor.run(*plan);
    QVERIFY(!report.failure);
    QCOMPARE(report.decided(), qint64(plan->eligible.size()));
    for (const QString &id : {since, coming}) {
        auto now = store->operation(id);
        QVERIFY(now && now->has_value());
        QCOMPARE((*now)->status, OperationStatus::Unknown);
    }
    verifyIntact(*store);
}

void tst_BatchResolution::noteAfterThePlanRefusesTheDecision()
{
    OpenedStore demo = openDemoStore();
    const QString &location = demo.location;
    std::unique_ptr<Store> &store = demo.store;
    QVERIFY(store);
    auto colleague = openStore(location);
    QVERIFY(colleague);
    auto first = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(first);
    std::vector<BatchCandidate> picked;
    for (const BatchCandidate &candidate : first->eligible) {
        if (candidate.lookupId == 0 && picked.size() < 3)
            picked.push_back(candidate);
    }
    QCOMPARE(picked.size(), size_t(3));
    const QString noted = picked[0].seen.operationId;      // a note after the plan
    const QString notedTwice = picked[1].seen.operationId; // an old note the plan saw, then a new one
    const QString notedBefore = picked[2].seen.operationId; // only the old note the plan saw
    for (const QString &id : {notedTwice, notedBefore})
        QVERIFY(addNote(*store, id, QStringLiteral("Checked the Dashboard")));
    auto inserted = store->insertEvents({redelivery(picked[1], 1), redelivery(picked[2], 2)});
    QVERIFY(inserted);
    QCOMPARE(*inserted, 2);

    auto plan = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(plan);
    QCOMPARE(plan->eligible.size(), first->eligible.size());
    for (const QString &id : {notedTwice, notedBefore}) {
        const BatchCandidate *candidate = candidateOf(*plan, id);
        QVERIFY(candidate);
        QVERIFY(candidate->latestNoteId > 0);
    }

    BatchExecutor executor(*store, operatorOf(*store, QStringLiteral("alice")), QStringLiteral("Settled"));
    // Between the review and the write a colleague writes a note, from another connection:
    // the row's version stays as it was.
    executor.setBeforeWrite([&](const BatchCandidate &candidate) {
        if (candidate.seen.operationId == noted || candidate.seen.operationId == notedTwice)
            QVERIFY(addNote(*colleague, candidate.seen.operationId,
                            QStringLiteral("Do NOT record failed\nbefore they answer")));
    });
    const BatchReport report = executor.run(*plan);
    QVERIFY(!report.failure);
    QCOMPARE(report.skipped(), qint64(2));
    QCOMPARE(report.decided(), qint64(plan->eligible.size()) - 2);
    for (const BatchItemResult &item : report.items) {
        const QString id = item.candidate.seen.operationId;
        if (id != noted && id != notedTwice) {
            QCOMPARE(item.state, BatchItemResult::State::Decided);
            continue;
        }
        QCOMPARE(item.state, BatchItemResult::State::Skipped);
        QCOMPARE(item.reason, QStringLiteral("%1 has a note since the review: Do NOT record failed. Nothing was "
                                             "written; look at it again.").arg(id));
        auto now = store->operation(id);
        QVERIFY(now && now->has_value());
        QCOMPARE((*now)->status, item.candidate.seen.status);
        QCOMPARE((*now)->version, item.candidate.seen.version);
        auto resolutions = store->resolutions(id);
        QVERIFY(resolutions);
        QCOMPARE(resolutions->size(), size_t(0));
    }
    auto decided = store->operation(notedBefore);
    QVERIFY(decided && decided->has_value());
    QVERIFY((*decided)->status == OperationStatus::Refunded || (*decided)->status == OperationStatus::Failed);
    verifyIntact(*store);

    // A plan made now sees the note and holds the operation out with it (the one whose
    // evidence came again is left aside: that event's arrival was set a moment ahead).
    auto again = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY(again);
    QVERIFY(!candidateOf(*again, noted));
    const BatchLeftOut *held = leftOutOf(*again, noted);
    QVERIFY(held);
    QCOMPARE(held->reason, LeftOutReason::NoteSinceEvidence);
    QCOMPARE(held->note, QStringLiteral("Do NOT record failed"));
}
