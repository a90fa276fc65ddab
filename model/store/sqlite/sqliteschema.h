#pragma once

#include <QString>

struct sqlite3;

namespace RefundDesk::Internal {

// Schema version 1 of the shared store (resources/schema.sql).
constexpr int CurrentSchemaVersion = 1;

// Switches a brand-new database to WAL and applies the schema in one transaction.
// Returns an empty string on success, else what went wrong.
QString applySchema(sqlite3 *db);

// Checks that an open database is a refund store this build understands. Returns an
// empty string when it is, else a message a person can act on.
QString checkSchema(sqlite3 *db, const QString &path, bool *isNewer = nullptr);

} // namespace RefundDesk::Internal
