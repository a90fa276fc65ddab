#pragma once

#include "demo/demorandom.h"
#include "demo/providertruthfile.h"

namespace RefundDesk::Internal {

// The refunds the shop makes by its other paths (its order system, its own scripts), beside
// the agent's, spread evenly over the simulated span: each on a payment of its own
// (payment_intent and charge), with no metadata, most succeeded. They exist at the
// provider only, so they go to the truth file as refund objects, and their events are not
// simulated: the fake Stripe's event listing stays that of the store's webhook receiver.
class ShopRefunds final
{
public:
    // `seed` feeds a generator of their own, so that the rest of the store and of the
    // truth is the same whatever their number.
    ShopRefunds(quint64 seed, qint64 beginMs, qint64 endMs);

    // Writes `perMinute` refunds a minute of the span to `truth`; returns how many.
    qint64 write(double perMinute, ProviderTruthFile &truth);

private:
    DemoRandom m_random;
    qint64 m_begin = 0;
    qint64 m_end = 0;
};

} // namespace RefundDesk::Internal
