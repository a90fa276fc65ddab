#include "stripesetup.h"

#include "clicontext.h"

#include "store/store.h"
#include "stripe/stripeapibase.h"
#include "stripe/stripekeysource.h"

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

} // namespace RefundDesk::Cli
