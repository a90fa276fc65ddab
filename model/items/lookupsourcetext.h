#pragma once

#include <QString>

namespace RefundDesk {

struct ProviderLookup;

// Where the evidence came from when Stripe's answer states it: who asked and how long ago
// ("Stripe's answer: asked by the reconciler 4 min ago"), for the operation's panel.
namespace LookupSourceText {

QString sentence(const ProviderLookup &lookup, qint64 nowMs);
// The lookup, its moment in full and who asked.
QString toolTip(const ProviderLookup &lookup);

} // namespace LookupSourceText

} // namespace RefundDesk
