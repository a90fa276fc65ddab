#pragma once

#include "domain/operation.h"
#include "domain/providerlookup.h"
#include "domain/webhookevent.h"
#include "evidence/evidence.h"

#include <functional>
#include <vector>

namespace RefundDesk {

// Turns an operation's candidate events (Store::candidateEvents) and provider lookups into evidence: which
// events belong to it and by which route, each refund's latest state, and the verdict.
// A pure function of its inputs: no store, no clock.
class EvidenceAnalyzer final
{
public:
    // Full writes the explanation; VerdictOnly leaves it empty, for listings that show
    // the verdicts of many operations and none of their sentences.
    enum class Detail { Full, VerdictOnly };
    // How the sentences say a moment (a lookup asked, a refund created): given by a console
    // to say it in the person's local time as the rest of its window does; none, in UTC
    // ("2026-11-28 14:02 UTC"), for --json and whatever is kept.
    using MomentText = std::function<QString(qint64 msecsSinceEpoch)>;

    static Evidence analyze(const Operation &operation, const std::vector<WebhookEvent> &candidates,
                            Detail detail = Detail::Full, const MomentText &moment = {});
    // The same with the operation's provider lookups (Store::providerLookups): the refunds
    // a lookup found are judged as events are, a lookup's answer counting as of the time
    // it was asked; a complete listing that found none gives NotFound when no refund is
    // known otherwise.
    static Evidence analyze(const Operation &operation, const std::vector<WebhookEvent> &candidates,
                            const std::vector<ProviderLookup> &lookups, Detail detail = Detail::Full,
                            const MomentText &moment = {});
    // The same evidence worked out again from its own events (each delivery counted as
    // before), e.g. to say its sentences in the language now in force. The events that
    // did not belong to the operation never change what the others say.
    static Evidence analyzeAgain(const Operation &operation, const Evidence &evidence, const MomentText &moment = {});
};

} // namespace RefundDesk
