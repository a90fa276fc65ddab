#include "store/sqlite/sqlitestorebuilder.h"

#include "store/sqlite/sqliterows.h"
#include "store/sqlite/sqliteschema.h"
#include "store/sqlite/sqlitestatement.h"
#include "store/sqlite/sqlitestore.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

#include <sqlite3.h>

namespace RefundDesk {

namespace Internal {

namespace {

const QString Doing = QCoreApplication::translate("Store", "building the new store", "what the store was doing when it failed");

int exec(sqlite3 *db, const char *sql)
{
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
}

} // namespace

SqliteStoreBuilder::SqliteStoreBuilder(sqlite3 *db, const QString &path, const QString &buildingPath)
    : m_db(db)
    , m_path(path)
    , m_buildingPath(buildingPath)
{
}

QString SqliteStoreBuilder::buildingPath(const QString &path)
{
    return path + QStringLiteral("-building");
}

Result<std::unique_ptr<StoreBuilder>> SqliteStoreBuilder::create(const QString &path)
{
    if (path.isEmpty())
        return Error::usage(QCoreApplication::translate("Store", "No path was given for the new store."));
    if (QFileInfo::exists(path)) {
        return Error::unavailable(QCoreApplication::translate("Store", "%1 already exists. A new store is always a new file and "
                                                 "Refund Desk never overwrites one; choose a new path or "
                                                 "remove the old file first.").arg(path));
    }
    // The store is built under a name of its own beside the path and moved to the path only
    // by finish(): a build that dies half-way (killed, power lost) leaves no file at the
    // path, only this one, which every reader refuses (see below).
    const QString building = buildingPath(path);
    for (const QString &base : {path, building}) {
        for (const char *suffix : {"-wal", "-shm", "-journal"}) {
            const QString leftover = base + QLatin1String(suffix);
            if (QFileInfo::exists(leftover)) {
                return Error::unavailable(QCoreApplication::translate("Store", "%1 is left over from an earlier store at %2, and SQLite "
                                                         "would apply it to the new file. Remove it, or choose "
                                                         "another path.").arg(leftover, base));
            }
        }
    }
    // Claimed atomically: if another build holds the name, this fails.
    {
        QFile file(building);
        if (!file.open(QIODevice::WriteOnly | QIODevice::NewOnly)) {
            if (file.exists()) {
                return Error::unavailable(QCoreApplication::translate("Store", "%1 is left over from an interrupted build of %2, or "
                                                         "another build of it is running now. Remove it once no "
                                                         "build is running, or choose another path.")
                                              .arg(building, path));
            }
            return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be created: %2. Check that the folder exists "
                                                     "and that you may write to it.")
                                          .arg(path, file.errorString()));
        }
    }

    sqlite3 *db = nullptr;
    const int code = sqlite3_open_v2(QFile::encodeName(building).constData(), &db,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
    std::unique_ptr<SqliteStoreBuilder> builder(new SqliteStoreBuilder(db, path, building));
    if (code != SQLITE_OK)
        return builder->errorFor(code, QCoreApplication::translate("Store", "creating the store", "what the store was doing when it failed"));
    sqlite3_extended_result_codes(db, 1);

    const QString problem = applySchema(db);
    if (!problem.isEmpty())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be created: %2").arg(path, problem));

    // Until finish() the file is not a store: a build that dies half-way (killed, power
    // lost) leaves a file every reader refuses rather than a store that looks complete.
    // Nobody else uses the new file, so durability and the journal can wait until then:
    // a failed build removes the file instead of rolling back.
    // Memory stays flat whatever the store's size: the page cache is bounded, and so are
    // the index sorts of finish() (SQLite sorts up to the cache's size in memory and spills
    // the rest to temporary files). Without a journal or fsync, a page that misses the
    // cache is a read from the operating system's file cache: a million operations build
    // with 6% more CPU than with a 256 MiB cache, in 52 MB instead of 387 MB.
    const char *const bulkLoad[] = {
        "PRAGMA user_version = 0",
        "PRAGMA journal_mode = OFF",
        "PRAGMA synchronous = OFF",
        "PRAGMA cache_size = -8192", // KiB
        "PRAGMA temp_store = FILE",
    };
    for (const char *pragma : bulkLoad) {
        if (const int pragmaCode = exec(db, pragma); pragmaCode != SQLITE_OK)
            return builder->errorFor(pragmaCode, QCoreApplication::translate("Store", "preparing the new store for a bulk load", "what the store was doing when it failed"));
    }
    if (auto deferred = builder->deferIndexes(); !deferred)
        return deferred.error();
    if (auto prepared = builder->prepare(); !prepared)
        return prepared.error();
    return std::unique_ptr<StoreBuilder>(std::move(builder));
}

SqliteStoreBuilder::~SqliteStoreBuilder()
{
    if (!m_finished)
        closeAndRemove();
}

void SqliteStoreBuilder::closeAndRemove()
{
    m_transaction.reset(); // the file goes anyway; this only ends the transaction
    m_setMeta.reset();
    m_insertOperation.reset();
    m_insertAttempt.reset();
    m_insertEvent.reset();
    m_insertResolution.reset();
    m_insertNote.reset();
    m_insertLookup.reset();
    m_insertBody.reset();
    if (m_db) {
        sqlite3_close_v2(m_db);
        m_db = nullptr;
    }
    // Only this builder ever wrote these files: it created them a moment ago.
    QFile::remove(m_buildingPath);
    QFile::remove(m_buildingPath + QStringLiteral("-wal"));
    QFile::remove(m_buildingPath + QStringLiteral("-shm"));
}

Error SqliteStoreBuilder::errorFor(int code, const QString &doing) const
{
    return SqliteStore::errorFor(m_db, code, m_path, doing);
}

Result<void> SqliteStoreBuilder::usable() const
{
    if (m_finished || !m_db)
        return Error::internal(QCoreApplication::translate("Store", "The store builder for %1 is already finished.").arg(m_path));
    return {};
}

Result<void> SqliteStoreBuilder::deferIndexes()
{
    // Building an index once over sorted keys is far quicker than keeping it up to date
    // row by row, so the schema's own indexes are dropped here and created again, from
    // the schema's text, by finish(). Recreating the unique ones also checks the rows.
    {
        SqliteStatement indexes(m_db, "SELECT name, sql FROM sqlite_schema "
                                      "WHERE type = 'index' AND sql IS NOT NULL ORDER BY rowid");
        int code = SQLITE_ROW;
        while ((code = indexes.step()) == SQLITE_ROW)
            m_deferredIndexes.push_back({indexes.text(0), indexes.text(1).toUtf8()});
        if (code != SQLITE_DONE)
            return errorFor(code, QCoreApplication::translate("Store", "reading the new store's schema", "what the store was doing when it failed"));
    }
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive())
        return errorFor(transaction.beginCode(), Doing);
    for (const DeferredIndex &index : m_deferredIndexes) {
        // sql-identifiers: index names read back from the schema this builder just created
        const QByteArray drop = "DROP INDEX \"" + index.name.toUtf8() + '"';
        if (const int code = exec(m_db, drop.constData()); code != SQLITE_OK)
            return errorFor(code, QCoreApplication::translate("Store", "preparing the new store for a bulk load", "what the store was doing when it failed"));
    }
    if (const int code = transaction.commit(); code != SQLITE_OK)
        return errorFor(code, Doing);
    return {};
}

Result<void> SqliteStoreBuilder::createDeferredIndexes()
{
    SqliteTransaction transaction(m_db);
    if (!transaction.isActive())
        return errorFor(transaction.beginCode(), Doing);
    for (const DeferredIndex &index : m_deferredIndexes) {
        char *message = nullptr;
        const int code = sqlite3_exec(m_db, index.sql.constData(), nullptr, nullptr, &message);
        const QString detail = QString::fromUtf8(message);
        sqlite3_free(message);
        if ((code & 0xff) == SQLITE_CONSTRAINT) {
            return Error::internal(QCoreApplication::translate("Store", "The rows break the store's index %1 (%2); the new store "
                                                  "was not kept.").arg(index.name, detail));
        }
        if (code != SQLITE_OK)
            return errorFor(code, QCoreApplication::translate("Store", "indexing the new store", "what the store was doing when it failed"));
    }
    if (const int code = transaction.commit(); code != SQLITE_OK)
        return errorFor(code, QCoreApplication::translate("Store", "indexing the new store", "what the store was doing when it failed"));
    m_deferredIndexes.clear();
    return {};
}

Result<void> SqliteStoreBuilder::prepare()
{
    struct Wanted
    {
        std::unique_ptr<SqliteStatement> *statement;
        const char *sql;
    };
    const QByteArray insertOperation = "INSERT INTO refund_ops " + columnsAndValues(OperationColumns);
    const QByteArray insertEvent = "INSERT INTO webhook_events " + columnsAndValues(EventColumns);
    const QByteArray insertResolution = "INSERT INTO resolutions " + columnsAndValues(ResolutionColumns);
    const QByteArray insertNote = "INSERT INTO operation_notes " + columnsAndValues(NoteColumns);
    const QByteArray insertLookup = "INSERT INTO provider_lookups " + columnsAndValues(LookupColumns);
    const Wanted wanted[] = {
        {&m_setMeta, "INSERT INTO store_meta (key, value) VALUES (?1, ?2) "
                     "ON CONFLICT (key) DO UPDATE SET value = excluded.value"},
        {&m_insertOperation, insertOperation.constData()},
        {&m_insertAttempt,
         "INSERT INTO refund_attempts (operation_id, attempt_no, tool_call_id, started_at, finished_at, "
         "outcome, http_status, request_id, error) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"},
        {&m_insertEvent, insertEvent.constData()},
        {&m_insertResolution, insertResolution.constData()},
        {&m_insertNote, insertNote.constData()},
        {&m_insertLookup, insertLookup.constData()},
        {&m_insertBody, "INSERT INTO provider_bodies (body_sha256, body) VALUES (?1, ?2)"},
    };
    for (const Wanted &w : wanted) {
        *w.statement = std::make_unique<SqliteStatement>(m_db, w.sql);
        if (!(*w.statement)->isValid())
            return errorFor((*w.statement)->prepareCode(), QCoreApplication::translate("Store", "preparing the new store's inserts", "what the store was doing when it failed"));
    }
    return {};
}

Result<void> SqliteStoreBuilder::ensureTransaction()
{
    if (m_transaction && m_transaction->isActive())
        return {};
    // Nobody else writes this file, so a deferred BEGIN is enough.
    m_transaction = std::make_unique<SqliteTransaction>(m_db, SqliteTransaction::Kind::Deferred);
    if (!m_transaction->isActive())
        return errorFor(m_transaction->beginCode(), Doing);
    m_rowsInTransaction = 0;
    return {};
}

Result<void> SqliteStoreBuilder::commit()
{
    if (!m_transaction || !m_transaction->isActive())
        return {};
    const int code = m_transaction->commit();
    if (code != SQLITE_OK)
        return errorFor(code, Doing);
    m_transaction.reset();
    m_rowsInTransaction = 0;
    return {};
}

Result<void> SqliteStoreBuilder::insert(SqliteStatement &statement, const char *what)
{
    const int code = statement.step();
    statement.reset();
    if (code != SQLITE_DONE)
        return errorFor(code, QCoreApplication::translate("Store", "writing %1 into the new store", "what the store was doing when it failed").arg(QLatin1String(what)));
    if (++m_rowsInTransaction >= RowsPerTransaction)
        return commit();
    return {};
}

Result<void> SqliteStoreBuilder::setMeta(const QString &key, const QString &value)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    m_setMeta->bind(1, key).bind(2, value);
    return insert(*m_setMeta, "store_meta");
}

Result<void> SqliteStoreBuilder::addOperation(const Operation &op)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    SqliteStatement &s = *m_insertOperation;
    s.bind(1, op.operationId).bind(2, op.orderId).bind(3, op.amountCents).bind(4, op.currency);
    s.bind(5, op.idempotencyKey).bind(6, toString(op.status)).bind(7, qint64(op.attempts));
    s.bind(8, op.createdAt).bind(9, op.updatedAt).bind(10, op.conversationId).bind(11, op.refundId);
    s.bind(12, op.claimedBy).bind(13, op.claimedAt).bind(14, op.version).bind(15, op.paymentId);
    return insert(s, "an operation");
}

Result<void> SqliteStoreBuilder::addAttempt(const Attempt &attempt)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    SqliteStatement &s = *m_insertAttempt;
    s.bind(1, attempt.operationId).bind(2, qint64(attempt.attemptNo)).bind(3, attempt.toolCallId);
    s.bind(4, attempt.startedAt).bind(5, attempt.finishedAt).bind(6, toString(attempt.outcome));
    if (attempt.httpStatus)
        s.bind(7, qint64(*attempt.httpStatus));
    else
        s.bindNull(7);
    s.bind(8, attempt.requestId).bind(9, attempt.error);
    return insert(s, "an attempt");
}

Result<void> SqliteStoreBuilder::addEvent(const WebhookEvent &event)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    bindEvent(*m_insertEvent, event);
    return insert(*m_insertEvent, "a webhook event");
}

Result<void> SqliteStoreBuilder::addStoredEvent(const StoredEvent &event)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    bindStoredEvent(*m_insertEvent, event);
    return insert(*m_insertEvent, "a webhook event");
}

Result<void> SqliteStoreBuilder::addResolution(const Resolution &r)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    bindResolution(*m_insertResolution, r);
    return insert(*m_insertResolution, "a resolution");
}

Result<void> SqliteStoreBuilder::addNote(const OperationNote &note)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    bindNote(*m_insertNote, note);
    return insert(*m_insertNote, "a note");
}

Result<void> SqliteStoreBuilder::addProviderLookup(const ProviderLookup &lookup)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    bindLookup(*m_insertLookup, lookup);
    return insert(*m_insertLookup, "a provider lookup");
}

Result<void> SqliteStoreBuilder::addResponseBody(const ResponseBody &body)
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = ensureTransaction(); !ok)
        return ok;
    m_insertBody->bind(1, body.sha256).bindUtf8(2, body.text);
    return insert(*m_insertBody, "a response body");
}

Result<void> SqliteStoreBuilder::finish()
{
    if (auto ok = usable(); !ok)
        return ok;
    if (auto ok = commit(); !ok)
        return ok;
    m_setMeta.reset();
    m_insertOperation.reset();
    m_insertAttempt.reset();
    m_insertEvent.reset();
    m_insertResolution.reset();
    m_insertNote.reset();
    m_insertLookup.reset();
    m_insertBody.reset();
    if (auto indexed = createDeferredIndexes(); !indexed)
        return indexed;

    const QString finishing = QCoreApplication::translate("Store", "finishing the new store", "what the store was doing when it failed");
    if (QString mode = pragmaText("PRAGMA journal_mode = WAL"); mode != QLatin1String("wal")) {
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be switched to WAL mode (it is in %2 mode); the "
                                                 "store was not kept. Check that its folder is on a local disk.")
                                      .arg(m_path, mode.isEmpty() ? QStringLiteral("no") : mode));
    }
    // The schema's version goes in last, after the data and its indexes are complete.
    const QByteArray version = "PRAGMA user_version = " + QByteArray::number(CurrentSchemaVersion);
    const QByteArray steps[] = {
        "PRAGMA synchronous = NORMAL",
        // Statistics for the query planner; a sampled ANALYZE stays quick on millions of rows.
        "PRAGMA analysis_limit = 1000",
        "ANALYZE",
        version,
        "PRAGMA wal_checkpoint(TRUNCATE)",
    };
    for (const QByteArray &step : steps) {
        if (const int code = exec(m_db, step.constData()); code != SQLITE_OK)
            return errorFor(code, finishing);
    }
    if (const int code = sqlite3_close(m_db); code != SQLITE_OK)
        return errorFor(code, QCoreApplication::translate("Store", "closing the new store", "what the store was doing when it failed"));
    m_db = nullptr;
    // Closing the last connection folded and removed the write-ahead log, so the one file
    // is the whole store. QFile::rename never replaces an existing file.
    QFile built(m_buildingPath);
    if (!built.rename(m_path)) {
        return Error::unavailable(QCoreApplication::translate("Store", "The new store could not be moved from %1 to %2 (%3), so it was "
                                                 "not kept. Check that nothing was created at %2 meanwhile and "
                                                 "that you may write to its folder.")
                                      .arg(m_buildingPath, m_path, built.errorString()));
    }
    m_finished = true;
    return {};
}

QString SqliteStoreBuilder::pragmaText(const char *sql)
{
    SqliteStatement statement(m_db, sql);
    return statement.step() == SQLITE_ROW ? statement.text(0).toLower() : QString();
}

} // namespace Internal

} // namespace RefundDesk
