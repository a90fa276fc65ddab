#pragma once

#include "store/postgresql/pgbatch.h"
#include "store/postgresql/pgresult.h"

#include <QByteArray>

#include <vector>

namespace RefundDesk::Internal {

class PgConnection;

// One transaction for the life of a scope, rolled back by the destructor unless a commit
// took. The RAII guard of every PostgreSQL write. Its BEGIN costs no round trip of its
// own: it travels with the transaction's first statements (and, when BEGIN fails, their
// answers say why). Likewise commitWith() sends the last statements and the COMMIT in one
// pipeline.
class PgTransaction final
{
public:
    // `begin` is the BEGIN statement, e.g. with an isolation level.
    explicit PgTransaction(PgConnection &connection, const QByteArray &begin = "BEGIN");
    ~PgTransaction();
    PgTransaction(const PgTransaction &) = delete;
    PgTransaction &operator=(const PgTransaction &) = delete;

    bool isActive() const { return m_active; }
    // COMMIT; the result says whether it took.
    PgResult commit();
    // `batch` and then COMMIT, in one pipeline: the answers of `batch`, and the COMMIT's
    // last. After a failure in `batch` nothing is committed (the destructor rolls back).
    std::vector<PgResult> commitWith(PgBatch batch);

private:
    PgConnection &m_connection;
    int m_beginTicket = 0;
    int m_settingsTicket = 0; // the transaction's own settings, right after its BEGIN
    bool m_active = true;
};

} // namespace RefundDesk::Internal
