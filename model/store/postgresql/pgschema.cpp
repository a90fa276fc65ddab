#include "store/postgresql/pgschema.h"

#include "store/postgresql/pgconnection.h"
#include "store/schemaversion.h"

#include <QCoreApplication>
#include <QFile>

namespace RefundDesk::Internal {

namespace {

// How many of the store's tables (of every schema version) the login sees in its search path.
constexpr char StoreTablesSql[] =
    "SELECT count(*) FROM unnest(ARRAY['store_meta', 'refund_ops', 'refund_attempts', 'webhook_events', "
    "'resolutions', 'operation_notes', 'provider_lookups', 'provider_bodies']) AS t(name) WHERE to_regclass(t.name) IS NOT NULL";

} // namespace

Result<void> PgSchema::apply(PgConnection &connection)
{
    QFile file(QStringLiteral(":/refunddesk/schema-postgresql.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(QCoreApplication::translate("Store", "The PostgreSQL schema resource is missing from this build."));
    const QByteArray schema = file.readAll();

    const QString doing = QCoreApplication::translate("Store", "creating the store", "what the store was doing when it failed");
    PgResult tables = connection.exec(StoreTablesSql);
    if (!tables.isOk())
        return connection.errorFor(tables, doing);
    if (tables.integer(0, 0) > 0)
        return Error::unavailable(QCoreApplication::translate("Store", "%1 already holds a Refund Desk store (or some of its tables). "
                                                 "Refund Desk never overwrites a store; name another database.")
                                      .arg(connection.location()));
    // The schema is a fixed resource, not built from any value: run as one simple query.
    PgResult applied = connection.execText(schema);
    if (!applied.isOk())
        return Error::unavailable(QCoreApplication::translate("Store", "%1: the store could not be created (%2). Nothing was created.")
                                      .arg(connection.location(), applied.errorMessage()));
    return {};
}

Result<int> PgSchema::check(PgConnection &connection)
{
    PgBatch batch;
    const Checks checks = addChecks(batch);
    return checkAnswers(connection, connection.execAll(batch), checks);
}

Result<QString> PgSchema::whyNotWritable(PgConnection &connection)
{
    PgBatch batch;
    const Checks checks = addChecks(batch);
    return rightsAnswer(connection, connection.execAll(batch)[size_t(checks.rights)]);
}

PgSchema::Checks PgSchema::addChecks(PgBatch &batch)
{
    // One unit: a statement that fails skips those after it, so each may fail only where
    // the ones before it have said what is wrong already (the tables count, then whether
    // they may be read, which is unknown, NULL, while one of them is missing).
    Checks checks;
    checks.tables = batch.add(StoreTablesSql);
    checks.readable = batch.add("SELECT CASE WHEN to_regclass('store_meta') IS NULL OR to_regclass('refund_ops') IS NULL "
                                "OR to_regclass('resolutions') IS NULL THEN NULL "
                                "ELSE has_table_privilege('store_meta', 'SELECT') "
                                "AND has_table_privilege('refund_ops', 'SELECT') "
                                "AND has_table_privilege('resolutions', 'SELECT') END");
    checks.version = batch.add("SELECT value FROM store_meta WHERE key = 'schema_version'");
    checks.rights = batch.add("SELECT has_table_privilege('resolutions', 'INSERT') AS may_decide, "
                              "has_column_privilege('refund_ops', 'status', 'UPDATE') AND "
                              "has_column_privilege('refund_ops', 'claimed_by', 'UPDATE') AND "
                              "has_column_privilege('refund_ops', 'version', 'UPDATE') AS may_claim, "
                              // A reconciler's login (refund_desk_reconciler): it keeps what
                              // Stripe answered and its jobs' places, and nothing else. No
                              // provider_lookups on a version 1 store: none may keep answers.
                              "COALESCE(has_table_privilege(to_regclass('provider_lookups'), 'INSERT'), false) AND "
                              "has_table_privilege('webhook_events', 'INSERT') AND "
                              "has_table_privilege('store_meta', 'UPDATE') AS may_keep_answers");
    // refund_desk_may_name_others() written out, so that it cannot fail where the store is
    // incomplete: the login owns the store's tables, or is a superuser.
    checks.owner = batch.add("SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user AND rolsuper) "
                             "OR EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = to_regclass('resolutions') "
                             "AND c.relpersistence = 'p' AND pg_get_userbyid(c.relowner) = session_user)");
    return checks;
}

Result<int> PgSchema::checkAnswers(PgConnection &connection, const std::vector<PgResult> &answers,
                                    const Checks &checks)
{
    const QString doing = QCoreApplication::translate("Store", "checking the store's schema", "what the store was doing when it failed");
    const PgResult &tables = answers[size_t(checks.tables)];
    if (!tables.isOk())
        return connection.errorFor(tables, doing);
    const qint64 tableCount = tables.integer(0, 0);
    if (tableCount == 0)
        return Error::unavailable(QCoreApplication::translate("Store", "%1 holds no Refund Desk store (none of its tables). Nothing was "
                                                 "created. Create one with 'refund-desk init --db ...', or check "
                                                 "the database name.").arg(connection.location()));
    const PgResult &readable = answers[size_t(checks.readable)];
    if (readable.isOk() && !readable.isNull(0, 0) && !readable.boolean(0, 0))
        return Error::unavailable(QCoreApplication::translate("Store", "The login %1 may not read the store at %2. Ask the administrator "
                                                 "to grant it one of the refund_desk_support, refund_desk_audit, "
                                                 "refund_desk_agent or refund_desk_reconciler roles "
                                                 "(roles-postgresql.sql).")
                                      .arg(connection.sessionUser(), connection.location()));
    const PgResult &version = answers[size_t(checks.version)];
    if (!version.isOk())
        return connection.errorFor(version, doing);
    bool ok = false;
    const qint64 schemaVersion = version.rows() == 1 ? version.text(0, 0).toLongLong(&ok) : 0;
    if (ok && schemaVersion > CurrentSchemaVersion)
        return Error::unavailable(QCoreApplication::translate("Store", "%1 has store schema version %2, newer than this Refund Desk "
                                                 "understands (version %3). Update Refund Desk to open it.")
                                      .arg(connection.location()).arg(schemaVersion).arg(CurrentSchemaVersion));
    const int expected = storeTableCount(int(schemaVersion));
    if (!ok || schemaVersion < OldestSchemaVersion || tableCount != expected)
        return Error::unavailable(QCoreApplication::translate("Store", "%1 is not a complete Refund Desk store (schema version %2, %3 of "
                                                 "the %4 store tables). Check that you named the right database.")
                                      .arg(connection.location(),
                                           ok ? QString::number(schemaVersion) : QStringLiteral("missing"))
                                      .arg(tableCount).arg(expected));
    return int(schemaVersion);
}

Result<QString> PgSchema::rightsAnswer(PgConnection &connection, const PgResult &rights)
{
    if (!rights.isOk())
        return connection.errorFor(rights, QCoreApplication::translate("Store", "checking what the login may do", "what the store was doing when it failed"));
    if (keepsAnswersOnly(rights))
        return QCoreApplication::translate("Store", "Opened read-only: the login %1 is a reconciler's "
                                                    "(refund_desk_reconciler): it keeps what Stripe answers, and records "
                                                    "no decision, claim or note.").arg(connection.sessionUser());
    if (!rights.boolean(0, 0))
        return QCoreApplication::translate("Store", "Opened read-only: the login %1 may not record decisions in this store (it may not add "
                              "to resolutions).").arg(connection.sessionUser());
    if (!rights.boolean(0, 1))
        return QCoreApplication::translate("Store", "Opened read-only: the login %1 may not claim operations in this store (it may not "
                              "change refund_ops' status).").arg(connection.sessionUser());
    if (!connection.userIsSessionUser())
        return QCoreApplication::translate("Store", "Opened read-only: the server took this login as %1, not as the "
                                                    "user the location names, so a decision would carry another name "
                                                    "(a pooler that forces user= for this database does this). Remove "
                                                    "user= from the pooler's entry, or connect to the server directly.")
            .arg(connection.sessionUser());
    return QString();
}

bool PgSchema::keepsAnswersOnly(const PgResult &rights)
{
    return rights.isOk() && rights.rows() == 1 && !rights.boolean(0, 0) && rights.boolean(0, 2);
}

bool PgSchema::ownerAnswer(const PgResult &owner)
{
    return owner.isOk() && owner.rows() == 1 && owner.boolean(0, 0);
}

Result<int> PgSchema::upgrade(PgConnection &connection)
{
    QFile file(QStringLiteral(":/refunddesk/schema-postgresql.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(QCoreApplication::translate("Store", "The PostgreSQL schema resource is missing from this build."));
    const QByteArray schema = file.readAll();
    const QString doing = QCoreApplication::translate("Store", "upgrading the store", "what the store was doing when it failed");
    // Inside the caller's transaction: the version row locked first, so that of two
    // upgrades at once the second waits and then finds the current version.
    PgResult version = connection.exec("SELECT value FROM store_meta WHERE key = 'schema_version' FOR UPDATE");
    if (!version.isOk())
        return connection.errorFor(version, doing);
    const int before = version.rows() == 1 ? version.text(0, 0).toInt() : 0;
    if (before < OldestSchemaVersion || before >= CurrentSchemaVersion)
        return before;
    // From the part of the version after the store's to the end: every later part at once.
    const QByteArray upgrade = schemaUpgradeText(schema, before + 1);
    if (upgrade.isEmpty())
        return Error::internal(QCoreApplication::translate("Store", "The PostgreSQL schema resource of this build has no version %1 part.")
                                   .arg(before + 1));
    // The schema is a fixed resource, not built from any value: run as one simple query.
    PgResult applied = connection.execText(upgrade);
    if (!applied.isOk())
        return Error::unavailable(QCoreApplication::translate("Store", "%1 could not be upgraded to schema version %2 (%3). Nothing was "
                                                 "changed; it is still version %4.")
                                      .arg(connection.location()).arg(CurrentSchemaVersion)
                                      .arg(applied.errorMessage()).arg(before));
    return before;
}

Result<std::vector<SchemaIndex>> PgSchema::missingIndexes(PgConnection &connection, int version)
{
    QFile file(QStringLiteral(":/refunddesk/schema-postgresql.sql"));
    if (!file.open(QIODevice::ReadOnly))
        return Error::internal(QCoreApplication::translate("Store", "The PostgreSQL schema resource is missing from this build."));
    std::vector<SchemaIndex> indexes = schemaIndexes(file.readAll(), version);
    if (indexes.empty())
        return indexes;
    QStringList names;
    for (const SchemaIndex &index : indexes)
        names << index.name;
    PgResult absent = connection.exec("SELECT t.name FROM unnest($1::text[]) AS t(name) "
                                      "WHERE to_regclass(quote_ident(t.name)) IS NULL",
                                      PgParams().addArray(names));
    if (!absent.isOk())
        return connection.errorFor(absent, QCoreApplication::translate("Store", "reading which indexes the store has",
                                                                       "what the store was doing when it failed"));
    QStringList absentNames;
    for (int row = 0; row < absent.rows(); ++row)
        absentNames << absent.text(row, 0);
    std::vector<SchemaIndex> missing;
    for (SchemaIndex &index : indexes) {
        if (absentNames.contains(index.name))
            missing.push_back(std::move(index));
    }
    return missing;
}

Result<QStringList> PgSchema::addMissingIndexes(PgConnection &connection, int version)
{
    const QString doing = QCoreApplication::translate("Store", "adding the indexes schema version %1 has",
                                                      "what the store was doing when it failed")
                              .arg(version);
    PgResult locked = connection.exec("SELECT value FROM store_meta WHERE key = 'schema_version' FOR UPDATE");
    if (!locked.isOk())
        return connection.errorFor(locked, doing);
    auto missing = missingIndexes(connection, version);
    if (!missing)
        return missing.error();
    QStringList added;
    for (const SchemaIndex &index : *missing) {
        // A fixed statement of the schema resource, not built from any value.
        PgResult created = connection.execText(index.statement);
        if (!created.isOk())
            return connection.errorFor(created, doing);
        added << index.name;
    }
    return added;
}

} // namespace RefundDesk::Internal
