#include "pgdemostorecopy.h"

#include "demostorebench.h"

namespace RefundDesk::Bench {

namespace {

const QString Database = QStringLiteral("demo");

} // namespace

PgDemoStoreCopy::PgDemoStoreCopy()
    : m_server(Test::PgTestServer::Durability::Durable)
{
}

QString PgDemoStoreCopy::copy(const QString &demoStore, const QProcessEnvironment &environment)
{
    if (!m_server.isRunning() || !m_server.createDatabase(Database))
        return QStringLiteral("the server did not start: %1").arg(m_server.lastError());
    const AppRun copied = runApp({QStringLiteral("copy"), QStringLiteral("--from"), demoStore, QStringLiteral("--to"),
                                  directLocation()},
                                 environment);
    if (copied.exitCode != 0)
        return QStringLiteral("the copy failed: %1").arg(copied.err.trimmed());
    if (!m_server.exec(Database, QStringLiteral("VACUUM (ANALYZE)")))
        return QStringLiteral("VACUUM failed: %1").arg(m_server.lastError());
    return {};
}

QString PgDemoStoreCopy::reachAtRoundTrip(int roundTripMs)
{
    m_proxy = std::make_unique<Test::LatencyProxy>(m_server.socketPath(), roundTripMs / 2);
    if (!m_proxy->start())
        return QStringLiteral("the proxy could not listen");
    return {};
}

QString PgDemoStoreCopy::directLocation() const
{
    return m_server.location(Database);
}

QString PgDemoStoreCopy::distantLocation() const
{
    return m_proxy ? m_proxy->pgLocation(Database, QString::fromLatin1(Test::PgTestServer::SuperUser)) : QString();
}

qint64 PgDemoStoreCopy::databaseBytes()
{
    return m_server.query(Database, QStringLiteral("SELECT pg_database_size(current_database())")).toLongLong();
}

} // namespace RefundDesk::Bench
