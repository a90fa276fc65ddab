#pragma once

#include <QByteArray>

namespace RefundDesk::Internal {

// The store schema versions this build reads: 1 (the shared tables) and 2 (Refund Desk's
// own tables beside them: operation notes and provider lookups). It creates version 2.
constexpr int OldestSchemaVersion = 1;
constexpr int CurrentSchemaVersion = 2;

// The tables a store of `version` holds.
int storeTableCount(int version);

// The statements of a schema text (schema.sql, schema-postgresql.sql) that move a store
// of version `toVersion - 1` to `toVersion`: from the line that starts
// "-- Schema version N:" to the end. A store is created by the whole text, so creating
// and upgrading run the same statements. Empty when the text has no such line.
QByteArray schemaUpgradeText(const QByteArray &schemaText, int toVersion);

} // namespace RefundDesk::Internal
