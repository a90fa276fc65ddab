// PgStore and schema versions 2 and 3: the upgrade from version 1 or 2, operation notes and provider
// lookups. Both are append-only, and for every login but the store's owner their author is
// the login and their time the server's clock (schema-postgresql.sql's triggers; what is
// kept is what the INSERT returns).
#include "store/postgresql/pgstore.h"

#include "domain/lookupbodies.h"
#include "store/notecheck.h"
#include "store/postgresql/pgbatch.h"
#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgresult.h"
#include "store/postgresql/pgrows.h"
#include "store/postgresql/pgschema.h"
#include "store/postgresql/pgtransaction.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QSet>

namespace RefundDesk::Internal {

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

Result<std::vector<ProviderLookup>> PgStore::addProviderLookups(const std::vector<ProviderLookupDraft> &drafts)
{
    if (auto error = refuseAnswerWrite())
        return *error;
    if (m_schemaVersion < 2)
        return versionOneRefusal(location(), QCoreApplication::translate("Store", "what the provider answered"));
    for (const ProviderLookupDraft &draft : drafts) {
        auto login = operatorFor(draft.operatorName, QCoreApplication::translate("Store", "a provider lookup"));
        if (!login)
            return login.error();
    }
    std::vector<ProviderLookup> kept;
    if (drafts.empty())
        return kept;
    if (auto lost = m_connection->ensureConnected())
        return *lost;
    static const QByteArray insertBody = "INSERT INTO provider_bodies (body_sha256, body) VALUES ($1, $2) "
                                         "ON CONFLICT (body_sha256) DO NOTHING";
    static const QByteArray insertLookup = QByteArray("INSERT INTO provider_lookups (operation_id, provider, asked_at, "
                                                      "operator, window_from, window_to, requests, result, "
                                                      "response_sha256) VALUES ($1, $2, $3, session_user, $4, $5, $6, "
                                                      "$7, $8) RETURNING ")
                                           + LookupColumns;
    // One pipeline, one transaction: every lookup with the bodies it names (each body sent
    // once, before the first lookup naming it), or nothing.
    PgBatch batch;
    batch.addControl("BEGIN");
    QSet<QString> sent;
    std::vector<int> lookupAnswers;
    lookupAnswers.reserve(drafts.size());
    for (const ProviderLookupDraft &given : drafts) {
        const ProviderLookupDraft draft = m_schemaVersion >= 3 ? given : LookupBodies::inlined(given);
        for (const ResponseBody &body : draft.bodies) {
            if (!sent.contains(body.sha256)) {
                sent.insert(body.sha256);
                batch.add(insertBody, PgParams().add(body.sha256).addUtf8(body.text));
            }
        }
        lookupAnswers.push_back(batch.add(insertLookup, PgParams()
                                                             .add(draft.operationId)
                                                             .add(draft.provider)
                                                             .add(QDateTime::currentMSecsSinceEpoch())
                                                             .add(draft.windowFrom)
                                                             .add(draft.windowTo)
                                                             .add(draft.requests)
                                                             .add(draft.result)
                                                             .add(draft.responseSha256)));
    }
    const int committed = batch.addControl("COMMIT");
    batch.sync();
    const std::vector<PgResult> answers = m_connection->execAll(batch);
    if (m_connection->isConnected() && m_connection->inTransaction()) {
        PgBatch end;
        end.addControl("ROLLBACK");
        m_connection->execAll(end);
    }
    if (const PgResult *failed = firstFailure(answers); failed || !answers[size_t(committed)].isOk()) {
        // Name the operation whose statement failed, else the first.
        QString operationId = drafts.front().operationId;
        for (size_t i = 0; i < lookupAnswers.size(); ++i) {
            if (!answers[size_t(lookupAnswers[i])].isOk()) {
                operationId = drafts[i].operationId;
                break;
            }
        }
        return m_connection->errorFor(failed ? *failed : answers[size_t(committed)],
                                      QCoreApplication::translate("Store", "keeping what the provider answered about %1",
                                                                  "what the store was doing when it failed")
                                          .arg(operationId));
    }
    kept.reserve(drafts.size());
    for (size_t i = 0; i < lookupAnswers.size(); ++i) {
        kept.push_back(lookupFrom(answers[size_t(lookupAnswers[i])], 0));
        if (m_schemaVersion >= 3)
            kept.back().bodies = drafts[i].bodies; // as written: what it names
    }
    return kept;
}

Result<std::vector<ResponseBody>> PgStore::responseBodies(const QStringList &addresses)
{
    if (m_schemaVersion < 3 || addresses.isEmpty())
        return std::vector<ResponseBody>();
    static const QByteArray sql = "SELECT body_sha256, body FROM provider_bodies WHERE body_sha256 = ANY($1::text[])";
    std::optional<Error> error;
    PgResult result = read(sql, PgParams().addArray(addresses),
                           QCoreApplication::translate("Store", "reading what the provider answered",
                                                       "what the store was doing when it failed"),
                           error);
    if (error)
        return *error;
    return rowsOf(result, bodyFrom);
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
