#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/webhookevent.h"
#include "store/storecolumns.h"
#include "store/storetables.h"

namespace RefundDesk::Internal {

class SqliteStatement;

// The readers that turn a statement's current row (the columns of storecolumns.h, from
// column 0) into a value.
Operation operationFrom(const SqliteStatement &statement);
Resolution resolutionFrom(const SqliteStatement &statement);
Attempt attemptFrom(const SqliteStatement &statement);
WebhookEvent eventFrom(const SqliteStatement &statement);
OperationNote noteFrom(const SqliteStatement &statement);
ProviderLookup lookupFrom(const SqliteStatement &statement);
// A provider_bodies row: body_sha256, body (its stored bytes).
ResponseBody bodyFrom(const SqliteStatement &statement);
// The payload as its stored bytes, not decoded: what a copy writes back.
StoredEvent storedEventFrom(const SqliteStatement &statement);

// "(columns) VALUES (?1, ..., ?n)": the rest of an INSERT of those columns.
QByteArray columnsAndValues(const char *columns);

// Bind a row to an INSERT of EventColumns or ResolutionColumns, in that order.
void bindEvent(SqliteStatement &statement, const WebhookEvent &event);
void bindStoredEvent(SqliteStatement &statement, const StoredEvent &event);
void bindResolution(SqliteStatement &statement, const Resolution &resolution);
// ... and of NoteColumns or LookupColumns.
void bindNote(SqliteStatement &statement, const OperationNote &note);
void bindLookup(SqliteStatement &statement, const ProviderLookup &lookup);

} // namespace RefundDesk::Internal
