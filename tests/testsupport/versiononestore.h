#pragma once

#include <QString>

namespace RefundDesk::Test {

// SQL that turns a store made by this build (schema version 2) into the version 1 store
// that builds before it made: without the tables of version 2 and what they brought.
inline QString versionOneSqlite()
{
    return QStringLiteral("DROP TABLE operation_notes; DROP TABLE provider_lookups; PRAGMA user_version = 1;");
}

inline QString versionOnePostgres()
{
    return QStringLiteral("DROP TABLE operation_notes; DROP TABLE provider_lookups; "
                          "DROP FUNCTION refund_desk_server_keeps_author(); DROP FUNCTION refund_desk_append_only(); "
                          "UPDATE store_meta SET value = '1' WHERE key = 'schema_version';");
}

} // namespace RefundDesk::Test
