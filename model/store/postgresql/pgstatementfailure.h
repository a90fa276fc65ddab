#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QString>

namespace RefundDesk::Internal {

// What is known of a statement that failed, for the sentence a person reads.
struct PgStatementFailure
{
    QByteArray sqlState;    // the server's SQLSTATE, empty when none came
    QString detail;         // the server's or libpq's message, on one line
    QString location;       // the store's location, without the password
    QString doing;          // what the store was doing
    QString sessionUser;    // the login
    bool connected = true;  // whether the connection is still up
    bool standby = false;   // whether the server is a hot standby
    int lockTimeoutMs = 0;  // how long a row lock is waited for
};

// The Error a person can act on for a failed statement: a lost connection, a missing
// right, a standby or a read-only server, a busy store, a cancelled read, a rule of the
// schema, a full disk; anything else as an internal error with its SQLSTATE.
Error statementFailure(const PgStatementFailure &failure);

} // namespace RefundDesk::Internal
