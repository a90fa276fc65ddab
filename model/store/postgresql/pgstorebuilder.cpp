#include "store/postgresql/pgstorebuilder.h"

#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgconninfo.h"
#include "store/postgresql/pgrows.h"
#include "store/postgresql/pgschema.h"
#include "store/postgresql/pgtransaction.h"

#include <QCoreApplication>
#include <QStringDecoder>

namespace RefundDesk::Internal {

namespace {

// A function: a translation looked up at static initialisation would find no translator.
QString doing()
{
    return QCoreApplication::translate("Store", "building the demo store", "what the store was doing when it failed");
}

// One row in COPY's text format: tab-separated, \N for NULL, backslash escapes.
void appendCopyRow(QByteArray &out, const PgParams &row)
{
    bool first = true;
    for (const auto &value : row.values()) {
        if (!first)
            out += '\t';
        first = false;
        if (!value) {
            out += "\\N";
            continue;
        }
        for (char c : *value) {
            switch (c) {
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default: out += c; break;
            }
        }
    }
    out += '\n';
}

} // namespace

PgStoreBuilder::PgStoreBuilder(std::unique_ptr<PgConnection> connection)
    : m_connection(std::move(connection))
{
}

PgStoreBuilder::~PgStoreBuilder() = default; // unfinished: the transaction rolls back

Result<std::unique_ptr<StoreBuilder>> PgStoreBuilder::create(const QString &location)
{
    auto info = PgConnInfo::parse(location);
    if (!info)
        return info.error();
    auto connection = PgConnection::connect(*info, false);
    if (!connection)
        return connection.error();
    std::unique_ptr<PgStoreBuilder> builder(new PgStoreBuilder(std::move(*connection)));
    builder->m_transaction = std::make_unique<PgTransaction>(*builder->m_connection);
    if (auto applied = PgSchema::apply(*builder->m_connection); !applied)
        return applied.error();
    return std::unique_ptr<StoreBuilder>(std::move(builder));
}

Result<void> PgStoreBuilder::usable() const
{
    if (m_finished || !m_transaction || !m_transaction->isActive())
        return Error::internal(QCoreApplication::translate("Store", "The store builder for %1 is already finished.")
                                   .arg(m_connection->location()));
    return {};
}

Result<void> PgStoreBuilder::counted()
{
    const qsizetype bytes = m_operations.size() + m_attempts.size() + m_events.size() + m_resolutions.size()
                            + m_notes.size() + m_lookups.size() + m_bodies.size();
    if (++m_pending >= RowsPerCopy || bytes >= BytesPerCopy)
        return flush();
    return {};
}

Result<void> PgStoreBuilder::flush()
{
    struct Batch
    {
        QByteArray *rows;
        const char *table;
        const char *columns;
    };
    const Batch batches[] = {
        {&m_operations, "refund_ops", OperationColumns},
        {&m_attempts, "refund_attempts", AttemptColumns},
        {&m_events, "webhook_events", EventColumns},
        {&m_resolutions, "resolutions", ResolutionColumns},
        {&m_notes, "operation_notes", NoteColumns},
        {&m_bodies, "provider_bodies", "body_sha256, body"},
        {&m_lookups, "provider_lookups", LookupColumns},
    };
    for (const Batch &batch : batches) {
        if (batch.rows->isEmpty())
            continue;
        const QByteArray sql = "COPY " + QByteArray(batch.table) + " (" + batch.columns + ") FROM STDIN";
        PgResult copied = m_connection->copyIn(sql, *batch.rows);
        if (!copied.isOk())
            return m_connection->errorFor(copied, QCoreApplication::translate("Store", "writing %1 into the demo store", "what the store was doing when it failed")
                                                      .arg(QLatin1String(batch.table)));
        batch.rows->clear();
    }
    m_pending = 0;
    return {};
}

Result<void> PgStoreBuilder::setMeta(const QString &key, const QString &value)
{
    if (auto ok = usable(); !ok)
        return ok;
    PgResult set = m_connection->exec("INSERT INTO store_meta (key, value) VALUES ($1, $2) "
                                      "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                                      PgParams().add(key).add(value));
    if (!set.isOk())
        return m_connection->errorFor(set, doing());
    return {};
}

Result<void> PgStoreBuilder::addOperation(const Operation &operation)
{
    if (auto ok = usable(); !ok)
        return ok;
    appendCopyRow(m_operations, operationParams(operation));
    return counted();
}

Result<void> PgStoreBuilder::addAttempt(const Attempt &attempt)
{
    if (auto ok = usable(); !ok)
        return ok;
    appendCopyRow(m_attempts, attemptParams(attempt));
    return counted();
}

Result<void> PgStoreBuilder::addEvent(const WebhookEvent &event)
{
    if (auto ok = usable(); !ok)
        return ok;
    appendCopyRow(m_events, eventParams(event));
    return counted();
}

Result<void> PgStoreBuilder::addStoredEvent(const StoredEvent &stored)
{
    if (auto ok = usable(); !ok)
        return ok;
    // A text column holds valid UTF-8 without NUL bytes only; a payload that is neither
    // cannot be kept byte for byte here, and a copy that changed it would not be a copy.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::ConvertInitialBom);
    const QString text = decoder(stored.payload);
    if (decoder.hasError() || stored.payload.contains('\0')) {
        return Error::refused(QCoreApplication::translate("Store", "The payload of event %1 is not valid UTF-8 text (or holds a NUL byte), "
                                             "and a PostgreSQL store keeps payloads as text: it cannot be copied "
                                             "byte for byte. Nothing was kept. Copy this store to an SQLite file "
                                             "instead.").arg(stored.event.eventId));
    }
    WebhookEvent event = stored.event;
    event.payload = text;
    return addEvent(event);
}

Result<void> PgStoreBuilder::addResolution(const Resolution &resolution)
{
    if (auto ok = usable(); !ok)
        return ok;
    appendCopyRow(m_resolutions, resolutionParams(resolution));
    return counted();
}

Result<void> PgStoreBuilder::addNote(const OperationNote &note)
{
    if (auto ok = usable(); !ok)
        return ok;
    appendCopyRow(m_notes, noteParams(note));
    return counted();
}

Result<void> PgStoreBuilder::addProviderLookup(const ProviderLookup &lookup)
{
    if (auto ok = usable(); !ok)
        return ok;
    appendCopyRow(m_lookups, lookupParams(lookup));
    return counted();
}

Result<void> PgStoreBuilder::addResponseBody(const ResponseBody &body)
{
    if (auto ok = usable(); !ok)
        return ok;
    appendCopyRow(m_bodies, PgParams().add(body.sha256).addUtf8(body.text));
    return counted();
}

Result<void> PgStoreBuilder::finish()
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto flushed = flush(); !flushed)
        return flushed;
    // COPY wrote the ids it was given: the server's next ones follow them.
    PgResult numbered = m_connection->execText(
        "SELECT setval(pg_get_serial_sequence('operation_notes', 'note_id'), COALESCE(max(note_id), 0) + 1, false) "
        "FROM operation_notes; "
        "SELECT setval(pg_get_serial_sequence('provider_lookups', 'lookup_id'), COALESCE(max(lookup_id), 0) + 1, false) "
        "FROM provider_lookups");
    if (!numbered.isOk())
        return m_connection->errorFor(numbered, QCoreApplication::translate("Store", "finishing the demo store", "what the store was doing when it failed"));
    PgResult analysed = m_connection->execText("ANALYZE");
    if (!analysed.isOk())
        return m_connection->errorFor(analysed, QCoreApplication::translate("Store", "finishing the demo store", "what the store was doing when it failed"));
    PgResult committed = m_transaction->commit();
    if (!committed.isOk())
        return m_connection->errorFor(committed, QCoreApplication::translate("Store", "finishing the demo store", "what the store was doing when it failed"));
    m_finished = true;
    return {};
}

} // namespace RefundDesk::Internal
