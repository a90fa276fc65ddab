#pragma once

// What counts as the same reading of a payload: every field of the parser's results,
// compared one by one. Each function lists the fields that differ (empty when the two
// agree), so a test can say which field and the fuzz target can stop on any.
// Header-only and Qt Core only: the libFuzzer target includes it without Qt Test.

#include "evidence/parsedevent.h"

#include <QString>
#include <QStringList>

#include <algorithm>

namespace RefundDesk::Test {

// Appends `name` to `out` when the two values differ.
template<typename T>
void compareField(QStringList &out, const char *name, const T &a, const T &b)
{
    if (a != b)
        out << QString::fromLatin1(name);
}

inline QStringList refundDifferences(const ParsedRefund &a, const ParsedRefund &b)
{
    QStringList out;
    compareField(out, "id", a.id, b.id);
    compareField(out, "amount", a.amount, b.amount);
    compareField(out, "currency", a.currency, b.currency);
    compareField(out, "status", a.status, b.status);
    compareField(out, "failureReason", a.failureReason, b.failureReason);
    compareField(out, "operationId", a.operationId, b.operationId);
    compareField(out, "chargeId", a.chargeId, b.chargeId);
    compareField(out, "paymentIntentId", a.paymentIntentId, b.paymentIntentId);
    return out;
}

inline QStringList eventDifferences(const ParsedEvent &a, const ParsedEvent &b)
{
    QStringList out;
    compareField(out, "readable", a.readable, b.readable);
    compareField(out, "unreadableReason", a.unreadableReason, b.unreadableReason);
    compareField(out, "id", a.id, b.id);
    compareField(out, "type", a.type, b.type);
    compareField(out, "created", a.created, b.created);
    compareField(out, "objectType", a.objectType, b.objectType);
    compareField(out, "requestId", a.requestId, b.requestId);
    compareField(out, "idempotencyKey", a.idempotencyKey, b.idempotencyKey);
    compareField(out, "refund (present)", a.refund.has_value(), b.refund.has_value());
    if (a.refund && b.refund) {
        for (const QString &field : refundDifferences(*a.refund, *b.refund))
            out << QStringLiteral("refund.") + field;
    }
    compareField(out, "charge (present)", a.charge.has_value(), b.charge.has_value());
    if (a.charge && b.charge) {
        const ParsedCharge &x = *a.charge;
        const ParsedCharge &y = *b.charge;
        compareField(out, "charge.id", x.id, y.id);
        compareField(out, "charge.amount", x.amount, y.amount);
        compareField(out, "charge.amountRefunded", x.amountRefunded, y.amountRefunded);
        compareField(out, "charge.currency", x.currency, y.currency);
        compareField(out, "charge.operationId", x.operationId, y.operationId);
        compareField(out, "charge.refundsListed", x.refundsListed, y.refundsListed);
        compareField(out, "charge.refunds (count)", x.refunds.size(), y.refunds.size());
        for (size_t i = 0; i < std::min(x.refunds.size(), y.refunds.size()); ++i) {
            for (const QString &field : refundDifferences(x.refunds[i], y.refunds[i]))
                out << QStringLiteral("charge.refunds[%1].").arg(i) + field;
        }
    }
    return out;
}

inline QStringList readingDifferences(const PayloadReading &a, const PayloadReading &b)
{
    QStringList out;
    compareField(out, "isJsonObject", a.isJsonObject, b.isJsonObject);
    compareField(out, "jsonError", a.jsonError, b.jsonError);
    compareField(out, "columns.eventId", a.columns.eventId, b.columns.eventId);
    compareField(out, "columns.type", a.columns.type, b.columns.type);
    compareField(out, "columns.created", a.columns.created, b.columns.created);
    compareField(out, "columns.operationId", a.columns.operationId, b.columns.operationId);
    compareField(out, "columns.idempotencyKey", a.columns.idempotencyKey, b.columns.idempotencyKey);
    compareField(out, "columns.refundId", a.columns.refundId, b.columns.refundId);
    for (const QString &field : eventDifferences(a.event, b.event))
        out << QStringLiteral("event.") + field;
    return out;
}

} // namespace RefundDesk::Test
