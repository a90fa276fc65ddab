#include "store/store.h"

namespace RefundDesk {

Result<OperationReading> Store::operationReading(const QString &operationId)
{
    // One read after another, inside one snapshot so that they agree: a write landing
    // halfway through cannot make the panel contradict itself.
    const ReadSnapshot moment(*this);
    OperationReading reading;
    auto found = operation(operationId);
    if (!found)
        return found.error();
    if (!*found)
        return reading;
    reading.operation = std::move(*found);

    auto read = attempts(operationId);
    if (!read)
        return read.error();
    reading.attempts = std::move(*read);

    auto candidates = candidateEvents(*reading.operation);
    if (!candidates)
        return candidates.error();
    reading.candidates = std::move(*candidates);

    auto order = orderOperations(reading.operation->orderId);
    if (!order)
        return order.error();
    reading.orderOperations = std::move(*order);

    auto history = resolutions(operationId);
    if (!history)
        return history.error();
    reading.resolutions = std::move(*history);

    auto notes = notesOf({operationId});
    if (!notes)
        return notes.error();
    reading.notes = std::move(*notes);

    auto lookups = providerLookups(operationId);
    if (!lookups)
        return lookups.error();
    reading.lookups = std::move(*lookups);

    // Without a readable setting the key window falls back to the provider's 24 hours.
    if (auto hours = keyRetentionHours())
        reading.keyRetentionHours = *hours;
    return reading;
}

bool Store::isSchemaMetaKey(const QString &key)
{
    return key == QLatin1String("provider") || key == QLatin1String("key_retention_hours")
        || key == QLatin1String("schema_version");
}

Result<QueuePageReading> Store::queuePageWithEvents(const QueueQuery &query, const std::optional<QueueCursor> &after,
                                                   int limit)
{
    const ReadSnapshot moment(*this);
    auto page = queuePage(query, after, limit);
    if (!page)
        return page.error();
    auto candidates = candidateEventsOfEach(*page);
    if (!candidates)
        return candidates.error();
    return QueuePageReading{std::move(*page), std::move(*candidates)};
}

} // namespace RefundDesk
