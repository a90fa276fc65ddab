#pragma once

#include "store/storefacts.h"

#include <optional>

class QWidget;

namespace RefundDesk {

class OperationWrites;
class OperatorIdentity;
class QueueViewCounts;
class StoreWorker;
class WriteRunner;

// What ShiftEnd may read of the window and ask it to do. The window implements it.
class ShiftEndHost
{
public:
    // What the window knows of the open store; none while no store is open.
    virtual const std::optional<StoreFacts> &storeFacts() const = 0;
    virtual bool isReadOnly() const = 0;
    // Reads the queue and the operation shown again (claims were released).
    virtual void refreshNow() = 0;

protected:
    ~ShiftEndHost() = default;
};

// The parts of the window ShiftEnd works with, handed over when it is made.
struct ShiftEndParts
{
    QWidget *window = nullptr; // closed once the claims are settled; the dialogs' parent
    const QueueViewCounts *viewCounts = nullptr;
    WriteRunner *writes = nullptr;
    StoreWorker *reads = nullptr;
    OperatorIdentity *identity = nullptr;
    OperationWrites *operationWrites = nullptr;
};

} // namespace RefundDesk
