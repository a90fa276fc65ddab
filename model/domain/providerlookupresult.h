#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace RefundDesk {

// A provider lookup's stored result (ProviderLookup::result, DESIGN.md "The shared store":
// the provider lookups), read whole: what the evidence, the summaries, the history, the
// support case, the queue's question, the asker's mark and the keeper's sorting say about a
// lookup all come from here. A member of the wrong type reads as absent (empty, 0, false),
// as a reader of the record would take it.
struct ProviderLookupResult
{
    struct Refund
    {
        QString id;
        QString status;
        qint64 amount = 0;
        QString currency; // as stored
        QString failureReason;
        QString operationId;
        qint64 created = 0;
    };

    bool readable = false; // the result is a JSON object
    bool complete = false;
    QString method; // "list" (a window's listing), "payment" (the payment's refunds) or "retrieve"
    bool listed = false;    // "method": "list", a listing by creation time
    bool byPayment = false; // "method": "payment", a listing of the payment's refunds
    QString route;          // payment_intent, charge, refund_ids or window
    // A listing by the payment: the payment, where it was read (a PaymentSource token, with
    // the other operation or the event it came from) and when the attempts ended.
    QString paymentId;
    QString paymentFrom;
    QString paymentFromOperation;
    QString paymentFromEvent;
    std::optional<qint64> quietSince;
    QString askedBy; // "reconciler" when the reconciler kept it
    std::vector<Refund> refunds; // the operation's own
    QStringList missing;         // refund ids the provider does not know
    // The payment's other refunds: not yet sorted by the store (a draft), or sorted into
    // those of another operation the store holds and those no operation here made.
    bool hasPaymentRefunds = false; // the member is there, even empty
    std::vector<Refund> paymentRefunds;
    std::vector<Refund> otherOperations;
    std::vector<Refund> otherRefunds;

    static ProviderLookupResult read(const QString &result);
};

} // namespace RefundDesk
