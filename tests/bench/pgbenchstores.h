#pragma once

#include "pgtestserver.h"

#include <QString>

namespace RefundDesk::Bench {

// The benchmark's PostgreSQL stores. One server of the benchmark's own, configured as a
// fresh installation is (fsync on, 128 MB of shared buffers), on a Unix socket; per size,
// a database holding a copy of that size's SQLite store made as `refund-desk copy` makes
// it, so that both backends are measured on the same rows. Everything goes with the object.
class PgBenchStores final
{
public:
    PgBenchStores();

    bool isRunning() const { return m_server.isRunning(); }
    const QString &lastError() const { return m_server.lastError(); }

    struct Copy
    {
        bool ok = false;
        QString location; // libpq keyword string of the database, over the Unix socket
        QString database;
        QString user;     // the login `location` connects as
        double seconds = 0;        // the copy itself
        double vacuumSeconds = 0;  // VACUUM ANALYZE after it, as autovacuum would have done
        double megabytes = 0;      // pg_database_size
        QString error;
    };
    Copy copyOf(const QString &sqlitePath, qint64 operations);

    // The server's Unix socket, for a proxy in front of it (LatencyProxy): the same
    // databases, reached over TCP at a distance.
    QString socketPath() const { return m_server.socketPath(); }

    // psql, for the floor: the bare queue query run by PostgreSQL's own client.
    static QString psqlProgram();

private:
    Test::PgTestServer m_server;
};

} // namespace RefundDesk::Bench
