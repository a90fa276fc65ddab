#pragma once

#include "domain/error.h"
#include "stripe/stripesecret.h"

#include <optional>

namespace RefundDesk {

class Store;

// Refuses a key of the other mode than the store's events (the payloads' livemode): a
// test key cannot see live refunds, and its answer would say "not found" wrongly. Nothing
// when the modes agree or the store's events do not say.
std::optional<Error> refuseKeyOfOtherMode(Store &store, StripeSecret::Mode keyMode);

} // namespace RefundDesk
