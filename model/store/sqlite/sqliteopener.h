#pragma once

#include "domain/result.h"
#include "store/store.h"

#include <QString>

struct sqlite3;

namespace RefundDesk::Internal {

// An open sqlite3 connection and how it was opened. Closes the connection unless
// release() hands it over.
class SqliteConnection final
{
public:
    SqliteConnection(sqlite3 *db, bool readOnly, const QString &note,
                     Store::Freshness freshness = Store::Freshness::Live);
    SqliteConnection(SqliteConnection &&other) noexcept;
    SqliteConnection &operator=(SqliteConnection &&other) noexcept;
    SqliteConnection(const SqliteConnection &) = delete;
    SqliteConnection &operator=(const SqliteConnection &) = delete;
    ~SqliteConnection();

    bool isReadOnly() const { return m_readOnly; }
    // What the status bar should say about the way the store was opened; may be empty.
    const QString &note() const { return m_note; }
    // Snapshot when opened immutable (see Store::freshness).
    Store::Freshness freshness() const { return m_freshness; }

    sqlite3 *release();

private:
    sqlite3 *m_db = nullptr;
    bool m_readOnly = false;
    QString m_note;
    Store::Freshness m_freshness = Store::Freshness::Live;
};

// Decides how to open an existing store file so that a read-only open never creates or
// changes a file:
// - ReadWrite opens read-write when the user may write the file, its folder (or the
//   existing -wal and -shm files); otherwise it falls back to read-only and says why.
// - Read-only opens use SQLITE_OPEN_READONLY. A WAL-mode store whose -wal and -shm files
//   are not both present would make SQLite create them, and in a folder nobody may write
//   it cannot read at all; such a store opens immutable (a snapshot: no locks, no files),
//   and the note says so.
class SqliteOpener final
{
public:
    static Result<SqliteConnection> open(const QString &path, Store::OpenMode mode);
};

} // namespace RefundDesk::Internal
