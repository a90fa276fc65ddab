#pragma once

namespace RefundDesk {

// Stops the statement a store is running, from another thread: the read nobody wants
// any more, or one that waited past its deadline. The store's own thread then gets an
// error for that statement and goes on. Safe to call from any thread, at any time, even
// after the store closed (nothing happens then) or when nothing runs.
class StoreCanceller
{
public:
    virtual ~StoreCanceller() = default;
    virtual void cancel() = 0;
};

} // namespace RefundDesk
