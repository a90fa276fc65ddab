#include "store/sqliteschema.h"

#include "store/sqlitestatement.h"

#include <QFile>

#include <sqlite3.h>

namespace RefundDesk::Internal {

namespace {

QString lastError(sqlite3 *db)
{
    return QString::fromUtf8(sqlite3_errmsg(db));
}

} // namespace

QString applySchema(sqlite3 *db)
{
    QFile file(QStringLiteral(":/refunddesk/schema.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("the schema resource is missing from this build");
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

QString checkSchema(sqlite3 *db, const QString &path, bool *isNewer)
{
    if (isNewer)
        *isNewer = false;
    // Reading the header is the first real I/O: it tells SQLite files from other files.
    SqliteStatement version(db, "PRAGMA user_version");
    const int step = version.step();
    if (step == SQLITE_NOTADB)
        return QStringLiteral("%1 is not a Refund Desk store: it is not an SQLite database. "
                              "Open the store file the refund tool writes, or create one with "
                              "'refund-desk init --db PATH'.").arg(path);
    if (step != SQLITE_ROW)
        return QStringLiteral("%1 could not be read: %2.").arg(path, lastError(db));
    const qint64 userVersion = version.integer(0);

    SqliteStatement tables(db, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN "
                               "('store_meta', 'refund_ops', 'refund_attempts', 'webhook_events', 'resolutions')");
    if (tables.step() != SQLITE_ROW)
        return QStringLiteral("%1 could not be read: %2.").arg(path, lastError(db));
    const qint64 tableCount = tables.integer(0);

    if (userVersion > CurrentSchemaVersion) {
        if (isNewer)
            *isNewer = true;
        return QStringLiteral("%1 has store schema version %2, newer than this Refund Desk understands "
                              "(version %3). Update Refund Desk to open it.")
            .arg(path).arg(userVersion).arg(CurrentSchemaVersion);
    }
    if (userVersion != CurrentSchemaVersion || tableCount != 5)
        return QStringLiteral("%1 is an SQLite database but not a Refund Desk store (schema version %2, "
                              "%3 of the 5 store tables). Check that you picked the right file.")
            .arg(path).arg(userVersion).arg(tableCount);
    return {};
}

} // namespace RefundDesk::Internal
