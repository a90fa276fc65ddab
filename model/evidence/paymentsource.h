#pragma once

#include "domain/operation.h"
#include "domain/wording.h"
#include "evidence/evidence.h"

#include <QString>

#include <vector>

namespace RefundDesk {

// Which payment an operation refunds, and where that was read (DESIGN.md, "Asking Stripe
// by the payment"): the row's payment_id (schema version 3), else the payment its own
// events name (a refund's payment_intent or charge, a charge event's id), else another
// operation's of the same order (its row, then its events). A PaymentIntent is taken
// before a charge at each step: its refunds are those of every charge of the payment.
struct PaymentSource
{
    enum class From { None, Row, OwnEvents, OrderRow, OrderEvents };

    QString paymentId;   // pi_… or ch_…; empty when none is known
    From from = From::None;
    QString operationId; // OrderRow, OrderEvents: the other operation of the order
    QString eventId;     // OwnEvents, OrderEvents: the event that names the payment

    bool isKnown() const { return !paymentId.isEmpty(); }
    // The query parameter Stripe lists the payment's refunds by: payment_intent or charge.
    QString parameter() const;
    // row, events, order_row, order_events; empty for None. What a lookup's result keeps.
    QString fromToken() const;
    static From fromFromToken(const QString &token);
    // Where it came from, as a phrase in the language of the run or in the source text:
    // "the row's payment_id", "event evt_… of this operation", "operation op_… of the same
    // order".
    QString describeFrom(Wording wording = Wording::Translated) const;

    // The payment the events name, if any; From::OwnEvents.
    static PaymentSource ofEvents(const Evidence &evidence);
    // The operation's payment from its row, then its own events, then the rows of the
    // other operations of its order (`orderOperations` may hold the operation itself).
    static PaymentSource find(const Operation &operation, const Evidence &evidence,
                              const std::vector<Operation> &orderOperations);
};

} // namespace RefundDesk
