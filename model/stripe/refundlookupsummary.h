#pragma once

#include "domain/providerlookup.h"

#include <QStringList>

#include <vector>

namespace RefundDesk {

// One sentence for a person on what a lookup of an operation's refunds found, in the
// language and the money format of the run, built from what Stripe answered: the refunds
// it stated, the ids it has no refund for, whether the listing of the window finished.
// A kept record is read again rather than its "summary" shown: that is in the language of
// whoever asked, and older records wrote the amounts in minor units.
class RefundLookupSummary final
{
public:
    struct Refund
    {
        QString id;
        QString status;
        qint64 amount = 0; // Stripe's minor units
        QString currency;
    };

    static QString text(const std::vector<Refund> &found, const QStringList &missing, bool listed, bool complete,
                        qint64 windowFromMs, qint64 windowToMs);
    // From a kept record's result (DESIGN.md, "The shared store": the provider lookups) and its window.
    static QString fromRecord(const ProviderLookup &lookup);
};

} // namespace RefundDesk
