#pragma once

#include "evidence/parsedevent.h"

#include <nlohmann/json.hpp>

namespace RefundDesk::Internal {

class SparseJsonReader;

// Reads a Stripe event's parsed JSON into what Refund Desk uses of it: the event, and the
// columns the webhook receiver indexes. Both fast and full parses end here, so a payload
// reads the same whichever parser built its tree.

// The fast reader builds only the members with these keys, at any depth: every key the
// readers look up is among them, or a plain payload would read differently.
const SparseJsonReader &eventKeysReader();

// The event, or an unreadable one whose reason names the first field that is wrong.
ParsedEvent readEventObject(const nlohmann::json &envelope);

// Whatever the index columns can be read, even from an unreadable event.
IndexColumns readIndexColumns(const nlohmann::json &envelope);

} // namespace RefundDesk::Internal
