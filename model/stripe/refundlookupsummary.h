#pragma once

#include "domain/providerlookup.h"
#include "domain/providerlookupresult.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace RefundDesk {

// One sentence for a person on what a lookup of an operation's refunds found, in the
// language and the money format of the run, built from what Stripe answered: the refunds
// it stated, the ids it has no refund for, whether the listing finished, and the route
// asked by (the payment, and where it was read; or the window, which cannot see refunds
// made by another path). A kept record is read again rather than its "summary" shown:
// that is in the language of whoever asked, and older records wrote the amounts in minor
// units.
class RefundLookupSummary final
{
public:
    using Refund = ProviderLookupResult::Refund; // amount in Stripe's minor units

    static QString text(const std::vector<Refund> &found, const QStringList &missing, bool listed, bool complete,
                        qint64 windowFromMs, qint64 windowToMs);
    // From a lookup's result (DESIGN.md, "The shared store": the provider lookups) and its
    // window.
    static QString fromResult(const ProviderLookupResult &result, std::optional<qint64> windowFromMs,
                              std::optional<qint64> windowToMs);
    // From a kept record's result and its window.
    static QString fromRecord(const ProviderLookup &lookup);
    // Where a lookup's payment was read, from its result's tokens, as a phrase.
    static QString paymentFrom(const ProviderLookupResult &result);
};

} // namespace RefundDesk
