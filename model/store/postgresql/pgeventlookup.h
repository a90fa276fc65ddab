#pragma once

#include "domain/operation.h"
#include "domain/result.h"
#include "domain/webhookevent.h"

#include <vector>

namespace RefundDesk::Internal {

class PgConnection;

// Store::candidateEvents on PostgreSQL, for a batch of operations in two statements: the
// events carrying any of the batch's operation ids or keys (each list bound as one text[]
// parameter; a bitmap OR of the partial indexes), then those sharing a refund id with them or
// with the operations. Which event belongs to which operation is worked out here; each
// operation's events come in eventOrder().
class PgEventLookup final
{
public:
    explicit PgEventLookup(PgConnection &connection);

    Result<std::vector<std::vector<WebhookEvent>>> candidatesOfEach(const std::vector<Operation> &operations);

private:
    PgConnection &m_connection;
};

} // namespace RefundDesk::Internal
