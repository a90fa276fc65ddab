// PgStore and schema versions 2 and 3: the upgrade from version 1 or 2, operation notes and provider
// lookups. Both are append-only, and for every login but the store's owner their author is
// the login and their time the server's clock (schema-postgresql.sql's triggers; what is
// kept is what the INSERT returns).
#include "store/postgresql/pgstore.h"

#include "store/notecheck.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgresult.h"
#include "store/postgresql/pgrows.h"
#include "store/postgresql/pgschema.h"
#include "store/postgresql/pgtransaction.h"

#include <QCoreApplication>
#include <QDateTime>

namespace RefundDesk::Internal {

namespace {

template<typename Row>
std::vector<Row> rowsOf(const PgResult &result, Row (*rowFrom)(const PgResult &, int))
{
    std::vector<Row> rows;
    rows.reserve(size_t(result.rows()));
    for (int row = 0; row < result.rows(); ++row)
        rows.push_back(rowFrom(result, row));
    return rows;
}

} // namespace

Result<int> PgStore::upgradeSchema()
{
    if (m_schemaVersion >= CurrentSchemaVersion)
        return m_schemaVersion;
    if (auto error = refuseWrite())
        return *error;
    if (!m_ownsStore)
        return Error::unavailable(QCoreApplication::translate("Store", "The login %1 may not upgrade the store at %2: its tables belong to "
                                                                       "the store's owner, who alone may add to them. Nothing was "
                                                                       "changed. Ask the owner to run 'refund-desk upgrade --db ...'.")
                                      .arg(m_connection->sessionUser(), location()));
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    auto before = PgSchema::upgrade(*m_connection);
    if (!before)
        return before.error();
    PgResult committed = transaction.commit();
    if (!committed.isOk())
        return m_connection->errorFor(committed, QCoreApplication::translate("Store", "upgrading the store",
                                                                             "what the store was doing when it failed"));
    m_schemaVersion = CurrentSchemaVersion;
    return *before;
}

Result<QStringList> PgStore::missingIndexes()
{
    if (auto lost = m_reader.ready())
        return *lost;
    auto missing = PgSchema::missingIndexes(*m_connection, m_schemaVersion);
    if (!missing)
        return missing.error();
    QStringList names;
    for (const SchemaIndex &index : *missing)
        names << index.name;
    return names;
}

Result<QStringList> PgStore::addMissingIndexes()
{
    if (auto error = refuseWrite())
        return *error;
    if (!m_ownsStore)
        return Error::unavailable(QCoreApplication::translate("Store", "The login %1 may not add indexes to the store at %2: "
                                                                       "its tables belong to the store's owner. Nothing was "
                                                                       "changed. Ask the owner to run 'refund-desk upgrade "
                                                                       "--db ...'.")
                                      .arg(m_connection->sessionUser(), location()));
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    PgTransaction transaction(*m_connection);
    auto added = PgSchema::addMissingIndexes(*m_connection, m_schemaVersion);
    if (!added)
        return added.error();
    PgResult committed = transaction.commit();
    if (!committed.isOk())
        return m_connection->errorFor(committed, QCoreApplication::translate("Store", "adding the indexes schema version %1 has",
                                                                             "what the store was doing when it failed")
                                                     .arg(m_schemaVersion));
    return added;
}

Result<OperationNote> PgStore::addNote(const NoteDraft &draft)
{
    if (auto error = refuseWrite())
        return *error;
    if (m_schemaVersion < 2)
        return versionOneRefusal(location(), QCoreApplication::translate("Store", "notes"));
    if (auto refused = refuseNoteDraft(draft))
        return *refused;
    auto login = operatorFor(draft.operatorName, QCoreApplication::translate("Store", "a note"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    // One statement, its own transaction: the note, only when the operation exists.
    static const QByteArray sql = QByteArray("INSERT INTO operation_notes (operation_id, text, follow_up_on, operator, "
                                             "recorded_at) SELECT $1, $2, $3, session_user, $4 WHERE EXISTS "
                                             "(SELECT 1 FROM refund_ops WHERE operation_id = $1) RETURNING ")
                                  + NoteColumns;
    PgResult inserted = m_connection->exec(sql, PgParams()
                                                    .add(draft.operationId)
                                                    .add(draft.text.trimmed())
                                                    .add(followUpText(draft.followUpOn))
                                                    .add(QDateTime::currentMSecsSinceEpoch()));
    if (!inserted.isOk())
        return m_connection->errorFor(inserted, QCoreApplication::translate("Store", "adding a note to %1",
                                                                            "what the store was doing when it failed")
                                                    .arg(draft.operationId));
    if (inserted.rows() != 1)
        return Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                .arg(draft.operationId, location()));
    return noteFrom(inserted, 0);
}

Result<std::vector<OperationNote>> PgStore::notesOf(const QStringList &operationIds)
{
    if (m_schemaVersion < 2 || operationIds.isEmpty())
        return std::vector<OperationNote>();
    static const QByteArray sql = QByteArray("SELECT ") + NoteColumns
                                  + " FROM unnest($1::text[]) WITH ORDINALITY AS ids(id, n)"
                                    " JOIN operation_notes ON operation_id = ids.id ORDER BY ids.n, note_id";
    std::optional<Error> error;
    PgResult result = read(sql, PgParams().addArray(operationIds),
                           QCoreApplication::translate("Store", "reading notes", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    return rowsOf(result, noteFrom);
}

Result<ProviderLookup> PgStore::addProviderLookup(const ProviderLookupDraft &draft)
{
    if (auto error = refuseAnswerWrite())
        return *error;
    if (m_schemaVersion < 2)
        return versionOneRefusal(location(), QCoreApplication::translate("Store", "what the provider answered"));
    auto login = operatorFor(draft.operatorName, QCoreApplication::translate("Store", "a provider lookup"));
    if (!login)
        return login.error();
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    static const QByteArray sql = QByteArray("INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, "
                                             "window_from, window_to, requests, result, response_sha256) "
                                             "VALUES ($1, $2, $3, session_user, $4, $5, $6, $7, $8) RETURNING ")
                                  + LookupColumns;
    PgResult inserted = m_connection->exec(sql, PgParams()
                                                    .add(draft.operationId)
                                                    .add(draft.provider)
                                                    .add(QDateTime::currentMSecsSinceEpoch())
                                                    .add(draft.windowFrom)
                                                    .add(draft.windowTo)
                                                    .add(draft.requests)
                                                    .add(draft.result)
                                                    .add(draft.responseSha256));
    if (!inserted.isOk())
        return m_connection->errorFor(inserted, QCoreApplication::translate("Store", "keeping what the provider answered about %1",
                                                                            "what the store was doing when it failed")
                                                    .arg(draft.operationId));
    return lookupFrom(inserted, 0);
}

Result<std::vector<ProviderLookup>> PgStore::providerLookups(const QString &operationId)
{
    if (m_schemaVersion < 2)
        return std::vector<ProviderLookup>();
    static const QByteArray sql = QByteArray("SELECT ") + LookupColumns
                                  + " FROM provider_lookups WHERE operation_id = $1 ORDER BY lookup_id";
    std::optional<Error> error;
    PgResult result = read(sql, PgParams().add(operationId),
                           QCoreApplication::translate("Store", "reading provider lookups", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    return rowsOf(result, lookupFrom);
}

Result<std::vector<ProviderLookup>> PgStore::providerLookupsOf(const QStringList &operationIds)
{
    if (m_schemaVersion < 2 || operationIds.isEmpty())
        return std::vector<ProviderLookup>();
    static const QByteArray sql = QByteArray("SELECT ") + LookupColumns
                                  + " FROM unnest($1::text[]) WITH ORDINALITY AS ids(id, n)"
                                    " JOIN provider_lookups ON operation_id = ids.id ORDER BY ids.n, lookup_id";
    std::optional<Error> error;
    PgResult result = read(sql, PgParams().addArray(operationIds),
                           QCoreApplication::translate("Store", "reading provider lookups", "what the store was doing when it failed"), error);
    if (error)
        return *error;
    return rowsOf(result, lookupFrom);
}


} // namespace RefundDesk::Internal
