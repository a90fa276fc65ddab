#pragma once

#include <QString>

namespace RefundDesk::Internal {

// The texts a Stripe-like provider sends, written directly as compact JSON in Stripe's
// own key order: webhook event envelopes around a refund or a charge, and the error
// bodies of failed API calls. (Writing the text directly keeps a million-operation
// build fast; the tests parse every payload back.)
namespace StripePayload {

inline constexpr const char *ApiVersion = "2024-06-20";

// A refund object as Stripe's API returns it (the fields the store's readers use).
struct RefundObject
{
    QString id;                 // re_…
    qint64 amount = 0;          // minor units
    QString balanceTransaction; // txn_…, or null when empty
    QString charge;             // ch_…
    qint64 created = 0;         // seconds
    QString currency;           // lower case
    QString failureReason;      // null when empty
    QString operationId;        // metadata.operation_id; empty metadata when empty
    QString paymentIntent;      // pi_…
    QString reason = QStringLiteral("requested_by_customer");
    QString status;             // succeeded, pending, failed, canceled, requires_action
};

// The charge a refund returns money from (data.object of charge.refunded).
struct ChargeObject
{
    QString id;
    qint64 amount = 0;
    qint64 amountRefunded = 0;
    qint64 created = 0;
    QString currency;
    QString orderId;            // metadata.order_id, set at checkout
    QString paymentIntent;
};

// The event envelope. requestId and idempotencyKey are null when empty: Stripe sends
// {"id":null,"idempotency_key":null} for changes no API request caused.
QString refundEvent(const QString &eventId, const QString &type, qint64 created,
                    const RefundObject &refund, const QString &requestId, const QString &idempotencyKey);
QString chargeRefundedEvent(const QString &eventId, qint64 created, const ChargeObject &charge,
                            const QString &requestId, const QString &idempotencyKey);

// The refund object alone, as GET /v1/refunds/{id} returns it.
QString refundObject(const RefundObject &refund);

// {"error":{"code":…,"message":…,"type":…}}; code omitted when empty.
QString errorBody(const QString &type, const QString &code, const QString &message);

} // namespace StripePayload

} // namespace RefundDesk::Internal
