// SqliteStore and schema versions 2 and 3: the upgrade from version 1 or 2, operation notes and
// provider lookups (both append-only; the store records their time).
#include "store/sqlite/sqlitestore.h"

#include "domain/lookupbodies.h"
#include "store/notecheck.h"
#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqliteschema.h"
#include "store/sqlite/sqlitestatement.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <sqlite3.h>

namespace RefundDesk::Internal {

namespace {

// Every row the statement gives, each made by rowFrom(statement).
template<typename Row>
Result<std::vector<Row>> rowsOf(SqliteStatement &s, Row (*rowFrom)(const SqliteStatement &), sqlite3 *db,
                                const QString &path, const QString &doing)
{
    std::vector<Row> rows;
    int code;
    while ((code = s.step()) == SQLITE_ROW)
        rows.push_back(rowFrom(s));
    if (code != SQLITE_DONE)
        return SqliteStore::errorFor(db, code, path, doing);
    return rows;
}

} // namespace

Result<int> SqliteStore::upgradeSchema()
{
    if (m_schemaVersion >= CurrentSchemaVersion)
        return m_schemaVersion;
    if (auto error = refuseWrite())
        return *error;
    // Cached statements were prepared against the old schema: SQLite prepares them again.
    int before = 0;
    const QString problem = Internal::upgradeSchema(m_db, &before);
    if (!problem.isEmpty())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be upgraded to schema version %2: %3. "
                                                                       "Nothing was changed; it is still version %4.")
                                      .arg(m_path).arg(CurrentSchemaVersion).arg(problem).arg(m_schemaVersion));
    m_schemaVersion = CurrentSchemaVersion;
    return before;
}

Result<QStringList> SqliteStore::missingIndexes()
{
    std::vector<SchemaIndex> missing;
    const QString problem = Internal::missingIndexes(m_db, m_schemaVersion, &missing);
    if (!problem.isEmpty())
        return Error::unavailable(QCoreApplication::translate("Store", "Could not read which indexes %1 has: %2. Check that "
                                                                       "the file is readable and try again.")
                                      .arg(m_path, problem));
    QStringList names;
    for (const SchemaIndex &index : missing)
        names << index.name;
    return names;
}

Result<QStringList> SqliteStore::addMissingIndexes()
{
    if (auto error = refuseWrite())
        return *error;
    const QString doing = QCoreApplication::translate("Store", "adding the indexes schema version %1 has",
                                                      "what the store was doing when it failed")
                              .arg(m_schemaVersion);
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive())
        return sqliteError(transaction.beginCode(), doing);
    // Read under the write lock: of two at once, the second finds nothing missing.
    std::vector<SchemaIndex> missing;
    const QString problem = Internal::missingIndexes(m_db, m_schemaVersion, &missing);
    if (!problem.isEmpty())
        return Error::unavailable(QCoreApplication::translate("Store", "Could not read which indexes %1 has: %2. Nothing "
                                                                       "was changed. Check that the file is readable and "
                                                                       "try again.")
                                      .arg(m_path, problem));
    QStringList added;
    for (const SchemaIndex &index : missing) {
        const int code = sqlite3_exec(m_db, index.statement.constData(), nullptr, nullptr, nullptr);
        if (code != SQLITE_OK)
            return sqliteError(code, doing);
        added << index.name;
    }
    if (const int code = transaction.commit(); code != SQLITE_OK)
        return sqliteError(code, doing);
    return added;
}

Result<OperationNote> SqliteStore::addNote(const NoteDraft &draft)
{
    if (auto error = refuseWrite())
        return *error;
    if (m_schemaVersion < 2)
        return versionOneRefusal(m_path, QCoreApplication::translate("Store", "notes"));
    if (auto refused = refuseNoteDraft(draft))
        return *refused;
    if (draft.operatorName.trimmed().isEmpty())
        return Error::refused(QCoreApplication::translate("Store", "The operator name is empty. Say who writes the note."));
    const QString doing = QCoreApplication::translate("Store", "adding a note to %1", "what the store was doing when it failed")
                              .arg(draft.operationId);
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive())
        return sqliteError(transaction.beginCode(), doing);
    auto found = operation(draft.operationId);
    if (!found)
        return found.error();
    if (!found->has_value())
        return Error::usage(QCoreApplication::translate("Store", "There is no operation %1 in %2. Check the id (e.g. op_5521).")
                                .arg(draft.operationId, m_path));
    OperationNote note;
    note.operationId = draft.operationId;
    note.text = draft.text.trimmed();
    note.followUpOn = draft.followUpOn;
    note.operatorName = draft.operatorName.trimmed();
    note.recordedAt = QDateTime::currentMSecsSinceEpoch();
    auto insert = cached("INSERT INTO operation_notes (operation_id, text, follow_up_on, operator, recorded_at) "
                         "VALUES (?1, ?2, ?3, ?4, ?5)");
    insert->bind(1, note.operationId).bind(2, note.text).bind(3, followUpText(note.followUpOn));
    insert->bind(4, note.operatorName).bind(5, note.recordedAt);
    if (const int code = insert->step(); code != SQLITE_DONE)
        return sqliteError(code, doing);
    note.noteId = sqlite3_last_insert_rowid(m_db);
    if (const int code = transaction.commit(); code != SQLITE_OK)
        return sqliteError(code, doing);
    return note;
}

Result<std::vector<OperationNote>> SqliteStore::notesOf(const QStringList &operationIds)
{
    if (m_schemaVersion < 2 || operationIds.isEmpty())
        return std::vector<OperationNote>();
    // One statement for all of them: the ids as a JSON array, so that the SQL stays the
    // same (and cached) whatever their number.
    QJsonArray ids;
    for (const QString &id : operationIds)
        ids.append(id);
    auto s = cached(QByteArray("SELECT ") + NoteColumns
                    + ", ids.key FROM json_each(?1) AS ids JOIN operation_notes n ON n.operation_id = ids.value "
                      "ORDER BY ids.key, n.note_id");
    s->bind(1, QString::fromUtf8(QJsonDocument(ids).toJson(QJsonDocument::Compact)));
    return rowsOf(*s, noteFrom, m_db, m_path, QCoreApplication::translate("Store", "reading notes", "what the store was doing when it failed"));
}

Result<std::vector<ProviderLookup>> SqliteStore::addProviderLookups(const std::vector<ProviderLookupDraft> &drafts)
{
    if (auto error = refuseWrite())
        return *error;
    if (m_schemaVersion < 2)
        return versionOneRefusal(m_path, QCoreApplication::translate("Store", "what the provider answered"));
    for (const ProviderLookupDraft &draft : drafts) {
        if (draft.operatorName.trimmed().isEmpty())
            return Error::refused(QCoreApplication::translate("Store", "The operator name is empty. Say who asked the provider."));
    }
    std::vector<ProviderLookup> kept;
    if (drafts.empty())
        return kept;
    const QString doing = QCoreApplication::translate("Store", "keeping what the provider answered about %1",
                                                      "what the store was doing when it failed");
    // One transaction for them all: a lookup is never kept without the bodies it names.
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive())
        return sqliteError(transaction.beginCode(), doing.arg(drafts.front().operationId));
    QSet<QString> written;
    for (const ProviderLookupDraft &given : drafts) {
        const ProviderLookupDraft draft = m_schemaVersion >= 3 ? given : LookupBodies::inlined(given);
        for (const ResponseBody &body : draft.bodies) {
            if (written.contains(body.sha256))
                continue;
            auto insertBody = cached("INSERT INTO provider_bodies (body_sha256, body) VALUES (?1, ?2) "
                                     "ON CONFLICT (body_sha256) DO NOTHING");
            insertBody->bind(1, body.sha256).bindUtf8(2, body.text);
            if (const int code = insertBody->step(); code != SQLITE_DONE)
                return sqliteError(code, doing.arg(draft.operationId));
            written.insert(body.sha256);
        }
        ProviderLookup lookup;
        lookup.operationId = draft.operationId;
        lookup.provider = draft.provider;
        lookup.askedAt = QDateTime::currentMSecsSinceEpoch();
        lookup.operatorName = draft.operatorName.trimmed();
        lookup.windowFrom = draft.windowFrom;
        lookup.windowTo = draft.windowTo;
        lookup.requests = draft.requests;
        lookup.result = draft.result;
        lookup.responseSha256 = draft.responseSha256;
        auto insert = cached("INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, window_from, "
                             "window_to, requests, result, response_sha256) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
        insert->bind(1, lookup.operationId).bind(2, lookup.provider).bind(3, lookup.askedAt).bind(4, lookup.operatorName);
        insert->bind(5, lookup.windowFrom).bind(6, lookup.windowTo).bind(7, lookup.requests).bind(8, lookup.result);
        insert->bind(9, lookup.responseSha256);
        if (const int code = insert->step(); code != SQLITE_DONE)
            return sqliteError(code, doing.arg(draft.operationId));
        lookup.lookupId = sqlite3_last_insert_rowid(m_db);
        lookup.bodies = draft.bodies; // as written: what it names
        kept.push_back(std::move(lookup));
    }
    if (const int code = transaction.commit(); code != SQLITE_OK)
        return sqliteError(code, doing.arg(drafts.back().operationId));
    return kept;
}

Result<std::vector<ResponseBody>> SqliteStore::responseBodies(const QStringList &addresses)
{
    if (m_schemaVersion < 3 || addresses.isEmpty())
        return std::vector<ResponseBody>();
    auto s = cached("SELECT b.body_sha256, b.body FROM provider_bodies b WHERE b.body_sha256 IN "
                    "(SELECT value FROM json_each(?1))");
    s->bind(1, QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(addresses)).toJson(QJsonDocument::Compact)));
    return rowsOf(*s, bodyFrom, m_db, m_path, QCoreApplication::translate("Store", "reading what the provider answered",
                                                                          "what the store was doing when it failed"));
}

Result<std::vector<ResponseBody>> SqliteStore::responseBodiesAfter(const QString &afterSha256, int limit)
{
    if (m_schemaVersion < 3)
        return std::vector<ResponseBody>();
    auto s = cached("SELECT body_sha256, body FROM provider_bodies WHERE body_sha256 > ?1 ORDER BY body_sha256 LIMIT ?2");
    s->bind(1, afterSha256.isNull() ? QString(QLatin1String("")) : afterSha256).bind(2, qint64(limit));
    return rowsOf(*s, bodyFrom, m_db, m_path, QCoreApplication::translate("Store", "reading what the provider answered",
                                                                          "what the store was doing when it failed"));
}

Result<std::vector<ProviderLookup>> SqliteStore::providerLookups(const QString &operationId)
{
    if (m_schemaVersion < 2)
        return std::vector<ProviderLookup>();
    auto s = cached(QByteArray("SELECT ") + LookupColumns
                    + " FROM provider_lookups WHERE operation_id = ?1 ORDER BY lookup_id");
    s->bind(1, operationId);
    return rowsOf(*s, lookupFrom, m_db, m_path, QCoreApplication::translate("Store", "reading provider lookups",
                                                                "what the store was doing when it failed"));
}

Result<std::vector<ProviderLookup>> SqliteStore::providerLookupsOf(const QStringList &operationIds)
{
    if (m_schemaVersion < 2 || operationIds.isEmpty())
        return std::vector<ProviderLookup>();
    QJsonArray ids;
    for (const QString &id : operationIds)
        ids.append(id);
    auto s = cached(QByteArray("SELECT ") + LookupColumns
                    + ", ids.key FROM json_each(?1) AS ids JOIN provider_lookups l ON l.operation_id = ids.value "
                      "ORDER BY ids.key, l.lookup_id");
    s->bind(1, QString::fromUtf8(QJsonDocument(ids).toJson(QJsonDocument::Compact)));
    return rowsOf(*s, lookupFrom, m_db, m_path, QCoreApplication::translate("Store", "reading provider lookups",
                                                                "what the store was doing when it failed"));
}

Result<std::vector<OperationNote>> SqliteStore::notesAfter(qint64 afterNoteId, int limit)
{
    if (m_schemaVersion < 2)
        return std::vector<OperationNote>();
    auto s = cached(QByteArray("SELECT ") + NoteColumns + " FROM operation_notes WHERE note_id > ?1 ORDER BY note_id LIMIT ?2");
    s->bind(1, afterNoteId).bind(2, qint64(limit));
    return rowsOf(*s, noteFrom, m_db, m_path, QCoreApplication::translate("Store", "reading notes", "what the store was doing when it failed"));
}

Result<std::vector<ProviderLookup>> SqliteStore::providerLookupsAfter(qint64 afterLookupId, int limit)
{
    if (m_schemaVersion < 2)
        return std::vector<ProviderLookup>();
    auto s = cached(QByteArray("SELECT ") + LookupColumns
                    + " FROM provider_lookups WHERE lookup_id > ?1 ORDER BY lookup_id LIMIT ?2");
    s->bind(1, afterLookupId).bind(2, qint64(limit));
    return rowsOf(*s, lookupFrom, m_db, m_path, QCoreApplication::translate("Store", "reading provider lookups",
                                                                "what the store was doing when it failed"));
}

} // namespace RefundDesk::Internal
