#include "store/sqlite/sqlitestatement.h"

#include "store/storedtext.h"

#include <sqlite3.h>

namespace RefundDesk::Internal {

SqliteStatement::SqliteStatement(sqlite3 *db, const char *sql)
    : m_db(db)
{
    m_prepareCode = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr);
    if (m_prepareCode != SQLITE_OK) {
        sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
    }
}

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_stmt);
}

SqliteStatement &SqliteStatement::bind(int index, const QString &value)
{
    if (value.isNull())
        return bindNull(index);
    const QByteArray utf8 = value.toUtf8();
    sqlite3_bind_text(m_stmt, index, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
    return *this;
}

SqliteStatement &SqliteStatement::bind(int index, qint64 value)
{
    sqlite3_bind_int64(m_stmt, index, value);
    return *this;
}

SqliteStatement &SqliteStatement::bind(int index, std::optional<qint64> value)
{
    return value ? bind(index, *value) : bindNull(index);
}

SqliteStatement &SqliteStatement::bind(int index, const QVariant &value)
{
    switch (value.typeId()) {
    case QMetaType::LongLong:
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::ULongLong:
        return bind(index, value.toLongLong());
    default:
        if (value.isNull())
            return bindNull(index);
        return bind(index, value.toString());
    }
}

SqliteStatement &SqliteStatement::bindNull(int index)
{
    sqlite3_bind_null(m_stmt, index);
    return *this;
}

SqliteStatement &SqliteStatement::bindUtf8(int index, const QByteArray &utf8)
{
    sqlite3_bind_text(m_stmt, index, utf8.constData(), int(utf8.size()), SQLITE_TRANSIENT);
    return *this;
}

int SqliteStatement::step()
{
    return m_stmt ? sqlite3_step(m_stmt) : m_prepareCode;
}

void SqliteStatement::reset()
{
    if (!m_stmt)
        return;
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
}

QString SqliteStatement::text(int column) const
{
    if (sqlite3_column_type(m_stmt, column) == SQLITE_NULL)
        return {};
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    const int size = sqlite3_column_bytes(m_stmt, column);
    return storedText(data, size);
}

QByteArray SqliteStatement::bytes(int column) const
{
    const auto *data = reinterpret_cast<const char *>(sqlite3_column_text(m_stmt, column));
    return QByteArray(data, sqlite3_column_bytes(m_stmt, column));
}

qint64 SqliteStatement::integer(int column) const
{
    return sqlite3_column_int64(m_stmt, column);
}

std::optional<qint64> SqliteStatement::optionalInteger(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return integer(column);
}

bool SqliteStatement::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

QVariant SqliteStatement::value(int column) const
{
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_INTEGER: return QVariant(qint64(sqlite3_column_int64(m_stmt, column)));
    case SQLITE_FLOAT: return QVariant(sqlite3_column_double(m_stmt, column));
    case SQLITE_NULL: return {};
    default: return QVariant(text(column));
    }
}

SqliteTransaction::SqliteTransaction(sqlite3 *db, Kind kind)
    : m_db(db)
{
    m_beginCode = sqlite3_exec(db, kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN",
                               nullptr, nullptr, nullptr);
    m_active = m_beginCode == SQLITE_OK;
}

SqliteTransaction::~SqliteTransaction()
{
    if (m_active)
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

int SqliteTransaction::commit()
{
    const int code = sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr);
    if (code == SQLITE_OK)
        m_active = false;
    return code;
}

} // namespace RefundDesk::Internal
