#pragma once

#include "demo/demorandom.h"
#include "demo/fakeprovider.h"
#include "demo/providertruthfile.h"
#include "domain/webhookevent.h"

#include <vector>

namespace RefundDesk::Internal {

// An event as the webhook receiver stored it, with what the simulator knows about it.
struct DeliveredEvent
{
    WebhookEvent event;
    int refund = -1;       // index into the conversation's provider refunds
    QString refundStatus;  // the refund's status the payload states (empty for a charge)
    bool readable = true;  // false when the stored payload was cut short
};

struct DeliveryCounts
{
    qint64 stored = 0;
    qint64 duplicatesIgnored = 0; // delivered twice; the receiver kept the first
    qint64 neverDelivered = 0;
    qint64 notYetDelivered = 0;   // due after the simulated now
    qint64 withoutMetadata = 0;
    qint64 unreadable = 0;
};

// Turns what the provider did into the webhook_events rows the receiver wrote: a
// refund.created when a refund is made (with the request's idempotency key), a
// refund.updated or refund.failed for each later change (no request: nothing asked for
// it), now and then a charge.refunded. Deliveries are late, twice or never at times; an
// event due after now is not there yet. A few payloads lost their metadata (only the
// refund id links them) and a few were stored cut short (unreadable), with the columns
// the receiver had already extracted.
class WebhookDelivery final
{
public:
    WebhookDelivery(DemoRandom &random, qint64 nowMs);

    // Prompt delivery delivers every event once, within seconds, intact.
    void setFaulty(bool faulty) { m_faulty = faulty; }
    // Where to keep what really happened: every refund as it stands now and every event,
    // delivered or not, intact. Draws nothing from the random source.
    void setTruth(ProviderTruthFile *truth) { m_truth = truth; }

    void deliver(const std::vector<ProviderRefund> &refunds, std::vector<DeliveredEvent> &out);

    const DeliveryCounts &counts() const { return m_counts; }

private:
    void receive(DeliveredEvent delivered, qint64 createdMs, std::vector<DeliveredEvent> &out);
    void tell(const DeliveredEvent &delivered, bool stored);

    DemoRandom &m_random;
    qint64 m_now = 0;
    bool m_faulty = true;
    ProviderTruthFile *m_truth = nullptr;
    DeliveryCounts m_counts;
};

} // namespace RefundDesk::Internal
