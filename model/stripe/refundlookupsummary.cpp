#include "stripe/refundlookupsummary.h"

#include "domain/money.h"
#include "domain/providerlookupresult.h"

#include <QCoreApplication>
#include <QDateTime>

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
    const ProviderLookupResult result = ProviderLookupResult::read(lookup.result);
    if (!result.readable)
        return QCoreApplication::translate("Stripe", "The record of what Stripe answered cannot be read.");
    std::vector<Refund> found;
    for (const ProviderLookupResult::Refund &refund : result.refunds)
        found.push_back({refund.id, refund.status, refund.amount, refund.currency});
    return text(found, result.missing, result.listed, result.complete, lookup.windowFrom.value_or(0),
                lookup.windowTo.value_or(0));
}

} // namespace RefundDesk
