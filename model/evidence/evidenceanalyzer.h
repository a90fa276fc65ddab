#pragma once

#include "domain/operation.h"
#include "domain/webhookevent.h"
#include "evidence/evidence.h"

#include <vector>

namespace RefundDesk {

// Turns an operation's candidate events (Store::candidateEvents) into evidence: which
// events belong to it and by which route, each refund's latest state, and the verdict.
// A pure function of its inputs: no store, no clock.
class EvidenceAnalyzer final
{
public:
    static Evidence analyze(const Operation &operation, const std::vector<WebhookEvent> &candidates);
};

} // namespace RefundDesk
