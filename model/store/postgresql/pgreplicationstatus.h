#pragma once

#include "domain/result.h"
#include "store/postgresql/pgbatch.h"
#include "store/standbystatus.h"

#include <QElapsedTimer>

namespace RefundDesk::Internal {

class PgConnection;

// Following a primary from a hot standby. NOTIFY does not reach a standby (it replays the
// primary's changes, it does not run its triggers' notifications), so the replay position
// stands in for them: it moves whenever a change of the primary's is replayed, as SQLite's
// data_version moves with another connection's commit. Read at most once a second, in
// one statement that also gives the lag behind the primary.
class PgReplicationStatus final
{
public:
    static constexpr int PollIntervalMs = 1000;

    // Reads the replay position and the lag now.
    Result<void> read(PgConnection &connection);
    // The same statement for a pipeline that carries more (harmless on a primary), and
    // read()'s work on its answer.
    static int addRead(PgBatch &batch);
    Result<void> take(PgConnection &connection, const PgResult &result);
    // read() once PollIntervalMs have passed since the last reading: whether the replay
    // position moved (or the server left recovery) since then. When the server was
    // promoted, the connection is told (it starts listening for change notifications).
    Result<bool> poll(PgConnection &connection);

    // As at the last reading (nothing read yet: no lag, no position).
    const StandbyStatus &status() const { return m_status; }
    // What a store opened on the standby notes (Store::openNote): what it is, and how far
    // behind the primary it is.
    QString openNote() const;

private:
    StandbyStatus m_status;
    QElapsedTimer m_sinceRead;
};

} // namespace RefundDesk::Internal
