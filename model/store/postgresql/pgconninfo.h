#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QString>

namespace RefundDesk::Internal {

// A PostgreSQL location as --db takes it: a postgresql:// or postgres:// URI, or a libpq
// keyword string ("host=/run/postgresql dbname=refunds"). display() is the same location
// without its password: what location(), titles, lists and messages show. A location
// shown once can be opened again by that text in this process (a write connection, a
// background reader): the password given with it is remembered in memory, never shown.
class PgConnInfo final
{
public:
    // Whether `location` names a PostgreSQL store rather than an SQLite file: a URI of
    // either scheme, or text that starts with a libpq keyword followed by '='.
    static bool isPostgresLocation(const QString &location);

    // Parsed by libpq itself (PQconninfoParse); the error names what is wrong, without
    // repeating the text (which may hold a password).
    static Result<PgConnInfo> parse(const QString &location);

    const QString &display() const { return m_display; }
    const QByteArray &connectString() const { return m_connectString; }
    // The user and database named, empty when libpq's defaults apply.
    const QString &user() const { return m_user; }
    const QString &database() const { return m_database; }
    // A second location for the connection that listens for change notifications (the
    // keyword listen='...' in a keyword location): the server itself or a session-mode
    // pooler entry, where a transaction pooler in front of the first would share the
    // listening connection with other clients. Empty when none was given.
    const QString &listenLocation() const { return m_listen; }

private:
    QString m_display;
    QByteArray m_connectString;
    QString m_user;
    QString m_database;
    QString m_listen;
};

} // namespace RefundDesk::Internal
