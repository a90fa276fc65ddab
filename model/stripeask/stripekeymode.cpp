#include "stripeask/stripekeymode.h"

#include "store/store.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

namespace RefundDesk {

namespace {

// The mode of the store's events (the payloads' livemode), from the first one; nothing
// when the store has none or it does not say.
Result<std::optional<bool>> storeLivemode(Store &store)
{
    auto events = store.eventsAfter(std::nullopt, 1);
    if (!events)
        return events.error();
    if (events->empty())
        return std::optional<bool>();
    const QByteArray &payload = events->front().payload;
    const auto json = nlohmann::json::parse(payload.constData(), payload.constData() + payload.size(), nullptr, false);
    const auto livemode = json.is_object() ? json.find("livemode") : json.end();
    if (!json.is_object() || livemode == json.end() || !livemode->is_boolean())
        return std::optional<bool>();
    return std::optional<bool>(livemode->get<bool>());
}

} // namespace

std::optional<Error> refuseKeyOfOtherMode(Store &store, StripeSecret::Mode keyMode)
{
    auto livemode = storeLivemode(store);
    if (!livemode)
        return livemode.error();
    const bool keyIsLive = keyMode == StripeSecret::Mode::Live;
    if (!*livemode || **livemode == keyIsLive)
        return std::nullopt;
    return Error::refused(QCoreApplication::translate("Cli", "The key is of %1 but the store's events are of %2 "
                                                             "(their livemode is %3): use a key of the store's "
                                                             "mode.")
                              .arg(keyIsLive ? QCoreApplication::translate("Cli", "live mode")
                                             : QCoreApplication::translate("Cli", "test mode"),
                                   keyIsLive ? QCoreApplication::translate("Cli", "test mode")
                                             : QCoreApplication::translate("Cli", "live mode"),
                                   **livemode ? QStringLiteral("true") : QStringLiteral("false")));
}

} // namespace RefundDesk
