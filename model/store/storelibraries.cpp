#include "storelibraries.h"

#include "sqliteversion.h"

namespace RefundDesk {

QStringList storeLibraryVersions()
{
    return {QStringLiteral("SQLite %1").arg(sqliteLibraryVersion())};
}

} // namespace RefundDesk
