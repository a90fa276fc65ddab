#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/webhookevent.h"

#include <optional>
#include <vector>

namespace RefundDesk {

// Everything an operation's panel shows, read as of one moment (Store::operationReading):
// the row (none when the store has no such operation, and then nothing else), its
// attempts, its candidate events, the operations of its order and its resolutions, and
// the store's key retention; on a version 2 store also its notes and provider lookups.
struct OperationReading
{
    std::optional<Operation> operation;
    std::vector<Attempt> attempts;
    std::vector<WebhookEvent> candidates;
    std::vector<Operation> orderOperations;
    std::vector<Resolution> resolutions;
    std::vector<OperationNote> notes;
    std::vector<ProviderLookup> lookups;
    int keyRetentionHours = 24;
};

} // namespace RefundDesk
