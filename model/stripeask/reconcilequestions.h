#pragma once

#include "domain/result.h"
#include "stripe/striperefundlookup.h"

#include <vector>

namespace RefundDesk {

class Store;

// What a reconciler's pass asks Stripe, read from the store at `nowMs`; asks nobody.
// - Operations of the queue that no complete lookup has answered and whose events give no
//   verdict, once they have been quiet for LookupEvidence::SettleDelayMs: counted from the
//   end of the last attempt (when the refund tool stopped and marked the row unknown, the
//   time the queue's own "oldest" reads), or from the row's creation when it has no
//   attempt. The store keeps no time of the move to unknown itself; updated_at changes
//   with every claim and release.
// - Operations whose refund Stripe last said was pending or requires_action, in a lookup
//   or in its webhooks, when RefundRecheckSchedule says they are due: the refund is
//   retrieved by its id.
// Nothing else: an operation answered for good is never asked again.
class ReconcileQuestions final
{
public:
    struct Reading
    {
        std::vector<RefundLookupQuestion> questions; // in queue order
        qint64 firstAsks = 0;  // of them, never answered before
        qint64 askedAgain = 0; // of them, pending and due
        qint64 tooRecent = 0;  // unanswered, but quiet for less than the settle delay
        qint64 notDueYet = 0;  // pending, asked again later
    };

    static Result<Reading> read(Store &store, qint64 nowMs);
};

} // namespace RefundDesk
