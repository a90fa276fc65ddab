#pragma once

#include "domain/error.h"
#include "domain/operation.h"

#include <QString>

namespace RefundDesk::Internal {

// What a claim, a release or a decision answers when it did not get the store's write
// lock within the busy timeout. Many short writers (the refund tool, the webhook
// receiver, other people) can keep a waiter from the lock that long without any of them
// holding it for long, and meanwhile another person may have decided or claimed the
// operation. So the write goes on without the lock as far as reading the operation (in
// WAL mode a read needs none) and applying its rules to it: when they refuse it, the
// answer is the conflict it would have met with the lock (exit 4, naming who); only when
// the write was still due is the answer "busy" (exit 3), saying what happened.
class SqliteBusyAnswer final
{
public:
    // Whether a transaction could not begin because the store stayed busy (SQLITE_BUSY).
    static bool isBusy(int beginCode);
    // "Busy", for a write that was due on `current` while `doing`.
    static Error busy(int busyTimeoutMs, const QString &doing, const Operation &current);
};

} // namespace RefundDesk::Internal
