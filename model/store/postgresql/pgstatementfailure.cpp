#include "store/postgresql/pgstatementfailure.h"

#include "store/standbystatus.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

Error statementFailure(const PgStatementFailure &failure)
{
    const QByteArray &state = failure.sqlState;
    const QString &detail = failure.detail;
    const QString &where = failure.location;
    const QString &doing = failure.doing;
    // PgBouncer in statement mode takes no transaction of more than one statement, which
    // every decision is: refused by name, since nothing else about it would help.
    if (detail.contains(QLatin1String("statement pooling")))
        return Error::unavailable(QCoreApplication::translate("Store", "The pooler in front of %1 runs in statement mode "
                                                                       "(pool_mode = statement), which refuses transactions "
                                                                       "(%2). Nothing was written. Set pool_mode to "
                                                                       "transaction or session for this database.")
                                      .arg(where, detail));
    if (!failure.connected || state.startsWith("08") || state == "57P01" || state == "57P02" || state == "57P03")
        return Error::unavailable(QCoreApplication::translate("Store", "The connection to the PostgreSQL server at %1 was lost while %2 "
                                                 "(%3). Nothing was written; try again once the server is back.")
                                      .arg(where, doing, detail));
    if (state == "42501")
        return Error::unavailable(QCoreApplication::translate("Store", "The login %1 may not do this on %2 while %3 (%4). Nothing was "
                                                 "written. Ask the administrator for the right role (see "
                                                 "roles-postgresql.sql).").arg(failure.sessionUser, where, doing, detail));
    if (state == "25006" && failure.standby)
        return StandbyStatus::writeRefusal(where);
    // Otherwise the server itself takes no changes (a read-only connection of ours never
    // gets here: PgStore refuses the write first).
    if (state == "25006")
        return Error::unavailable(QCoreApplication::translate("Store", "The PostgreSQL server at %1 refused a change while %2 because it "
                                                 "takes none (%3): it is a standby server, or the database or the "
                                                 "login is set to read-only. Nothing was written. Connect to the "
                                                 "primary server, or ask the administrator to allow changes.")
                                      .arg(where, doing, detail));
    if (state == "55P03" || state == "40001" || state == "40P01")
        return Error::unavailable(QCoreApplication::translate("Store", "The store is busy: another session held the rows for more than "
                                                 "%1 seconds while %2 (%3). Nothing was written. Try again in a "
                                                 "moment.").arg(failure.lockTimeoutMs / 1000).arg(doing, detail));
    if (state == "57014")
        return Error::unavailable(QCoreApplication::translate("Store", "The read was cancelled while %1 (%2): it took too "
                                                                       "long or was no longer wanted. Nothing was "
                                                                       "written; read again to see the latest.")
                                      .arg(doing, detail));
    if (state == "P0001" || state.startsWith("23"))
        return Error::refused(QCoreApplication::translate("Store", "The server refused it while %1: %2. Nothing was written.")
                                  .arg(doing, detail));
    if (state == "53100")
        return Error::unavailable(QCoreApplication::translate("Store", "The PostgreSQL server's disk is full while %1. Nothing was "
                                                 "written.").arg(doing));
    return Error::internal(QCoreApplication::translate("Store", "Unexpected database error while %1: %2 (SQLSTATE %3).")
                               .arg(doing, detail, QString::fromLatin1(state)));
}

} // namespace RefundDesk::Internal
