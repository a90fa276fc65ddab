#include "demo/stripepayload.h"

#include "domain/jsonstring.h"

#include <string>

namespace RefundDesk::Internal::StripePayload {

namespace {

// The payloads are built as UTF-8 with the shared JSON string escaping; each field helper
// writes the comma before it, so a builder is one call per field.
void field(std::string &out, const char *name)
{
    out += ",\"";
    out += name;
    out += "\":";
}

void stringField(std::string &out, const char *name, const QString &value)
{
    field(out, name);
    appendJsonString(out, value);
}

// Stripe sends null where the simulator has nothing.
void nullableField(std::string &out, const char *name, const QString &value)
{
    field(out, name);
    if (value.isEmpty())
        out += "null";
    else
        appendJsonString(out, value);
}

void numberField(std::string &out, const char *name, qint64 value)
{
    field(out, name);
    out += std::to_string(value);
}

void appendRefund(std::string &out, const RefundObject &r)
{
    out += "{\"id\":";
    appendJsonString(out, r.id);
    out += ",\"object\":\"refund\"";
    numberField(out, "amount", r.amount);
    nullableField(out, "balance_transaction", r.balanceTransaction);
    stringField(out, "charge", r.charge);
    numberField(out, "created", r.created);
    stringField(out, "currency", r.currency);
    nullableField(out, "failure_reason", r.failureReason);
    field(out, "metadata");
    if (r.operationId.isEmpty()) {
        out += "{}";
    } else {
        out += "{\"operation_id\":";
        appendJsonString(out, r.operationId);
        out += '}';
    }
    stringField(out, "payment_intent", r.paymentIntent);
    nullableField(out, "reason", r.reason);
    stringField(out, "status", r.status);
    out += '}';
}

void appendCharge(std::string &out, const ChargeObject &c)
{
    out += "{\"id\":";
    appendJsonString(out, c.id);
    out += ",\"object\":\"charge\"";
    numberField(out, "amount", c.amount);
    numberField(out, "amount_refunded", c.amountRefunded);
    out += ",\"captured\":true";
    numberField(out, "created", c.created);
    stringField(out, "currency", c.currency);
    out += ",\"metadata\":{\"order_id\":";
    appendJsonString(out, c.orderId);
    out += "},\"paid\":true";
    stringField(out, "payment_intent", c.paymentIntent);
    out += c.amountRefunded >= c.amount ? ",\"refunded\":true" : ",\"refunded\":false";
    out += ",\"status\":\"succeeded\"}";
}

void appendEnvelopeStart(std::string &out, const QString &eventId, qint64 created)
{
    out += "{\"id\":";
    appendJsonString(out, eventId);
    out += ",\"object\":\"event\",\"api_version\":\"";
    out += ApiVersion;
    out += '"';
    numberField(out, "created", created);
    out += ",\"data\":{\"object\":";
}

void appendEnvelopeEnd(std::string &out, const QString &type, const QString &requestId,
                       const QString &idempotencyKey)
{
    out += "},\"livemode\":false,\"pending_webhooks\":1,\"request\":{\"id\":";
    if (requestId.isEmpty())
        out += "null";
    else
        appendJsonString(out, requestId);
    nullableField(out, "idempotency_key", idempotencyKey);
    out += '}';
    stringField(out, "type", type);
    out += '}';
}

QString text(const std::string &utf8)
{
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

} // namespace

QString refundEvent(const QString &eventId, const QString &type, qint64 created,
                    const RefundObject &refund, const QString &requestId, const QString &idempotencyKey)
{
    std::string out;
    out.reserve(640);
    appendEnvelopeStart(out, eventId, created);
    appendRefund(out, refund);
    appendEnvelopeEnd(out, type, requestId, idempotencyKey);
    return text(out);
}

QString refundObject(const RefundObject &refund)
{
    std::string out;
    out.reserve(400);
    appendRefund(out, refund);
    return text(out);
}

QString chargeRefundedEvent(const QString &eventId, qint64 created, const ChargeObject &charge,
                            const QString &requestId, const QString &idempotencyKey)
{
    std::string out;
    out.reserve(600);
    appendEnvelopeStart(out, eventId, created);
    appendCharge(out, charge);
    appendEnvelopeEnd(out, QStringLiteral("charge.refunded"), requestId, idempotencyKey);
    return text(out);
}

QString errorBody(const QString &type, const QString &code, const QString &message)
{
    std::string out = "{\"error\":{";
    if (!code.isEmpty()) {
        out += "\"code\":";
        appendJsonString(out, code);
        out += ',';
    }
    out += "\"message\":";
    appendJsonString(out, message);
    stringField(out, "type", type);
    out += "}}";
    return text(out);
}

} // namespace RefundDesk::Internal::StripePayload
