#include "store/postgresql/pgconnectfailure.h"

#include "store/postgresql/pgconninfo.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

namespace {

// The TLS failures libpq reports, each with what to change: the server is running, so
// "not reachable" would send the person to look for the wrong thing.
std::optional<Error> tlsError(const QString &where, const QString &detail)
{
    const QString lower = detail.toLower();
    auto say = [&](const char *what) {
        return Error::unavailable(QCoreApplication::translate("Store", what).arg(where, detail));
    };
    if (lower.contains(QLatin1String("root certificate file")) && lower.contains(QLatin1String("does not exist")))
        return say(QT_TRANSLATE_NOOP("Store", "The connection to %1 asks to verify the server's certificate, but "
                                              "the root certificate file is missing (%2). Nothing was changed. Set "
                                              "sslrootcert= to the file of the CA that signed the server's "
                                              "certificate."));
    if (lower.contains(QLatin1String("does not match host name")))
        return say(QT_TRANSLATE_NOOP("Store", "The server at %1 shows a certificate for another host name (%2). "
                                              "Nothing was changed. Connect by the name the certificate names, or "
                                              "ask the administrator for a certificate that names this host."));
    if (lower.contains(QLatin1String("certificate verify failed")) || lower.contains(QLatin1String("certificate has expired")))
        return say(QT_TRANSLATE_NOOP("Store", "The server at %1 shows a certificate that cannot be verified (%2): it "
                                              "was signed by another CA than the one sslrootcert= names, or it has "
                                              "expired. Nothing was changed. Check sslrootcert=, and the "
                                              "certificate's dates with the administrator."));
    if (lower.contains(QLatin1String("private key file")) && lower.contains(QLatin1String("group or world access")))
        return say(QT_TRANSLATE_NOOP("Store", "The client key for %1 may be read by others (%2). Nothing was "
                                              "changed. Make it yours alone: chmod 600 on the file sslkey= names."));
    if (lower.contains(QLatin1String("certificate")) && (lower.contains(QLatin1String("alert")) || lower.contains(QLatin1String("client certificate"))
                                                        || lower.contains(QLatin1String("certificate authentication failed"))))
        return say(QT_TRANSLATE_NOOP("Store", "The server at %1 refused this client's certificate (%2). Nothing was "
                                              "changed. Check sslcert= and sslkey=, and that the certificate names "
                                              "this login and is signed by a CA the server trusts."));
    if (lower.contains(QLatin1String("does not support ssl")))
        return say(QT_TRANSLATE_NOOP("Store", "The server at %1 does not offer TLS, and the location requires it "
                                              "(%2). Nothing was changed. Ask the administrator to turn ssl on, or "
                                              "change sslmode=."));
    if (lower.contains(QLatin1String("ssl error:")))
        return say(QT_TRANSLATE_NOOP("Store", "The TLS connection to %1 failed (%2). Nothing was changed. Check the "
                                              "location's sslmode=, sslrootcert=, sslcert= and sslkey=."));
    return std::nullopt;
}

} // namespace

Error connectFailure(const PgConnInfo &info, const QString &detail)
{
    const QString where = info.display();
    const QString lower = detail.toLower();
    if (lower.contains(QLatin1String("password authentication failed"))
        || lower.contains(QLatin1String("no password supplied"))
        || lower.contains(QLatin1String("password is required")))
        return Error::unavailable(QCoreApplication::translate("Store", "The PostgreSQL server at %1 refused the password (%2). Nothing "
                                                 "was changed. Check PGPASSWORD or ~/.pgpass, or the password in "
                                                 "the URI.").arg(where, detail));
    if (lower.contains(QLatin1String("role")) && lower.contains(QLatin1String("does not exist")))
        return Error::unavailable(QCoreApplication::translate("Store", "The PostgreSQL server at %1 has no such login (%2). Nothing was "
                                                 "changed. Check the user name, or ask the administrator for a "
                                                 "login.").arg(where, detail));
    if (lower.contains(QLatin1String("database")) && lower.contains(QLatin1String("does not exist")))
        return Error::unavailable(QCoreApplication::translate("Store", "The PostgreSQL server at %1 has no such database (%2). Nothing "
                                                 "was created. Create it first (createdb), then run 'refund-desk "
                                                 "init --db ...'.").arg(where, detail));
    // target_session_attrs=read-write (or primary) and only standbys answered: in a
    // failover, before the standby is promoted.
    if (lower.contains(QLatin1String("session is read-only")) || lower.contains(QLatin1String("hot standby mode")))
        return Error::unavailable(QCoreApplication::translate("Store", "No server at %1 takes writes now: those that "
                                                                       "answered are standbys (%2). Nothing was written. "
                                                                       "If the primary is down, try again once a standby "
                                                                       "has been promoted.").arg(where, detail));
    if (auto tls = tlsError(where, detail))
        return *tls;
    if (lower.contains(QLatin1String("pg_hba.conf")) || lower.contains(QLatin1String("permission denied")))
        return Error::unavailable(QCoreApplication::translate("Store", "The PostgreSQL server at %1 does not let this login connect "
                                                 "(%2). Nothing was changed. Ask the administrator for access.")
                                      .arg(where, detail));
    return Error::unavailable(QCoreApplication::translate("Store", "Cannot reach the PostgreSQL server at %1: it is not running or not "
                                             "reachable (%2). Nothing was changed. Start the server, or check the "
                                             "host and port.").arg(where, detail));
}

} // namespace RefundDesk::Internal
