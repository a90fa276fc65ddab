#pragma once

#include "domain/error.h"
#include "domain/operation.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "domain/webhookevent.h"
#include "domain/providerlookup.h"

#include <optional>
#include <vector>

namespace RefundDesk {

// One decision of many sent together (Store::decideMany): the draft, and the state of the
// operation it was made on, which the store checks atomically as for a single decision.
struct DecisionRequest
{
    ResolutionDraft draft;
    SeenState seen;
    // The operation's latest note_id when the decision was made (0: it had none): a later
    // note refuses it (Conflict), in the same atomic check as `seen`, since a note leaves
    // the row's version alone. None: its notes are not looked at.
    std::optional<qint64> latestNoteSeen = std::nullopt;
};

// What became of decisions sent together.
struct DecisionsMade
{
    // One per decision tried, in the order sent: its resolution once it is committed and
    // durable, or why it was not recorded (Conflict: the operation changed since it was
    // seen; Refused or Usage: the draft cannot be recorded; another kind: the store failed
    // on it, see failure). May be fewer than were sent: the rest were not tried (see
    // failure; without one, send them again).
    std::vector<Result<Resolution>> outcomes;
    // The store cannot go on (unavailable, read-only, the disk): stop after these outcomes.
    std::optional<Error> failure;
};

// What judging many verdicts needs, as of one moment: the candidate events and the provider
// lookups of each operation, in the order given (Store::evidenceInputsOfEach).
struct EvidenceInputs
{
    std::vector<std::vector<WebhookEvent>> candidates;
    std::vector<std::vector<ProviderLookup>> lookups;
};

} // namespace RefundDesk
