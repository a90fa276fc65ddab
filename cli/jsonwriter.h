#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/resolution.h"
#include "domain/webhookevent.h"

#include <nlohmann/json.hpp>

#include <QString>

namespace RefundDesk::Cli {

// The JSON shapes of the headless commands (DESIGN.md, "JSON keys"): the store's rows
// with their column names, nulls where the store holds NULL.
namespace JsonWriter {

nlohmann::json text(const QString &value); // null for a null QString
nlohmann::json toJson(const Operation &operation);
nlohmann::json toJson(const Attempt &attempt);
nlohmann::json toJson(const Resolution &resolution);
std::string dump(const nlohmann::json &value); // pretty, UTF-8, never throws

} // namespace JsonWriter

} // namespace RefundDesk::Cli
