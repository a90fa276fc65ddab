#include "evidence/jsontext.h"

#include <QCoreApplication>

namespace RefundDesk::Internal {

QString shortenedReason(QString text)
{
    constexpr qsizetype MaxLength = 240;
    if (text.size() > MaxLength)
        text = text.left(MaxLength - 3) + QStringLiteral("...");
    return text;
}

JsonText JsonText::parse(std::string_view text, int maxDepth)
{
    using Json = nlohmann::json;
    JsonText result;
    bool tooDeep = false;
    // nlohmann's parser keeps its own stack on the heap; returning false discards a
    // subtree as it opens, so the value kept is never deeper than maxDepth.
    const Json::parser_callback_t limitDepth = [&tooDeep, maxDepth](int depth, Json::parse_event_t event, Json &) {
        if (depth >= maxDepth
            && (event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start)) {
            tooDeep = true;
            return false;
        }
        return true;
    };
    try {
        result.value = Json::parse(text.begin(), text.end(), limitDepth, true, false);
    } catch (const Json::parse_error &error) {
        // what() reads "[json.exception.parse_error.101] parse error at line 1, ...".
        QString message = QString::fromUtf8(error.what());
        const qsizetype bracket = message.indexOf(QLatin1String("] "));
        if (message.startsWith(u'[') && bracket > 0)
            message = message.mid(bracket + 2);
        result.error = shortenedReason(QCoreApplication::translate("EventParser", "not valid JSON: %1").arg(message));
    } catch (const std::exception &error) {
        result.error = shortenedReason(QCoreApplication::translate("EventParser", "could not be read: %1").arg(QString::fromUtf8(error.what())));
    } catch (...) {
        result.error = QCoreApplication::translate("EventParser", "could not be read");
    }
    if (result.error.isEmpty() && tooDeep)
        result.error = QCoreApplication::translate("EventParser", "nested deeper than %1 levels, far deeper than any provider event").arg(maxDepth);
    if (!result.error.isEmpty())
        result.value = Json();
    return result;
}

QString describeJsonType(const nlohmann::json &value)
{
    using Type = nlohmann::json::value_t;
    switch (value.type()) {
    case Type::null: return QCoreApplication::translate("EventParser", "null");
    case Type::boolean: return QCoreApplication::translate("EventParser", "a boolean");
    case Type::number_integer:
    case Type::number_unsigned: return QCoreApplication::translate("EventParser", "a number");
    case Type::number_float: return QCoreApplication::translate("EventParser", "a number with a fraction");
    case Type::string: return QCoreApplication::translate("EventParser", "a string");
    case Type::array: return QCoreApplication::translate("EventParser", "an array");
    case Type::object: return QCoreApplication::translate("EventParser", "an object");
    case Type::binary:
    case Type::discarded: break;
    }
    return QCoreApplication::translate("EventParser", "not a JSON value");
}

} // namespace RefundDesk::Internal
