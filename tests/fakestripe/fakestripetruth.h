#pragma once

#include <QByteArray>
#include <QString>

#include <vector>

namespace RefundDesk::Testing {

// What really happened at a fake provider: every refund it made, as it stands now, and
// every event it created, delivered to the webhook receiver or not. Stripe's answers are
// drawn from this, whatever the store holds.
struct FakeStripeTruth
{
    struct Object
    {
        QString id;
        qint64 created = 0;  // seconds
        QString type;        // an event's type; empty for a refund
        QString operationId; // metadata.operation_id of a refund, if any
        QString paymentIntent; // a refund's payment_intent (pi_…), if any
        QString charge;        // a refund's charge (ch_…), if any
        bool delivered = true;
        QByteArray json;     // the object's text, as the fake serves it
    };

    std::vector<Object> refunds;
    std::vector<Object> events;

    // Reads a JSON Lines file (as `refund-desk demo` writes beside a store): lines
    // {"refund": {...}} and {"event": {...}, "delivered": true|false}. Returns an error
    // sentence, empty when every line was read.
    QString load(const QString &path);
    // One refund or event object's JSON text.
    QString addRefund(const QByteArray &json);
    QString addEvent(const QByteArray &json, bool delivered);
};

} // namespace RefundDesk::Testing
