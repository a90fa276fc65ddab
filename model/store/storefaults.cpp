#include "store/storefaults.h"

namespace RefundDesk {

namespace {

StoreFaults &current()
{
    static StoreFaults faults;
    return faults;
}

} // namespace

const StoreFaults &StoreFaults::injected()
{
    return current();
}

void StoreFaults::inject(const StoreFaults &faults)
{
    current() = faults;
}

} // namespace RefundDesk
