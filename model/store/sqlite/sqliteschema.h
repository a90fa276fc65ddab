#pragma once

#include "store/schemaversion.h"

#include <QString>

struct sqlite3;

namespace RefundDesk::Internal {

// Switches a brand-new database to WAL and applies the schema in one transaction.
// Returns an empty string on success, else what went wrong.
QString applySchema(sqlite3 *db);

// Checks that an open database is a refund store this build understands. Returns an
// empty string when it is, else a message a person can act on. `schemaVersion` gets its schema
// version (OldestSchemaVersion to CurrentSchemaVersion) when it is one.
QString checkSchema(sqlite3 *db, const QString &path, bool *isNewer = nullptr, int *schemaVersion = nullptr);

// Moves an open store of an older version (1 or 2) to the current version in one IMMEDIATE
// transaction (resources/schema.sql from "-- Schema version N:", N the version after the
// store's, to the end). Returns the version it had; an empty error message on success,
// else what went wrong (nothing is changed then).
QString upgradeSchema(sqlite3 *db, int *versionBefore);

// The indexes of a store at `version` (schemaIndexes() of resources/schema.sql) that `db`
// lacks, in the schema's order. Returns an empty error message on success, else what went
// wrong.
QString missingIndexes(sqlite3 *db, int version, std::vector<SchemaIndex> *missing);

} // namespace RefundDesk::Internal
