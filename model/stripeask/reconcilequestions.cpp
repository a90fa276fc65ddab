#include "stripeask/reconcilequestions.h"

#include "evidence/evidenceanalyzer.h"
#include "evidence/lookupevidence.h"
#include "stripeask/operationstripelookup.h"
#include "stripeask/queueaskquestions.h"
#include "stripeask/refundrecheckschedule.h"

#include <algorithm>

namespace RefundDesk {

namespace {

bool isUnsettled(RefundStatus status)
{
    return status == RefundStatus::Pending || status == RefundStatus::RequiresAction;
}

bool saysUnsettled(const std::vector<ParsedRefund> &refunds, const QString &refundId)
{
    return std::any_of(refunds.begin(), refunds.end(), [&refundId](const ParsedRefund &refund) {
        return refund.id == refundId && isUnsettled(refund.status);
    });
}

// How many answers said the refund was not settled: each lookup that did, and the
// webhooks as one (however many events they were).
int answersSaidUnsettled(const Evidence &evidence, const QString &refundId)
{
    int answers = 0;
    for (const EvidenceLookup &lookup : evidence.lookups)
        answers += saysUnsettled(lookup.refunds, refundId) ? 1 : 0;
    const bool byEvents = std::any_of(evidence.events.begin(), evidence.events.end(), [&refundId](const EvidenceEvent &event) {
        return saysUnsettled(event.refunds, refundId);
    });
    return answers + (byEvents ? 1 : 0);
}

} // namespace

Result<ReconcileQuestions::Reading> ReconcileQuestions::read(Store &store, qint64 nowMs)
{
    Reading reading;
    auto walked = QueueAskQuestions::forEachInQueue(store, [&](const QueuePageReading &page, size_t i) -> Result<void> {
        const Operation &operation = page.operations[i];
        const auto &lookups = page.lookups[i];
        const bool answered = std::any_of(lookups.begin(), lookups.end(), &QueueAskQuestions::isComplete);
        if (!answered
            && EvidenceAnalyzer::analyze(operation, page.candidates[i], EvidenceAnalyzer::Detail::VerdictOnly).verdict
                   == Verdict::None) {
            const qint64 quietSince = page.details[i].lastAttemptAt.value_or(operation.createdAt);
            if (nowMs - quietSince < LookupEvidence::SettleDelayMs) {
                ++reading.tooRecent;
                return {};
            }
            auto question = OperationStripeLookup::questionFor(store, operation);
            if (!question)
                return question.error();
            reading.questions.push_back(std::move(*question));
            ++reading.firstAsks;
            return {};
        }
        const Evidence evidence = EvidenceAnalyzer::analyze(operation, page.candidates[i], lookups,
                                                            EvidenceAnalyzer::Detail::VerdictOnly);
        const RefundState *named = evidence.namedRefund();
        if (evidence.verdict != Verdict::Pending || !named || !isUnsettled(named->refund.status))
            return {};
        // The latest state's time is when it was received: a lookup's asked_at, an event's
        // received_at.
        if (!RefundRecheckSchedule::isDue(named->receivedAt, answersSaidUnsettled(evidence, named->refund.id), nowMs)) {
            ++reading.notDueYet;
            return {};
        }
        auto question = OperationStripeLookup::questionFor(store, operation);
        if (!question)
            return question.error();
        if (!question->knownRefundIds.contains(named->refund.id))
            question->knownRefundIds.append(named->refund.id); // found by a listing: now known by id
        reading.questions.push_back(std::move(*question));
        ++reading.askedAgain;
        return {};
    });
    if (!walked)
        return walked.error();
    return reading;
}

} // namespace RefundDesk
