#include "stripeask/reconcilequestions.h"

#include "evidence/evidenceanalyzer.h"
#include "evidence/lookupevidence.h"
#include "stripeask/queueaskquestions.h"
#include "stripeask/queuepagequestions.h"
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
    auto walked = QueueAskQuestions::forEachPageInQueue(store, [&](const QueuePageReading &page) -> Result<void> {
        std::vector<size_t> asked;
        std::vector<QString> pendingRefunds; // of each asked: the refund asked again by id, or none
        for (size_t i = 0; i < page.operations.size(); ++i) {
            const Operation &operation = page.operations[i];
            const auto &lookups = page.lookups[i];
            const bool answered = std::any_of(lookups.begin(), lookups.end(), &QueueAskQuestions::isComplete);
            if (!answered
                && EvidenceAnalyzer::analyze(operation, page.candidates[i], EvidenceAnalyzer::Detail::VerdictOnly).verdict
                       == Verdict::None) {
                const qint64 quietSince = page.details[i].lastAttemptAt.value_or(operation.createdAt);
                if (nowMs - quietSince < LookupEvidence::SettleDelayMs) {
                    ++reading.tooRecent;
                    continue;
                }
                asked.push_back(i);
                pendingRefunds.emplace_back();
                ++reading.firstAsks;
                continue;
            }
            const Evidence evidence = EvidenceAnalyzer::analyze(operation, page.candidates[i], lookups,
                                                                EvidenceAnalyzer::Detail::VerdictOnly);
            const RefundState *named = evidence.namedRefund();
            if (evidence.verdict != Verdict::Pending || !named || !isUnsettled(named->refund.status))
                continue;
            // The latest state's time is when it was received: a lookup's asked_at, an
            // event's received_at.
            if (!RefundRecheckSchedule::isDue(named->receivedAt, answersSaidUnsettled(evidence, named->refund.id), nowMs)) {
                ++reading.notDueYet;
                continue;
            }
            asked.push_back(i);
            pendingRefunds.push_back(named->refund.id);
            ++reading.askedAgain;
        }
        // The page's questions in a few reads, not a few for each operation.
        auto questions = QueuePageQuestions::read(store, page, asked);
        if (!questions)
            return questions.error();
        for (size_t j = 0; j < questions->size(); ++j) {
            RefundLookupQuestion &question = (*questions)[j];
            const QString &pending = pendingRefunds[j];
            if (!pending.isEmpty() && !question.knownRefundIds.contains(pending))
                question.knownRefundIds.append(pending); // found by a listing: now known by id
            reading.questions.push_back(std::move(question));
        }
        return {};
    });
    if (!walked)
        return walked.error();
    return reading;
}

} // namespace RefundDesk
