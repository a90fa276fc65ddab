#pragma once

namespace RefundDesk {

// Faults that a test build of refund-desk (refund-desk-testing, tests/seams) injects into
// every store it opens, to prove what a crash or a full disk leaves behind. The product
// injects none, and every store then behaves as if they did not exist. Injected once at
// the start of the program, before any store is opened.
struct StoreFaults
{
    // A pause between a decision's two writes, in which the crash tests kill the process
    // (on PostgreSQL the first write then goes to the server in a pipeline of its own).
    int pauseInDecisionMs = 0;
    // SQLite's max_page_count on every open: a full disk where no small file system can
    // be mounted to fill.
    int maxPageCount = 0;

    static const StoreFaults &injected();
    static void inject(const StoreFaults &faults);
};

} // namespace RefundDesk
