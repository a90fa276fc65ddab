#pragma once

#include "store/postgresql/pgresult.h"

#include <QByteArray>

namespace RefundDesk::Internal {

class PgConnection;

// One transaction for the life of a scope: begun by the constructor, rolled back by the
// destructor unless commit() succeeded. The RAII guard of every PostgreSQL write.
class PgTransaction final
{
public:
    // `begin` is the BEGIN statement, e.g. with an isolation level.
    explicit PgTransaction(PgConnection &connection, const QByteArray &begin = "BEGIN");
    ~PgTransaction();
    PgTransaction(const PgTransaction &) = delete;
    PgTransaction &operator=(const PgTransaction &) = delete;

    bool isActive() const { return m_active; }
    // Why BEGIN failed, when it did.
    const PgResult &beginResult() const { return m_begin; }
    // COMMIT; the result says whether it took.
    PgResult commit();

private:
    PgConnection &m_connection;
    PgResult m_begin;
    bool m_active = false;
};

} // namespace RefundDesk::Internal
