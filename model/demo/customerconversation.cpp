#include "demo/customerconversation.h"

#include "demo/demotime.h"

namespace RefundDesk::Internal {

namespace {

using DemoTime::Second;
using DemoTime::Minute;
using DemoTime::Hour;

// The longest chat: beyond this many tool calls the customer has given up.
constexpr int MaxToolCalls = 6;

} // namespace

CustomerConversation::CustomerConversation(DemoRandom &random, OperationTable &table, FakeProvider &provider,
                                           RefundTool &tool, qint64 nowMs)
    : m_random(random)
    , m_table(table)
    , m_provider(provider)
    , m_tool(tool)
    , m_now(nowMs)
{
}

std::pair<qint64, QString> CustomerConversation::drawAmount()
{
    const double c = m_random.unit();
    if (c >= 0.97) {
        // Yen have no minor unit: the amount is whole yen.
        return {m_random.skewed(30, 6000) * 10, QStringLiteral("jpy")};
    }
    const QString currency = c < 0.75 ? QStringLiteral("usd") : c < 0.88 ? QStringLiteral("eur") : QStringLiteral("gbp");
    const qint64 units = m_random.skewed(3, 450);
    static const qint64 Cents[] = {0, 0, 0, 99, 50, 95};
    const qint64 cents = m_random.chance(0.3) ? m_random.between(1, 98) : Cents[m_random.below(std::size(Cents))];
    return {qMax<qint64>(units * 100 + cents - (cents == 99 ? 100 : 0), 99), currency};
}

qint64 CustomerConversation::otherAmount(qint64 amountCents, const QString &currency)
{
    // A second item of the order: a different amount, so a different operation.
    const qint64 step = currency == QLatin1String("jpy") ? 10 : 1;
    qint64 other = m_random.between(1, qMax<qint64>(1, amountCents / step)) * step;
    if (other == amountCents)
        other += step;
    return other;
}

ProviderCharge CustomerConversation::chargeFor(const QString &orderId, qint64 amountCents, const QString &currency,
                                               qint64 startMs)
{
    ProviderCharge charge;
    charge.id = m_random.token(QLatin1StringView("ch_"), 24);
    charge.paymentIntent = m_random.token(QLatin1StringView("pi_"), 24);
    charge.orderId = orderId;
    charge.amount = m_random.chance(0.8) ? amountCents : amountCents + m_random.skewed(100, 20000);
    charge.currency = currency;
    charge.createdMs = startMs - m_random.skewed(Hour, 30 * 24 * Hour);
    return charge;
}

int CustomerConversation::lastAnswered() const
{
    int last = 0;
    for (int i = 1; i < m_calls; ++i) {
        if (m_tool.answeredAt(i) >= m_tool.answeredAt(last))
            last = i;
    }
    return last;
}

void CustomerConversation::run(const Plan &plan)
{
    m_table.clear();
    m_tool.clear();
    m_calls = 0;

    auto [amount, currency] = drawAmount();
    ProviderCharge charge = chargeFor(plan.orderId, amount, currency, plan.startMs);
    m_provider.beginConversation(charge);

    ToolRequest request;
    request.orderId = plan.orderId;
    request.amountCents = amount;
    request.currency = currency;
    request.conversationId = m_random.token(QLatin1StringView("conv_"), 24);
    if (plan.toolWritesPaymentId)
        request.paymentId = charge.paymentIntent;

    if (plan.scene == Scene::DoubleRefund) {
        request.keyFromToolCallId = true;
        ProviderFate slow;
        slow.latencyMs = m_random.between(35 * Second, 80 * Second);
        m_provider.script(slow);
    }

    m_tool.startCall(request, plan.startMs);
    ++m_calls;
    if (plan.scene == Scene::Ordinary && m_random.chance(0.02)) {
        // The model sent the same tool call twice at once: both race to open the row.
        m_tool.startCall(request, plan.startMs + m_random.between(20, 400));
        ++m_calls;
    }
    m_tool.run();

    while (m_calls < MaxToolCalls) {
        const int last = lastAnswered();
        const qint64 answeredAt = m_tool.answeredAt(last);
        qint64 next = -1;
        switch (m_tool.answer(last)) {
        case ToolAnswer::Running:
            break;
        case ToolAnswer::TryLater:
            if (plan.scene == Scene::DoubleRefund) {
                next = answeredAt + m_random.between(2 * Minute, 20 * Minute);
                ProviderFate second;
                second.latencyMs = m_random.between(300, 1500);
                // The first scenes always end unknown, so that every store's queue shows
                // the bug; later ones are sometimes refunded (the tool never noticed).
                if (m_doubleRefundScenes++ < 2 || m_random.chance(0.75)) {
                    second.result = ProviderFate::Result::ServerError;
                    second.workDone = true;
                }
                m_provider.script(second);
            } else if (m_random.chance(0.7)) {
                next = answeredAt + m_random.skewed(30 * Second, 3 * Hour);
                // Now and then the model passes another reason on the retry: same key,
                // other parameters.
                if (m_random.chance(0.02))
                    request.reason = QStringLiteral("duplicate");
            }
            break;
        case ToolAnswer::Unknown:
        case ToolAnswer::PersonChecking:
            if (m_random.chance(0.25))
                next = answeredAt + m_random.skewed(Minute, 6 * Hour);
            break;
        case ToolAnswer::Declined:
            if (m_table.size() < plan.maxOperations && m_random.chance(0.35))
                next = answeredAt + m_random.skewed(Minute, 2 * Hour);
            break;
        case ToolAnswer::Refunded:
        case ToolAnswer::AlreadyRefunded:
            if (m_table.size() < plan.maxOperations && m_random.chance(0.03)) {
                next = answeredAt + m_random.skewed(Minute, 3 * Hour);
                request.amountCents = otherAmount(request.amountCents, request.currency);
            }
            break;
        }
        if (next < 0 || next > m_now)
            break;
        m_tool.startCall(request, next);
        ++m_calls;
        m_tool.run();
    }
}

} // namespace RefundDesk::Internal
