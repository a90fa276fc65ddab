#pragma once

#include <QStringList>
#include <QtGlobal>

namespace RefundDesk {

// What Stripe's events API is asked for when refund events are fetched rather than
// delivered (sync-events, and the queue-wide ask's first phase): the refund event types,
// and how long Stripe keeps events for listing.
struct StripeRefundEvents
{
    // Stripe keeps events for 30 days; older ones cannot be listed.
    static constexpr qint64 KeptSeconds = 30 * 86400;

    static QStringList types()
    {
        return {QStringLiteral("refund.created"), QStringLiteral("refund.updated"), QStringLiteral("refund.failed"),
                QStringLiteral("charge.refund.updated")};
    }
};

} // namespace RefundDesk
