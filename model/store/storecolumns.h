#pragma once

#include <QtGlobal>

namespace RefundDesk::Internal {

// The column lists both backends read and write their rows with, in this order.
// payment_id (schema version 3) comes last: a store of an older version has no such column
// and is read with NULL in its place (operationColumns()).
inline constexpr char OperationColumns[] =
    "operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, created_at, "
    "updated_at, conversation_id, refund_id, claimed_by, claimed_at, version, payment_id";
inline constexpr char OperationColumnsBeforeVersion3[] =
    "operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, created_at, "
    "updated_at, conversation_id, refund_id, claimed_by, claimed_at, version, NULL AS payment_id";

// The columns an operation is read with from a store of `schemaVersion`.
constexpr const char *operationColumns(int schemaVersion)
{
    return schemaVersion >= 3 ? OperationColumns : OperationColumnsBeforeVersion3;
}

// How many columns a list names.
constexpr int columnCount(const char *list)
{
    int count = 1;
    for (; *list; ++list)
        count += *list == ',';
    return count;
}
inline constexpr int OperationColumnCount = columnCount(OperationColumns);
static_assert(columnCount(OperationColumnsBeforeVersion3) == OperationColumnCount);

inline constexpr char ResolutionColumns[] =
    "resolution_id, operation_id, outcome, refund_id, evidence, note, operator, recorded_at, "
    "previous_status, overrides_evidence, prev_hash, hash";

inline constexpr char AttemptColumns[] =
    "operation_id, attempt_no, tool_call_id, started_at, finished_at, outcome, http_status, request_id, error";

inline constexpr char EventColumns[] =
    "event_id, type, created, received_at, payload, operation_id, idempotency_key, refund_id";

// Schema version 2's tables.
inline constexpr char NoteColumns[] = "note_id, operation_id, text, follow_up_on, operator, recorded_at";

inline constexpr char LookupColumns[] =
    "lookup_id, operation_id, provider, asked_at, operator, window_from, window_to, requests, result, "
    "response_sha256";

// A resolution (r) with its operation (o) as the audit lists them: ResolutionColumns, then
// whether the operation was found and its order, amount and currency.
inline constexpr char AuditEntryColumns[] =
    "r.resolution_id, r.operation_id, r.outcome, r.refund_id, r.evidence, r.note, r.operator, r.recorded_at, "
    "r.previous_status, r.overrides_evidence, r.prev_hash, r.hash, "
    "o.operation_id IS NOT NULL, o.order_id, o.amount_cents, o.currency";

// Milliseconds in a UTC day: the audit's days are recorded_at / MsPerDay.
inline constexpr qint64 MsPerDay = 86'400'000;

} // namespace RefundDesk::Internal
