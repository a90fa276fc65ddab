#pragma once

#include "domain/result.h"

#include <QString>

namespace RefundDesk::Internal {

class PgConnection;

// The store's schema on a PostgreSQL server: applying schema-postgresql.sql to an empty
// database, recognising a store this build understands, and what the login may do in it.
class PgSchema final
{
public:
    // Applies the schema inside the caller's transaction (so that a failure anywhere
    // creates nothing); refuses a database that already holds a store's tables.
    static Result<void> apply(PgConnection &connection);
    // Whether the database holds a store of the current schema version; the error says
    // what it is instead (no store, a newer one, not readable by this login).
    static Result<void> check(PgConnection &connection);
    // Why this login may not write the store (the privileges a claim and a decision
    // need), or an empty string when it may.
    static Result<QString> whyNotWritable(PgConnection &connection);
};

} // namespace RefundDesk::Internal
