#pragma once

#include "domain/result.h"
#include "stripe/stripekeysource.h"

#include <QUrl>

namespace RefundDesk {

// Where the console finds the Stripe key and the API base when it asks Stripe. One
// implementation reads the environment; another (a keyring) can take its place.
class ConsoleStripeKey
{
public:
    virtual ~ConsoleStripeKey() = default;
    // The key, or one sentence saying why there is none and what to do.
    virtual Result<StripeKeyReading> key() = 0;
    // Stripe, or the test server STRIPE_API_BASE names.
    virtual Result<QUrl> apiBase() = 0;
};

// STRIPE_API_KEY and STRIPE_API_BASE, as the commands read them.
class EnvironmentConsoleStripeKey final : public ConsoleStripeKey
{
public:
    Result<StripeKeyReading> key() override;
    Result<QUrl> apiBase() override;
};

} // namespace RefundDesk
