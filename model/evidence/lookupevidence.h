#pragma once

#include "domain/providerlookup.h"
#include "evidence/evidence.h"

#include <optional>
#include <vector>

namespace RefundDesk {

// Reads provider lookup records (DESIGN.md, "The shared store": schema version 2) as the
// verdict needs them: whether the listing was complete, and the refunds Stripe stated with
// their status, amount and currency. A result that cannot be read states nothing.
class LookupEvidence final
{
public:
    // A listing's window ends this long after the last attempt ended (the Stripe client
    // lists from five minutes before the first attempt to five minutes after the last).
    static constexpr qint64 WindowMarginMs = 5 * 60 * 1000;
    // A listing asked sooner than this after the last attempt ended may miss a refund that
    // Stripe was still creating.
    static constexpr qint64 SettleDelayMs = 10 * 60 * 1000;

    static EvidenceLookup read(const ProviderLookup &row);
    static std::vector<EvidenceLookup> readAll(const std::vector<ProviderLookup> &rows);

    // What a resolution's evidence `stripe_lookup:ID:sha256:HEX` names; nothing for any
    // other evidence.
    struct Reference
    {
        qint64 lookupId = 0;
        QString sha256; // lower-case hex
    };
    static std::optional<Reference> reference(const QString &evidence);
    // What the record's response_sha256 must be (lower-case hex): over the bodies it holds
    // (version 2) or the addresses of those it names (version 3), in the order they were
    // received (LookupBodies). Empty when the requests cannot be read.
    static QString bodiesSha256(const ProviderLookup &row);
};

} // namespace RefundDesk
