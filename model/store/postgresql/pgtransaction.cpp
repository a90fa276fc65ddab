#include "store/postgresql/pgtransaction.h"

#include "store/postgresql/pgconnection.h"

namespace RefundDesk::Internal {

PgTransaction::PgTransaction(PgConnection &connection, const QByteArray &begin)
    : m_connection(connection)
    , m_begin(connection.execText(begin))
    , m_active(m_begin.isOk())
{
}

PgTransaction::~PgTransaction()
{
    // Nothing of an unfinished transaction is kept; on a lost connection the server has
    // rolled it back already.
    if (m_active && m_connection.isConnected())
        PgResult(m_connection.execText("ROLLBACK"));
}

PgResult PgTransaction::commit()
{
    PgResult result = m_connection.execText("COMMIT");
    m_active = false;
    return result;
}

} // namespace RefundDesk::Internal
