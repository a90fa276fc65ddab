#include "store/sqlite/sqliteopener.h"

#include "store/sqlite/sqlitestatement.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QUrl>

#include <sqlite3.h>

#include <cerrno>
#include <utility>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace RefundDesk::Internal {

namespace {

constexpr int ProbeBusyTimeoutMs = 5000;

// What lies on disk: the store's journal mode and its -wal and -shm files, found out before
// any read starts (a read is what makes SQLite create those files).
struct StoreFiles
{
    bool walMode = false; // the header's read and write versions are 2
    bool walExists = false;
    bool shmExists = false;
    qint64 walSize = 0;
};

// The file's first 100 bytes, read through SQLite's own file layer without starting a
// read (so no -wal or -shm is opened or created). Not with QFile: closing any descriptor
// of the file drops every POSIX lock this process holds on it, those of other open
// connections to the same store included, and a writer elsewhere could then checkpoint
// and delete the WAL under them (SQLite's "How To Corrupt", 2.2). SQLite keeps such a
// descriptor open until the process's other connections are done with the file.
QByteArray readHeader(const QString &path)
{
    QByteArray header;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
                        nullptr) == SQLITE_OK) {
        sqlite3_file *file = nullptr;
        if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK && file
            && file->pMethods) {
            header.resize(100);
            const int code = file->pMethods->xRead(file, header.data(), int(header.size()), 0);
            if (code != SQLITE_OK && code != SQLITE_IOERR_SHORT_READ) // a short file reads zero-filled
                header.clear();
        }
    }
    sqlite3_close_v2(db);
    return header;
}

StoreFiles inspect(const QString &path)
{
    StoreFiles files;
    const QByteArray header = readHeader(path);
    files.walMode = header.size() >= 20 && header.startsWith(QByteArrayLiteral("SQLite format 3\0"))
                    && header.at(18) == 2 && header.at(19) == 2;
    const QFileInfo wal(path + QStringLiteral("-wal"));
    files.walExists = wal.exists();
    files.walSize = files.walExists ? wal.size() : 0;
    files.shmExists = QFileInfo::exists(path + QStringLiteral("-shm"));
    return files;
}

QString sqliteMessage(sqlite3 *db, int code)
{
    return db ? QString::fromUtf8(sqlite3_errmsg(db)) : QString::fromUtf8(sqlite3_errstr(code));
}

Error openError(sqlite3 *db, int code, const QString &path)
{
    return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be opened (%2). Check the file and its permissions.")
                                  .arg(path, sqliteMessage(db, code)));
}

// The first real read: the header and the schema, through the WAL if there is one.
int probe(sqlite3 *db)
{
    SqliteStatement statement(db, "SELECT count(*) FROM sqlite_schema");
    return statement.step();
}

bool isReadOnlyKindOfFailure(int code)
{
    switch (code & 0xff) {
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_IOERR:
    case SQLITE_PERM:
        return true;
    default:
        return false;
    }
}

Result<SqliteConnection> openImmutable(const QString &path, const StoreFiles &files, const QString &why,
                                       const QString &downgradeNote)
{
    // immutable=1 needs a URI; QUrl percent-encodes '?', '#', '%' and non-ASCII bytes the
    // way SQLite decodes them.
    const QByteArray uri = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath()).toEncoded()
                           + QByteArrayLiteral("?immutable=1");
    sqlite3 *db = nullptr;
    const int code = sqlite3_open_v2(uri.constData(), &db,
                                     SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nullptr);
    if (code != SQLITE_OK) {
        Error error = openError(db, code, path);
        sqlite3_close_v2(db);
        return error;
    }
    QString note = QCoreApplication::translate("Store", "Read-only snapshot: %1, so the store was opened immutable; "
                                  "changes made after opening will not show.").arg(why);
    if (!downgradeNote.isEmpty())
        note = downgradeNote + u' ' + note;
    Store::Freshness freshness = Store::Freshness::Snapshot;
    if (files.walExists && files.walSize > 0) {
        note += u' ' + QCoreApplication::translate("Store", "Its -wal file holds %1 of recent changes a snapshot cannot read: they are "
                               "not shown. For a complete copy, copy the store with "
                               "sqlite3 STORE \".backup COPY\".")
                    .arg(QLocale::c().formattedDataSize(files.walSize));
        freshness = Store::Freshness::IncompleteSnapshot;
    }
    return SqliteConnection(db, true, note, freshness);
}

Result<SqliteConnection> openReadOnly(const QString &path, const StoreFiles &files, const QString &downgradeNote)
{
    if (files.walMode && !(files.walExists && files.shmExists)) {
        const bool folderWritable = QFileInfo(QFileInfo(path).absolutePath()).isWritable();
        const QString why = folderWritable
                                ? QCoreApplication::translate("Store", "a WAL store without its -shm file would make SQLite create one, "
                                                 "and a read-only open creates no file")
                                : QCoreApplication::translate("Store", "the folder is read-only and lacks the store's -shm file");
        return openImmutable(path, files, why, downgradeNote);
    }

    sqlite3 *db = nullptr;
    int code = sqlite3_open_v2(QFile::encodeName(path).constData(), &db,
                               SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
    if (code != SQLITE_OK) {
        Error error = openError(db, code, path);
        sqlite3_close_v2(db);
        return error;
    }
    sqlite3_busy_timeout(db, ProbeBusyTimeoutMs);
    code = probe(db);
    if (code == SQLITE_ROW)
        return SqliteConnection(db, true, downgradeNote);
    sqlite3_close_v2(db);
    if (isReadOnlyKindOfFailure(code))
        return openImmutable(path, files, QCoreApplication::translate("Store", "SQLite could not share the store's -wal and -shm files "
                                                         "(%1)").arg(QString::fromUtf8(sqlite3_errstr(code))),
                             downgradeNote);
    // Not a database, damaged, ...: open it plainly and let the schema check say what it is.
    db = nullptr;
    code = sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX,
                           nullptr);
    if (code != SQLITE_OK) {
        Error error = openError(db, code, path);
        sqlite3_close_v2(db);
        return error;
    }
    return SqliteConnection(db, true, downgradeNote);
}

// Whether `path` exists and the user may not write it, asked in one question to the
// system. The -wal and -shm files come and go: the store's last user deletes them as it
// closes, at any moment. Asked in two steps (does it exist? may I write it?), a file
// deleted in between would pass for one the user may not write, and a writer racing its
// colleagues would open the store read-only and exit 3 instead of learning who won.
bool existsReadOnly(const QString &path)
{
#ifdef Q_OS_UNIX
    // access(2) takes read-only mounts, ACLs and the administrator's bypass into account.
    return ::access(QFile::encodeName(path).constData(), W_OK) != 0 && errno != ENOENT;
#else
    const QFileInfo file(path);
    return !file.isWritable() && file.exists();
#endif
}

// Why the user may not write the store at `path` (file, folder, -wal or -shm), or an
// empty string when nothing stands in the way.
QString whyNotWritable(const QString &path, const StoreFiles &files)
{
    // QFileInfo asks the system (access(2) on Unix), so read-only mounts, ACLs and the
    // administrator's bypass are all taken into account.
    const QFileInfo file(path);
    if (!file.isWritable())
        return QCoreApplication::translate("Store", "the file is read-only for you");
    const QFileInfo wal(path + QStringLiteral("-wal"));
    const QFileInfo shm(path + QStringLiteral("-shm"));
    if (existsReadOnly(wal.filePath()))
        return QCoreApplication::translate("Store", "its -wal file is read-only for you");
    if (existsReadOnly(shm.filePath()))
        return QCoreApplication::translate("Store", "its -shm file is read-only for you");
    // Writing creates journal files beside the store unless a WAL store already has both.
    const bool journalFilesPresent = files.walMode && wal.exists() && shm.exists();
    if (!journalFilesPresent && !QFileInfo(file.absolutePath()).isWritable())
        return QCoreApplication::translate("Store", "its folder is read-only for you, and writing needs files beside the store");
    return {};
}

} // namespace

SqliteConnection::SqliteConnection(sqlite3 *db, bool readOnly, const QString &note, Store::Freshness freshness)
    : m_db(db)
    , m_readOnly(readOnly)
    , m_note(note)
    , m_freshness(freshness)
{
}

SqliteConnection::SqliteConnection(SqliteConnection &&other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_readOnly(other.m_readOnly)
    , m_note(std::move(other.m_note))
    , m_freshness(other.m_freshness)
{
}

SqliteConnection &SqliteConnection::operator=(SqliteConnection &&other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(m_db);
        m_db = std::exchange(other.m_db, nullptr);
        m_readOnly = other.m_readOnly;
        m_note = std::move(other.m_note);
        m_freshness = other.m_freshness;
    }
    return *this;
}

SqliteConnection::~SqliteConnection()
{
    sqlite3_close_v2(m_db);
}

sqlite3 *SqliteConnection::release()
{
    return std::exchange(m_db, nullptr);
}

Result<SqliteConnection> SqliteOpener::open(const QString &path, Store::OpenMode mode)
{
    if (!QFileInfo(path).isReadable())
        return Error::unavailable(QCoreApplication::translate("Store", "You may not read %1. Ask its owner for read access, or work on "
                                                 "a copy you may read.").arg(path));
    const StoreFiles files = inspect(path);
    if (mode == Store::OpenMode::ReadOnly)
        return openReadOnly(path, files, QString());

    QString why = whyNotWritable(path, files);
    if (why.isEmpty()) {
        sqlite3 *db = nullptr;
        const int code = sqlite3_open_v2(QFile::encodeName(path).constData(), &db,
                                         SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr);
        if (code != SQLITE_OK) {
            Error error = openError(db, code, path);
            sqlite3_close_v2(db);
            return error;
        }
        if (sqlite3_db_readonly(db, "main") != 1)
            return SqliteConnection(db, false, QString());
        sqlite3_close_v2(db);
        why = QCoreApplication::translate("Store", "SQLite could open it for reading only");
    }
    return openReadOnly(path, files, QCoreApplication::translate("Store", "Opened read-only: you may not write this store (%1).").arg(why));
}

} // namespace RefundDesk::Internal
