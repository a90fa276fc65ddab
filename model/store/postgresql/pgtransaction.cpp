#include "store/postgresql/pgtransaction.h"

#include "store/postgresql/pgconnection.h"

namespace RefundDesk::Internal {

PgTransaction::PgTransaction(PgConnection &connection, const QByteArray &begin)
    : m_connection(connection)
    , m_beginTicket(connection.sendWithNext(begin))
    , m_settingsTicket(connection.sendWithNext(connection.transactionSettings()))
{
}

PgTransaction::~PgTransaction()
{
    if (!m_active)
        return;
    // A BEGIN never sent needs no end. Otherwise nothing of an unfinished transaction is
    // kept, at once (it may hold row locks); on a lost connection the server has rolled
    // it back already.
    if (m_connection.withdraw(m_beginTicket)) {
        m_connection.withdraw(m_settingsTicket);
        return;
    }
    if (m_connection.isConnected() && m_connection.inTransaction()) {
        PgBatch rollback;
        rollback.addControl("ROLLBACK");
        m_connection.execAll(rollback);
    }
}

PgResult PgTransaction::commit()
{
    return commitWith({}).back();
}

std::vector<PgResult> PgTransaction::commitWith(PgBatch batch)
{
    batch.addControl("COMMIT");
    std::vector<PgResult> answers = m_connection.execAll(batch);
    // After a failure the transaction is still open, aborted: the destructor ends it.
    m_active = m_connection.isConnected() && m_connection.inTransaction();
    return answers;
}

} // namespace RefundDesk::Internal
