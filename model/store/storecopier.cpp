#include "store/storecopier.h"

#include "store/store.h"
#include "store/storebuilder.h"

#include <limits>

#include <QCoreApplication>

namespace RefundDesk {

namespace {

// Counts the rows copied against the total and tells the caller's progress.
class Tally final
{
public:
    Tally(const StoreCopier::Progress &progress, qint64 total) : m_progress(progress), m_total(total) {}

    bool advance(qint64 rows)
    {
        m_done += rows;
        return !m_progress || m_progress(m_done, std::max(m_done, m_total));
    }

private:
    const StoreCopier::Progress &m_progress;
    qint64 m_total = 0;
    qint64 m_done = 0;
};

// Copies one table: readPage(after) gives the rows after a key (from the first for none),
// write(row) writes one, keyOf(row) is where the next page starts. Returns the rows copied.
template<typename Key, typename ReadPage, typename Write, typename KeyOf>
Result<qint64> copyPages(int pageSize, Tally &tally, ReadPage readPage, Write write, KeyOf keyOf)
{
    std::optional<Key> after;
    qint64 copied = 0;
    for (;;) {
        auto page = readPage(after);
        if (!page)
            return page.error();
        for (const auto &row : *page) {
            if (auto written = write(row); !written)
                return written.error();
        }
        copied += qint64(page->size());
        if (!tally.advance(qint64(page->size())))
            return Error::internal(StoreCopier::cancelledMessage());
        if (int(page->size()) < pageSize)
            return copied;
        after = keyOf(page->back());
    }
}

std::optional<Error> mismatch(const char *table, qint64 copied, qint64 counted)
{
    if (copied == counted)
        return std::nullopt;
    return Error::internal(QCoreApplication::translate("Store", "%1 rows of %2 were read for the copy, but the source counts %3. "
                                          "The copy was not kept.")
                               .arg(copied).arg(QLatin1String(table)).arg(counted));
}

} // namespace

StoreCopier::StoreCopier(Store &source, StoreBuilder &destination)
    : m_source(source)
    , m_destination(destination)
{
}

QString StoreCopier::cancelledMessage()
{
    return QCoreApplication::translate("Store", "The copy was cancelled before it finished; nothing was kept.");
}

Result<TableCounts> StoreCopier::copy(const Progress &progress)
{
    ReadSnapshot snapshot(m_source);
    if (snapshot.error())
        return *snapshot.error();
    auto counted = m_source.tableCounts();
    if (!counted)
        return counted.error();
    Tally tally(progress, counted->total());
    if (progress && !progress(0, counted->total()))
        return Error::internal(cancelledMessage());

    TableCounts copied;
    auto meta = m_source.metaEntries();
    if (!meta)
        return meta.error();
    for (const MetaEntry &entry : *meta) {
        if (auto written = m_destination.setMeta(entry.key, entry.value); !written)
            return written.error();
    }
    copied.meta = qint64(meta->size());
    tally.advance(copied.meta);

    auto operations = copyPages<QString>(
        m_pageSize, tally,
        [this](const std::optional<QString> &after) { return m_source.operationsAfter(after, m_pageSize); },
        [this](const Operation &row) { return m_destination.addOperation(row); },
        [](const Operation &row) { return row.operationId; });
    if (!operations)
        return operations.error();
    copied.operations = *operations;

    auto attempts = copyPages<AttemptKey>(
        m_pageSize, tally,
        [this](const std::optional<AttemptKey> &after) { return m_source.attemptsAfter(after, m_pageSize); },
        [this](const Attempt &row) { return m_destination.addAttempt(row); },
        [](const Attempt &row) { return AttemptKey{row.operationId, row.attemptNo}; });
    if (!attempts)
        return attempts.error();
    copied.attempts = *attempts;

    // Payloads can be large (a provider may send megabytes): smaller pages keep memory flat.
    const int eventPage = std::max(1, m_pageSize / 4);
    auto events = copyPages<QString>(
        eventPage, tally,
        [this, eventPage](const std::optional<QString> &after) { return m_source.eventsAfter(after, eventPage); },
        [this](const StoredEvent &row) { return m_destination.addStoredEvent(row); },
        [](const StoredEvent &row) { return row.event.eventId; });
    if (!events)
        return events.error();
    copied.events = *events;

    // resolutionsAfter() pages by id after a number: start below any id.
    auto resolutions = copyPages<qint64>(
        m_pageSize, tally,
        [this](const std::optional<qint64> &after) {
            return m_source.resolutionsAfter(after.value_or(std::numeric_limits<qint64>::min()), m_pageSize);
        },
        [this](const Resolution &row) { return m_destination.addResolution(row); },
        [](const Resolution &row) { return row.resolutionId; });
    if (!resolutions)
        return resolutions.error();
    copied.resolutions = *resolutions;

    // Schema version 2's tables (none in a version 1 source).
    auto notes = copyPages<qint64>(
        m_pageSize, tally,
        [this](const std::optional<qint64> &after) { return m_source.notesAfter(after.value_or(0), m_pageSize); },
        [this](const OperationNote &row) { return m_destination.addNote(row); },
        [](const OperationNote &row) { return row.noteId; });
    if (!notes)
        return notes.error();
    copied.notes = *notes;

    // Schema version 3's bodies, before the lookups that name them (none in an older source).
    auto bodies = copyPages<QString>(
        std::max(1, m_pageSize / 4), tally,
        [this](const std::optional<QString> &after) {
            return m_source.responseBodiesAfter(after.value_or(QString()), std::max(1, m_pageSize / 4));
        },
        [this](const ResponseBody &row) { return m_destination.addResponseBody(row); },
        [](const ResponseBody &row) { return row.sha256; });
    if (!bodies)
        return bodies.error();
    copied.bodies = *bodies;

    auto lookups = copyPages<qint64>(
        m_pageSize, tally,
        [this](const std::optional<qint64> &after) { return m_source.providerLookupsAfter(after.value_or(0), m_pageSize); },
        [this](const ProviderLookup &row) { return m_destination.addProviderLookup(row); },
        [](const ProviderLookup &row) { return row.lookupId; });
    if (!lookups)
        return lookups.error();
    copied.lookups = *lookups;

    // A backend whose pages skipped or repeated rows would show here.
    const struct
    {
        const char *table;
        qint64 copied;
        qint64 counted;
    } tables[] = {
        {"store_meta", copied.meta, counted->meta},
        {"refund_ops", copied.operations, counted->operations},
        {"refund_attempts", copied.attempts, counted->attempts},
        {"webhook_events", copied.events, counted->events},
        {"resolutions", copied.resolutions, counted->resolutions},
        {"operation_notes", copied.notes, counted->notes},
        {"provider_lookups", copied.lookups, counted->lookups},
        {"provider_bodies", copied.bodies, counted->bodies},
    };
    for (const auto &t : tables) {
        if (auto error = mismatch(t.table, t.copied, t.counted))
            return *error;
    }
    return copied;
}

} // namespace RefundDesk
