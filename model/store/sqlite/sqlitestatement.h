#pragma once

#include <QString>
#include <QVariant>

#include <optional>

struct sqlite3;
struct sqlite3_stmt;

namespace RefundDesk::Internal {

// RAII over one prepared sqlite3 statement. Text is bound and read as UTF-8; a null
// QString binds NULL and a NULL column reads as a null QString.
class SqliteStatement final
{
public:
    SqliteStatement(sqlite3 *db, const char *sql);
    ~SqliteStatement();
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    bool isValid() const { return m_stmt != nullptr; }
    int prepareCode() const { return m_prepareCode; }

    SqliteStatement &bind(int index, const QString &value);
    SqliteStatement &bind(int index, qint64 value);
    SqliteStatement &bind(int index, int value) { return bind(index, qint64(value)); }
    SqliteStatement &bind(int index, std::optional<qint64> value);
    SqliteStatement &bind(int index, const QVariant &value);
    SqliteStatement &bindNull(int index);
    SqliteStatement &bindUtf8(int index, const QByteArray &utf8);

    // SQLITE_ROW, SQLITE_DONE or an error code.
    int step();
    void reset();

    QString text(int column) const;
    QByteArray bytes(int column) const; // the raw stored text
    qint64 integer(int column) const;
    std::optional<qint64> optionalInteger(int column) const;
    bool isNull(int column) const;
    QVariant value(int column) const;

private:
    sqlite3 *m_db = nullptr;
    sqlite3_stmt *m_stmt = nullptr;
    int m_prepareCode = 0;
};

// A borrowed, cached statement that is reset when the borrower is done, so that no
// half-read statement keeps a read transaction (and an old snapshot) open.
class ScopedStatement final
{
public:
    explicit ScopedStatement(SqliteStatement &statement) : m_statement(&statement) {}
    ~ScopedStatement() { m_statement->reset(); }
    ScopedStatement(const ScopedStatement &) = delete;
    ScopedStatement &operator=(const ScopedStatement &) = delete;

    SqliteStatement *operator->() const { return m_statement; }
    SqliteStatement &operator*() const { return *m_statement; }

private:
    SqliteStatement *m_statement;
};

// RAII over a transaction: rolls back unless commit() succeeded.
class SqliteTransaction final
{
public:
    enum class Kind { Deferred, Immediate };
    explicit SqliteTransaction(sqlite3 *db, Kind kind = Kind::Immediate);
    ~SqliteTransaction();
    SqliteTransaction(const SqliteTransaction &) = delete;
    SqliteTransaction &operator=(const SqliteTransaction &) = delete;

    int beginCode() const { return m_beginCode; }
    bool isActive() const { return m_active; }
    int commit();

private:
    sqlite3 *m_db = nullptr;
    int m_beginCode = 0;
    bool m_active = false;
};

} // namespace RefundDesk::Internal
