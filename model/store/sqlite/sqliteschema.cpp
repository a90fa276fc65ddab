#include "store/sqlite/sqliteschema.h"

#include "store/sqlite/sqlitestatement.h"

#include <QCoreApplication>
#include <QFile>

#include <sqlite3.h>

#include <cerrno>

namespace RefundDesk::Internal {

namespace {

QString lastError(sqlite3 *db)
{
    return QString::fromUtf8(sqlite3_errmsg(db));
}

quint32 bigEndian32(const unsigned char *bytes)
{
    return quint32(bytes[0]) << 24 | quint32(bytes[1]) << 16 | quint32(bytes[2]) << 8 | quint32(bytes[3]);
}

// Why the first reads of a store failed, in words a person can act on: a full disk, a file
// cut short (an interrupted copy), other damage, or SQLite's own words.
QString unreadable(sqlite3 *db, const QString &path, int code)
{
    if (sqlite3_system_errno(db) == ENOSPC)
        return QCoreApplication::translate("Store", "The disk holding %1 is full: SQLite cannot set up the files it needs beside the "
                              "store. Nothing was written. Free some space and try again.").arg(path);
    if ((code & 0xff) != SQLITE_CORRUPT)
        return QCoreApplication::translate("Store", "%1 could not be read: %2.").arg(path, lastError(db));
    sqlite3_file *file = nullptr;
    unsigned char header[100] = {};
    sqlite3_int64 size = 0;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK && file && file->pMethods
        && file->pMethods->xRead(file, header, sizeof header, 0) == SQLITE_OK
        && file->pMethods->xFileSize(file, &size) == SQLITE_OK) {
        const qint64 pageSize = header[16] == 0 && header[17] == 1 ? 65536 : (header[16] << 8 | header[17]);
        // The page count is valid while the change counter matches "version valid for".
        const bool countValid = bigEndian32(header + 24) == bigEndian32(header + 92);
        const qint64 expected = qint64(bigEndian32(header + 28)) * pageSize;
        if (countValid && expected > size)
            return QCoreApplication::translate("Store", "%1 is cut short: it holds %2 of the %3 bytes its header counts, as an "
                                  "interrupted copy or download leaves a file. Copy it again or restore it from a "
                                  "backup; Refund Desk will not write to it.").arg(path).arg(size).arg(expected);
    }
    return QCoreApplication::translate("Store", "%1 is damaged (%2). Restore it from a backup; Refund Desk will not write to it.")
        .arg(path, lastError(db));
}

} // namespace

QString applySchema(sqlite3 *db)
{
    QFile file(QStringLiteral(":/refunddesk/schema.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("Store", "the schema resource is missing from this build");
    const QByteArray schema = file.readAll();

    // The journal mode cannot change inside a transaction.
    if (sqlite3_exec(db, "PRAGMA journal_mode=WAL", nullptr, nullptr, nullptr) != SQLITE_OK)
        return lastError(db);
    SqliteTransaction transaction(db);
    if (!transaction.isActive())
        return lastError(db);
    if (sqlite3_exec(db, schema.constData(), nullptr, nullptr, nullptr) != SQLITE_OK)
        return lastError(db);
    if (transaction.commit() != SQLITE_OK)
        return lastError(db);
    return {};
}

QString upgradeSchema(sqlite3 *db, int *versionBefore)
{
    QFile file(QStringLiteral(":/refunddesk/schema.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("Store", "the schema resource is missing from this build");
    const QByteArray schema = file.readAll();

    SqliteTransaction transaction(db);
    if (!transaction.isActive())
        return lastError(db);
    // Read under the write lock: of two upgrades at once, the second finds the current version.
    SqliteStatement version(db, "PRAGMA user_version");
    if (version.step() != SQLITE_ROW)
        return lastError(db);
    *versionBefore = int(version.integer(0));
    version.reset();
    if (*versionBefore < OldestSchemaVersion || *versionBefore >= CurrentSchemaVersion)
        return {};
    // From the part of the version after the store's to the end: every later part at once.
    const QByteArray upgrade = schemaUpgradeText(schema, *versionBefore + 1);
    if (upgrade.isEmpty())
        return QCoreApplication::translate("Store", "the schema resource of this build has no version %1 part").arg(*versionBefore + 1);
    if (sqlite3_exec(db, upgrade.constData(), nullptr, nullptr, nullptr) != SQLITE_OK)
        return lastError(db);
    if (transaction.commit() != SQLITE_OK)
        return lastError(db);
    return {};
}

QString missingIndexes(sqlite3 *db, int version, std::vector<SchemaIndex> *missing)
{
    QFile file(QStringLiteral(":/refunddesk/schema.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("Store", "the schema resource is missing from this build");
    SqliteStatement exists(db, "SELECT 1 FROM sqlite_schema WHERE type = 'index' AND name = ?1");
    for (SchemaIndex &index : schemaIndexes(file.readAll(), version)) {
        exists.bind(1, index.name);
        const int code = exists.step();
        exists.reset();
        if (code == SQLITE_DONE)
            missing->push_back(std::move(index));
        else if (code != SQLITE_ROW)
            return lastError(db);
    }
    return {};
}

QString checkSchema(sqlite3 *db, const QString &path, bool *isNewer, int *schemaVersion)
{
    if (isNewer)
        *isNewer = false;
    // Reading the header is the first real I/O: it tells SQLite files from other files.
    SqliteStatement version(db, "PRAGMA user_version");
    const int step = version.step();
    if (step == SQLITE_NOTADB)
        return QCoreApplication::translate("Store", "%1 is not a Refund Desk store: it is not an SQLite database. "
                              "Open the store file the refund tool writes, or create one with "
                              "'refund-desk init --db PATH'.").arg(path);
    if (step != SQLITE_ROW)
        return unreadable(db, path, step);
    const qint64 userVersion = version.integer(0);

    SqliteStatement tables(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN "
                               "('store_meta', 'refund_ops', 'refund_attempts', 'webhook_events', 'resolutions', "
                               "'operation_notes', 'provider_lookups', 'provider_bodies')");
    if (const int code = tables.step(); code != SQLITE_ROW)
        return unreadable(db, path, code);
    const qint64 tableCount = tables.integer(0);

    if (userVersion > CurrentSchemaVersion) {
        if (isNewer)
            *isNewer = true;
        return QCoreApplication::translate("Store", "%1 has store schema version %2, newer than this Refund Desk understands "
                              "(version %3). Update Refund Desk to open it.")
            .arg(path).arg(userVersion).arg(CurrentSchemaVersion);
    }
    const int expected = storeTableCount(int(userVersion));
    if (userVersion < OldestSchemaVersion || tableCount != expected)
        return QCoreApplication::translate("Store", "%1 is an SQLite database but not a Refund Desk store (schema version %2, "
                              "%3 of the %4 store tables). Check that you picked the right file.")
            .arg(path).arg(userVersion).arg(tableCount).arg(expected);
    if (schemaVersion)
        *schemaVersion = int(userVersion);
    return {};
}

} // namespace RefundDesk::Internal
