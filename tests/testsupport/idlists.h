#pragma once

#include "domain/operation.h"
#include "domain/webhookevent.h"

#include <QStringList>

#include <vector>

namespace RefundDesk::Test {

// The ids of rows read from a store, in the order read: what tests compare.
inline QStringList idsOf(const std::vector<Operation> &operations)
{
    QStringList ids;
    for (const Operation &o : operations)
        ids << o.operationId;
    return ids;
}

inline QStringList eventIdsOf(const std::vector<WebhookEvent> &events)
{
    QStringList ids;
    for (const WebhookEvent &e : events)
        ids << e.eventId;
    return ids;
}

} // namespace RefundDesk::Test
