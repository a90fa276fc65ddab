#pragma once

#include "store/storefacts.h"

#include <optional>

namespace RefundDesk {

// What AuditIntegration may read of the window. The window implements it.
class AuditLogHost
{
public:
    // What the window knows of the open store; none while no store is open.
    virtual const std::optional<StoreFacts> &storeFacts() const = 0;
    virtual bool isReadOnly() const = 0;

protected:
    ~AuditLogHost() = default;
};

} // namespace RefundDesk
