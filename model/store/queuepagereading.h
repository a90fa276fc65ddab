#pragma once

#include "domain/operation.h"
#include "domain/providerlookup.h"
#include "domain/webhookevent.h"

#include <vector>

namespace RefundDesk {

// A page of the queue and what its verdicts need, read as of one moment
// (Store::queuePageWithEvents): the rows, and the candidate events and provider lookups of
// each, in the same order.
struct QueuePageReading
{
    std::vector<Operation> operations;
    std::vector<std::vector<WebhookEvent>> candidates;
    std::vector<std::vector<ProviderLookup>> lookups; // none on a version 1 store
};

} // namespace RefundDesk
