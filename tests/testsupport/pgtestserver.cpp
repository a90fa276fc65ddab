#include "pgtestserver.h"

#include "testpaths.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QThread>
#include <QUrl>

#include <pwd.h>
#include <sys/types.h>
#include <unistd.h>

namespace RefundDesk::Test {

namespace {

QString bin(const char *program)
{
    return QString::fromLatin1(PgTestServer::BinDir) + u'/' + QLatin1String(program);
}

// Hands `path` to the user the server runs as.
bool giveTo(const QString &path, const passwd *user)
{
    return ::chown(QFile::encodeName(path).constData(), user->pw_uid, user->pw_gid) == 0;
}

} // namespace

PgTestServer::PgTestServer(Durability durability)
    : m_dir(QDir::tempPath() + QStringLiteral("/rd-pg-XXXXXX"))
    , m_port(20'000 + int(::getpid() % 20'000))
{
    if (!isInstalled()) {
        m_lastError = QStringLiteral("PostgreSQL 15 is not installed (%1); run scripts/ensure-deps.")
                          .arg(bin("initdb"));
        return;
    }
    if (!m_dir.isValid()) {
        m_lastError = QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        return;
    }
    if (initialise(durability))
        start();
}

PgTestServer::PgTestServer(PgTestServer &primary, Replication replication)
    : m_dir(QDir::tempPath() + QStringLiteral("/rd-pg-XXXXXX"))
    , m_port(primary.port() + 20'000)
{
    if (!primary.isRunning()) {
        m_lastError = QStringLiteral("the primary is not running: %1").arg(primary.lastError());
        return;
    }
    if (!m_dir.isValid()) {
        m_lastError = QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        return;
    }
    if (!initialiseStandby(primary) || !start())
        return;
    if (replication == Replication::Synchronous && !makeSynchronous(primary)) {
        stop();
        return;
    }
}

PgTestServer::~PgTestServer()
{
    if (m_running) {
        // Nothing of it is kept: the quickest shutdown will do.
        run(bin("pg_ctl"), {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-m"),
                            QStringLiteral("immediate"), QStringLiteral("-w"), QStringLiteral("stop")});
    }
}

bool PgTestServer::isInstalled()
{
    return QFileInfo(bin("initdb")).isExecutable() && QFileInfo(bin("pg_ctl")).isExecutable();
}

QString PgTestServer::socketDir() const
{
    return m_dir.filePath(QStringLiteral("sock"));
}

QString PgTestServer::socketPath() const
{
    return socketDir() + QStringLiteral("/.s.PGSQL.") + QString::number(m_port);
}

QString PgTestServer::location(const QString &database, const QString &user) const
{
    return QStringLiteral("host=%1 port=%2 dbname=%3 user=%4").arg(socketDir()).arg(m_port).arg(database, user);
}

QString PgTestServer::uri(const QString &database, const QString &user, const QString &password) const
{
    const QString credentials = password.isEmpty() ? user : user + u':' + password;
    // Concatenated: the percent-encoded folder must not meet QString::arg's markers.
    return QStringLiteral("postgresql://") + credentials + QStringLiteral("@/") + database + QStringLiteral("?host=")
           + QString::fromLatin1(QUrl::toPercentEncoding(socketDir())) + QStringLiteral("&port=")
           + QString::number(m_port);
}

bool PgTestServer::run(const QString &program, const QStringList &arguments, QString *output, int timeoutMs)
{
    QProcess process;
    QStringList command = arguments;
    QString executable = program;
    if (m_asNobody) {
        // initdb and the server refuse to run as root.
        command = QStringList{QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"), program} + arguments;
        executable = QStringLiteral("/usr/sbin/runuser");
    }
    process.setWorkingDirectory(m_dir.path());
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(executable, command);
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(5'000);
        m_lastError = QStringLiteral("%1 did not finish in time").arg(program);
        return false;
    }
    const QString text = QString::fromUtf8(process.readAll());
    if (output)
        *output = text;
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        m_lastError = QStringLiteral("%1 failed: %2").arg(QFileInfo(program).fileName(), text.trimmed());
        return false;
    }
    return true;
}

bool PgTestServer::prepareFolder()
{
    if (::geteuid() == 0) {
        const passwd *nobody = ::getpwnam("nobody");
        if (!nobody) {
            m_lastError = QStringLiteral("running as root, and there is no user 'nobody' to run the server as");
            return false;
        }
        m_asNobody = true;
        if (!giveTo(m_dir.path(), nobody)) {
            m_lastError = QStringLiteral("cannot hand %1 to the user nobody").arg(m_dir.path());
            return false;
        }
    }
    if (!QDir(m_dir.path()).mkdir(QStringLiteral("sock"))) {
        m_lastError = QStringLiteral("cannot create the socket folder");
        return false;
    }
    if (m_asNobody)
        giveTo(socketDir(), ::getpwnam("nobody"));
    return true;
}

bool PgTestServer::initialise(Durability durability)
{
    if (!prepareFolder())
        return false;
    const QString data = m_dir.filePath(QStringLiteral("data"));
    if (!run(bin("initdb"), {QStringLiteral("-D"), data, QStringLiteral("-U"), QString::fromLatin1(SuperUser),
                             QStringLiteral("--auth=trust"), QStringLiteral("--no-sync"), QStringLiteral("-E"),
                             QStringLiteral("UTF8"), QStringLiteral("--locale=C.UTF-8")}))
        return false;

    QFile hba(data + QStringLiteral("/pg_hba.conf"));
    QFile conf(data + QStringLiteral("/postgresql.conf"));
    if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate) || !conf.open(QIODevice::Append)) {
        m_lastError = QStringLiteral("cannot write the server's configuration");
        return false;
    }
    // Replication connections too, for a standby's base backup and streaming.
    hba.write(QByteArray("local all ") + PasswordUser
              + " scram-sha-256\nlocal all all trust\nlocal replication all trust\n");
    const bool fast = durability == Durability::Fast;
    conf.write(QStringLiteral("\nlisten_addresses = ''\nunix_socket_directories = '%1'\nport = %2\n"
                              "fsync = %3\nsynchronous_commit = %3\nfull_page_writes = %3\n"
                              "max_connections = 60\nshared_buffers = %4\n"
                              "password_encryption = 'scram-sha-256'\n")
                   .arg(socketDir()).arg(m_port).arg(fast ? QStringLiteral("off") : QStringLiteral("on"))
                   .arg(fast ? QStringLiteral("32MB") : QStringLiteral("128MB"))
                   .toUtf8());
    return true;
}

bool PgTestServer::initialiseStandby(PgTestServer &primary)
{
    if (!prepareFolder())
        return false;
    const QString data = m_dir.filePath(QStringLiteral("data"));
    // -R writes standby.signal and primary_conninfo (the primary's socket and port);
    // -X stream brings the WAL written while the backup is taken.
    if (!run(bin("pg_basebackup"), {QStringLiteral("-D"), data, QStringLiteral("-h"), primary.socketDir(),
                                    QStringLiteral("-p"), QString::number(primary.port()), QStringLiteral("-U"),
                                    QString::fromLatin1(SuperUser), QStringLiteral("-R"), QStringLiteral("-X"),
                                    QStringLiteral("stream"), QStringLiteral("-c"), QStringLiteral("fast"),
                                    QStringLiteral("--no-sync")}))
        return false;
    // The backup carries the primary's configuration; later lines win.
    QFile conf(data + QStringLiteral("/postgresql.conf"));
    if (!conf.open(QIODevice::Append)) {
        m_lastError = QStringLiteral("cannot write the standby's configuration");
        return false;
    }
    conf.write(QStringLiteral("\n# the standby\nunix_socket_directories = '%1'\nport = %2\nhot_standby = on\n")
                   .arg(socketDir()).arg(m_port).toUtf8());
    return true;
}

bool PgTestServer::makeSynchronous(PgTestServer &primary)
{
    // Set after the base backup, so that the standby does not inherit it (promoted, it
    // would wait for a standby of its own).
    for (const QString &setting : {QStringLiteral("ALTER SYSTEM SET synchronous_standby_names = '*'"),
                                   QStringLiteral("ALTER SYSTEM SET synchronous_commit = on"),
                                   QStringLiteral("SELECT pg_reload_conf()")}) {
        if (!primary.exec(QStringLiteral("postgres"), setting)) {
            m_lastError = QStringLiteral("cannot make the standby synchronous: %1").arg(primary.lastError());
            return false;
        }
    }
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 60'000) {
        if (primary.query(QStringLiteral("postgres"), QStringLiteral("SELECT string_agg(sync_state, ',') FROM "
                                                                     "pg_stat_replication"))
            == QLatin1String("sync"))
            return true;
        QThread::msleep(100);
    }
    m_lastError = QStringLiteral("the primary did not list the standby as synchronous within a minute");
    return false;
}

bool PgTestServer::promote()
{
    return run(bin("pg_ctl"), {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")), QStringLiteral("-w"),
                               QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("promote")});
}

bool PgTestServer::start()
{
    const QString data = m_dir.filePath(QStringLiteral("data"));
    m_running = run(bin("pg_ctl"), {QStringLiteral("-D"), data, QStringLiteral("-l"),
                                    m_dir.filePath(QStringLiteral("server.log")), QStringLiteral("-w"),
                                    QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("start")});
    if (!m_running) {
        QFile log(m_dir.filePath(QStringLiteral("server.log")));
        if (log.open(QIODevice::ReadOnly))
            m_lastError += QStringLiteral("\nserver log:\n") + QString::fromUtf8(log.readAll().right(2000));
    }
    return m_running;
}

bool PgTestServer::stop()
{
    if (!m_running)
        return true;
    const bool stopped = run(bin("pg_ctl"), {QStringLiteral("-D"), m_dir.filePath(QStringLiteral("data")),
                                             QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("-w"),
                                             QStringLiteral("stop")});
    m_running = !stopped;
    return stopped;
}

bool PgTestServer::install(const QString &file, const QString &name)
{
    const QString target = m_dir.filePath(QStringLiteral("data/") + name);
    QFile::remove(target);
    if (!QFile::copy(file, target) || !QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner)) {
        m_lastError = QStringLiteral("cannot copy %1 into the server's folder").arg(file);
        return false;
    }
    const passwd *nobody = m_asNobody ? ::getpwnam("nobody") : nullptr;
    if (nobody && !giveTo(target, nobody)) {
        m_lastError = QStringLiteral("cannot hand %1 to nobody").arg(target);
        return false;
    }
    return true;
}

bool PgTestServer::enableTls(const QString &certificate, const QString &key, const QString &clientCa,
                             const QStringList &hbaLines)
{
    if (!install(certificate, QStringLiteral("server.crt")) || !install(key, QStringLiteral("server.key"))
        || !install(clientCa, QStringLiteral("client-ca.crt")))
        return false;
    QFile hba(m_dir.filePath(QStringLiteral("data/pg_hba.conf")));
    if (!hba.open(QIODevice::ReadOnly)) {
        m_lastError = QStringLiteral("cannot read pg_hba.conf");
        return false;
    }
    const QByteArray rest = hba.readAll();
    hba.close();
    if (!hba.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || hba.write(hbaLines.join(u'\n').toUtf8() + '\n' + rest) < 0) {
        m_lastError = QStringLiteral("cannot write pg_hba.conf");
        return false;
    }
    hba.close();
    // One statement each: ALTER SYSTEM takes no transaction block.
    for (const char *setting : {"ssl = on", "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'",
                                "ssl_ca_file = 'client-ca.crt'", "listen_addresses = '127.0.0.1'"}) {
        if (!exec(QStringLiteral("postgres"), QStringLiteral("ALTER SYSTEM SET ") + QLatin1String(setting)))
            return false;
    }
    return stop() && start();
}

bool PgTestServer::replaceCertificate(const QString &certificate)
{
    return install(certificate, QStringLiteral("server.crt"))
           && exec(QStringLiteral("postgres"), QStringLiteral("SELECT pg_reload_conf()"));
}

QString PgTestServer::tcpLocation(const QString &database, const QString &user, const QString &host,
                                  const QString &extra) const
{
    return QStringLiteral("host=%1 port=%2 dbname=%3 user=%4 %5").arg(host).arg(m_port).arg(database, user, extra);
}

bool PgTestServer::createDatabase(const QString &name)
{
    return exec(QStringLiteral("postgres"), QStringLiteral("CREATE DATABASE \"%1\"").arg(name));
}

bool PgTestServer::exec(const QString &database, const QString &sql, const QString &user, int timeoutMs)
{
    QString output;
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(bin("psql"), {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"),
                                QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-d"), location(database, user),
                                QStringLiteral("-c"), sql});
    process.closeWriteChannel();
    if (!process.waitForFinished(timeoutMs) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        m_lastError = QString::fromUtf8(process.readAll()).trimmed();
        return false;
    }
    return true;
}

std::unique_ptr<QProcess> PgTestServer::hold(const QString &database, const QString &sql)
{
    auto process = std::make_unique<QProcess>();
    process->setProcessChannelMode(QProcess::MergedChannels);
    process->start(bin("psql"), {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-d"), location(database)});
    if (!process->waitForStarted()) {
        m_lastError = process->errorString();
        return nullptr;
    }
    process->write(sql.toUtf8() + "\n");
    return process;
}

QString PgTestServer::serverLog() const
{
    QFile log(m_dir.filePath(QStringLiteral("server.log")));
    return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
}

bool PgTestServer::applyRoles(const QString &database)
{
    QFile roles(Test::sourceDir() + QStringLiteral("/resources/roles-postgresql.sql"));
    if (!roles.open(QIODevice::ReadOnly)) {
        m_lastError = roles.fileName() + QStringLiteral(": ") + roles.errorString();
        return false;
    }
    return exec(database, QString::fromUtf8(roles.readAll()));
}

QString PgTestServer::query(const QString &database, const QString &sql, const QString &user)
{
    QProcess process;
    process.start(bin("psql"), {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-A"), QStringLiteral("-t"),
                                QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-d"),
                                location(database, user), QStringLiteral("-c"), sql});
    process.closeWriteChannel();
    if (!process.waitForFinished(60'000) || process.exitCode() != 0) {
        m_lastError = QString::fromUtf8(process.readAllStandardError()).trimmed();
        return {};
    }
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

} // namespace RefundDesk::Test
