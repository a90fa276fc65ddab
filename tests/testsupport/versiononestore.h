#pragma once

#include <QString>

namespace RefundDesk::Test {

// SQL that turns a store made by this build (schema version 3) into the store of an older
// version that builds before it made: version 2 without refund_ops' payment_id and the
// trigger that keeps it, and without provider_bodies; version 1 without the tables of version 2 and what they brought
// as well. On SQLite `schema` names an attached database ("v1"), or is empty for the main
// one.
inline QString versionTwoSqlite(const QString &schema = {})
{
    const QString in = schema.isEmpty() ? QString() : schema + QLatin1Char('.');
    return QStringLiteral("DROP TABLE %1provider_bodies; "
                          "DROP TRIGGER %1refund_ops_payment_immutable; ALTER TABLE %1refund_ops DROP COLUMN payment_id; "
                          "PRAGMA %1user_version = 2;")
        .arg(in);
}

inline QString versionOneSqlite(const QString &schema = {})
{
    const QString in = schema.isEmpty() ? QString() : schema + QLatin1Char('.');
    return versionTwoSqlite(schema)
        + QStringLiteral(" DROP TABLE %1operation_notes; DROP TABLE %1provider_lookups; PRAGMA %1user_version = 1;").arg(in);
}

inline QString versionTwoPostgres()
{
    return QStringLiteral("DROP TABLE provider_bodies; DROP TRIGGER refund_ops_payment_immutable ON refund_ops; "
                          "DROP FUNCTION refund_ops_payment_immutable(); ALTER TABLE refund_ops DROP COLUMN payment_id; "
                          "UPDATE store_meta SET value = '2' WHERE key = 'schema_version';");
}

inline QString versionOnePostgres()
{
    return versionTwoPostgres()
        + QStringLiteral(" DROP TABLE operation_notes; DROP TABLE provider_lookups; "
                         "DROP FUNCTION refund_desk_server_keeps_author(); DROP FUNCTION refund_desk_append_only(); "
                         "UPDATE store_meta SET value = '1' WHERE key = 'schema_version';");
}

} // namespace RefundDesk::Test
