#include "domain/jsonfields.h"

#include <QByteArray>

#include <cmath>
#include <limits>

namespace RefundDesk::Internal {

using Json = nlohmann::json;

const Json &jsonMember(const Json &object, const char *key)
{
    static const Json absent;
    if (!object.is_object())
        return absent;
    const auto found = object.find(key);
    return found == object.end() ? absent : *found;
}

QString jsonText(const Json &value)
{
    if (!value.is_string())
        return {};
    const auto &utf8 = value.get_ref<const Json::string_t &>();
    return QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
}

qint64 jsonInteger(const Json &value)
{
    constexpr auto largest = std::numeric_limits<qint64>::max();
    if (value.is_number_unsigned())
        return value.get<Json::number_unsigned_t>() <= Json::number_unsigned_t(largest) ? value.get<qint64>() : 0;
    if (value.is_number_integer())
        return value.get<qint64>();
    if (value.is_number_float()) {
        // Below 2^63 in magnitude, so the conversion is exact and defined.
        const double number = value.get<double>();
        if (std::trunc(number) == number && std::abs(number) < 9223372036854775808.0)
            return qint64(number);
    }
    return 0;
}

bool jsonFlag(const Json &value)
{
    return value.is_boolean() && value.get<bool>();
}

Json parseJson(const QByteArray &utf8)
{
    return Json::parse(utf8.constData(), utf8.constData() + utf8.size(), nullptr, false);
}

namespace {

QJsonValue qtValue(const Json &value)
{
    switch (value.type()) {
    case Json::value_t::boolean:
        return value.get<bool>();
    case Json::value_t::number_integer:
        return qint64(value.get<Json::number_integer_t>());
    case Json::value_t::number_unsigned: {
        // Qt keeps a whole number past 64 bits as a double, as its reader does.
        const auto number = value.get<Json::number_unsigned_t>();
        if (number <= Json::number_unsigned_t(std::numeric_limits<qint64>::max()))
            return qint64(number);
        return double(number);
    }
    case Json::value_t::number_float:
        return value.get<double>();
    case Json::value_t::string:
        return jsonText(value);
    case Json::value_t::array: {
        QJsonArray array;
        for (const Json &entry : value)
            array.append(qtValue(entry));
        return array;
    }
    case Json::value_t::object: {
        QJsonObject object;
        for (const auto &[key, member] : value.items())
            object.insert(QString::fromStdString(key), qtValue(member));
        return object;
    }
    default:
        return QJsonValue::Null;
    }
}

} // namespace

std::optional<QJsonObject> editableObject(const QString &text)
{
    const Json document = parseJson(text.toUtf8());
    if (!document.is_object())
        return std::nullopt;
    return qtValue(document).toObject();
}

std::optional<QJsonArray> editableArray(const QString &text)
{
    const Json document = parseJson(text.toUtf8());
    if (!document.is_array())
        return std::nullopt;
    return qtValue(document).toArray();
}

} // namespace RefundDesk::Internal
