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

} // namespace

PgEventLookup::PgEventLookup(PgConnection &connection)
    : m_connection(connection)
{
}

Result<std::vector<std::vector<WebhookEvent>>> PgEventLookup::candidatesOfEach(const std::vector<Operation> &operations)
{
    const QString doing = operations.size() == 1
        ? QCoreApplication::translate("Store", "reading the events of %1", "what the store was doing when it failed").arg(operations.front().operationId)
        : QCoreApplication::translate("Store", "reading the events of %1 operations", "what the store was doing when it failed").arg(operations.size());
    const int count = int(operations.size());
    Owners byId;
    Owners byKey;
    for (int i = 0; i < count; ++i) {
        addOwner(byId, operations[size_t(i)].operationId, i);
        addOwner(byKey, operations[size_t(i)].idempotencyKey, i);
    }

    QHash<QString, WebhookEvent> events; // by event id
    std::vector<QSet<QString>> matched(operations.size()); // event ids per operation
    auto match = [&](int operation, const WebhookEvent &event) {
        matched[size_t(operation)].insert(event.eventId);
        events.insert(event.eventId, event);
    };

    static const QByteArray direct = QByteArray("SELECT ") + EventColumns
        + " FROM webhook_events WHERE operation_id = ANY($1::text[]) OR idempotency_key = ANY($2::text[])";
    PgResult found = m_connection.exec(direct, PgParams().addArray(valuesOf(byId)).addArray(valuesOf(byKey)));
    if (!found.isOk())
        return m_connection.errorFor(found, doing);
    for (int row = 0; row < found.rows(); ++row) {
        const WebhookEvent event = eventFrom(found, row);
        for (const Owners *owners : {&byId, &byKey}) {
            const QString &value = owners == &byId ? event.operationId : event.idempotencyKey;
            if (const auto it = owners->constFind(value); !value.isNull() && it != owners->constEnd()) {
                for (int operation : *it)
                    match(operation, event);
            }
        }
    }

    // The refund ids those events and the operations name; then every event with one.
    Owners byRefund;
    for (int i = 0; i < count; ++i) {
        for (const QString &eventId : matched[size_t(i)])
            addOwner(byRefund, events.value(eventId).refundId, i);
        addOwner(byRefund, operations[size_t(i)].refundId, i);
    }
    if (!byRefund.isEmpty()) {
        static const QByteArray shared = QByteArray("SELECT ") + EventColumns
            + " FROM webhook_events WHERE refund_id = ANY($1::text[])";
        PgResult more = m_connection.exec(shared, PgParams().addArray(valuesOf(byRefund)));
        if (!more.isOk())
            return m_connection.errorFor(more, doing);
        for (int row = 0; row < more.rows(); ++row) {
            const WebhookEvent event = eventFrom(more, row);
            if (const auto it = byRefund.constFind(event.refundId); it != byRefund.constEnd()) {
                for (int operation : *it)
                    match(operation, event);
            }
        }
    }

    std::vector<std::vector<WebhookEvent>> lists(operations.size());
    for (int i = 0; i < count; ++i) {
        std::vector<WebhookEvent> &list = lists[size_t(i)];
        list.reserve(size_t(matched[size_t(i)].size()));
        for (const QString &eventId : matched[size_t(i)])
            list.push_back(events.value(eventId));
        std::sort(list.begin(), list.end(), eventOrder);
    }
    return lists;
}

} // namespace RefundDesk::Internal
