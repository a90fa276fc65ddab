#include "evidence/paymentsource.h"

#include <QCoreApplication>

namespace RefundDesk {

namespace {

bool isPaymentIntent(const QString &id)
{
    return id.startsWith(QLatin1String("pi_"));
}

} // namespace

QString PaymentSource::parameter() const
{
    return isPaymentIntent(paymentId) ? QStringLiteral("payment_intent") : QStringLiteral("charge");
}

QString PaymentSource::fromToken() const
{
    switch (from) {
    case From::None: return {};
    case From::Row: return QStringLiteral("row");
    case From::OwnEvents: return QStringLiteral("events");
    case From::OrderRow: return QStringLiteral("order_row");
    case From::OrderEvents: return QStringLiteral("order_events");
    }
    return {};
}

PaymentSource::From PaymentSource::fromFromToken(const QString &token)
{
    for (From from : {From::Row, From::OwnEvents, From::OrderRow, From::OrderEvents}) {
        if (PaymentSource{QString(), from, {}, {}}.fromToken() == token)
            return from;
    }
    return From::None;
}

QString PaymentSource::describeFrom(Wording wording) const
{
    const auto say = [wording](const char *source) { return worded("PaymentSource", source, wording); };
    switch (from) {
    case From::None: return say(QT_TRANSLATE_NOOP("PaymentSource", "no payment known"));
    case From::Row: return say(QT_TRANSLATE_NOOP("PaymentSource", "the row's payment_id"));
    case From::OwnEvents:
        return eventId.isEmpty() ? say(QT_TRANSLATE_NOOP("PaymentSource", "this operation's events"))
                                 : say(QT_TRANSLATE_NOOP("PaymentSource", "event %1 of this operation")).arg(eventId);
    case From::OrderRow:
        return say(QT_TRANSLATE_NOOP("PaymentSource", "operation %1 of the same order")).arg(operationId);
    case From::OrderEvents:
        return say(QT_TRANSLATE_NOOP("PaymentSource", "the events of operation %1 of the same order")).arg(operationId);
    }
    return {};
}

PaymentSource PaymentSource::ofEvents(const Evidence &evidence)
{
    PaymentSource charge;
    for (const EvidenceEvent &event : evidence.events) {
        if (!event.readable())
            continue;
        for (const ParsedRefund &refund : event.refunds) {
            if (!refund.paymentIntentId.isEmpty())
                return {refund.paymentIntentId, From::OwnEvents, {}, event.row.eventId};
            if (charge.paymentId.isEmpty() && !refund.chargeId.isEmpty())
                charge = {refund.chargeId, From::OwnEvents, {}, event.row.eventId};
        }
        if (charge.paymentId.isEmpty() && event.parsed.charge && !event.parsed.charge->id.isEmpty())
            charge = {event.parsed.charge->id, From::OwnEvents, {}, event.row.eventId};
    }
    return charge;
}

PaymentSource PaymentSource::find(const Operation &operation, const Evidence &evidence,
                                  const std::vector<Operation> &orderOperations)
{
    if (!operation.paymentId.isEmpty())
        return {operation.paymentId, From::Row, {}, {}};
    if (PaymentSource own = ofEvents(evidence); own.isKnown())
        return own;
    PaymentSource charge;
    for (const Operation &other : orderOperations) {
        if (other.operationId == operation.operationId || other.orderId != operation.orderId || other.paymentId.isEmpty())
            continue;
        if (isPaymentIntent(other.paymentId))
            return {other.paymentId, From::OrderRow, other.operationId, {}};
        if (charge.paymentId.isEmpty())
            charge = {other.paymentId, From::OrderRow, other.operationId, {}};
    }
    return charge;
}

} // namespace RefundDesk
