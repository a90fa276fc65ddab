#pragma once

#include <nlohmann/json.hpp>

#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <optional>

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

// A document read here and handed to Qt's classes to be edited and written again: every
// member as it was, each number as Qt's own reader would hold it. Nothing when the text is
// not a JSON object (an array).
std::optional<QJsonObject> editableObject(const QString &text);
std::optional<QJsonArray> editableArray(const QString &text);

} // namespace RefundDesk::Internal
