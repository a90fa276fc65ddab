#include "storelibraries.h"

#include <sqlite3.h>

namespace RefundDesk {

QStringList storeLibraryVersions()
{
    return {QStringLiteral("SQLite %1").arg(QString::fromLatin1(sqlite3_libversion()))};
}

} // namespace RefundDesk
