#pragma once

#include "domain/result.h"
#include "evidence/evidence.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

// The verdicts of operations as the queue shows them now, read from the store (their
// candidate events and provider lookups): what a job that just added evidence reports.
class QueueVerdict final
{
public:
    // For each operation named, in the order given, its verdict; nothing for one not in
    // the queue (gone, or decided). Two reads whatever their number (the operations, then
    // their events and lookups as of one moment): one round trip each on a server, where
    // one operation at a time costs three an operation.
    static Result<std::vector<std::optional<Verdict>>> ofEach(Store &store, const QStringList &operationIds);
};

} // namespace RefundDesk
