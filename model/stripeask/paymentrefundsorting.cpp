#include "stripeask/paymentrefundsorting.h"

#include "store/store.h"
#include "stripe/refundlookupsummary.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RefundDesk {

Result<void> PaymentRefundSorting::sort(Store &store, ProviderLookupDraft &draft)
{
    QJsonObject result = QJsonDocument::fromJson(draft.result.toUtf8()).object();
    if (!result.contains(QLatin1String("payment_refunds")))
        return {};
    QHash<QString, bool> held; // operation id -> the store holds it
    QJsonArray otherOperations;
    QJsonArray otherRefunds;
    for (const QJsonValue &value : result.value(QLatin1String("payment_refunds")).toArray()) {
        const QJsonObject refund = value.toObject();
        const QString operationId = refund.value(QLatin1String("operation_id")).toString();
        if (!operationId.isEmpty() && !held.contains(operationId)) {
            auto operation = store.operation(operationId);
            if (!operation)
                return operation.error();
            held.insert(operationId, operation->has_value());
        }
        if (!operationId.isEmpty() && held.value(operationId))
            otherOperations.append(refund);
        else
            otherRefunds.append(refund);
    }
    result.remove(QLatin1String("payment_refunds"));
    result.insert(QLatin1String("other_operations"), otherOperations);
    result.insert(QLatin1String("other_refunds"), otherRefunds);
    result.insert(QLatin1String("summary"), RefundLookupSummary::fromResult(result, draft.windowFrom, draft.windowTo));
    draft.result = QString::fromUtf8(QJsonDocument(result).toJson(QJsonDocument::Compact));
    return {};
}

Result<ProviderLookup> PaymentRefundSorting::sortAndKeep(Store &store, ProviderLookupDraft draft)
{
    if (auto sorted = sort(store, draft); !sorted)
        return sorted.error();
    return store.addProviderLookup(draft);
}

} // namespace RefundDesk
