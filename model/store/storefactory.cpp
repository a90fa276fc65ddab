// The one place that knows which backend a location uses: a postgresql:// or postgres://
// URI or a libpq keyword string is a PostgreSQL store, anything else an SQLite file.

#include "store/postgresql/pgconninfo.h"
#include "store/postgresql/pgstore.h"
#include "store/postgresql/pgstorebuilder.h"
#include "store/sqlite/sqlitestore.h"
#include "store/sqlite/sqlitestorebuilder.h"
#include "store/store.h"
#include "store/storebuilder.h"

#include <QCoreApplication>

namespace RefundDesk {

Result<std::unique_ptr<Store>> StoreFactory::open(const QString &path, Store::OpenMode mode)
{
    if (Internal::PgConnInfo::isPostgresLocation(path))
        return Internal::PgStore::open(path, mode);
    return Internal::SqliteStore::openFile(path, mode);
}

Result<std::unique_ptr<Store>> StoreFactory::create(const QString &path)
{
    if (Internal::PgConnInfo::isPostgresLocation(path))
        return Internal::PgStore::create(path);
    return Internal::SqliteStore::createFile(path);
}

bool StoreFactory::recordsLoginAsOperator(const QString &path)
{
    return Internal::PgConnInfo::isPostgresLocation(path);
}

QString StoreFactory::displayLocation(const QString &path)
{
    if (!Internal::PgConnInfo::isPostgresLocation(path))
        return path;
    auto info = Internal::PgConnInfo::parse(path);
    return info ? info->display() : QCoreApplication::translate("Store", "(a PostgreSQL location libpq cannot read)");
}

Result<std::unique_ptr<StoreBuilder>> StoreBuilder::createNew(const QString &path)
{
    if (Internal::PgConnInfo::isPostgresLocation(path))
        return Internal::PgStoreBuilder::create(path);
    return Internal::SqliteStoreBuilder::create(path);
}

} // namespace RefundDesk
