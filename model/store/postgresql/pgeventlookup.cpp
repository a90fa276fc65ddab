#include "store/postgresql/pgeventlookup.h"

#include "store/eventorder.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgrows.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace RefundDesk::Internal {

namespace {

// Value (an id, a key or a refund id) -> the operations of the batch it points at.
using Owners = QHash<QString, std::vector<int>>;

void addOwner(Owners &owners, const QString &value, int operation)
{
    if (value.isNull())
        return; // a NULL column matches nothing
    std::vector<int> &list = owners[value];
    if (std::find(list.begin(), list.end(), operation) == list.end())
        list.push_back(operation);
}

QStringList valuesOf(const Owners &owners)
{
    return QStringList(owners.keyBegin(), owners.keyEnd());
}

// The candidate events in one statement, every index scanned once: the events matched
// directly (`directMatch`, a condition on webhook_events), kept in a CTE, then the events
// sharing a refund id with one of them or with an operation (`operationRefunds`, a SELECT
// of refund ids), less those already found. `with` opens the WITH list when the
// statement needs more of it, as a page does. The shorter form, one OR over the three
// indexes with the direct matches looked up again for their refund ids, scanned the id
// and key indexes twice and took about twice as long on a page of 500.
QByteArray candidatesStatement(const QByteArray &with, const QByteArray &directMatch, const QByteArray &operationRefunds)
{
    return "WITH " + with + "direct AS MATERIALIZED (SELECT " + EventColumns + " FROM webhook_events WHERE "
        + directMatch + ") SELECT " + EventColumns + " FROM direct UNION ALL SELECT " + EventColumns
        + " FROM webhook_events WHERE refund_id = ANY(ARRAY(SELECT refund_id FROM direct WHERE refund_id IS NOT NULL"
          " UNION " + operationRefunds + ")) AND event_id NOT IN (SELECT event_id FROM direct)";
}

} // namespace

PgEventLookup::PgEventLookup(PgConnection &connection)
    : m_connection(connection)
{
}

Result<std::vector<std::vector<WebhookEvent>>> PgEventLookup::candidatesOfEach(const std::vector<Operation> &operations)
{
    if (operations.empty())
        return std::vector<std::vector<WebhookEvent>>();
    const QString doing = operations.size() == 1
        ? QCoreApplication::translate("Store", "reading the events of %1", "what the store was doing when it failed").arg(operations.front().operationId)
        : QCoreApplication::translate("Store", "reading the events of %1 operations", "what the store was doing when it failed").arg(operations.size());
    PgBatch batch;
    addForOperations(batch, operations);
    PgResult found = m_connection.execAll(batch).front();
    if (!found.isOk())
        return m_connection.errorFor(found, doing);
    return assign(operations, found);
}

int PgEventLookup::addForOperations(PgBatch &batch, const std::vector<Operation> &operations)
{
    Owners ids;
    Owners keys;
    QStringList refunds;
    for (int i = 0; i < int(operations.size()); ++i) {
        addOwner(ids, operations[size_t(i)].operationId, i);
        addOwner(keys, operations[size_t(i)].idempotencyKey, i);
        if (!operations[size_t(i)].refundId.isNull())
            refunds << operations[size_t(i)].refundId;
    }
    // The refund ids come from the direct matches in the same statement, so that a page of
    // verdicts costs one round trip, not one per step.
    static const QByteArray sql = candidatesStatement(
        QByteArray(), "operation_id = ANY($1::text[]) OR idempotency_key = ANY($2::text[])",
        "SELECT unnest($3::text[])");
    return batch.add(sql, PgParams().addArray(valuesOf(ids)).addArray(valuesOf(keys)).addArray(refunds));
}

int PgEventLookup::addForOperationId(PgBatch &batch, const QString &operationId)
{
    // The key and the recorded refund id are the row's, read here by subquery: the
    // statement needs nothing the pipeline has not answered yet.
    static const QByteArray sql = candidatesStatement(
        QByteArray(),
        "operation_id = $1 OR idempotency_key = (SELECT idempotency_key FROM refund_ops WHERE operation_id = $1)",
        "SELECT refund_id FROM refund_ops WHERE operation_id = $1 AND refund_id IS NOT NULL");
    return batch.add(sql, PgParams().add(operationId));
}

int PgEventLookup::addForPage(PgBatch &batch, const QByteArray &pageSql, const PgParams &params)
{
    // The page is read again as a CTE (materialised once), its ids, keys and refund ids
    // taken as arrays (init plans), so that the events are found through their indexes.
    const QByteArray sql = candidatesStatement(
        "page AS (" + pageSql + "), ",
        "operation_id = ANY(ARRAY(SELECT operation_id FROM page))"
        " OR idempotency_key = ANY(ARRAY(SELECT idempotency_key FROM page))",
        "SELECT refund_id FROM page WHERE refund_id IS NOT NULL");
    return batch.add(sql, params);
}

std::vector<std::vector<WebhookEvent>> PgEventLookup::assign(const std::vector<Operation> &operations,
                                                             const PgResult &rows)
{
    const int count = int(operations.size());
    Owners byId;
    Owners byKey;
    for (int i = 0; i < count; ++i) {
        addOwner(byId, operations[size_t(i)].operationId, i);
        addOwner(byKey, operations[size_t(i)].idempotencyKey, i);
    }
    std::vector<WebhookEvent> read;
    read.reserve(size_t(rows.rows()));
    for (int row = 0; row < rows.rows(); ++row)
        read.push_back(eventFrom(rows, row));

    QHash<QString, const WebhookEvent *> events; // by event id
    std::vector<QSet<QString>> matched(operations.size()); // event ids per operation
    auto match = [&](int operation, const WebhookEvent &event) {
        matched[size_t(operation)].insert(event.eventId);
        events.insert(event.eventId, &event);
    };

    // First the direct matches, by operation id or key.
    for (const WebhookEvent &event : read) {
        for (const Owners *owners : {&byId, &byKey}) {
            const QString &value = owners == &byId ? event.operationId : event.idempotencyKey;
            if (const auto it = owners->constFind(value); !value.isNull() && it != owners->constEnd()) {
                for (int operation : *it)
                    match(operation, event);
            }
        }
    }
    // Then the refund ids those events and the operations name, and every event with one.
    Owners byRefund;
    for (int i = 0; i < count; ++i) {
        for (const QString &eventId : matched[size_t(i)])
            addOwner(byRefund, events.value(eventId)->refundId, i);
        addOwner(byRefund, operations[size_t(i)].refundId, i);
    }
    for (const WebhookEvent &event : read) {
        if (const auto it = byRefund.constFind(event.refundId); !event.refundId.isNull() && it != byRefund.constEnd()) {
            for (int operation : *it)
                match(operation, event);
        }
    }

    std::vector<std::vector<WebhookEvent>> lists(operations.size());
    for (int i = 0; i < count; ++i) {
        std::vector<WebhookEvent> &list = lists[size_t(i)];
        list.reserve(size_t(matched[size_t(i)].size()));
        for (const QString &eventId : matched[size_t(i)])
            list.push_back(*events.value(eventId));
        std::sort(list.begin(), list.end(), eventOrder);
    }
    return lists;
}

} // namespace RefundDesk::Internal
