#include "evidence/batchplan.h"

#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "store/store.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>
#include <map>

namespace RefundDesk {

std::optional<Outcome> outcomeSettledBy(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Refunded: return Outcome::Refunded;
    case Verdict::Failed:
    case Verdict::NotFound: return Outcome::Failed;
    case Verdict::None:
    case Verdict::Pending:
    case Verdict::Conflict:
    case Verdict::OtherRefund: return std::nullopt;
    }
    return std::nullopt;
}

namespace Names {

QString toString(LeftOutReason reason)
{
    switch (reason) {
    case LeftOutReason::NotAsked: return QStringLiteral("not_asked");
    case LeftOutReason::NoEvidence: return QStringLiteral("no_evidence");
    case LeftOutReason::Pending: return QStringLiteral("pending");
    case LeftOutReason::Conflict: return QStringLiteral("conflict");
    case LeftOutReason::NoNamedEvent: return QStringLiteral("no_named_event");
    case LeftOutReason::OverrideNeeded: return QStringLiteral("override_needed");
    case LeftOutReason::ClaimedByOther: return QStringLiteral("claimed_by_other");
    case LeftOutReason::NoteSinceEvidence: return QStringLiteral("note_since_evidence");
    case LeftOutReason::FollowUpToCome: return QStringLiteral("follow_up_to_come");
    case LeftOutReason::OtherRefund: return QStringLiteral("other_refund");
    case LeftOutReason::LeftOutByReviewer: return QStringLiteral("left_out_by_reviewer");
    }
    return {};
}

QString describe(LeftOutReason reason, const Operation &operation)
{
    switch (reason) {
    case LeftOutReason::NotAsked: return QCoreApplication::translate("BatchPlan", "its verdict was not asked for");
    case LeftOutReason::NoEvidence: return QCoreApplication::translate("BatchPlan", "no event or Stripe lookup settles it");
    case LeftOutReason::Pending: return QCoreApplication::translate("BatchPlan", "the refund is still pending");
    case LeftOutReason::Conflict: return QCoreApplication::translate("BatchPlan", "the events are in conflict");
    case LeftOutReason::NoNamedEvent:
        return QCoreApplication::translate("BatchPlan", "the evidence names no single refund and event or lookup");
    case LeftOutReason::OverrideNeeded:
        return QCoreApplication::translate("BatchPlan", "recording it would need an override");
    case LeftOutReason::ClaimedByOther:
        return QCoreApplication::translate("BatchPlan", "claimed by %1").arg(operation.claimedBy);
    case LeftOutReason::NoteSinceEvidence:
        return QCoreApplication::translate("BatchPlan", "a note since the evidence");
    case LeftOutReason::FollowUpToCome:
        return QCoreApplication::translate("BatchPlan", "a follow-up date still to come");
    case LeftOutReason::OtherRefund:
        return QCoreApplication::translate("BatchPlan", "Stripe lists a refund of its payment that no operation here made");
    case LeftOutReason::LeftOutByReviewer: return QCoreApplication::translate("BatchPlan", "left out by the reviewer");
    }
    return {};
}

QString describe(const BatchLeftOut &left)
{
    switch (left.reason) {
    case LeftOutReason::NoteSinceEvidence:
        return QCoreApplication::translate("BatchPlan", "a note since the evidence: %1").arg(left.note);
    case LeftOutReason::FollowUpToCome:
        return QCoreApplication::translate("BatchPlan", "follow-up on %1: %2")
            .arg(followUpText(left.followUpOn), left.note);
    default: return describe(left.reason, left.operation);
    }
}

} // namespace Names

QString BatchCandidate::sourceText() const
{
    return lookupId > 0 ? QCoreApplication::translate("BatchPlan", "Stripe lookup %1").arg(lookupId) : eventId;
}

std::vector<BatchTotal> BatchPlan::totals() const
{
    // Refunded sorts first: its enum value is the lower.
    std::map<std::pair<int, QString>, BatchTotal> byKey;
    for (const BatchCandidate &candidate : eligible) {
        BatchTotal &total = byKey[{int(candidate.outcome), candidate.seen.currency}];
        total.outcome = candidate.outcome;
        total.currency = candidate.seen.currency;
        ++total.count;
        total.amountCents += candidate.seen.amountCents;
    }
    std::vector<BatchTotal> totals;
    for (auto &entry : byKey)
        totals.push_back(entry.second);
    return totals;
}

BatchPlan BatchPlan::leavingOut(const QSet<QString> &operationIds) const
{
    BatchPlan reviewed;
    reviewed.operatorName = operatorName;
    reviewed.leftOut = leftOut;
    std::vector<BatchLeftOut> unticked;
    for (const BatchCandidate &candidate : eligible) {
        if (operationIds.contains(candidate.seen.operationId))
            unticked.push_back({candidate.seen, candidate.verdict, LeftOutReason::LeftOutByReviewer, {}, {}});
        else
            reviewed.eligible.push_back(candidate);
    }
    reviewed.leftOut.insert(reviewed.leftOut.end(), unticked.begin(), unticked.end());
    return reviewed;
}

std::vector<BatchLeftOut> BatchPlan::leftOutByReviewer() const
{
    std::vector<BatchLeftOut> byReviewer;
    std::copy_if(leftOut.begin(), leftOut.end(), std::back_inserter(byReviewer),
                 [](const BatchLeftOut &left) { return left.reason == LeftOutReason::LeftOutByReviewer; });
    return byReviewer;
}

qint64 BatchPlanner::evidenceTime(const Evidence &evidence)
{
    if (const EvidenceLookup *lookup = evidence.namedLookup())
        return lookup->row.askedAt;
    const RefundState *named = evidence.namedRefund();
    return named ? named->receivedAt : 0;
}

std::variant<BatchCandidate, BatchLeftOut> BatchPlanner::judge(const Operation &operation, const Evidence &evidence,
                                                              const BatchRequest &request, const QueueRowDetail &notes)
{
    auto leftOut = [&](LeftOutReason reason) { return BatchLeftOut{operation, evidence.verdict, reason, {}, {}}; };
    const std::optional<Outcome> outcome = outcomeSettledBy(evidence.verdict);
    if (!outcome) {
        switch (evidence.verdict) {
        case Verdict::Pending: return leftOut(LeftOutReason::Pending);
        case Verdict::Conflict: return leftOut(LeftOutReason::Conflict);
        case Verdict::OtherRefund: return leftOut(LeftOutReason::OtherRefund);
        default: return leftOut(LeftOutReason::NoEvidence);
        }
    }
    if (!request.verdicts.empty()
        && std::find(request.verdicts.begin(), request.verdicts.end(), evidence.verdict) == request.verdicts.end())
        return leftOut(LeftOutReason::NotAsked);
    if (!operation.canBeDecidedBy(request.operatorName))
        return leftOut(LeftOutReason::ClaimedByOther);
    // A person who set a day to look again, or wrote after the evidence came, knows
    // something the evidence does not say: theirs is the decision.
    if (notes.followUp) {
        BatchLeftOut held = leftOut(LeftOutReason::FollowUpToCome);
        held.note = OperationNote::firstLineOf(notes.followUp->note);
        held.followUpOn = notes.followUp->day;
        return held;
    }
    const EvidenceLookup *lookup = evidence.namedLookup();
    if (evidence.verdict == Verdict::NotFound ? !lookup
                                              : evidence.namedRefundId.isEmpty() || (evidence.namedEventId.isEmpty() && !lookup))
        return leftOut(LeftOutReason::NoNamedEvent);
    if (notes.latestNote && notes.latestNote->recordedAt > evidenceTime(evidence)) {
        BatchLeftOut held = leftOut(LeftOutReason::NoteSinceEvidence);
        held.note = notes.latestNote->firstLine();
        return held;
    }

    BatchCandidate candidate{operation, evidence.verdict, *outcome, evidence.namedRefundId, evidence.namedEventId, 0, QString(), 0, QString()};
    if (lookup) {
        candidate.eventId.clear();
        candidate.lookupId = lookup->row.lookupId;
        candidate.lookupSha256 = lookup->row.responseSha256;
    }
    if (notes.latestNote) {
        candidate.latestNoteId = notes.latestNote->noteId;
        candidate.latestNote = notes.latestNote->firstLine();
    }
    ResolutionDraft draft;
    draft.operationId = operation.operationId;
    draft.outcome = *outcome;
    draft.refundId = *outcome == Outcome::Refunded ? candidate.refundId : QString();
    draft.evidence = candidate.evidenceText();
    if (Resolver::contradiction(evidence, draft))
        return leftOut(LeftOutReason::OverrideNeeded);
    return candidate;
}

Result<BatchPlan> BatchPlanner::plan(Store &store, const BatchRequest &request)
{
    BatchPlan plan;
    plan.operatorName = request.operatorName;
    const QueueQuery query;
    std::optional<QueueCursor> cursor;
    qint64 found = 0; // of request.operationIds
    for (;;) {
        // A page and the events behind its verdicts, as of one moment (one round trip on
        // a server), judged as queue --json judges them.
        auto page = store.queuePageWithEvents(query, cursor, PageSize);
        if (!page)
            return page.error();
        for (size_t i = 0; i < page->operations.size(); ++i) {
            const Operation &operation = page->operations[i];
            if (!request.operationIds.isEmpty()) {
                if (!request.operationIds.contains(operation.operationId))
                    continue;
                ++found;
            }
            const Evidence evidence = EvidenceAnalyzer::analyze(operation, page->candidates[i], page->lookups[i],
                                                                EvidenceAnalyzer::Detail::VerdictOnly);
            auto judged = judge(operation, evidence, request, page->details[i]);
            if (auto *candidate = std::get_if<BatchCandidate>(&judged)) {
                if (request.limit > 0 && qint64(plan.eligible.size()) >= request.limit)
                    return plan;
                plan.eligible.push_back(std::move(*candidate));
            } else {
                plan.leftOut.push_back(std::get<BatchLeftOut>(std::move(judged)));
            }
        }
        if (int(page->operations.size()) < PageSize)
            break;
        if (!request.operationIds.isEmpty() && found == request.operationIds.size())
            break;
        cursor = cursorAfter(query, page->operations.back());
    }
    return plan;
}

} // namespace RefundDesk
