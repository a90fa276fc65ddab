#pragma once

#include <QString>

#include <string>

namespace RefundDesk {

// Appends `value` as a JSON string literal in UTF-8, escaped as nlohmann's dump() escapes
// it: for JSON text written piece by piece where building a document per value would
// cost more than the rest of the work.
void appendJsonString(std::string &out, const QString &value);

} // namespace RefundDesk
