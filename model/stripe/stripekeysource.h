#pragma once

#include "domain/result.h"
#include "stripe/stripesecret.h"

#include <QString>

namespace RefundDesk {

// The key a headless command uses, and what to say once about it.
struct StripeKeyReading
{
    StripeSecret secret;
    // One sentence for standard error when the key works but is not the right kind (a
    // secret key can write; a restricted read-only key is the right one); else empty.
    QString note;
};

// Where a headless command finds its Stripe key: a key file given on the command line,
// else the STRIPE_API_KEY variable (the Stripe CLI's). A key file that its group or
// others may read is refused, as ssh refuses such a private key.
class StripeKeySource final
{
public:
    static constexpr const char *EnvironmentVariable = "STRIPE_API_KEY";

    // keyFile: the --stripe-key-file value, or empty. environmentKey: the variable's value
    // (empty when unset).
    static Result<StripeKeyReading> read(const QString &keyFile, const QByteArray &environmentKey);
    // read() with the process's own STRIPE_API_KEY.
    static Result<StripeKeyReading> readFromEnvironment(const QString &keyFile);

private:
    static Result<StripeKeyReading> reading(const QByteArray &text, const QString &where);
};

} // namespace RefundDesk
