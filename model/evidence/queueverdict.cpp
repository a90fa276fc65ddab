#include "evidence/queueverdict.h"

#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <QHash>

namespace RefundDesk {

namespace {

bool inQueue(const Operation &operation)
{
    return operation.status == OperationStatus::Unknown || operation.status == OperationStatus::Checking;
}

} // namespace

Result<std::vector<std::optional<Verdict>>> QueueVerdict::ofEach(Store &store, const QStringList &operationIds)
{
    std::vector<std::optional<Verdict>> verdicts(size_t(operationIds.size()));
    if (operationIds.isEmpty())
        return verdicts;
    auto operations = store.operationsOf(operationIds);
    if (!operations)
        return operations.error();
    std::vector<Operation> queued;
    for (Operation &operation : *operations) {
        if (inQueue(operation))
            queued.push_back(std::move(operation));
    }
    if (queued.empty())
        return verdicts;
    auto inputs = store.evidenceInputsOfEach(queued);
    if (!inputs)
        return inputs.error();
    QHash<QString, Verdict> byOperation;
    for (size_t i = 0; i < queued.size(); ++i) {
        byOperation.insert(queued[i].operationId,
                           EvidenceAnalyzer::analyze(queued[i], inputs->candidates.at(i), inputs->lookups.at(i),
                                                     EvidenceAnalyzer::Detail::VerdictOnly)
                               .verdict);
    }
    for (qsizetype i = 0; i < operationIds.size(); ++i) {
        if (const auto found = byOperation.constFind(operationIds.at(i)); found != byOperation.cend())
            verdicts[size_t(i)] = *found;
    }
    return verdicts;
}

} // namespace RefundDesk
