#include "stripe/stripefailure.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace RefundDesk {

namespace {

QString withRequestId(const QString &sentence, const QString &requestId)
{
    if (requestId.isEmpty())
        return sentence + QLatin1Char('.');
    return QCoreApplication::translate("Stripe", "%1 (request %2).").arg(sentence, requestId);
}

// The Dashboard's names of the permissions a read needs.
QString permissionName(const QString &code)
{
    if (code == QLatin1String("rak_refund_read"))
        return QCoreApplication::translate("Stripe", "Refunds: Read");
    if (code == QLatin1String("rak_event_read"))
        return QCoreApplication::translate("Stripe", "Events: Read");
    if (code == QLatin1String("rak_charge_read"))
        return QCoreApplication::translate("Stripe", "Charges: Read");
    return code;
}

} // namespace

QString StripeFailure::stripeMessage(const QByteArray &body)
{
    const auto json = nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    if (!json.is_object())
        return {};
    const auto error = json.find("error");
    if (error == json.end() || !error->is_object())
        return {};
    const auto message = error->find("message");
    if (message == error->end() || !message->is_string())
        return {};
    return QString::fromStdString(message->get<std::string>());
}

QString StripeFailure::missingPermission(const QByteArray &body)
{
    static const QRegularExpression permission(QStringLiteral("'(rak_[a-z_]+)'"));
    const auto match = permission.match(stripeMessage(body));
    return match.hasMatch() ? permissionName(match.captured(1)) : QString();
}

Error StripeFailure::fromHttp(int httpStatus, const QByteArray &body, const QString &requestId, const QString &what,
                              int attempts)
{
    switch (httpStatus) {
    case 401:
        return Error::refused(withRequestId(
            QCoreApplication::translate("Stripe", "Stripe refused the key (401): it is wrong or was revoked; create a restricted key with Refunds: Read and "
               "Events: Read in the Dashboard (Developers, API keys) and use that one"), requestId));
    case 403: {
        const QString permission = missingPermission(body);
        if (permission.isEmpty()) {
            return Error::refused(withRequestId(
                QCoreApplication::translate("Stripe", "Stripe refused the request (403): the key may not read this; give the restricted key Refunds: Read and "
                   "Events: Read in the Dashboard (Developers, API keys)"), requestId));
        }
        return Error::refused(withRequestId(
            QCoreApplication::translate("Stripe", "Stripe refused the request (403): the restricted key lacks the permission "
                                                  "%1; grant it in the Dashboard (Developers, API keys) or use a key that has it")
                .arg(permission), requestId));
    }
    case 404:
        return Error::usage(withRequestId(
            QCoreApplication::translate("Stripe", "Stripe has nothing at %1 (404): check the id, and that the key belongs to "
                                                  "the account and mode of the store").arg(what), requestId));
    case 429:
        return Error::internal(withRequestId(
            QCoreApplication::translate("Stripe", "Stripe still limited the rate of requests after %n tries (429): run the "
                                                  "command again in a few minutes, when fewer programs use this account's "
                                                  "read limit", nullptr, attempts), requestId));
    default:
        break;
    }
    if (httpStatus >= 500) {
        return Error::internal(withRequestId(
            QCoreApplication::translate("Stripe", "Stripe did not answer %1 after %n tries (the last one HTTP %2): try again "
                                                  "later; status.stripe.com says whether Stripe has an incident", nullptr,
                                        attempts).arg(what).arg(httpStatus), requestId));
    }
    const QString message = stripeMessage(body);
    return Error::usage(withRequestId(
        QCoreApplication::translate("Stripe", "Stripe refused %1 (HTTP %2: %3): this is a fault of Refund Desk's request; "
                                              "report it with the request id")
            .arg(what).arg(httpStatus).arg(message.isEmpty() ? QCoreApplication::translate("Stripe", "no message") : message), requestId));
}

bool StripeFailure::isTransient(QNetworkReply::NetworkError error)
{
    switch (error) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError:
    case QNetworkReply::ProxyConnectionClosedError:
    case QNetworkReply::ProxyTimeoutError:
        return true;
    default:
        return false;
    }
}

Error StripeFailure::fromNetwork(QNetworkReply::NetworkError error, const QString &errorString, const QString &host,
                                 const QString &what, int attempts, int timeoutMs)
{
    switch (error) {
    case QNetworkReply::OperationCanceledError:
    case QNetworkReply::TimeoutError:
        return Error::internal(QCoreApplication::translate("Stripe", "Stripe did not answer %1 after %n tries (each waited %2 s): "
                                                                     "try again later; status.stripe.com says whether Stripe has "
                                                                     "an incident.", nullptr, attempts)
                                   .arg(what).arg(timeoutMs / 1000.0));
    case QNetworkReply::HostNotFoundError:
        return Error::internal(QCoreApplication::translate("Stripe", "The name %1 could not be resolved (DNS): check this "
                                                                     "machine's network and DNS, or the API base given in "
                                                                     "STRIPE_API_BASE or --stripe-api-base.").arg(host));
    case QNetworkReply::SslHandshakeFailedError:
    case QNetworkReply::TooManyRedirectsError:
    case QNetworkReply::InsecureRedirectError:
        return Error::refused(QCoreApplication::translate("Stripe", "The TLS connection to %1 could not be trusted (%2): check "
                                                                    "the machine's clock and its CA certificates (the "
                                                                    "ca-certificates package), or a proxy that intercepts TLS.")
                                  .arg(host, errorString));
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::RemoteHostClosedError:
    case QNetworkReply::TemporaryNetworkFailureError:
    case QNetworkReply::NetworkSessionFailedError:
    case QNetworkReply::UnknownNetworkError:
        return Error::internal(QCoreApplication::translate("Stripe", "Could not reach %1 after %n tries (%2): check that this "
                                                                     "machine is online and may connect to it (a firewall or a "
                                                                     "proxy), then try again.", nullptr, attempts)
                                   .arg(host, errorString));
    default:
        return Error::internal(QCoreApplication::translate("Stripe", "The request to %1 failed (%2): check the network, then try "
                                                                     "again.").arg(host, errorString));
    }
}

} // namespace RefundDesk
