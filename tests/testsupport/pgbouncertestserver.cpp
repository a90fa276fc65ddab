#include "pgbouncertestserver.h"

#include "pgtestserver.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QThread>

#include <algorithm>
#include <atomic>

#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace RefundDesk::Test {

namespace {

QString modeName(PgBouncerTestServer::PoolMode mode)
{
    switch (mode) {
    case PgBouncerTestServer::PoolMode::Session:
        return QStringLiteral("session");
    case PgBouncerTestServer::PoolMode::Transaction:
        return QStringLiteral("transaction");
    case PgBouncerTestServer::PoolMode::Statement:
        return QStringLiteral("statement");
    }
    return {};
}

// Each pooler of a process on a port of its own, apart from the servers' ports.
int nextPort()
{
    static std::atomic<int> started{0};
    return 45'000 + int(::getpid() % 5'000) * 4 + started++ % 4;
}

// PgBouncer binds its socket a moment before it listens on it, and a client that comes
// in between is refused: only a connection that is accepted proves it ready.
bool acceptsConnections(const QString &socketPath)
{
    const QByteArray path = QFile::encodeName(socketPath);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    if (size_t(path.size()) >= sizeof(address.sun_path))
        return false;
    std::copy(path.cbegin(), path.cend(), address.sun_path);
    const int probe = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (probe < 0)
        return false;
    const bool accepted = ::connect(probe, reinterpret_cast<const sockaddr *>(&address), sizeof(address)) == 0;
    ::close(probe);
    return accepted;
}

} // namespace

PgBouncerTestServer::PgBouncerTestServer(const PgTestServer &server, const Options &options)
    : m_dir(QDir::tempPath() + QStringLiteral("/rd-pgbouncer-XXXXXX"))
    , m_port(nextPort())
{
    if (!isInstalled()) {
        m_lastError = QStringLiteral("PgBouncer is not installed (%1); run scripts/ensure-deps.")
                          .arg(QLatin1String(Program));
        return;
    }
    if (!m_dir.isValid()) {
        m_lastError = QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        return;
    }
    if (writeConfig(server, options))
        start();
}

PgBouncerTestServer::~PgBouncerTestServer()
{
    if (!m_running)
        return;
    QFile pidFile(m_dir.filePath(QStringLiteral("pgbouncer.pid")));
    if (!pidFile.open(QIODevice::ReadOnly))
        return;
    const pid_t pid = pid_t(pidFile.readAll().trimmed().toInt());
    if (pid <= 0)
        return;
    ::kill(pid, SIGTERM);
    for (int i = 0; i < 100 && ::kill(pid, 0) == 0; ++i)
        QThread::msleep(50);
}

bool PgBouncerTestServer::isInstalled()
{
    return QFileInfo(QLatin1String(Program)).isExecutable();
}

QString PgBouncerTestServer::location(const QString &database, const QString &user) const
{
    return QStringLiteral("host=%1 port=%2 dbname=%3 user=%4").arg(m_dir.path()).arg(m_port).arg(database, user);
}

QString PgBouncerTestServer::socketPath() const
{
    return m_dir.filePath(QStringLiteral(".s.PGSQL.%1").arg(m_port));
}

bool PgBouncerTestServer::writeConfig(const PgTestServer &server, const Options &options)
{
    QString users;
    QStringList logins = options.users;
    if (!logins.contains(QLatin1String(PgTestServer::SuperUser)))
        logins.append(QString::fromLatin1(PgTestServer::SuperUser)); // the admin console's
    for (const QString &user : logins)
        users += QStringLiteral("\"%1\" \"\"\n").arg(user);
    QString target = QStringLiteral("host=%1 port=%2").arg(server.socketDir()).arg(server.port());
    if (!options.forcedUser.isEmpty())
        target += QStringLiteral(" user=%1").arg(options.forcedUser);
    const QString config = QStringLiteral("[databases]\n"
                                          "* = %1\n"
                                          "[pgbouncer]\n"
                                          "listen_addr =\n"
                                          "listen_port = %2\n"
                                          "unix_socket_dir = %3\n"
                                          "auth_type = trust\n"
                                          "auth_file = %3/users.txt\n"
                                          "admin_users = %4\n"
                                          "pool_mode = %5\n"
                                          "default_pool_size = %6\n"
                                          "max_client_conn = 500\n"
                                          "logfile = %3/pgbouncer.log\n"
                                          "pidfile = %3/pgbouncer.pid\n")
                               .arg(target)
                               .arg(m_port)
                               .arg(m_dir.path(), QString::fromLatin1(PgTestServer::SuperUser), modeName(options.mode))
                               .arg(options.poolSize);
    const auto write = [this](const QString &name, const QString &text) {
        QFile file(m_dir.filePath(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(text.toUtf8()) < 0) {
            m_lastError = QStringLiteral("cannot write %1: %2").arg(file.fileName(), file.errorString());
            return false;
        }
        return true;
    };
    if (!write(QStringLiteral("pgbouncer.ini"), config) || !write(QStringLiteral("users.txt"), users))
        return false;
    if (::geteuid() == 0) {
        const passwd *nobody = ::getpwnam("nobody");
        if (!nobody) {
            m_lastError = QStringLiteral("running as root and there is no user 'nobody' to run PgBouncer as");
            return false;
        }
        m_asNobody = true;
        for (const QString &path : {m_dir.path(), m_dir.filePath(QStringLiteral("pgbouncer.ini")),
                                    m_dir.filePath(QStringLiteral("users.txt"))}) {
            if (::chown(QFile::encodeName(path).constData(), nobody->pw_uid, nobody->pw_gid) != 0) {
                m_lastError = QStringLiteral("cannot hand %1 to nobody").arg(path);
                return false;
            }
        }
    }
    return true;
}

bool PgBouncerTestServer::start()
{
    const QStringList arguments = {QStringLiteral("-d"), m_dir.filePath(QStringLiteral("pgbouncer.ini"))};
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    if (m_asNobody)
        process.start(QStringLiteral("/usr/sbin/runuser"),
                      QStringList{QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"),
                                  QLatin1String(Program)} + arguments);
    else
        process.start(QLatin1String(Program), arguments);
    if (!process.waitForFinished(30'000) || process.exitCode() != 0) {
        m_lastError = QStringLiteral("pgbouncer did not start: %1").arg(QString::fromUtf8(process.readAll()).trimmed());
        return false;
    }
    // Daemonised: ready once its socket accepts a connection.
    for (int i = 0; i < 200 && !acceptsConnections(socketPath()); ++i)
        QThread::msleep(50);
    m_running = acceptsConnections(socketPath());
    if (!m_running)
        m_lastError = QStringLiteral("pgbouncer does not accept connections: %1").arg(log());
    return m_running;
}

QString PgBouncerTestServer::log() const
{
    QFile file(m_dir.filePath(QStringLiteral("pgbouncer.log")));
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("(no log: %1)").arg(file.errorString());
    return QString::fromUtf8(file.readAll()).trimmed();
}

int PgBouncerTestServer::serverConnections() const
{
    // The admin console answers SHOW only as a simple query, which psql sends.
    QProcess psql;
    psql.start(QStringLiteral("psql"), {QStringLiteral("-X"), QStringLiteral("-At"), QStringLiteral("-F"),
                                        QStringLiteral(","), QStringLiteral("-h"), m_dir.path(), QStringLiteral("-p"),
                                        QString::number(m_port), QStringLiteral("-U"),
                                        QString::fromLatin1(PgTestServer::SuperUser), QStringLiteral("-d"),
                                        QStringLiteral("pgbouncer"), QStringLiteral("-c"), QStringLiteral("SHOW SERVERS")});
    if (!psql.waitForFinished(30'000) || psql.exitCode() != 0)
        return -1;
    return int(QString::fromUtf8(psql.readAllStandardOutput()).split(u'\n', Qt::SkipEmptyParts).size());
}

} // namespace RefundDesk::Test
