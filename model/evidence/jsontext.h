#pragma once

#include <nlohmann/json.hpp>

#include <QString>

#include <string_view>

namespace RefundDesk::Internal {

// JSON text parsed with a depth limit enforced while parsing, so that neither parsing
// nor anything done with the result can recurse deeply. Only for the model's .cpp files.
struct JsonText
{
    nlohmann::json value;
    QString error; // empty when the text parsed; otherwise why not, for a person

    bool ok() const { return error.isEmpty(); }

    static JsonText parse(std::string_view text, int maxDepth);
};

QString describeJsonType(const nlohmann::json &value); // "a string", "null", "an array", ...

// A reason cut to a length a person reads (240 characters), ending in "..." when cut.
QString shortenedReason(QString text);

} // namespace RefundDesk::Internal
