#include "stripe/refundlookupsummary.h"

#include "domain/money.h"

#include <QCoreApplication>
#include <QDateTime>

namespace RefundDesk {

namespace {

QString stated(const RefundLookupSummary::Refund &refund)
{
    return QCoreApplication::translate("Stripe", "refund %1: %2, %3")
        .arg(refund.id, refund.status, Money::display(refund.amount, refund.currency));
}

// What a listing by the payment said: the operation's own refunds, the payment's refunds
// of other operations of this store, and those no operation of this store made.
QString paymentText(const ProviderLookupResult &result)
{
    const QString &payment = result.paymentId;
    QStringList parts;
    for (const ProviderLookupResult::Refund &refund : result.refunds)
        parts.append(stated(refund));
    for (const QString &id : result.missing)
        parts.append(QCoreApplication::translate("Stripe", "refund %1: Stripe has no such refund").arg(id));
    const auto madeByNoOperation = [](const ProviderLookupResult::Refund &refund) {
        return QCoreApplication::translate("Stripe", "%1, made by no operation of this store").arg(stated(refund));
    };
    const auto ofOperation = [](const ProviderLookupResult::Refund &refund) {
        return QCoreApplication::translate("Stripe", "%1, operation %2's").arg(stated(refund), refund.operationId);
    };
    // Not yet sorted by the store (a lookup not kept yet): by the metadata alone.
    for (const ProviderLookupResult::Refund &refund : result.paymentRefunds)
        parts.append(refund.operationId.isEmpty() ? madeByNoOperation(refund) : ofOperation(refund));
    for (const ProviderLookupResult::Refund &refund : result.otherOperations)
        parts.append(ofOperation(refund));
    for (const ProviderLookupResult::Refund &refund : result.otherRefunds)
        parts.append(madeByNoOperation(refund));
    const bool complete = result.complete;
    QString text;
    if (parts.isEmpty()) {
        text = complete ? QCoreApplication::translate("Stripe", "Stripe lists no refund of payment %1; the listing was complete.")
                              .arg(payment)
                        : QCoreApplication::translate("Stripe", "The listing of the refunds of payment %1 did not finish.")
                              .arg(payment);
    } else {
        text = QCoreApplication::translate("Stripe", "Stripe says of payment %1: %2.").arg(payment, parts.join(QStringLiteral("; ")));
    }
    return text + QLatin1Char(' ')
        + QCoreApplication::translate("Stripe", "Asked by the payment, read from %1.").arg(RefundLookupSummary::paymentFrom(result));
}

} // namespace

QString RefundLookupSummary::text(const std::vector<Refund> &found, const QStringList &missing, bool listed,
                                  bool complete, qint64 windowFromMs, qint64 windowToMs)
{
    const auto when = [](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
    };
    QStringList parts;
    for (const Refund &refund : found)
        parts.append(stated(refund));
    for (const QString &id : missing)
        parts.append(QCoreApplication::translate("Stripe", "refund %1: Stripe has no such refund").arg(id));
    if (listed && found.empty()) {
        return complete ? QCoreApplication::translate("Stripe", "No refund with this operation's id was created between %1 "
                                                                "and %2; the listing was complete.")
                              .arg(when(windowFromMs), when(windowToMs))
                        : QCoreApplication::translate("Stripe", "The listing of refunds created between %1 and %2 did not "
                                                                "finish.")
                              .arg(when(windowFromMs), when(windowToMs));
    }
    return QCoreApplication::translate("Stripe", "Stripe says: %1.").arg(parts.join(QStringLiteral("; ")));
}

QString RefundLookupSummary::paymentFrom(const ProviderLookupResult &result)
{
    const QString &operation = result.paymentFromOperation;
    const QString &event = result.paymentFromEvent;
    if (result.paymentFrom == QLatin1String("row"))
        return QCoreApplication::translate("Stripe", "the row's payment_id");
    if (result.paymentFrom == QLatin1String("events"))
        return QCoreApplication::translate("Stripe", "event %1 of this operation").arg(event);
    if (result.paymentFrom == QLatin1String("order_row"))
        return QCoreApplication::translate("Stripe", "operation %1 of the same order").arg(operation);
    if (result.paymentFrom == QLatin1String("order_events"))
        return QCoreApplication::translate("Stripe", "event %1 of operation %2 of the same order").arg(event, operation);
    return QCoreApplication::translate("Stripe", "an unknown place");
}

QString RefundLookupSummary::fromResult(const ProviderLookupResult &result, std::optional<qint64> windowFromMs,
                                        std::optional<qint64> windowToMs)
{
    if (result.byPayment)
        return paymentText(result);
    QString text = RefundLookupSummary::text(result.refunds, result.missing, result.listed, result.complete,
                                             windowFromMs.value_or(0), windowToMs.value_or(0));
    if (result.listed) {
        text += QLatin1Char(' ')
            + QCoreApplication::translate("Stripe", "No payment was known, so the window was listed: it cannot see "
                                                    "refunds made by another path (the Dashboard, another tool).");
    }
    return text;
}

QString RefundLookupSummary::fromRecord(const ProviderLookup &lookup)
{
    const ProviderLookupResult result = ProviderLookupResult::read(lookup.result);
    if (!result.readable)
        return QCoreApplication::translate("Stripe", "The record of what Stripe answered cannot be read.");
    return fromResult(result, lookup.windowFrom, lookup.windowTo);
}

} // namespace RefundDesk
