#pragma once

#include <QByteArray>
#include <QJsonArray>
#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk {

// What the lookups read of a refund object in a Stripe answer (a retrieval's body, or an
// entry of a list page's `data`). A member of the wrong type reads as absent (empty or 0).
struct StripeRefundObject
{
    bool isRefund = false; // "object": "refund"
    QString id;
    QString status;
    qint64 amount = 0;
    QString currency; // lower case
    qint64 created = 0;
    QString operationId; // metadata.operation_id

    // A retrieval's answer: the refund, or nothing when the body is not a refund with an id.
    static std::optional<StripeRefundObject> fromRetrieval(const QByteArray &body);
    // Every entry of a list page's `data`, whatever it is, in order.
    static std::vector<StripeRefundObject> fromListPage(const QByteArray &body);

    // The refunds as a lookup's result keeps them (its "refunds", "payment_refunds"): id,
    // status, amount, currency, created and the operation their metadata names.
    static QJsonArray resultEntries(const std::vector<StripeRefundObject> &refunds);
};

} // namespace RefundDesk
