#pragma once

#include <nlohmann/json.hpp>

#include <QString>

namespace RefundDesk::Internal {

// Members of a JSON document read whole (nlohmann), as a reader of a record takes them: a
// member that is absent or of the wrong type reads as empty, 0 or false. Only for the
// model's .cpp files.

// The member `key` of `object`, or null when `object` is not an object or lacks it.
const nlohmann::json &jsonMember(const nlohmann::json &object, const char *key);

QString jsonText(const nlohmann::json &value);  // a string's text, else empty
qint64 jsonInteger(const nlohmann::json &value); // a whole number within 64 bits (an integral double too), else 0
bool jsonFlag(const nlohmann::json &value);      // true only for true

// The text parsed, or a discarded value (neither object nor array) when it is not JSON.
nlohmann::json parseJson(const QByteArray &utf8);

} // namespace RefundDesk::Internal
