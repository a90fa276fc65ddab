#include "stripesetup.h"

#include "clicontext.h"

#include "store/store.h"
#include "stripe/stripeapibase.h"
#include "stripe/stripekeysource.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

namespace RefundDesk::Cli {

namespace {

const QString KeyFileOption = QStringLiteral("stripe-key-file");
const QString ApiBaseOption = QStringLiteral("stripe-api-base");

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

void addStripeOptions(CliContext &context)
{
    context.parser().addOption({KeyFileOption,
                                QCoreApplication::translate("Cli", "Read the restricted Stripe key from this file (mode 600) "
                                                                   "instead of STRIPE_API_KEY."),
                                QStringLiteral("FILE")});
    context.parser().addOption({ApiBaseOption,
                                QCoreApplication::translate("Cli", "Send the requests to this server instead of Stripe "
                                                                   "(default STRIPE_API_BASE, else https://api.stripe.com; plain "
                                                                   "http only on 127.0.0.1)."),
                                QStringLiteral("URL")});
}

Result<StripeSetup> readStripeSetup(CliContext &context)
{
    auto apiBase = StripeApiBase::fromOptionOrEnvironment(context.parser().value(ApiBaseOption));
    if (!apiBase)
        return apiBase.error();
    auto key = StripeKeySource::readFromEnvironment(context.parser().value(KeyFileOption));
    if (!key)
        return key.error();
    if (!key->note.isEmpty()) {
        context.err() << "refund-desk " << context.command() << ": " << key->note << '\n';
        context.err().flush();
    }
    return StripeSetup{key->secret, *apiBase};
}

std::optional<Error> refuseKeyOfOtherMode(Store &store, const StripeSecret &secret)
{
    auto livemode = storeLivemode(store);
    if (!livemode)
        return livemode.error();
    const bool keyIsLive = secret.mode() == StripeSecret::Mode::Live;
    if (!*livemode || **livemode == keyIsLive)
        return std::nullopt;
    return Error::refused(QCoreApplication::translate("Cli", "The key is of %1 but the store's events are of %2 "
                                                             "(their livemode is %3): use a key of the store's "
                                                             "mode.")
                              .arg(secret.modeName(),
                                   keyIsLive ? QCoreApplication::translate("Cli", "test mode")
                                             : QCoreApplication::translate("Cli", "live mode"),
                                   **livemode ? QStringLiteral("true") : QStringLiteral("false")));
}

} // namespace RefundDesk::Cli
