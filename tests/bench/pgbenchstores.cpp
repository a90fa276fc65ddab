#include "pgbenchstores.h"

#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QElapsedTimer>

namespace RefundDesk::Bench {

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
    copy.database = database;
    copy.user = QString::fromLatin1(Test::PgTestServer::SuperUser);
    copy.location = m_server.location(database, copy.user);

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
    if (!m_server.exec(database, QStringLiteral("VACUUM (ANALYZE)"), QString::fromLatin1(Test::PgTestServer::SuperUser),
                       30 * 60 * 1000)) { // minutes at a million operations
        copy.error = m_server.lastError();
        return copy;
    }
    copy.vacuumSeconds = double(timer.nsecsElapsed()) / 1e9;
    copy.megabytes = m_server.query(database, QStringLiteral("SELECT pg_database_size(current_database())")).toDouble()
                     / 1048576.0;
    copy.ok = true;
    return copy;
}

} // namespace RefundDesk::Bench
