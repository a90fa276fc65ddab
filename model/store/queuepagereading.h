#pragma once

#include "domain/operation.h"
#include "domain/webhookevent.h"

#include <vector>

namespace RefundDesk {

// A page of the queue and what its verdicts need, read as of one moment
// (Store::queuePageWithEvents): the rows, and the candidate events of each, in the same
// order.
struct QueuePageReading
{
    std::vector<Operation> operations;
    std::vector<std::vector<WebhookEvent>> candidates;
};

} // namespace RefundDesk
