#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "evidence/evidence.h"
#include "evidence/evidenceanalyzer.h"

#include <vector>

namespace RefundDesk {

class Store;

// Everything the operation panel shows about one operation, read together: the row, its
// attempts, the evidence, the order's operations and the resolutions, as
// Store::operationReading gives them (one round trip on a server).
struct OperationSnapshot
{
    Operation operation;
    std::vector<Attempt> attempts;
    Evidence evidence;
    std::vector<Operation> orderOperations;
    std::vector<Resolution> resolutions;
    std::vector<OperationNote> notes;      // empty on a schema version 1 store
    std::vector<ProviderLookup> lookups;   // likewise
    int keyRetentionHours = 24;

    // A Usage error when the store has no such operation. `moment` says the evidence's
    // moments (EvidenceAnalyzer::MomentText: a console's local time; none, UTC).
    static Result<OperationSnapshot> load(Store &store, const QString &operationId,
                                          const EvidenceAnalyzer::MomentText &moment = {});
};

} // namespace RefundDesk
