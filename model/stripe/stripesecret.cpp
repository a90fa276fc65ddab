#include "stripe/stripesecret.h"

#include <QCoreApplication>

namespace RefundDesk {

namespace {

struct Prefix
{
    const char *text;
    StripeSecret::Kind kind;
    StripeSecret::Mode mode;
};

constexpr Prefix Prefixes[] = {
    {"rk_test_", StripeSecret::Kind::Restricted, StripeSecret::Mode::Test},
    {"rk_live_", StripeSecret::Kind::Restricted, StripeSecret::Mode::Live},
    {"sk_test_", StripeSecret::Kind::Secret, StripeSecret::Mode::Test},
    {"sk_live_", StripeSecret::Kind::Secret, StripeSecret::Mode::Live},
};

bool isKeyCharacter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

} // namespace

StripeSecret::StripeSecret(QByteArray key, Kind kind, Mode mode)
    : m_key(std::move(key))
    , m_kind(kind)
    , m_mode(mode)
{
}

Result<StripeSecret> StripeSecret::fromText(const QByteArray &text)
{
    const QByteArray key = text.trimmed();
    if (key.isEmpty())
        return Error::usage(QCoreApplication::translate("Stripe", "The Stripe key is empty: give a restricted key (rk_test_… or rk_live_…)."));
    const bool wellFormed = std::all_of(key.begin(), key.end(), isKeyCharacter);
    for (const Prefix &prefix : Prefixes) {
        if (wellFormed && key.startsWith(prefix.text) && key.size() > qsizetype(qstrlen(prefix.text)))
            return StripeSecret(key, prefix.kind, prefix.mode);
    }
    if (key.startsWith("pk_")) {
        return Error::usage(QCoreApplication::translate("Stripe", "The Stripe key is a publishable key (pk_…), which cannot read "
                                                                  "refunds or events: give a restricted key (rk_test_… or rk_live_…)."));
    }
    return Error::usage(QCoreApplication::translate("Stripe", "The Stripe key is not one: a key starts with rk_test_, rk_live_ "
                                                              "(restricted, the right one) or sk_test_, sk_live_, and holds only "
                                                              "letters, digits and underscores."));
}

QString StripeSecret::modeName() const
{
    return m_mode == Mode::Live ? QCoreApplication::translate("Stripe", "live mode")
                                : QCoreApplication::translate("Stripe", "test mode");
}

QByteArray StripeSecret::authorization() const
{
    return QByteArrayLiteral("Bearer ") + m_key;
}

} // namespace RefundDesk
