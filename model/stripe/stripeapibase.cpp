#include "stripe/stripeapibase.h"

#include <QCoreApplication>
#include <QHostAddress>

namespace RefundDesk {

namespace {

bool isLoopback(const QString &host)
{
    if (host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0)
        return true;
    const QHostAddress address(host);
    return !address.isNull() && address.isLoopback();
}

} // namespace

Result<QUrl> StripeApiBase::fromOptionOrEnvironment(const QString &option)
{
    if (!option.isEmpty())
        return parse(option);
    return parse(QString::fromUtf8(qgetenv(EnvironmentVariable)));
}

Result<QUrl> StripeApiBase::parse(const QString &text)
{
    const QString trimmed = text.trimmed();
    const QUrl url(trimmed.isEmpty() ? QString::fromLatin1(Default) : trimmed, QUrl::StrictMode);
    if (!url.isValid() || url.host().isEmpty() || !url.query().isEmpty() || !url.fragment().isEmpty()) {
        return Error::usage(QCoreApplication::translate("Stripe", "The Stripe API base %1 is not a URL of a server: give one such "
                                                                  "as https://api.stripe.com.").arg(trimmed));
    }
    if (url.scheme() == QLatin1String("https"))
        return url;
    if (url.scheme() == QLatin1String("http")) {
        if (isLoopback(url.host()))
            return url;
        return Error::refused(QCoreApplication::translate("Stripe", "The Stripe API base %1 is plain http to another machine, which "
                                                                    "would send the key unencrypted: use https (plain http is for a "
                                                                    "test server on 127.0.0.1 only).").arg(trimmed));
    }
    return Error::usage(QCoreApplication::translate("Stripe", "The Stripe API base %1 is not an http or https URL: give one such "
                                                              "as https://api.stripe.com.").arg(trimmed));
}

} // namespace RefundDesk
