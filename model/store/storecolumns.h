#pragma once

namespace RefundDesk::Internal {

// The column lists both backends read and write their rows with, in this order.
inline constexpr char OperationColumns[] =
    "operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, created_at, "
    "updated_at, conversation_id, refund_id, claimed_by, claimed_at, version";

inline constexpr char ResolutionColumns[] =
    "resolution_id, operation_id, outcome, refund_id, evidence, note, operator, recorded_at, "
    "previous_status, overrides_evidence, prev_hash, hash";

inline constexpr char EventColumns[] =
    "event_id, type, created, received_at, payload, operation_id, idempotency_key, refund_id";

} // namespace RefundDesk::Internal
