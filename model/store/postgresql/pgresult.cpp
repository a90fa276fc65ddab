#include "store/postgresql/pgresult.h"

#include "store/storedtext.h"

#include <libpq-fe.h>

#include <QCoreApplication>

namespace RefundDesk::Internal {

PgResult::PgResult(pg_result *result)
{
    if (result)
        m_result.reset(result, PQclear);
}

bool PgResult::wasSkipped() const
{
    return m_result && PQresultStatus(m_result.get()) == PGRES_PIPELINE_ABORTED;
}

bool PgResult::isOk() const
{
    if (!m_result)
        return false;
    switch (PQresultStatus(m_result.get())) {
    case PGRES_COMMAND_OK:
    case PGRES_TUPLES_OK:
    case PGRES_COPY_IN:
    case PGRES_PIPELINE_SYNC: // the end of a unit of a pipeline
        return true;
    default:
        return false;
    }
}

QByteArray PgResult::sqlState() const
{
    if (!m_result)
        return {};
    return QByteArray(PQresultErrorField(m_result.get(), PG_DIAG_SQLSTATE));
}

QString PgResult::errorMessage() const
{
    if (!m_result)
        return QCoreApplication::translate("Store", "no answer from the server");
    if (const char *primary = PQresultErrorField(m_result.get(), PG_DIAG_MESSAGE_PRIMARY))
        return QString::fromUtf8(primary);
    return QString::fromUtf8(PQresultErrorMessage(m_result.get())).trimmed();
}

int PgResult::rows() const
{
    return m_result ? PQntuples(m_result.get()) : 0;
}

qint64 PgResult::affectedRows() const
{
    return m_result ? QByteArray(PQcmdTuples(m_result.get())).toLongLong() : 0;
}

bool PgResult::isNull(int row, int column) const
{
    return PQgetisnull(m_result.get(), row, column) == 1;
}

QString PgResult::text(int row, int column) const
{
    if (isNull(row, column))
        return QString();
    return storedText(PQgetvalue(m_result.get(), row, column), PQgetlength(m_result.get(), row, column));
}

QByteArray PgResult::bytes(int row, int column) const
{
    if (isNull(row, column))
        return QByteArray();
    return QByteArray(PQgetvalue(m_result.get(), row, column), PQgetlength(m_result.get(), row, column));
}

qint64 PgResult::integer(int row, int column) const
{
    return isNull(row, column) ? 0 : QByteArray(PQgetvalue(m_result.get(), row, column)).toLongLong();
}

std::optional<qint64> PgResult::optionalInteger(int row, int column) const
{
    if (isNull(row, column))
        return std::nullopt;
    return integer(row, column);
}

bool PgResult::boolean(int row, int column) const
{
    return !isNull(row, column) && PQgetvalue(m_result.get(), row, column)[0] == 't';
}

} // namespace RefundDesk::Internal
