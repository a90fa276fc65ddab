#pragma once

#include "domain/result.h"
#include "store/queuepagereading.h"
#include "stripe/striperefundlookup.h"

#include <functional>
#include <vector>

namespace RefundDesk {

class Store;

// Which operations of the queue to ask Stripe about, and what to ask: those whose verdict
// is none (no readable refund event) and that no complete lookup has answered yet, so that
// a run cut short and run again asks only what is left. Reads the store a page of the
// queue at a time (QueuePageQuestions), never one operation at a time; asks nobody.
class QueueAskQuestions final
{
public:
    struct Reading
    {
        std::vector<RefundLookupQuestion> questions; // in queue order
        qint64 withoutEvidence = 0;                   // verdict none in the queue
        qint64 alreadyAnswered = 0;                   // of those, with a complete lookup
    };

    // At most `limit` questions (0: all).
    static Result<Reading> read(Store &store, qint64 limit = 0);
    // Whether a lookup's result says its listing or retrieval was complete.
    static bool isComplete(const ProviderLookup &lookup);
    // Calls `visit` with each page of the queue in its default order (oldest first), each
    // read as of one moment with what its verdicts need; stops at the first error, the
    // store's or the visit's.
    using PageVisit = std::function<Result<void>(const QueuePageReading &page)>;
    static Result<void> forEachPageInQueue(Store &store, const PageVisit &visit);
};

} // namespace RefundDesk
