#include "evidence/queueverdict.h"

#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

namespace RefundDesk {

Result<std::optional<Verdict>> QueueVerdict::of(Store &store, const QString &operationId)
{
    auto operation = store.operation(operationId);
    if (!operation)
        return operation.error();
    if (!*operation || ((*operation)->status != OperationStatus::Unknown && (*operation)->status != OperationStatus::Checking))
        return std::optional<Verdict>();
    auto candidates = store.candidateEvents(**operation);
    if (!candidates)
        return candidates.error();
    auto lookups = store.providerLookups(operationId);
    if (!lookups)
        return lookups.error();
    return std::optional<Verdict>(
        EvidenceAnalyzer::analyze(**operation, *candidates, *lookups, EvidenceAnalyzer::Detail::VerdictOnly).verdict);
}

} // namespace RefundDesk
