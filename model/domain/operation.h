#pragma once

#include <QString>

#include <optional>

namespace RefundDesk {

enum class OperationStatus { Open, Unknown, Checking, Refunded, Failed };

// In a namespace of their own so that argument-dependent lookup from Qt Test's
// toString() does not pick them up; `using` keeps them callable unqualified.
namespace Names {
QString toString(OperationStatus status);
// The status as the console shows it, in the language of the run; toString() is the token.
QString displayName(OperationStatus status);
std::optional<OperationStatus> operationStatusFromString(const QString &text);
} // namespace Names
using namespace Names;

// One row of refund_ops: one refund operation, one idempotency key.
// Optional text columns are null QStrings when the store holds NULL.
struct Operation
{
    QString operationId;
    QString orderId;
    qint64 amountCents = 0;
    QString currency = QStringLiteral("usd");
    QString idempotencyKey;
    OperationStatus status = OperationStatus::Open;
    int attempts = 0;
    qint64 createdAt = 0;
    qint64 updatedAt = 0;
    QString conversationId;
    QString refundId;
    QString claimedBy;
    std::optional<qint64> claimedAt;
    qint64 version = 0;
    // The provider's id of the payment being refunded (Stripe: pi_… or ch_…), as the refund
    // tool wrote it when it opened the row (schema version 3); null when it did not, and on
    // stores of an older version.
    QString paymentId;

    // unknown and checking are the states only a person can end.
    bool needsPerson() const
    {
        return status == OperationStatus::Unknown || status == OperationStatus::Checking;
    }

    // Whether `operatorName` may still record its outcome: it needs a person and nobody
    // else holds it. The store writes a decision only when this holds.
    bool canBeDecidedBy(const QString &operatorName) const
    {
        return needsPerson() && (status != OperationStatus::Checking || claimedBy == operatorName.trimmed());
    }
};

// What a caller saw of an operation before asking to change it. A write succeeds only
// if the operation is still exactly so (optimistic concurrency on status and version).
struct SeenState
{
    OperationStatus status = OperationStatus::Unknown;
    qint64 version = 0;

    static SeenState of(const Operation &operation) { return {operation.status, operation.version}; }
    // Whether `operation` is still exactly as seen.
    bool matches(const Operation &operation) const
    {
        return operation.status == status && operation.version == version;
    }
};

} // namespace RefundDesk
