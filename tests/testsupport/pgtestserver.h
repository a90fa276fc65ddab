#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

class QProcess;

#include <memory>

namespace RefundDesk::Test {

// A PostgreSQL 15 server of a test's own: initdb and pg_ctl from /usr/lib/postgresql/15/bin
// in a temporary folder, listening on a Unix socket in that folder only (no TCP), run as
// the unprivileged user "nobody" when the test runs as root. Stopped and removed by the
// destructor, whatever the test's outcome. Logins connect without a password (trust),
// except the login PasswordUser, which must give its password (scram-sha-256). A second
// server may be a hot standby of a first one, streaming its changes.
class PgTestServer final
{
public:
    static constexpr char BinDir[] = "/usr/lib/postgresql/15/bin";
    static constexpr char SuperUser[] = "postgres";
    static constexpr char PasswordUser[] = "pw_user";

    // A fast server keeps nothing safe and little in memory (most tests). A durable one is
    // configured as a fresh installation is: fsync on and PostgreSQL's default 128 MB of
    // shared buffers (tests that crash something mid-write, and the benchmark).
    enum class Durability { Fast, Durable };

    // A standby that the primary waits for on every commit (synchronous_standby_names), so
    // that a commit acknowledged is on both, or one it does not wait for.
    enum class Replication { Synchronous, Asynchronous };

    explicit PgTestServer(Durability durability = Durability::Fast);
    // A hot standby of `primary` (running, and left so): a base backup of it taken with
    // pg_basebackup -R (standby.signal, primary_conninfo), started in a folder of its own on
    // a port of its own (the primary's + 20000), streaming. Synchronous: the primary then
    // commits with synchronous_commit = on and waits for this standby, which it lists as
    // synchronous before the constructor returns. One standby per primary.
    PgTestServer(PgTestServer &primary, Replication replication);
    ~PgTestServer();
    PgTestServer(const PgTestServer &) = delete;
    PgTestServer &operator=(const PgTestServer &) = delete;

    // Whether the server is installed here at all (postgresql-15), and running.
    static bool isInstalled();
    bool isRunning() const { return m_running; }
    const QString &lastError() const { return m_lastError; }

    QString socketDir() const;
    // The socket file libpq connects to: .s.PGSQL.<port> in socketDir().
    QString socketPath() const;
    // The socket's number: one per process, so that servers of tests run side by side
    // never pick the same shared memory key.
    int port() const { return m_port; }
    // A libpq keyword location of `database` on this server, as `user`.
    QString location(const QString &database, const QString &user = QString::fromLatin1(SuperUser)) const;
    QString uri(const QString &database, const QString &user = QString::fromLatin1(SuperUser),
                const QString &password = QString()) const;

    bool createDatabase(const QString &name);
    // Runs SQL with psql (stopping at the first error); false, with lastError(), on failure
    // or when it takes longer than `timeoutMs`.
    bool exec(const QString &database, const QString &sql, const QString &user = QString::fromLatin1(SuperUser),
              int timeoutMs = 60'000);
    // Runs resources/roles-postgresql.sql on `database`, as the superuser (the store's owner
    // in tests); false, with lastError(), on failure.
    bool applyRoles(const QString &database);
    // A psql session that ran `sql` (e.g. BEGIN and a LOCK TABLE) and stays open, holding
    // what it took, until the process is destroyed; nothing when psql could not start.
    std::unique_ptr<QProcess> hold(const QString &database, const QString &sql);
    // What the server wrote to its log so far.
    QString serverLog() const;
    // A single answer, for assertions; empty on failure.
    QString query(const QString &database, const QString &sql,
                  const QString &user = QString::fromLatin1(SuperUser));
    qint64 queryInt(const QString &database, const QString &sql) { return query(database, sql).toLongLong(); }

    // TLS on 127.0.0.1 (this server's port, beside its socket): `certificate` and `key`
    // are the server's, `clientCa` the CA it trusts for client certificates. `hbaLines`
    // (e.g. "hostssl all all 127.0.0.1/32 trust") go before the others. Restarts.
    bool enableTls(const QString &certificate, const QString &key, const QString &clientCa,
                   const QStringList &hbaLines);
    // Another server certificate (with the same key), taken by a reload.
    bool replaceCertificate(const QString &certificate);
    // A location of `database` over TCP to `host` (127.0.0.1 or localhost), with `extra`
    // keywords (sslmode=... and the like).
    QString tcpLocation(const QString &database, const QString &user, const QString &host, const QString &extra) const;

    // Stops (fast shutdown) and starts again on the same folder: a server restart.
    bool stop();
    bool start();
    // A standby leaves recovery and becomes a primary: pg_ctl promote, waiting until it
    // takes writes.
    bool promote();

private:
    bool run(const QString &program, const QStringList &arguments, QString *output = nullptr, int timeoutMs = 120'000);
    // The folder (handed to the user the server runs as) and its socket folder.
    bool prepareFolder();
    bool initialise(Durability durability);
    bool initialiseStandby(PgTestServer &primary);
    bool makeSynchronous(PgTestServer &primary);
    // Copies `file` into the data folder as `name`, the server's own and for it alone.
    bool install(const QString &file, const QString &name);

    QTemporaryDir m_dir;
    int m_port = 0;
    bool m_asNobody = false;
    bool m_running = false;
    QString m_lastError;
};

} // namespace RefundDesk::Test
