#include "demo/stripepayload.h"

namespace RefundDesk::Internal::StripePayload {

namespace {

// Appends a JSON string literal. The simulator writes ASCII ids and fixed messages, but
// escape properly anyway so that any text stays valid JSON.
void appendString(QString &out, const QString &value)
{
    out += QLatin1Char('"');
    for (const QChar c : value) {
        const char16_t u = c.unicode();
        if (u == u'"' || u == u'\\') {
            out += QLatin1Char('\\');
            out += c;
        } else if (u < 0x20) {
            out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        } else {
            out += c;
        }
    }
    out += QLatin1Char('"');
}

void appendStringOrNull(QString &out, const QString &value)
{
    if (value.isEmpty())
        out += QLatin1String("null");
    else
        appendString(out, value);
}

void key(QString &out, const char *name)
{
    out += QLatin1Char('"');
    out += QLatin1String(name);
    out += QLatin1String("\":");
}

void appendRefund(QString &out, const RefundObject &r)
{
    out += QLatin1String("{\"id\":");
    appendString(out, r.id);
    out += QLatin1String(",\"object\":\"refund\",\"amount\":");
    out += QString::number(r.amount);
    out += QLatin1Char(',');
    key(out, "balance_transaction");
    appendStringOrNull(out, r.balanceTransaction);
    out += QLatin1Char(',');
    key(out, "charge");
    appendString(out, r.charge);
    out += QLatin1Char(',');
    key(out, "created");
    out += QString::number(r.created);
    out += QLatin1Char(',');
    key(out, "currency");
    appendString(out, r.currency);
    out += QLatin1Char(',');
    key(out, "failure_reason");
    appendStringOrNull(out, r.failureReason);
    out += QLatin1Char(',');
    key(out, "metadata");
    if (r.operationId.isEmpty()) {
        out += QLatin1String("{}");
    } else {
        out += QLatin1String("{\"operation_id\":");
        appendString(out, r.operationId);
        out += QLatin1Char('}');
    }
    out += QLatin1Char(',');
    key(out, "payment_intent");
    appendString(out, r.paymentIntent);
    out += QLatin1Char(',');
    key(out, "reason");
    appendStringOrNull(out, r.reason);
    out += QLatin1Char(',');
    key(out, "status");
    appendString(out, r.status);
    out += QLatin1Char('}');
}

void appendCharge(QString &out, const ChargeObject &c)
{
    out += QLatin1String("{\"id\":");
    appendString(out, c.id);
    out += QLatin1String(",\"object\":\"charge\",\"amount\":");
    out += QString::number(c.amount);
    out += QLatin1String(",\"amount_refunded\":");
    out += QString::number(c.amountRefunded);
    out += QLatin1String(",\"captured\":true,\"created\":");
    out += QString::number(c.created);
    out += QLatin1Char(',');
    key(out, "currency");
    appendString(out, c.currency);
    out += QLatin1String(",\"metadata\":{\"order_id\":");
    appendString(out, c.orderId);
    out += QLatin1String("},\"paid\":true,");
    key(out, "payment_intent");
    appendString(out, c.paymentIntent);
    out += QLatin1String(",\"refunded\":");
    out += c.amountRefunded >= c.amount ? QLatin1String("true") : QLatin1String("false");
    out += QLatin1String(",\"status\":\"succeeded\"}");
}

void appendEnvelopeStart(QString &out, const QString &eventId, qint64 created)
{
    out += QLatin1String("{\"id\":");
    appendString(out, eventId);
    out += QLatin1String(",\"object\":\"event\",\"api_version\":\"");
    out += QLatin1String(ApiVersion);
    out += QLatin1String("\",\"created\":");
    out += QString::number(created);
    out += QLatin1String(",\"data\":{\"object\":");
}

void appendEnvelopeEnd(QString &out, const QString &type, const QString &requestId,
                       const QString &idempotencyKey)
{
    out += QLatin1String("},\"livemode\":false,\"pending_webhooks\":1,\"request\":{\"id\":");
    appendStringOrNull(out, requestId);
    out += QLatin1String(",\"idempotency_key\":");
    appendStringOrNull(out, idempotencyKey);
    out += QLatin1String("},\"type\":");
    appendString(out, type);
    out += QLatin1Char('}');
}

} // namespace

QString refundEvent(const QString &eventId, const QString &type, qint64 created,
                    const RefundObject &refund, const QString &requestId, const QString &idempotencyKey)
{
    QString out;
    out.reserve(640);
    appendEnvelopeStart(out, eventId, created);
    appendRefund(out, refund);
    appendEnvelopeEnd(out, type, requestId, idempotencyKey);
    return out;
}

QString chargeRefundedEvent(const QString &eventId, qint64 created, const ChargeObject &charge,
                            const QString &requestId, const QString &idempotencyKey)
{
    QString out;
    out.reserve(600);
    appendEnvelopeStart(out, eventId, created);
    appendCharge(out, charge);
    appendEnvelopeEnd(out, QStringLiteral("charge.refunded"), requestId, idempotencyKey);
    return out;
}

QString errorBody(const QString &type, const QString &code, const QString &message)
{
    QString out;
    out.reserve(160 + message.size());
    out += QLatin1String("{\"error\":{");
    if (!code.isEmpty()) {
        key(out, "code");
        appendString(out, code);
        out += QLatin1Char(',');
    }
    key(out, "message");
    appendString(out, message);
    out += QLatin1Char(',');
    key(out, "type");
    appendString(out, type);
    out += QLatin1String("}}");
    return out;
}

} // namespace RefundDesk::Internal::StripePayload
