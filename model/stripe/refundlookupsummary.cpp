#include "stripe/refundlookupsummary.h"

#include "domain/money.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RefundDesk {

QString RefundLookupSummary::text(const std::vector<Refund> &found, const QStringList &missing, bool listed,
                                  bool complete, qint64 windowFromMs, qint64 windowToMs)
{
    const auto when = [](qint64 ms) {
        return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'"));
    };
    QStringList parts;
    for (const Refund &refund : found) {
        parts.append(QCoreApplication::translate("Stripe", "refund %1: %2, %3")
                         .arg(refund.id, refund.status, Money::display(refund.amount, refund.currency)));
    }
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

QString RefundLookupSummary::fromRecord(const ProviderLookup &lookup)
{
    const QJsonDocument document = QJsonDocument::fromJson(lookup.result.toUtf8());
    if (!document.isObject())
        return QCoreApplication::translate("Stripe", "The record of what Stripe answered cannot be read.");
    const QJsonObject result = document.object();
    std::vector<Refund> found;
    for (const QJsonValue &value : result.value(QLatin1String("refunds")).toArray()) {
        const QJsonObject object = value.toObject();
        found.push_back({object.value(QLatin1String("id")).toString(), object.value(QLatin1String("status")).toString(),
                         object.value(QLatin1String("amount")).toInteger(),
                         object.value(QLatin1String("currency")).toString()});
    }
    QStringList missing;
    for (const QJsonValue &value : result.value(QLatin1String("missing")).toArray())
        missing.append(value.toString());
    return text(found, missing, result.value(QLatin1String("method")).toString() == QLatin1String("list"),
                result.value(QLatin1String("complete")).toBool(), lookup.windowFrom.value_or(0),
                lookup.windowTo.value_or(0));
}

} // namespace RefundDesk
