#include "store/postgresql/pgchangepoll.h"

#include "store/postgresql/pgconnection.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

Result<bool> PgChangePoll::poll(PgConnection &connection)
{
    if (m_sinceRead.isValid() && m_sinceRead.elapsed() < PollIntervalMs - EarlyLookMs)
        return false;
    const PgResult result = connection.exec("SELECT pg_current_wal_lsn()::text");
    if (!result.isOk() || result.rows() != 1)
        return connection.errorFor(result, QCoreApplication::translate("Store", "looking for changes",
                                                                       "what the store was doing when it failed"));
    const bool first = !m_sinceRead.isValid();
    m_sinceRead.start();
    const QString position = result.text(0, 0);
    const bool moved = !first && position != m_position;
    m_position = position;
    return moved;
}

} // namespace RefundDesk::Internal
