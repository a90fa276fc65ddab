#pragma once

#include "store/postgresql/pgparams.h"
#include "store/postgresql/pgresult.h"

#include <QByteArray>

#include <vector>

namespace RefundDesk::Internal {

// One statement of a pipeline. A query is sent with its parameters bound, as an unnamed
// statement; a control statement (BEGIN, COMMIT, ROLLBACK) is sent as it is, without
// parameters, and left out of query-plan recording.
struct PgStatement
{
    enum class Kind { Query, Control, Sync };
    QByteArray sql;
    PgParams params;
    Kind kind = Kind::Query;
};

// Statements sent to the server together, in one pipeline (libpq's pipeline mode): they
// cost one round trip however many there are. Each add*() returns the index of its
// answer in what PgConnection::execAll() gives back.
//
// The statements up to a sync point run as one unit: after a failure the server skips the
// rest of them, and each skipped statement answers with that failure. The next unit runs
// whatever happened before (a sync point costs no round trip of its own).
class PgBatch final
{
public:
    int add(const QByteArray &sql, const PgParams &params = {})
    {
        m_statements.push_back({sql, params, PgStatement::Kind::Query});
        return int(m_statements.size()) - 1;
    }
    int addControl(const QByteArray &sql)
    {
        m_statements.push_back({sql, {}, PgStatement::Kind::Control});
        return int(m_statements.size()) - 1;
    }
    // Ends a unit: what follows runs even when something before failed.
    void sync() { m_statements.push_back({{}, {}, PgStatement::Kind::Sync}); }

    bool isEmpty() const { return m_statements.empty(); }
    const std::vector<PgStatement> &statements() const { return m_statements; }

private:
    std::vector<PgStatement> m_statements;
};

// The first failure among `results` (a statement that ran and failed), or null.
inline const PgResult *firstFailure(const std::vector<PgResult> &results)
{
    for (const PgResult &result : results) {
        if (!result.isOk())
            return &result;
    }
    return nullptr;
}

} // namespace RefundDesk::Internal
