#pragma once

namespace RefundDesk::Internal {

// Where the SQL both backends share is spelled differently, each store's own spelling:
// an expression index serves only the very expression it was made on (schema.sql says
// IFNULL, schema-postgresql.sql COALESCE), and SQLite writes IS NOT where PostgreSQL
// writes IS DISTINCT FROM.
enum class SqlDialect { Sqlite, PostgreSql };

} // namespace RefundDesk::Internal
