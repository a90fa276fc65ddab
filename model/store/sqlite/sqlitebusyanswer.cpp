#include "store/sqlite/sqlitebusyanswer.h"

#include <QCoreApplication>

#include <sqlite3.h>

namespace RefundDesk::Internal {

bool SqliteBusyAnswer::isBusy(int beginCode)
{
    return (beginCode & 0xff) == SQLITE_BUSY;
}

Error SqliteBusyAnswer::busy(int busyTimeoutMs, const QString &doing, const Operation &current)
{
    return Error::unavailable(QCoreApplication::translate("Store", "The store is busy: other programs kept writing to it "
                                                                   "for more than %1 seconds and this write never got "
                                                                   "its turn while %2. %3 is still as you saw it (%4): "
                                                                   "nobody decided, claimed or released it meanwhile. "
                                                                   "Nothing was written. Try again in a moment.")
                                  .arg(busyTimeoutMs / 1000)
                                  .arg(doing, current.operationId, toString(current.status)));
}

} // namespace RefundDesk::Internal
