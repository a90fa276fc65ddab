#pragma once

#include "demo/demorandom.h"
#include "demo/fakeprovider.h"
#include "domain/operation.h"

#include <optional>

namespace RefundDesk::Internal {

// A colleague who, now and then, refunds an order in the provider's Dashboard instead of
// waiting for the desk: the operation the tool left unknown stays so, and the order's
// payment gets a refund the tool did not make, with no metadata and no idempotency key of
// the tool's. Asking the provider by the payment finds it; the operation's own evidence
// (its id, its key) never does.
class DashboardColleague final
{
public:
    // `random` is a generator of its own, so that the rest of the store is the same with
    // or without the colleague. `share`: of the operations that qualify, those refunded.
    DashboardColleague(DemoRandom &random, qint64 nowMs, double share);

    // The refund made in the Dashboard for `operation`, if the colleague made one: only for
    // an unknown operation whose conversation made no refund at the provider (`charge` is
    // its order's payment), a while after the tool gave up.
    std::optional<ProviderRefund> refundFor(const Operation &operation, const ProviderCharge &charge);

private:
    DemoRandom &m_random;
    qint64 m_now = 0;
    double m_share = 0;
};

} // namespace RefundDesk::Internal
