#pragma once

#include "domain/error.h"
#include "domain/resolution.h"
#include "evidence/batchplan.h"

#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

// What became of one operation of a batch.
struct BatchItemResult
{
    enum class State { Decided, Skipped };
    BatchCandidate candidate;
    State state = State::Skipped;
    std::optional<Resolution> resolution; // when decided
    QString reason;                       // why it was skipped: what changed
};

// One slice of a batch: its candidates' evidence read again, all at once (one round trip
// on a server), each judged as the Resolver judges a single decision against what was
// reviewed, and those still as reviewed decided together (Store::decideMany: each its own
// decision, with the atomic check that the operation is still as seen and has no note newer
// than the plan's latest). A decision is
// reported decided only once the store has made it durable.
class BatchSlice final
{
public:
    struct Done
    {
        std::vector<BatchItemResult> items; // in the candidates' order, up to where it stopped
        std::optional<Error> failure;       // the store could not go on
    };

    // The candidates [first, last) of `candidates`, recorded by `operatorName` with `note`.
    static Done decide(Store &store, const std::vector<BatchCandidate> &candidates, size_t first, size_t last,
                       const QString &operatorName, const QString &note);
};

} // namespace RefundDesk
