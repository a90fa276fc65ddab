#include "stripe/refundlookupsummary.h"

#include "domain/money.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace RefundDesk {

namespace {

RefundLookupSummary::Refund refundOf(const QJsonObject &object)
{
    return {object.value(QLatin1String("id")).toString(), object.value(QLatin1String("status")).toString(),
            object.value(QLatin1String("amount")).toInteger(), object.value(QLatin1String("currency")).toString()};
}

QString stated(const RefundLookupSummary::Refund &refund)
{
    return QCoreApplication::translate("Stripe", "refund %1: %2, %3")
        .arg(refund.id, refund.status, Money::display(refund.amount, refund.currency));
}

// What a listing by the payment said: the operation's own refunds, the payment's refunds
// of other operations of this store, and those no operation of this store made.
QString paymentText(const QJsonObject &result)
{
    const QString payment = result.value(QLatin1String("payment_id")).toString();
    QStringList parts;
    for (const QJsonValue &value : result.value(QLatin1String("refunds")).toArray())
        parts.append(stated(refundOf(value.toObject())));
    for (const QJsonValue &value : result.value(QLatin1String("missing")).toArray())
        parts.append(QCoreApplication::translate("Stripe", "refund %1: Stripe has no such refund").arg(value.toString()));
    const auto madeByNoOperation = [](const QJsonObject &object) {
        return QCoreApplication::translate("Stripe", "%1, made by no operation of this store").arg(stated(refundOf(object)));
    };
    const auto ofOperation = [](const QJsonObject &object) {
        return QCoreApplication::translate("Stripe", "%1, operation %2's")
            .arg(stated(refundOf(object)), object.value(QLatin1String("operation_id")).toString());
    };
    // Not yet sorted by the store (a lookup not kept yet): by the metadata alone.
    for (const QJsonValue &value : result.value(QLatin1String("payment_refunds")).toArray()) {
        const QJsonObject object = value.toObject();
        parts.append(object.value(QLatin1String("operation_id")).toString().isEmpty() ? madeByNoOperation(object)
                                                                                       : ofOperation(object));
    }
    for (const QJsonValue &value : result.value(QLatin1String("other_operations")).toArray())
        parts.append(ofOperation(value.toObject()));
    for (const QJsonValue &value : result.value(QLatin1String("other_refunds")).toArray())
        parts.append(madeByNoOperation(value.toObject()));
    const bool complete = result.value(QLatin1String("complete")).toBool();
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

QString RefundLookupSummary::paymentFrom(const QJsonObject &result)
{
    const QString from = result.value(QLatin1String("payment_from")).toString();
    const QString operation = result.value(QLatin1String("payment_from_operation")).toString();
    const QString event = result.value(QLatin1String("payment_from_event")).toString();
    if (from == QLatin1String("row"))
        return QCoreApplication::translate("Stripe", "the row's payment_id");
    if (from == QLatin1String("events"))
        return QCoreApplication::translate("Stripe", "event %1 of this operation").arg(event);
    if (from == QLatin1String("order_row"))
        return QCoreApplication::translate("Stripe", "operation %1 of the same order").arg(operation);
    if (from == QLatin1String("order_events"))
        return QCoreApplication::translate("Stripe", "event %1 of operation %2 of the same order").arg(event, operation);
    return QCoreApplication::translate("Stripe", "an unknown place");
}

QString RefundLookupSummary::fromResult(const QJsonObject &result, std::optional<qint64> windowFromMs,
                                        std::optional<qint64> windowToMs)
{
    const QString method = result.value(QLatin1String("method")).toString();
    if (method == QLatin1String("payment"))
        return paymentText(result);
    std::vector<Refund> found;
    for (const QJsonValue &value : result.value(QLatin1String("refunds")).toArray())
        found.push_back(refundOf(value.toObject()));
    QStringList missing;
    for (const QJsonValue &value : result.value(QLatin1String("missing")).toArray())
        missing.append(value.toString());
    const bool listed = method == QLatin1String("list");
    QString text = RefundLookupSummary::text(found, missing, listed, result.value(QLatin1String("complete")).toBool(),
                                             windowFromMs.value_or(0), windowToMs.value_or(0));
    if (listed) {
        text += QLatin1Char(' ')
            + QCoreApplication::translate("Stripe", "No payment was known, so the window was listed: it cannot see "
                                                    "refunds made by another path (the Dashboard, another tool).");
    }
    return text;
}

QString RefundLookupSummary::fromRecord(const ProviderLookup &lookup)
{
    const QJsonDocument document = QJsonDocument::fromJson(lookup.result.toUtf8());
    if (!document.isObject())
        return QCoreApplication::translate("Stripe", "The record of what Stripe answered cannot be read.");
    return fromResult(document.object(), lookup.windowFrom, lookup.windowTo);
}

} // namespace RefundDesk
