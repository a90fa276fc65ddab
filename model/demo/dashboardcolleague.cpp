#include "demo/dashboardcolleague.h"

#include "demo/demotime.h"

namespace RefundDesk::Internal {

namespace {

using DemoTime::Minute;
using DemoTime::Hour;

} // namespace

DashboardColleague::DashboardColleague(DemoRandom &random, qint64 nowMs, double share)
    : m_random(random)
    , m_now(nowMs)
    , m_share(share)
{
}

std::optional<ProviderRefund> DashboardColleague::refundFor(const Operation &operation, const ProviderCharge &charge)
{
    const qint64 age = m_now - operation.updatedAt;
    if (operation.status != OperationStatus::Unknown || age < 30 * Minute || !m_random.chance(m_share))
        return std::nullopt;

    const qint64 createdAt = operation.updatedAt + m_random.between(5 * Minute, qMin(age - Minute, 48 * Hour));
    ProviderRefund refund;
    refund.id = m_random.token(QLatin1StringView("re_"), 24);
    refund.balanceTransaction = m_random.token(QLatin1StringView("txn_"), 24);
    refund.charge = charge;
    refund.amount = operation.amountCents;
    refund.currency = operation.currency;
    // The Dashboard's own request: no operation in the metadata, no key the tool sent.
    refund.requestId = m_random.token(QLatin1StringView("req_"), 14);
    refund.reason = QStringLiteral("requested_by_customer");
    if (m_random.chance(0.85)) {
        refund.history.push_back({createdAt, QStringLiteral("succeeded"), {}});
    } else {
        refund.history.push_back({createdAt, QStringLiteral("pending"), {}});
        refund.history.push_back({createdAt + m_random.skewed(Minute, 6 * Hour), QStringLiteral("succeeded"), {}});
    }
    return refund;
}

} // namespace RefundDesk::Internal
