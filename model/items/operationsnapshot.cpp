#include "items/operationsnapshot.h"

#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <QCoreApplication>

namespace RefundDesk {

Result<OperationSnapshot> OperationSnapshot::load(Store &store, const QString &operationId,
                                                 const EvidenceAnalyzer::MomentText &moment)
{
    // The operation, its attempts, events, order and history as of one moment: a write
    // landing halfway through cannot make the panel contradict itself.
    auto reading = store.operationReading(operationId);
    if (!reading)
        return reading.error();
    if (!reading->operation)
        return Error::usage(QCoreApplication::translate("OperationSnapshot",
                                                        "There is no operation %1 in this store. Check the id, "
                                                        "or open the store it belongs to.")
                                .arg(operationId));
    OperationSnapshot snapshot;
    snapshot.operation = std::move(*reading->operation);
    snapshot.attempts = std::move(reading->attempts);
    snapshot.evidence = EvidenceAnalyzer::analyze(snapshot.operation, reading->candidates, reading->lookups,
                                                  EvidenceAnalyzer::Detail::Full, moment);
    snapshot.orderOperations = std::move(reading->orderOperations);
    snapshot.resolutions = std::move(reading->resolutions);
    snapshot.notes = std::move(reading->notes);
    snapshot.lookups = std::move(reading->lookups);
    snapshot.keyRetentionHours = reading->keyRetentionHours;
    return snapshot;
}

} // namespace RefundDesk
