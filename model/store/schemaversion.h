#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

namespace RefundDesk::Internal {

// The store schema versions this build reads: 1 (the shared tables), 2 (Refund Desk's
// own tables beside them: operation notes and provider lookups) and 3 (refund_ops'
// payment_id, the payment behind each operation). It creates version 3, and upgrades
// version 1 or 2 to it.
constexpr int OldestSchemaVersion = 1;
constexpr int CurrentSchemaVersion = 3;

// The tables a store of `version` holds.
int storeTableCount(int version);

// The statements of a schema text (schema.sql, schema-postgresql.sql) that move a store
// of version `toVersion - 1` to the text's own version: from the line that starts
// "-- Schema version N:" to the end, the later versions' parts included. A store is
// created by the whole text, so creating and upgrading run the same statements. Empty
// when the text has no such line.
QByteArray schemaUpgradeText(const QByteArray &schemaText, int toVersion);

// An index a schema text creates, and the statement that creates it only where it is
// missing (CREATE INDEX IF NOT EXISTS ...).
struct SchemaIndex
{
    QString name;
    QByteArray statement;
};

// The indexes of Refund Desk's own parts of a schema text (version 2 up to `version`), in
// the order the text creates them: what a store created at `version` before an index was
// added to its part lacks, and `refund-desk upgrade` adds. None for version 1: its tables
// are the refund tool's.
std::vector<SchemaIndex> schemaIndexes(const QByteArray &schemaText, int version);

} // namespace RefundDesk::Internal
