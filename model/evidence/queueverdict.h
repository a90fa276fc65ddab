#pragma once

#include "domain/result.h"
#include "evidence/evidence.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

// The verdict of one operation as the queue shows it now, read from the store (its
// candidate events and provider lookups): what a job that just added evidence reports.
// Nothing when the operation is not in the queue (gone, or decided).
class QueueVerdict final
{
public:
    static Result<std::optional<Verdict>> of(Store &store, const QString &operationId);
    // of() for each operation named, in the order given, in two reads whatever their
    // number (the operations, then their events and lookups as of one moment): one round
    // trip each on a server, where of() costs three an operation.
    static Result<std::vector<std::optional<Verdict>>> ofEach(Store &store, const QStringList &operationIds);
};

} // namespace RefundDesk
