#pragma once

#include "evidence/evidence.h"

#include <nlohmann/json.hpp>

namespace RefundDesk::Cli {

// The evidence in the JSON of `show --json` and `queue --json` (DESIGN.md, "JSON keys").
namespace EvidenceJson {

// event_id, type, created, received_at, matched_by, deliveries, refund_id, status, amount,
// currency, failure_reason, unreadable and, when unreadable, unreadable_reason.
nlohmann::json event(const EvidenceEvent &event);
nlohmann::json events(const Evidence &evidence);
// Adds verdict, verdict_explanation, named_refund_id and conflicts to `object`.
void addVerdict(nlohmann::json &object, const Evidence &evidence);

} // namespace EvidenceJson

} // namespace RefundDesk::Cli
