#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace RefundDesk::Test {

class PgTestServer;

// PgBouncer (Debian's pgbouncer) in front of a PgTestServer: its configuration in a
// temporary folder, listening on a Unix socket there only, run as "nobody" when the test
// runs as root (PgBouncer refuses root). Every database of the server is reachable by its
// own name; logins are let in without a password, as the server lets them in. Stopped by
// the destructor.
class PgBouncerTestServer final
{
public:
    enum class PoolMode { Session, Transaction, Statement };

    struct Options
    {
        PoolMode mode = PoolMode::Transaction;
        // Server connections per database and user: fewer than the clients, so that they
        // take turns on the same server connections.
        int poolSize = 3;
        // The logins clients may connect as.
        QStringList users;
        // When set, every server connection logs in as this role, whoever the client is
        // (an entry with user=).
        QString forcedUser;
    };

    static constexpr char Program[] = "/usr/sbin/pgbouncer";

    PgBouncerTestServer(const PgTestServer &server, const Options &options);
    ~PgBouncerTestServer();
    PgBouncerTestServer(const PgBouncerTestServer &) = delete;
    PgBouncerTestServer &operator=(const PgBouncerTestServer &) = delete;

    static bool isInstalled();
    bool isRunning() const { return m_running; }
    const QString &lastError() const { return m_lastError; }

    // A libpq keyword location of `database` through the pooler, as `user`.
    QString location(const QString &database, const QString &user) const;
    // The Unix socket the pooler listens on (for a LatencyProxy in front of it).
    QString socketPath() const;
    // How many server connections the pooler holds open to the server now (SHOW POOLS).
    int serverConnections() const;
    // What the pooler has logged so far, for a failure's message.
    QString log() const;

private:
    bool writeConfig(const PgTestServer &server, const Options &options);
    bool start();

    QTemporaryDir m_dir;
    int m_port = 0;
    bool m_asNobody = false;
    bool m_running = false;
    QString m_lastError;
};

} // namespace RefundDesk::Test
