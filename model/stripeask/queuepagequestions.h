#pragma once

#include "domain/result.h"
#include "store/queuepagereading.h"
#include "stripe/striperefundlookup.h"

#include <vector>

namespace RefundDesk {

class Store;

// What to ask Stripe about some rows of a page of the queue (or one operation, as a page
// of one): for each row, its payment and where it was read, the refund ids its row and
// events know, and its attempts' window. Read in at most three statements whatever the
// number of rows: their attempts, the operations of the orders of those whose row and
// events name no payment, and those orders' other operations' events. One round trip
// each on a server, where one row at a time costs up to four a row.
class QueuePageQuestions final
{
public:
    // The questions of `rows` (indexes into `page`), in that order.
    static Result<std::vector<RefundLookupQuestion>> read(Store &store, const QueuePageReading &page,
                                                         const std::vector<size_t> &rows);
};

} // namespace RefundDesk
