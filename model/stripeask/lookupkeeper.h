#pragma once

#include "domain/providerlookup.h"
#include "domain/result.h"

namespace RefundDesk {

class Store;

// Keeps what Stripe answered about one operation as a provider lookup, the one way every
// asker keeps it (ask-stripe, the queue-wide ask, the reconciler, the console). A listing
// by the payment holds refunds that are not the operation's own: each is sorted here, by
// the store, into the refunds of another operation this store holds ("other_operations":
// that operation's, saying nothing against this one) and those no operation of this
// store made ("other_refunds": no metadata.operation_id, or one the store does not hold),
// which the verdict other_refund rests on.
class LookupKeeper final
{
public:
    static Result<ProviderLookup> keep(Store &store, ProviderLookupDraft draft);
    // The sorting alone, on the draft's result; nothing to do for other routes.
    static Result<void> sortPaymentRefunds(Store &store, ProviderLookupDraft &draft);
};

} // namespace RefundDesk
