#include "store/store.h"

#include "domain/lookupbodies.h"

#include <QHash>

#include <algorithm>

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
    auto page = queueRows(query, after, limit);
    if (!page)
        return page.error();
    auto candidates = candidateEventsOfEach(page->operations);
    if (!candidates)
        return candidates.error();
    auto lookups = providerLookupsOfEach(page->operations);
    if (!lookups)
        return lookups.error();
    return QueuePageReading{std::move(page->operations), std::move(*candidates), std::move(*lookups),
                            std::move(page->details)};
}

Result<ProviderLookup> Store::addProviderLookup(const ProviderLookupDraft &draft)
{
    auto kept = addProviderLookups({draft});
    if (!kept)
        return kept.error();
    return std::move(kept->front());
}

Result<void> Store::readBodiesInto(std::vector<ProviderLookup> &lookups)
{
    QStringList addresses;
    for (const ProviderLookup &lookup : lookups)
        addresses += LookupBodies::addressesNamed(lookup.requests);
    addresses.removeDuplicates();
    if (addresses.isEmpty())
        return {};
    auto bodies = responseBodies(addresses);
    if (!bodies)
        return bodies.error();
    QHash<QString, const ResponseBody *> byAddress;
    for (const ResponseBody &body : *bodies)
        byAddress.insert(body.sha256, &body);
    for (ProviderLookup &lookup : lookups) {
        lookup.bodies.clear();
        for (const QString &address : LookupBodies::addressesNamed(lookup.requests)) {
            if (const auto body = byAddress.constFind(address); body != byAddress.cend())
                lookup.bodies.push_back(**body);
        }
    }
    return {};
}

Result<std::vector<std::vector<ProviderLookup>>> Store::providerLookupsOfEach(const std::vector<Operation> &operations)
{
    QStringList ids;
    ids.reserve(qsizetype(operations.size()));
    for (const Operation &operation : operations)
        ids.append(operation.operationId);
    auto rows = providerLookupsOf(ids);
    if (!rows)
        return rows.error();
    return lookupsByOperation(operations, std::move(*rows));
}

std::vector<std::vector<ProviderLookup>> Store::lookupsByOperation(const std::vector<Operation> &operations,
                                                                  std::vector<ProviderLookup> rows)
{
    std::vector<std::vector<ProviderLookup>> lists(operations.size());
    QHash<QString, size_t> indexById;
    for (size_t i = 0; i < operations.size(); ++i)
        indexById.insert(operations[i].operationId, i);
    for (ProviderLookup &row : rows) {
        const auto found = indexById.constFind(row.operationId);
        if (found != indexById.cend())
            lists[*found].push_back(std::move(row));
    }
    for (auto &list : lists) {
        std::sort(list.begin(), list.end(),
                  [](const ProviderLookup &a, const ProviderLookup &b) { return a.lookupId < b.lookupId; });
    }
    return lists;
}

} // namespace RefundDesk
