#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/resolution.h"
#include "domain/webhookevent.h"
#include "store/storetables.h"

namespace RefundDesk::Internal {

class SqliteStatement;

// The column lists the store reads its rows with, and the readers that turn a statement's
// current row (those columns, from column 0) into a value.
inline constexpr char OperationColumns[] =
    "operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, created_at, "
    "updated_at, conversation_id, refund_id, claimed_by, claimed_at, version";

inline constexpr char ResolutionColumns[] =
    "resolution_id, operation_id, outcome, refund_id, evidence, note, operator, recorded_at, "
    "previous_status, overrides_evidence, prev_hash, hash";

inline constexpr char AttemptColumns[] =
    "operation_id, attempt_no, tool_call_id, started_at, finished_at, outcome, http_status, request_id, error";

inline constexpr char EventColumns[] =
    "event_id, type, created, received_at, payload, operation_id, idempotency_key, refund_id";

Operation operationFrom(const SqliteStatement &statement);
Resolution resolutionFrom(const SqliteStatement &statement);
Attempt attemptFrom(const SqliteStatement &statement);
WebhookEvent eventFrom(const SqliteStatement &statement);
// The payload as its stored bytes, not decoded: what a copy writes back.
StoredEvent storedEventFrom(const SqliteStatement &statement);

// "(columns) VALUES (?1, ..., ?n)": the rest of an INSERT of those columns.
QByteArray columnsAndValues(const char *columns);

// Bind a row to an INSERT of EventColumns or ResolutionColumns, in that order.
void bindEvent(SqliteStatement &statement, const WebhookEvent &event);
void bindStoredEvent(SqliteStatement &statement, const StoredEvent &event);
void bindResolution(SqliteStatement &statement, const Resolution &resolution);

} // namespace RefundDesk::Internal
