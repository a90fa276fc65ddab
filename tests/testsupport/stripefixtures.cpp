#include "stripefixtures.h"

#include "store/store.h"

namespace RefundDesk::Test {

QByteArray refundJson(const QString &id, const QString &operationId, qint64 created, const QString &status,
                      qint64 amount)
{
    return QStringLiteral(R"({"id":"%1","object":"refund","amount":%2,"currency":"usd","status":"%3","created":%4,)"
                          R"("metadata":{"operation_id":"%5"}})")
        .arg(id)
        .arg(amount)
        .arg(status)
        .arg(created)
        .arg(operationId)
        .toUtf8();
}

bool addTimedOutOperation(TestStore &store, const QString &operationId, qint64 startedMs, const QString &refundId)
{
    Operation operation = TestStore::operation(operationId);
    operation.createdAt = startedMs - 1000;
    operation.refundId = refundId;
    if (!store.addOperation(operation))
        return false;
    Attempt attempt;
    attempt.operationId = operationId;
    attempt.attemptNo = 1;
    attempt.toolCallId = QStringLiteral("toolu_") + operationId;
    attempt.startedAt = startedMs;
    attempt.finishedAt = startedMs + 30'000;
    attempt.outcome = AttemptOutcome::Timeout;
    return store.addAttempt(attempt);
}

bool addRefundEvent(TestStore &store, const QString &operationId, const QString &refundId, qint64 receivedMs)
{
    const Operation operation = TestStore::operation(operationId);
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_") + refundId;
    event.type = QStringLiteral("refund.updated");
    event.created = receivedMs / 1000 - 1;
    event.receivedAt = receivedMs;
    event.operationId = operationId;
    event.refundId = refundId;
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, refundId, QStringLiteral("succeeded"),
                                                  operation.amountCents, operation.currency, operationId,
                                                  operation.idempotencyKey, *event.created);
    return store.addEvent(event);
}

std::optional<std::vector<ProviderLookup>> storedLookups(const QString &location, const QString &operationId)
{
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    if (!store)
        return std::nullopt;
    auto found = (*store)->providerLookups(operationId);
    if (!found)
        return std::nullopt;
    return *found;
}

} // namespace RefundDesk::Test
