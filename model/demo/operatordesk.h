#pragma once

#include "demo/demorandom.h"
#include "demo/fakeprovider.h"
#include "demo/webhookdelivery.h"
#include "domain/operation.h"
#include "domain/resolution.h"

#include <optional>
#include <vector>

namespace RefundDesk::Internal {

// What the support team has done since the tool left operations unknown: some are being
// checked right now (claimed), some were resolved in the past on the evidence they had
// then (a webhook, the provider's dashboard, provider support), a few with an override.
// The resolutions are chained into the audit log once all are known, in the order they
// were recorded.
class OperatorDesk final
{
public:
    OperatorDesk(DemoRandom &random, qint64 nowMs);

    // The team keeps up with the queue: nearly every operation unknown for longer than
    // `targetMs` was decided, within that time (DemoProfile::Today). Unset, it decides a
    // share of the queue whatever its age, within 36 hours.
    void keepUpWithin(qint64 targetMs) { m_targetMs = targetMs; }

    // Leaves `operation` alone, claims it, or resolves it. Only unknown rows are touched.
    void review(Operation &operation, const std::vector<ProviderRefund> &refunds,
                const std::vector<DeliveredEvent> &events);
    // Claims without a chance of resolving: for the scenes that must stay in the queue.
    void maybeClaim(Operation &operation, double probability);

    // The resolutions in resolution_id order (by recorded_at), each with its chain fields.
    std::vector<Resolution> chainedLog();


private:
    void claim(Operation &operation);
    // Records the outcome the evidence of the time shows (at `atMs`, or a drawn time);
    // false when nobody could decide yet (a refund still pending, two refunds).
    bool resolve(Operation &operation, const std::vector<ProviderRefund> &refunds,
                 const std::vector<DeliveredEvent> &events, std::optional<qint64> atMs = std::nullopt);
    QString operatorName();

    DemoRandom &m_random;
    qint64 m_now = 0;
    qint64 m_targetMs = 0;
    std::vector<Resolution> m_log;
};

} // namespace RefundDesk::Internal
