// Store's default ways of deciding many operations and of reading their evidence: one
// decision after another and one read after another. The backends do better.
#include "store/store.h"

#include "store/storetext.h"

namespace RefundDesk {

bool Store::endsABatch(ErrorKind kind)
{
    return kind != ErrorKind::Conflict && kind != ErrorKind::Refused && kind != ErrorKind::Usage;
}

DecisionsMade Store::decideMany(const std::vector<DecisionRequest> &decisions)
{
    DecisionsMade made;
    for (const DecisionRequest &decision : decisions) {
        // The backends look at the notes inside the decision's own transaction; this way
        // looks just before it.
        if (decision.latestNoteSeen) {
            auto written = notes(decision.draft.operationId);
            if (!written) {
                made.failure = written.error();
                break;
            }
            if (!written->empty() && written->back().noteId > *decision.latestNoteSeen) {
                made.outcomes.emplace_back(Internal::noteSinceReview(decision.draft.operationId, written->back().text));
                continue;
            }
        }
        auto outcome = recordResolution(decision.draft, decision.seen);
        if (!outcome && endsABatch(outcome.error().kind)) {
            made.failure = outcome.error();
            break;
        }
        made.outcomes.push_back(std::move(outcome));
    }
    return made;
}

Result<EvidenceInputs> Store::evidenceInputsOfEach(const std::vector<Operation> &operations)
{
    const ReadSnapshot moment(*this);
    EvidenceInputs inputs;
    auto candidates = candidateEventsOfEach(operations);
    if (!candidates)
        return candidates.error();
    inputs.candidates = std::move(*candidates);
    auto lookups = providerLookupsOfEach(operations);
    if (!lookups)
        return lookups.error();
    inputs.lookups = std::move(*lookups);
    return inputs;
}

} // namespace RefundDesk
