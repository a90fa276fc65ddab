#include "store/postgresql/pgreplicationstatus.h"

#include "store/postgresql/pgconnection.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

namespace {

// The lag is 0 while the standby receives and everything received has been replayed: a
// quiet primary sends nothing, and the time since its last commit is then no delay at
// all. A WAL receiver's row is there for every login (its details only for privileged
// ones): whether the standby is connected to the primary at all.
constexpr char ReplicationSql[] =
    "SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text, "
    "CASE WHEN pg_last_xact_replay_timestamp() IS NULL THEN NULL "
    "WHEN r.receiving AND pg_last_wal_receive_lsn() IS NOT DISTINCT FROM pg_last_wal_replay_lsn() THEN 0 "
    "ELSE GREATEST(0, (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::bigint) END, "
    "r.receiving "
    "FROM (SELECT EXISTS (SELECT FROM pg_stat_wal_receiver) AS receiving) AS r";

} // namespace

Result<void> PgReplicationStatus::read(PgConnection &connection)
{
    return take(connection, connection.exec(ReplicationSql));
}

int PgReplicationStatus::addRead(PgBatch &batch)
{
    return batch.add(ReplicationSql);
}

Result<void> PgReplicationStatus::take(PgConnection &connection, const PgResult &result)
{
    if (!result.isOk() || result.rows() != 1)
        return connection.errorFor(result, QCoreApplication::translate("Store", "reading how far the standby has replayed the primary",
                                                                       "what the store was doing when it failed"));
    m_sinceRead.start();
    const bool inRecovery = result.boolean(0, 0);
    m_status.promoted = m_status.promoted || !inRecovery;
    m_status.replayPosition = result.isNull(0, 1) ? QString() : result.text(0, 1);
    m_status.lagMs = result.optionalInteger(0, 2);
    m_status.receiving = result.boolean(0, 3);
    if (!inRecovery)
        connection.leftRecovery();
    return {};
}

QString PgReplicationStatus::openNote() const
{
    return QCoreApplication::translate("Store", "This is a standby server, a read-only replica of the primary (%1 when "
                                                "opened); claims and decisions are recorded on the primary.")
        .arg(m_status.lagText());
}

Result<bool> PgReplicationStatus::poll(PgConnection &connection)
{
    if (m_sinceRead.isValid() && m_sinceRead.elapsed() < PollIntervalMs)
        return false;
    const StandbyStatus before = m_status;
    if (auto done = read(connection); !done)
        return done.error();
    return m_status.replayPosition != before.replayPosition || m_status.promoted != before.promoted;
}

} // namespace RefundDesk::Internal
