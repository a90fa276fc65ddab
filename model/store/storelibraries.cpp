#include "store/storelibraries.h"

#include "store/sqlite/sqliteversion.h"

namespace RefundDesk {

QStringList storeLibraryVersions()
{
    return {QStringLiteral("SQLite %1").arg(sqliteLibraryVersion())};
}

} // namespace RefundDesk
