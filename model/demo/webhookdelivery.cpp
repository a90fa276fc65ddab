#include "demo/webhookdelivery.h"

#include "demo/stripepayload.h"

#include <optional>

namespace RefundDesk::Internal {

WebhookDelivery::WebhookDelivery(DemoRandom &random, qint64 nowMs)
    : m_random(random)
    , m_now(nowMs)
{
}

void WebhookDelivery::deliver(const std::vector<ProviderRefund> &refunds, std::vector<DeliveredEvent> &out)
{
    for (int index = 0; index < int(refunds.size()); ++index) {
        const ProviderRefund &refund = refunds[index];
        std::optional<StripePayload::RefundObject> current; // the refund as it stands now
        for (int i = 0; i < int(refund.history.size()); ++i) {
            const RefundChange &change = refund.history[i];
            if (change.atMs > m_now)
                break; // it has not happened yet

            const bool creation = i == 0;
            const bool metadataLost = m_faulty && !creation && m_random.chance(0.04);
            StripePayload::RefundObject object;
            object.id = refund.id;
            object.amount = refund.amount;
            if (change.status != QLatin1String("pending") && change.status != QLatin1String("requires_action"))
                object.balanceTransaction = refund.balanceTransaction;
            object.charge = refund.charge.id;
            object.created = refund.history.front().atMs / 1000;
            object.currency = refund.currency;
            object.failureReason = change.failureReason;
            object.operationId = metadataLost ? QString() : refund.operationId;
            object.paymentIntent = refund.charge.paymentIntent;
            object.reason = refund.reason;
            object.status = change.status;
            current = object;
            current->operationId = refund.operationId;

            DeliveredEvent delivered;
            WebhookEvent &event = delivered.event;
            event.eventId = m_random.token(QLatin1StringView("evt_"), 24);
            event.type = creation ? QStringLiteral("refund.created")
                         : change.status == QLatin1String("failed") ? QStringLiteral("refund.failed")
                                                                     : QStringLiteral("refund.updated");
            event.created = change.atMs / 1000;
            const QString requestId = creation ? refund.requestId : QString();
            const QString key = creation ? refund.idempotencyKey : QString();
            event.payload = StripePayload::refundEvent(event.eventId, event.type, *event.created, object,
                                                       requestId, key);
            event.operationId = object.operationId.isEmpty() ? QString() : object.operationId;
            event.idempotencyKey = key;
            event.refundId = refund.id;
            delivered.refund = index;
            delivered.refundStatus = change.status;
            // Lost on the way, or never there (a refund made in the Dashboard).
            if (metadataLost || refund.operationId.isEmpty())
                ++m_counts.withoutMetadata;
            receive(std::move(delivered), change.atMs, out);

            if (m_faulty && creation && change.status == QLatin1String("succeeded") && m_random.chance(0.08)) {
                StripePayload::ChargeObject charge;
                charge.id = refund.charge.id;
                charge.amount = refund.charge.amount;
                charge.amountRefunded = refund.amount;
                charge.created = refund.charge.createdMs / 1000;
                charge.currency = refund.charge.currency;
                charge.orderId = refund.charge.orderId;
                charge.paymentIntent = refund.charge.paymentIntent;

                DeliveredEvent chargeEvent;
                WebhookEvent &e = chargeEvent.event;
                e.eventId = m_random.token(QLatin1StringView("evt_"), 24);
                e.type = QStringLiteral("charge.refunded");
                e.created = change.atMs / 1000;
                e.payload = StripePayload::chargeRefundedEvent(e.eventId, *e.created, charge, requestId, key);
                e.idempotencyKey = key;
                chargeEvent.refund = index;
                receive(std::move(chargeEvent), change.atMs, out);
            }
        }
        if (m_truth && current)
            m_truth->addRefund(StripePayload::refundObject(*current));
    }
}

void WebhookDelivery::tell(const DeliveredEvent &delivered, bool stored)
{
    if (m_truth)
        m_truth->addEvent(delivered.event.payload, stored);
}

void WebhookDelivery::receive(DeliveredEvent delivered, qint64 createdMs, std::vector<DeliveredEvent> &out)
{
    if (!m_faulty) {
        delivered.event.receivedAt = createdMs + m_random.between(300, 4000);
        if (delivered.event.receivedAt > m_now) {
            ++m_counts.notYetDelivered;
            return tell(delivered, false);
        }
        tell(delivered, true);
        ++m_counts.stored;
        out.push_back(std::move(delivered));
        return;
    }
    const double fate = m_random.unit();
    if (fate < 0.025) {
        ++m_counts.neverDelivered;
        return tell(delivered, false);
    }
    if (fate < 0.065)
        ++m_counts.duplicatesIgnored; // the second delivery hit the event_id primary key
    const bool late = m_random.chance(0.12);
    const qint64 receivedAt = createdMs + (late ? m_random.skewed(2 * 60 * 1000, 8 * 3600 * 1000)
                                                : m_random.between(300, 4000));
    if (receivedAt > m_now) {
        ++m_counts.notYetDelivered;
        return tell(delivered, false);
    }
    tell(delivered, true); // intact at Stripe, whatever the receiver kept
    delivered.event.receivedAt = receivedAt;
    if (m_random.chance(0.004)) {
        // An early receiver cut long bodies; the columns it had extracted are still right.
        QString &payload = delivered.event.payload;
        payload.truncate(m_random.between(payload.size() * 3 / 10, payload.size() * 8 / 10));
        delivered.readable = false;
        ++m_counts.unreadable;
    }
    ++m_counts.stored;
    out.push_back(std::move(delivered));
}

} // namespace RefundDesk::Internal
