#pragma once

#include "store/postgresql/pgbatch.h"
#include "store/postgresql/pgparams.h"
#include "store/postgresql/pgresult.h"

#include <QByteArray>

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

struct pg_conn;

namespace RefundDesk::Internal {

// A statement sent ahead of a pipeline's batch, in one unit with its first statements, and
// who wants its answer (nobody for a BEGIN that rides with the next pipeline).
struct PgAheadStatement
{
    int ticket;
    QByteArray sql;
    std::function<void(const PgResult &)> onAnswer;
};

// Sends statements in pipelines: everything in one round trip, in libpq's pipeline mode,
// with the sync points a PgBatch asks for. Queries are prepared once a session and then
// only executed, where the session is the client's alone (the caller says so); the names
// of what was prepared are kept until the session ends.
class PgPipeline final
{
public:
    using Observer = std::function<void(const QByteArray &, const PgParams &)>;

    // The session ended: nothing prepared on the server is there any more.
    void forgetPrepared() { m_prepared.clear(); }
    // While set, every query's text is passed to it before it is sent.
    void setObserver(Observer observer) { m_observer = std::move(observer); }

    // Sends `ahead` and then `batch` on `conn` in one pipeline, tells each of `ahead` its
    // answer, and returns the batch's answers in the order of its statements (a null
    // answer for each statement the connection could not send or answer). `prepare`:
    // whether queries may be prepared (never behind a pooler, or before it is known).
    std::vector<PgResult> send(pg_conn *conn, bool prepare, const std::vector<PgAheadStatement> &ahead,
                               const PgBatch &batch);

private:
    std::unordered_map<std::string, std::string> m_prepared; // SQL -> statement name
    int m_nextStatement = 1;
    Observer m_observer;
};

} // namespace RefundDesk::Internal
