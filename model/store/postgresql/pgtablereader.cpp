// The whole tables a copy pages through. The schema version is the destination's own
// business (its schema writes it), so the reads leave that row of store_meta out, as
// SQLite's PRAGMA user_version is no row at all.
#include "store/postgresql/pgtablereader.h"

#include "store/postgresql/pgreader.h"
#include "store/postgresql/pgrows.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

Result<std::vector<MetaEntry>> PgTableReader::metaEntries()
{
    std::optional<Error> error;
    PgResult result = m_reader.read("SELECT key, value FROM store_meta WHERE key <> 'schema_version' ORDER BY key",
                           PgParams(), QCoreApplication::translate("Store", "reading store_meta", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<MetaEntry> rows;
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(MetaEntry{result.text(row, 0), result.text(row, 1)});
    return rows;
}

Result<std::vector<Operation>> PgTableReader::operationsAfter(const std::optional<QString> &afterOperationId, int limit)
{
    const QByteArray sql = QByteArray("SELECT ") + operationColumns(m_schemaVersion)
                           + " FROM refund_ops WHERE $1::text IS NULL OR operation_id > $1"
                             " ORDER BY operation_id LIMIT $2";
    return m_reader.readOperations(sql, PgParams().add(afterOperationId.value_or(QString())).add(qint64(limit)),
                          QCoreApplication::translate("Store", "reading operations", "what the store was doing when it failed"));
}

Result<std::vector<Attempt>> PgTableReader::attemptsAfter(const std::optional<AttemptKey> &after, int limit)
{
    static const QByteArray sql = QByteArray("SELECT ") + AttemptColumns
                                  + " FROM refund_attempts WHERE $1::text IS NULL OR (operation_id, attempt_no) > ($1, $2)"
                                    " ORDER BY operation_id, attempt_no LIMIT $3";
    PgParams params;
    params.add(after ? after->operationId : QString()).add(qint64(after ? after->attemptNo : 0)).add(qint64(limit));
    std::optional<Error> error;
    PgResult result = m_reader.read(sql, params, QCoreApplication::translate("Store", "reading attempts", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<Attempt> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(attemptFrom(result, row));
    return rows;
}

Result<std::vector<StoredEvent>> PgTableReader::eventsAfter(const std::optional<QString> &afterEventId, int limit)
{
    static const QByteArray sql = QByteArray("SELECT ") + EventColumns
                                  + " FROM webhook_events WHERE $1::text IS NULL OR event_id > $1"
                                    " ORDER BY event_id LIMIT $2";
    std::optional<Error> error;
    PgResult result = m_reader.read(sql, PgParams().add(afterEventId.value_or(QString())).add(qint64(limit)),
                           QCoreApplication::translate("Store", "reading webhook events", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    std::vector<StoredEvent> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row) {
        StoredEvent stored{eventFrom(result, row), result.bytes(row, 4)};
        stored.event.payload.clear();
        rows.push_back(std::move(stored));
    }
    return rows;
}

Result<std::vector<Resolution>> PgTableReader::resolutionsAfter(qint64 afterId, int limit)
{
    static const QByteArray sql = QByteArray("SELECT ") + ResolutionColumns
                                  + " FROM resolutions WHERE resolution_id > $1 ORDER BY resolution_id LIMIT $2";
    return m_reader.readResolutions(sql, PgParams().add(afterId).add(qint64(limit)));
}

Result<std::vector<OperationNote>> PgTableReader::notesAfter(qint64 afterNoteId, int limit)
{
    if (!m_versionTwo)
        return std::vector<OperationNote>();
    static const QByteArray sql = QByteArray("SELECT ") + NoteColumns
                                  + " FROM operation_notes WHERE note_id > $1 ORDER BY note_id LIMIT $2";
    std::optional<Error> error;
    PgResult result = m_reader.read(sql, PgParams().add(afterNoteId).add(qint64(limit)),
                           QCoreApplication::translate("Store", "reading notes", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    return rowsOf(result, noteFrom);
}

Result<std::vector<ProviderLookup>> PgTableReader::providerLookupsAfter(qint64 afterLookupId, int limit)
{
    if (!m_versionTwo)
        return std::vector<ProviderLookup>();
    static const QByteArray sql = QByteArray("SELECT ") + LookupColumns
                                  + " FROM provider_lookups WHERE lookup_id > $1 ORDER BY lookup_id LIMIT $2";
    std::optional<Error> error;
    PgResult result = m_reader.read(sql, PgParams().add(afterLookupId).add(qint64(limit)),
                           QCoreApplication::translate("Store", "reading provider lookups", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    return rowsOf(result, lookupFrom);
}

Result<std::vector<ResponseBody>> PgTableReader::responseBodiesAfter(const QString &afterSha256, int limit)
{
    if (m_schemaVersion < 3)
        return std::vector<ResponseBody>();
    static const QByteArray sql = "SELECT body_sha256, body FROM provider_bodies WHERE body_sha256 > $1 "
                                  "ORDER BY body_sha256 LIMIT $2";
    std::optional<Error> error;
    PgResult result = m_reader.read(sql, PgParams().add(afterSha256.isNull() ? QString(QLatin1String("")) : afterSha256)
                                             .add(qint64(limit)),
                                    QCoreApplication::translate("Store", "reading what the provider answered",
                                                                "what the store was doing when it failed"),
                                    error);
    if (error)
        return *error;
    return rowsOf(result, bodyFrom);
}

Result<TableCounts> PgTableReader::counts()
{
    const QString doing = QCoreApplication::translate("Store", "counting the rows of %1",
                                                      "what the store was doing when it failed").arg(m_location);
    std::optional<Error> error;
    const QByteArray counts = "SELECT (SELECT count(*) FROM store_meta WHERE key <> 'schema_version'), "
                              "(SELECT count(*) FROM refund_ops), (SELECT count(*) FROM refund_attempts), "
                              "(SELECT count(*) FROM webhook_events), (SELECT count(*) FROM resolutions)";
    const QByteArray versionTwo = ", (SELECT count(*) FROM operation_notes), (SELECT count(*) FROM provider_lookups)";
    const QByteArray versionThree = ", (SELECT count(*) FROM provider_bodies)";
    PgResult result = m_reader.read(counts + (m_versionTwo ? versionTwo : QByteArray(", 0, 0"))
                                        + (m_schemaVersion >= 3 ? versionThree : QByteArray(", 0")),
                                    PgParams(), doing, error);
    if (error)
        return *error;
    return TableCounts{result.integer(0, 0), result.integer(0, 1), result.integer(0, 2), result.integer(0, 3),
                       result.integer(0, 4), result.integer(0, 5), result.integer(0, 6), result.integer(0, 7)};
}

} // namespace RefundDesk::Internal
