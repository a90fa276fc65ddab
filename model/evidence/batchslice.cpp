#include "evidence/batchslice.h"

#include "evidence/evidenceanalyzer.h"
#include "evidence/resolver.h"
#include "store/store.h"

namespace RefundDesk {

BatchSlice::Done BatchSlice::decide(Store &store, const std::vector<BatchCandidate> &candidates, size_t first,
                                    size_t last, const QString &operatorName, const QString &note)
{
    Done done;
    std::vector<Operation> seen;
    seen.reserve(last - first);
    for (size_t i = first; i < last; ++i) {
        seen.push_back(candidates[i].seen);
        done.items.push_back({candidates[i], BatchItemResult::State::Skipped, std::nullopt, {}});
    }
    // The evidence as it is now, judged on the operation as reviewed: an operation that
    // changed since is refused by the store's own check below.
    auto inputs = store.evidenceInputsOfEach(seen);
    if (!inputs) {
        done.items.clear();
        done.failure = inputs.error();
        return done;
    }
    std::vector<DecisionRequest> requests;
    std::vector<size_t> itemOf; // the item each request decides
    for (size_t i = 0; i < seen.size(); ++i) {
        const BatchCandidate &candidate = done.items[i].candidate;
        ResolutionDraft draft;
        draft.operationId = candidate.seen.operationId;
        draft.outcome = candidate.outcome;
        draft.refundId = candidate.outcome == Outcome::Refunded ? candidate.refundId : QString();
        draft.evidence = candidate.evidenceText();
        draft.note = note;
        draft.operatorName = operatorName;
        if (auto refused = Resolver::checkDraft(draft)) {
            done.items[i].reason = refused->message;
            continue;
        }
        // The verdict alone decides; its sentences are written only to say why one is refused.
        const Resolver::ReviewedEvidence reviewed{candidate.verdict, candidate.refundId, candidate.eventId,
                                                  candidate.lookupId};
        auto checked = Resolver::checkAgainst(EvidenceAnalyzer::analyze(seen[i], inputs->candidates[i], inputs->lookups[i],
                                                                        EvidenceAnalyzer::Detail::VerdictOnly),
                                              draft, reviewed);
        if (!checked) {
            checked = Resolver::checkAgainst(EvidenceAnalyzer::analyze(seen[i], inputs->candidates[i], inputs->lookups[i]),
                                             draft, reviewed);
        }
        if (!checked) {
            // It changed since the review: skipped, never decided on stale evidence.
            done.items[i].reason = checked.error().message;
            continue;
        }
        // A note written since the plan refuses it too (the store looks, atomically).
        requests.push_back({std::move(*checked), SeenState::of(candidate.seen), candidate.latestNoteId});
        itemOf.push_back(i);
    }

    // A store may take fewer than it is given (SQLite commits a chunk when it has held the
    // write lock long enough): the rest go again.
    size_t sent = 0;
    while (sent < requests.size()) {
        const std::vector<DecisionRequest> rest(requests.begin() + qsizetype(sent), requests.end());
        DecisionsMade made = store.decideMany(rest);
        for (size_t k = 0; k < made.outcomes.size(); ++k) {
            BatchItemResult &item = done.items[itemOf[sent + k]];
            if (made.outcomes[k]) {
                item.state = BatchItemResult::State::Decided;
                item.resolution = std::move(*made.outcomes[k]);
            } else {
                item.reason = made.outcomes[k].error().message;
            }
        }
        sent += made.outcomes.size();
        // (Every store tries at least one when it does not fail.)
        if (made.failure || made.outcomes.empty()) {
            // What was not tried is not reported: the items end with the last one tried.
            done.failure = made.failure;
            done.items.resize(sent == 0 ? (itemOf.empty() ? 0 : itemOf.front()) : itemOf[sent - 1] + 1);
            break;
        }
    }
    return done;
}

} // namespace RefundDesk
