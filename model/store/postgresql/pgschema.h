#pragma once

#include "domain/result.h"
#include "store/postgresql/pgbatch.h"
#include "store/schemaversion.h"

#include <QString>
#include <QStringList>

#include <vector>

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
    // Its version when it is one.
    static Result<int> check(PgConnection &connection);
    // Why this login may not write the store (the privileges a claim and a decision
    // need), or an empty string when it may.
    static Result<QString> whyNotWritable(PgConnection &connection);

    // The statements of check() and whyNotWritable(), for a pipeline that carries more
    // (opening a store sends them with the session's setup). A login that may not write
    // gets a read-only session from the same statement: the server would refuse its
    // writes anyway, and so it says so early and plainly.
    struct Checks
    {
        int tables = 0;
        int readable = 0;
        int version = 0;
        int rights = 0;
        int owner = 0;
    };
    static Checks addChecks(PgBatch &batch);
    // check() and whyNotWritable() on the answers to addChecks()'s statements.
    static Result<int> checkAnswers(PgConnection &connection, const std::vector<PgResult> &answers,
                                    const Checks &checks);
    // Whether the login owns the store (or is a superuser): who may upgrade it.
    static bool ownerAnswer(const PgResult &owner);
    // Whether the login may not decide but may keep what the provider answered (events,
    // lookups, its jobs' store_meta rows): a refund_desk_reconciler login, by its rights.
    static bool keepsAnswersOnly(const PgResult &rights);
    // Version 1 or 2 -> the current version inside the caller's transaction (the parts of
    // schema-postgresql.sql after the store's version, rights for the roles included).
    // Returns the version the store had; nothing is run when it was the current one.
    static Result<int> upgrade(PgConnection &connection);
    // The indexes of a store at `version` (schemaIndexes() of schema-postgresql.sql) that
    // the login's search path lacks, in the schema's order: one statement.
    static Result<std::vector<SchemaIndex>> missingIndexes(PgConnection &connection, int version);
    // missingIndexes() added, inside the caller's transaction: the version row locked first,
    // so that of two at once the second waits and then finds nothing missing. Returns the
    // names of those it added.
    static Result<QStringList> addMissingIndexes(PgConnection &connection, int version);
    static Result<QString> rightsAnswer(PgConnection &connection, const PgResult &rights);
};

} // namespace RefundDesk::Internal
