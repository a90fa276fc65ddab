#include "pgbenchstores.h"

#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QElapsedTimer>
#include <QProcess>

namespace RefundDesk::Bench {

namespace {

// Runs SQL that may take minutes at a million operations (the test server's own exec()
// gives up after one).
bool runLongSql(const QString &location, const QString &sql, QString *error)
{
    QProcess psql;
    psql.setProcessChannelMode(QProcess::MergedChannels);
    psql.start(PgBenchStores::psqlProgram(), {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-v"),
                                             QStringLiteral("ON_ERROR_STOP=1"), QStringLiteral("-d"), location,
                                             QStringLiteral("-c"), sql});
    psql.closeWriteChannel();
    if (!psql.waitForFinished(30 * 60 * 1000) || psql.exitStatus() != QProcess::NormalExit || psql.exitCode() != 0) {
        *error = QStringLiteral("psql -c \"%1\" failed: %2").arg(sql, QString::fromUtf8(psql.readAll()).trimmed());
        return false;
    }
    return true;
}

} // namespace

PgBenchStores::PgBenchStores()
    : m_server(Test::PgTestServer::Durability::Durable)
{
}

QString PgBenchStores::psqlProgram()
{
    return QString::fromLatin1(Test::PgTestServer::BinDir) + QStringLiteral("/psql");
}

PgBenchStores::Copy PgBenchStores::copyOf(const QString &sqlitePath, qint64 operations)
{
    Copy copy;
    const QString database = QStringLiteral("demo_%1").arg(operations);
    if (!m_server.createDatabase(database)) {
        copy.error = m_server.lastError();
        return copy;
    }
    copy.location = m_server.location(database);

    auto source = StoreFactory::open(sqlitePath, Store::OpenMode::ReadOnly);
    if (!source) {
        copy.error = source.error().message;
        return copy;
    }
    QElapsedTimer timer;
    timer.start();
    auto builder = StoreBuilder::createNew(copy.location);
    if (!builder) {
        copy.error = builder.error().message;
        return copy;
    }
    {
        const ReadSnapshot snapshot(**source);
        StoreCopier copier(**source, **builder);
        auto copied = copier.copy();
        if (!copied) {
            copy.error = copied.error().message;
            return copy;
        }
    }
    if (auto finished = (*builder)->finish(); !finished) {
        copy.error = finished.error().message;
        return copy;
    }
    copy.seconds = double(timer.nsecsElapsed()) / 1e9;

    // A store in use has been vacuumed by autovacuum: its visibility map is set and its
    // rows' hint bits written. Without this the first reads of the measurements would do it.
    timer.restart();
    if (!runLongSql(copy.location, QStringLiteral("VACUUM (ANALYZE)"), &copy.error))
        return copy;
    copy.vacuumSeconds = double(timer.nsecsElapsed()) / 1e9;
    copy.megabytes = m_server.query(database, QStringLiteral("SELECT pg_database_size(current_database())")).toDouble()
                     / 1048576.0;
    copy.ok = true;
    return copy;
}

} // namespace RefundDesk::Bench
