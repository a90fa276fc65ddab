#include "store/sqlite/sqlitestore.h"
#include "store/sqlite/sqliteinterrupter.h"

#include "store/sqlite/sqliteaudit.h"
#include "store/sqlite/sqliteeventlookup.h"
#include "store/sqlite/sqliteopener.h"
#include "store/sqlite/sqliteschema.h"
#include "store/sqlite/sqlitestatement.h"
#include "store/storefaults.h"
#include "store/storetext.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <sqlite3.h>

namespace RefundDesk {

namespace Internal {

SqliteStore::SqliteStore(sqlite3 *db, const QString &path, bool readOnly, const QString &openNote,
                         Freshness freshness, int schemaVersion)
    : m_db(db)
    , m_path(path)
    , m_readOnly(readOnly)
    , m_openNote(openNote)
    , m_freshness(freshness)
    , m_schemaVersion(schemaVersion)
    , m_eventLookup(std::make_unique<SqliteEventLookup>(db, path))
{
    m_interrupter = std::make_shared<SqliteInterrupter>(db);
}

SqliteStore::~SqliteStore()
{
    // Statements must be finalized before the connection closes.
    m_interrupter->close();
    m_statements.clear();
    m_eventLookup.reset();
    sqlite3_close_v2(m_db);
}

ScopedStatement SqliteStore::cached(const QByteArray &sql)
{
    auto &slot = m_statements[sql.toStdString()];
    if (!slot || !slot->isValid())
        slot = std::make_unique<SqliteStatement>(m_db, sql.constData());
    return ScopedStatement(*slot);
}

Error SqliteStore::errorFor(sqlite3 *db, int code, const QString &path, const QString &doing)
{
    const QString detail = db ? QString::fromUtf8(sqlite3_errmsg(db)) : QString::fromUtf8(sqlite3_errstr(code));
    switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return Error::unavailable(QCoreApplication::translate("Store", "The store is busy: another program has held it locked for "
                                                 "more than %1 seconds while %2. Nothing was written. Try again "
                                                 "in a moment.").arg(BusyTimeoutMs / 1000).arg(doing));
    case SQLITE_READONLY:
        return Error::unavailable(QCoreApplication::translate("Store", "%1 cannot be written (%2) while %3. Nothing was written. Open "
                                                 "a writable copy, or ask for write access to the file and its folder.")
                                      .arg(path, detail, doing));
    case SQLITE_INTERRUPT:
        return Error::unavailable(QCoreApplication::translate("Store", "The read was cancelled while %1: it took too long "
                                                                       "or was no longer wanted. Nothing was written; read "
                                                                       "again to see the latest.").arg(doing));
    case SQLITE_FULL:
        return Error::unavailable(QCoreApplication::translate("Store", "The disk holding %1 is full while %2. Nothing was written. "
                                                 "Free some space and try again.").arg(path, doing));
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return Error::unavailable(QCoreApplication::translate("Store", "%1 is damaged (%2) while %3. Restore it from a backup; "
                                                 "Refund Desk will not write to it.").arg(path, detail, doing));
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_AUTH:
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be read or written (%2) while %3. Check the disk "
                                                 "and the file's permissions.").arg(path, detail, doing));
    default:
        return Error::internal(QCoreApplication::translate("Store", "Unexpected database error while %1: %2 (SQLite code %3).")
                                   .arg(doing, detail).arg(code));
    }
}

Error SqliteStore::sqliteError(int code, const QString &doing) const
{
    return errorFor(m_db, code, m_path, doing);
}

std::optional<Error> SqliteStore::refuseWrite() const
{
    if (m_snapshotDepth > 0)
        return Error::internal(QCoreApplication::translate("Store", "A change to %1 was asked for while a read snapshot of it is open. "
                                              "Nothing was written. Close the snapshot first.").arg(m_path));
    if (!m_readOnly)
        return std::nullopt;
    return Error::unavailable(QCoreApplication::translate("Store", "%1 is open read-only, so nothing can be recorded in it. Open it "
                                             "without --read-only, from a folder you may write to.").arg(m_path));
}

std::optional<Error> SqliteStore::beginSnapshot()
{
    if (m_snapshotDepth == 0) {
        // A deferred BEGIN: the snapshot is taken by the first read that follows.
        const int code = sqlite3_exec(m_db, "BEGIN", nullptr, nullptr, nullptr);
        if (code != SQLITE_OK)
            return sqliteError(code, QCoreApplication::translate("Store", "starting a consistent read", "what the store was doing when it failed"));
    }
    ++m_snapshotDepth;
    return std::nullopt;
}

void SqliteStore::endSnapshot()
{
    if (m_snapshotDepth == 0 || --m_snapshotDepth > 0)
        return;
    // Nothing was written: ending a read transaction cannot fail for a reason to report,
    // and a ROLLBACK releases it whatever happened on the way.
    sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

Result<QString> SqliteStore::meta(const QString &key)
{
    auto s = cached("SELECT value FROM store_meta WHERE key = ?1");
    s->bind(1, key);
    const int code = s->step();
    if (code == SQLITE_ROW)
        return s->text(0);
    if (code == SQLITE_DONE)
        return QString();
    return sqliteError(code, QCoreApplication::translate("Store", "reading store_meta", "what the store was doing when it failed"));
}

Result<int> SqliteStore::keyRetentionHours()
{
    auto value = meta(QStringLiteral("key_retention_hours"));
    if (!value)
        return value.error();
    return keyRetentionFrom(*value);
}

Result<qint64> SqliteStore::dataVersion()
{
    auto s = cached("PRAGMA data_version");
    const int code = s->step();
    if (code != SQLITE_ROW)
        return sqliteError(code, QCoreApplication::translate("Store", "checking for changes", "what the store was doing when it failed"));
    return s->integer(0);
}

// ---- Diagnostics ----

void SqliteStore::recordStatement(const char *sql)
{
    // Trigger programs report themselves as "-- TRIGGER name": they are not statements.
    if (!sql || (sql[0] == '-' && sql[1] == '-'))
        return;
    std::string text(sql);
    if (m_recordedSeen.insert(text).second)
        m_recordedSql.push_back(std::move(text));
}

void SqliteStore::traceStatements(bool on)
{
    if (!on) {
        sqlite3_trace_v2(m_db, 0, nullptr, nullptr);
        return;
    }
    sqlite3_trace_v2(
        m_db, SQLITE_TRACE_STMT,
        [](unsigned, void *context, void *, void *sql) {
            static_cast<SqliteStore *>(context)->recordStatement(static_cast<const char *>(sql));
            return 0;
        },
        this);
}

void SqliteStore::setRecordingQueryPlans(bool on)
{
    m_recordingPlans = on;
    if (on) {
        m_recordedSql.clear();
        m_recordedSeen.clear();
    }
    traceStatements(on);
}

Result<std::vector<QueryPlan>> SqliteStore::recordedQueryPlans()
{
    // Explaining runs statements too: note none of them.
    traceStatements(false);
    std::vector<QueryPlan> plans;
    std::optional<Error> failure;
    for (const std::string &sql : m_recordedSql) {
        QueryPlan plan;
        plan.sql = QString::fromStdString(sql);
        SqliteStatement explain(m_db, ("EXPLAIN QUERY PLAN " + sql).c_str());
        std::unordered_map<qint64, int> depthOf; // step id -> depth
        int code;
        while ((code = explain.step()) == SQLITE_ROW) {
            const auto parent = depthOf.find(explain.integer(1));
            const int depth = parent == depthOf.end() ? 0 : parent->second + 1;
            depthOf[explain.integer(0)] = depth;
            plan.steps << QString(depth * 2, u' ') + explain.text(3);
        }
        if (code != SQLITE_DONE && !failure)
            failure = sqliteError(code, QCoreApplication::translate("Store", "explaining %1", "what the store was doing when it failed").arg(plan.sql));
        plans.push_back(std::move(plan));
    }
    traceStatements(m_recordingPlans);
    if (failure)
        return *failure;
    return plans;
}

// ---- The audit block: read-only queries, implemented in sqliteaudit.cpp ----

Result<std::vector<AuditEntry>> SqliteStore::auditPage(const AuditQuery &query, std::optional<qint64> afterId,
                                                       int limit)
{
    return SqliteAudit(m_db, m_path).page(query, afterId, limit);
}

Result<qint64> SqliteStore::auditCount(const AuditQuery &query)
{
    return SqliteAudit(m_db, m_path).count(query);
}

Result<std::vector<AuditTotal>> SqliteStore::auditTotals(const AuditQuery &query)
{
    return SqliteAudit(m_db, m_path).totals(query);
}

Result<QStringList> SqliteStore::auditOperators()
{
    return SqliteAudit(m_db, m_path).operators();
}

Result<std::vector<ExposureChange>> SqliteStore::exposureChanges()
{
    return SqliteAudit(m_db, m_path).exposureChanges();
}

Result<std::vector<DailyDecisions>> SqliteStore::decisionsByDay()
{
    return SqliteAudit(m_db, m_path).decisionsByDay();
}

Result<std::vector<InvariantViolation>> SqliteStore::checkInvariants()
{
    return SqliteAudit(m_db, m_path).checkInvariants();
}

Result<std::unique_ptr<Store>> SqliteStore::openFile(const QString &path, Store::OpenMode mode)
{
    const QFileInfo info(path);
    if (!info.exists())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 does not exist. Nothing was created. Check the path, or create "
                                                 "an empty store with 'refund-desk init --db %1'.").arg(path));
    if (info.isDir())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 is a folder, not a store. Name the store file inside it.")
                                      .arg(path));
    // SQLite would take an empty file for an empty database; it is no store either.
    if (info.size() == 0 && !QFileInfo::exists(path + QStringLiteral("-wal")))
        return Error::unavailable(QCoreApplication::translate("Store", "%1 is empty (0 bytes), not a Refund Desk store. Open the store "
                                                 "file the refund tool writes, or create one with 'refund-desk init "
                                                 "--db PATH'.").arg(path));

    // Read-only flags, the fall-back to read-only for a store the user may not write, and
    // the immutable open of a WAL store on a read-only medium: see SqliteOpener.
    auto connection = SqliteOpener::open(path, mode);
    if (!connection)
        return connection.error();
    const QString openNote = connection->note();
    const bool openedReadOnly = connection->isReadOnly();
    const Freshness freshness = connection->freshness();
    sqlite3 *db = connection->release();
    sqlite3_busy_timeout(db, BusyTimeoutMs);
    sqlite3_extended_result_codes(db, 1);
    // Nothing in the product: a test build's full disk.
    if (const int maxPages = StoreFaults::injected().maxPageCount; maxPages > 0) {
        const QByteArray pragma = "PRAGMA max_page_count = " + QByteArray::number(maxPages);
        sqlite3_exec(db, pragma.constData(), nullptr, nullptr, nullptr);
    }

    int schemaVersion = 0;
    const QString problem = checkSchema(db, path, nullptr, &schemaVersion);
    if (!problem.isEmpty()) {
        sqlite3_close_v2(db);
        return Error::unavailable(problem);
    }
    const bool readOnly = openedReadOnly || sqlite3_db_readonly(db, "main") == 1;
    return std::unique_ptr<Store>(
        std::make_unique<SqliteStore>(db, path, readOnly, openNote, freshness, schemaVersion));
}

Result<std::unique_ptr<Store>> SqliteStore::createFile(const QString &path)
{
    if (QFileInfo::exists(path))
        return Error::unavailable(QCoreApplication::translate("Store", "%1 already exists. Refund Desk never overwrites a file; "
                                                 "choose a new path.").arg(path));
    sqlite3 *db = nullptr;
    const int code = sqlite3_open_v2(QFile::encodeName(path).constData(), &db,
                                     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (code != SQLITE_OK) {
        Error error = SqliteStore::errorFor(db, code, path, QCoreApplication::translate("Store", "creating the store", "what the store was doing when it failed"));
        sqlite3_close_v2(db);
        return error;
    }
    const QString problem = applySchema(db);
    sqlite3_close_v2(db);
    if (!problem.isEmpty()) {
        QFile::remove(path);
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be created: %2").arg(path, problem));
    }
    return openFile(path, Store::OpenMode::ReadWrite);
}

std::shared_ptr<StoreCanceller> SqliteStore::canceller()
{
    return m_interrupter;
}

} // namespace Internal

} // namespace RefundDesk
