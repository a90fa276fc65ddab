#pragma once

#include "domain/result.h"
#include "evidence/evidence.h"

#include <QString>

#include <optional>

namespace RefundDesk {

class Store;

// The verdict of one operation as the queue shows it now, read from the store (its
// candidate events and provider lookups): what a job that just added evidence reports.
// Nothing when the operation is not in the queue (gone, or decided).
class QueueVerdict final
{
public:
    static Result<std::optional<Verdict>> of(Store &store, const QString &operationId);
};

} // namespace RefundDesk
