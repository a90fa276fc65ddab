#include "stripesetup.h"

#include "clicontext.h"

#include "store/store.h"
#include "stripe/stripeapibase.h"
#include "stripe/stripekeysource.h"
#include "stripeask/stripekeymode.h"

#include <QCoreApplication>

namespace RefundDesk::Cli {

namespace {

const QString KeyFileOption = QStringLiteral("stripe-key-file");
const QString ApiBaseOption = QStringLiteral("stripe-api-base");

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
        context.say(key->note);
    }
    return StripeSetup{key->secret, *apiBase};
}

std::optional<StripeStore> openStripeStore(CliContext &context, const QString &readOnlyRefusal, int &exitCode)
{
    auto stripe = readStripeSetup(context);
    if (!stripe) {
        exitCode = context.fail(stripe.error());
        return std::nullopt;
    }
    auto store = context.openStore(Store::OpenMode::ReadWrite, exitCode, CliContext::Writes::ProviderAnswers);
    if (!store)
        return std::nullopt;
    std::optional<Error> refused;
    if (!store->keepsProviderAnswers())
        refused = Error::unavailable(readOnlyRefusal.arg(store->openNote()));
    else
        refused = refuseKeyOfOtherMode(*store, stripe->secret.mode());
    if (refused) {
        exitCode = context.fail(*refused);
        return std::nullopt;
    }
    return StripeStore{std::move(*stripe), std::move(store)};
}

} // namespace RefundDesk::Cli
