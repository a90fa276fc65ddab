#include "store/postgresql/pgcanceller.h"

#include <libpq-fe.h>

namespace RefundDesk::Internal {

PgCanceller::~PgCanceller()
{
    close();
}

void PgCanceller::reset(pg_conn *conn)
{
    pg_cancel *made = conn ? PQgetCancel(conn) : nullptr;
    std::lock_guard lock(m_mutex);
    if (m_cancel)
        PQfreeCancel(m_cancel);
    m_cancel = made;
}

void PgCanceller::cancel()
{
    std::lock_guard lock(m_mutex);
    if (!m_cancel)
        return;
    // A request that does not reach the server changes nothing: the statement then ends
    // as it would have, and the caller has nothing more to try.
    char message[256];
    PQcancel(m_cancel, message, int(sizeof message));
}

} // namespace RefundDesk::Internal
