#include "ui/console/consolestripekey.h"

#include "stripe/stripeapibase.h"

namespace RefundDesk {

Result<StripeKeyReading> EnvironmentConsoleStripeKey::key()
{
    return StripeKeySource::readFromEnvironment(QString());
}

Result<QUrl> EnvironmentConsoleStripeKey::apiBase()
{
    return StripeApiBase::fromOptionOrEnvironment(QString());
}

} // namespace RefundDesk
