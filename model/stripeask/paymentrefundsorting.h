#pragma once

#include "domain/providerlookup.h"
#include "domain/providerlookupresult.h"
#include "domain/result.h"

#include <QSet>
#include <QString>

#include <vector>

namespace RefundDesk {

class Store;

// A listing by the payment holds refunds that are not the operation's own. Before the
// lookup is kept, each is sorted by the store into the refunds of another operation this
// store holds ("other_operations": that operation's, saying nothing against this one) and
// those no operation of this store made ("other_refunds": no metadata.operation_id, or one
// the store does not hold), which the verdict other_refund rests on.
class PaymentRefundSorting final
{
public:
    // The sorting alone, on the draft's result, with one read of the store for every
    // operation the refunds name; nothing to do for other routes.
    static Result<void> sort(Store &store, ProviderLookupDraft &draft);
    // sort() of each draft, with one read of the store for every operation their refunds
    // name: a batch of a queue's answers costs one round trip on a server, not one each.
    static Result<void> sortEach(Store &store, std::vector<ProviderLookupDraft> &drafts);
    // Sorts, then keeps the lookup: how one operation's answer is kept (ask-stripe, the
    // console); a queue's answers go through LookupKeeper, which sorts a batch the same way.
    static Result<ProviderLookup> sortAndKeep(Store &store, ProviderLookupDraft draft);

private:
    // The sorting itself, `read` being the draft's result read and `held` the named
    // operations the store holds.
    static void sortBy(ProviderLookupDraft &draft, const ProviderLookupResult &read, const QSet<QString> &held);
};

} // namespace RefundDesk
