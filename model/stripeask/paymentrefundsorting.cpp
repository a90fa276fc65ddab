#include "stripeask/paymentrefundsorting.h"

#include "domain/jsonfields.h"
#include "domain/providerlookupresult.h"
#include "store/store.h"
#include "stripe/refundlookupsummary.h"

#include <QSet>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace RefundDesk {

Result<void> PaymentRefundSorting::sort(Store &store, ProviderLookupDraft &draft)
{
    const ProviderLookupResult read = ProviderLookupResult::read(draft.result);
    if (!read.hasPaymentRefunds)
        return {};
    // One read for every operation the payment's refunds name.
    QStringList named;
    for (const ProviderLookupResult::Refund &refund : read.paymentRefunds) {
        if (!refund.operationId.isEmpty() && !named.contains(refund.operationId))
            named.append(refund.operationId);
    }
    QSet<QString> held;
    if (!named.isEmpty()) {
        auto operations = store.operationsOf(named);
        if (!operations)
            return operations.error();
        for (const Operation &operation : *operations)
            held.insert(operation.operationId);
    }
    // Each refund moves as it was listed, into the list the store sorted it to.
    QJsonObject result = Internal::editableObject(draft.result).value_or(QJsonObject());
    const QJsonArray listed = result.take(QLatin1String("payment_refunds")).toArray();
    QJsonArray otherOperations;
    QJsonArray otherRefunds;
    for (size_t index = 0; index < read.paymentRefunds.size(); ++index) {
        const QString &operationId = read.paymentRefunds[index].operationId;
        if (held.contains(operationId))
            otherOperations.append(listed.at(qsizetype(index)));
        else
            otherRefunds.append(listed.at(qsizetype(index)));
    }
    result.insert(QLatin1String("other_operations"), otherOperations);
    result.insert(QLatin1String("other_refunds"), otherRefunds);
    const auto compact = [](const QJsonObject &object) {
        return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
    };
    // The summary from the sorted result read back as a kept record is read.
    const QString summary = RefundLookupSummary::fromResult(ProviderLookupResult::read(compact(result)),
                                                            draft.windowFrom, draft.windowTo);
    result.insert(QLatin1String("summary"), summary);
    draft.result = compact(result);
    return {};
}

Result<ProviderLookup> PaymentRefundSorting::sortAndKeep(Store &store, ProviderLookupDraft draft)
{
    if (auto sorted = sort(store, draft); !sorted)
        return sorted.error();
    return store.addProviderLookup(draft);
}

} // namespace RefundDesk
