#include "demo/shoprefunds.h"

#include "demo/demotime.h"
#include "demo/stripepayload.h"

#include <cmath>

namespace RefundDesk::Internal {

namespace {

using DemoTime::Minute;

const char *const Currencies[] = {"usd", "usd", "usd", "eur", "gbp"};

} // namespace

ShopRefunds::ShopRefunds(quint64 seed, qint64 beginMs, qint64 endMs)
    : m_random(seed)
    , m_begin(beginMs)
    , m_end(endMs)
{
}

qint64 ShopRefunds::write(double perMinute, ProviderTruthFile &truth)
{
    const qint64 span = m_end - m_begin;
    const qint64 count = span > 0 && perMinute > 0 ? std::llround(perMinute * double(span) / double(Minute)) : 0;
    for (qint64 i = 0; i < count; ++i) {
        // Evenly spread, each somewhere in its own slice of the span.
        const qint64 from = m_begin + qint64(double(span) * double(i) / double(count));
        const qint64 to = m_begin + qint64(double(span) * double(i + 1) / double(count));
        const qint64 createdMs = m_random.between(from, qMax(from, to - 1));

        StripePayload::RefundObject refund;
        refund.id = m_random.token(QLatin1StringView("re_"), 24);
        refund.charge = m_random.token(QLatin1StringView("ch_"), 24);
        refund.paymentIntent = m_random.token(QLatin1StringView("pi_"), 24);
        refund.currency = QString::fromLatin1(Currencies[m_random.below(std::size(Currencies))]);
        refund.amount = m_random.skewed(100, 50'000);
        refund.created = createdMs / 1000;
        const double fate = m_random.unit();
        if (fate < 0.9) {
            refund.status = QStringLiteral("succeeded");
        } else if (fate < 0.97) {
            refund.status = QStringLiteral("pending");
        } else {
            refund.status = QStringLiteral("failed");
            refund.failureReason = QStringLiteral("expired_or_canceled_card");
        }
        if (refund.status != QLatin1String("pending"))
            refund.balanceTransaction = m_random.token(QLatin1StringView("txn_"), 24);
        truth.addRefund(StripePayload::refundObject(refund));
    }
    return count;
}

} // namespace RefundDesk::Internal
