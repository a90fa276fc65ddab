#include "items/operationsnapshot.h"

#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <QCoreApplication>

namespace RefundDesk {

Result<OperationSnapshot> OperationSnapshot::load(Store &store, const QString &operationId)
{
    // The operation, its attempts, events, order and history as of one moment: a write
    // landing halfway through cannot make the panel contradict itself.
    const ReadSnapshot moment(store);
    auto found = store.operation(operationId);
    if (!found)
        return found.error();
    if (!*found)
        return Error::usage(QCoreApplication::translate("OperationSnapshot",
                                                        "There is no operation %1 in this store. Check the id, "
                                                        "or open the store it belongs to.")
                                .arg(operationId));
    OperationSnapshot snapshot;
    snapshot.operation = std::move(**found);

    auto attempts = store.attempts(operationId);
    if (!attempts)
        return attempts.error();
    snapshot.attempts = std::move(*attempts);

    auto candidates = store.candidateEvents(snapshot.operation);
    if (!candidates)
        return candidates.error();
    snapshot.evidence = EvidenceAnalyzer::analyze(snapshot.operation, *candidates);

    auto order = store.orderOperations(snapshot.operation.orderId);
    if (!order)
        return order.error();
    snapshot.orderOperations = std::move(*order);

    auto resolutions = store.resolutions(operationId);
    if (!resolutions)
        return resolutions.error();
    snapshot.resolutions = std::move(*resolutions);

    if (auto hours = store.keyRetentionHours())
        snapshot.keyRetentionHours = *hours;
    return snapshot;
}

} // namespace RefundDesk
