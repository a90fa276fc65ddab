#pragma once

#include <QByteArray>
#include <QString>

#include <memory>
#include <vector>

class QFile;

namespace RefundDesk::Testing {

// What really happened at a fake provider: every refund it made, as it stands now, and
// every event it created, delivered to the webhook receiver or not. Stripe's answers are
// drawn from this, whatever the store holds.
struct FakeStripeTruth
{
    // Compact, for truths of ten million refunds: the texts of an object read from a file
    // are the file's own bytes (mapped, not copied), and its ids are bytes, not QStrings.
    struct Object
    {
        QByteArray id;
        qint64 created = 0;  // seconds
        QString type;        // an event's type; empty for a refund
        QString operationId; // metadata.operation_id of a refund, if any
        QByteArray paymentIntent; // a refund's payment_intent (pi_…), if any
        QByteArray charge;        // a refund's charge (ch_…), if any
        bool delivered = true;
        QByteArray json;     // the object's text, as the fake serves it
    };

    std::vector<Object> refunds;
    std::vector<Object> events;

    // Reads a JSON Lines file (as `refund-desk demo` writes beside a store): lines
    // {"refund": {...}} and {"event": {...}, "delivered": true|false}. Returns an error
    // sentence, empty when every line was read. The file is mapped and its objects served
    // from it as written: it must not change while this truth serves it.
    QString load(const QString &path);
    // One refund or event object's JSON text.
    QString addRefund(const QByteArray &json);
    QString addEvent(const QByteArray &json, bool delivered);

private:
    // The files loaded, kept mapped (or read, where mapping failed) while objects refer to them.
    std::vector<std::shared_ptr<QFile>> m_mappedFiles;
    std::vector<QByteArray> m_readFiles;
};

} // namespace RefundDesk::Testing
