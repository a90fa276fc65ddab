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

namespace {

Result<QSet<QString>> heldOf(Store &store, const QStringList &named)
{
    QSet<QString> held;
    if (named.isEmpty())
        return held;
    auto operations = store.operationsOf(named);
    if (!operations)
        return operations.error();
    for (const Operation &operation : *operations)
        held.insert(operation.operationId);
    return held;
}

} // namespace

Result<void> PaymentRefundSorting::sort(Store &store, ProviderLookupDraft &draft)
{
    std::vector<ProviderLookupDraft> one;
    one.push_back(std::move(draft));
    auto sorted = sortEach(store, one);
    draft = std::move(one.front());
    return sorted;
}

Result<void> PaymentRefundSorting::sortEach(Store &store, std::vector<ProviderLookupDraft> &drafts)
{
    // One read for every operation the payments' refunds name.
    QStringList named;
    QSet<QString> seen;
    std::vector<ProviderLookupResult> reads;
    reads.reserve(drafts.size());
    for (const ProviderLookupDraft &draft : drafts) {
        reads.push_back(ProviderLookupResult::read(draft.result));
        for (const ProviderLookupResult::Refund &refund : reads.back().paymentRefunds) {
            if (!refund.operationId.isEmpty() && !seen.contains(refund.operationId)) {
                seen.insert(refund.operationId);
                named.append(refund.operationId);
            }
        }
    }
    auto held = heldOf(store, named);
    if (!held)
        return held.error();
    for (size_t i = 0; i < drafts.size(); ++i) {
        if (reads[i].hasPaymentRefunds)
            sortBy(drafts[i], reads[i], *held);
    }
    return {};
}

void PaymentRefundSorting::sortBy(ProviderLookupDraft &draft, const ProviderLookupResult &read, const QSet<QString> &held)
{
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
}

Result<ProviderLookup> PaymentRefundSorting::sortAndKeep(Store &store, ProviderLookupDraft draft)
{
    if (auto sorted = sort(store, draft); !sorted)
        return sorted.error();
    return store.addProviderLookup(draft);
}

} // namespace RefundDesk
