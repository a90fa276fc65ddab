#include "store/sqlite/sqliteversion.h"

#include <sqlite3.h>

namespace RefundDesk {

QString sqliteLibraryVersion()
{
    return QString::fromLatin1(sqlite3_libversion());
}

} // namespace RefundDesk
