#pragma once

#include "domain/operation.h"
#include "domain/result.h"
#include "domain/webhookevent.h"
#include "store/postgresql/pgbatch.h"

#include <vector>

namespace RefundDesk::Internal {

class PgConnection;

// Store::candidateEvents on PostgreSQL, for a batch of operations in one statement: the
// events carrying any of the batch's operation ids or keys (each list bound as one text[]
// parameter; a bitmap OR of the partial indexes), then those sharing a refund id with one
// of them or with an operation, each index scanned once. Which event belongs to which
// operation is worked out here; each operation's events come in eventOrder().
class PgEventLookup final
{
public:
    explicit PgEventLookup(PgConnection &connection);

    Result<std::vector<std::vector<WebhookEvent>>> candidatesOfEach(const std::vector<Operation> &operations);

    // The same events of one operation named only by its id (the row itself is read in
    // the same pipeline): for a panel read in one round trip. Returns the answer's index.
    // The statement candidatesOfEach() sends, added to a pipeline. Returns the answer's
    // index.
    static int addForOperations(PgBatch &batch, const std::vector<Operation> &operations);
    static int addForOperationId(PgBatch &batch, const QString &operationId);
    // The same events of the operations a query lists (`pageSql`, a SELECT of refund_ops
    // rows with OperationColumns, bound to `params`): for a page and its events in one
    // round trip. Returns the answer's index.
    static int addForPage(PgBatch &batch, const QByteArray &pageSql, const PgParams &params);
    // The candidate events of each of `operations` among `rows`, an answer of either
    // statement (the rows may hold events of no operation's).
    static std::vector<std::vector<WebhookEvent>> assign(const std::vector<Operation> &operations, const PgResult &rows);

private:
    PgConnection &m_connection;
};

} // namespace RefundDesk::Internal
