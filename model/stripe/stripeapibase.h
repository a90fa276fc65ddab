#pragma once

#include "domain/result.h"

#include <QUrl>

namespace RefundDesk {

// Where the client sends its requests: Stripe itself, or a test server named by
// STRIPE_API_BASE or --stripe-api-base. The key travels in every request, so plain http
// is allowed only to this machine (loopback); anything else must be https.
class StripeApiBase final
{
public:
    static constexpr const char *EnvironmentVariable = "STRIPE_API_BASE";
    static constexpr const char *Default = "https://api.stripe.com";

    // text: the option's value, else the variable's, else empty for Stripe.
    static Result<QUrl> parse(const QString &text);
    // parse() of the option when given, else of STRIPE_API_BASE.
    static Result<QUrl> fromOptionOrEnvironment(const QString &option);
};

} // namespace RefundDesk
