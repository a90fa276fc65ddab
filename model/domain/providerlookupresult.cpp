#include "domain/providerlookupresult.h"

#include "domain/jsonfields.h"

namespace RefundDesk {

namespace {

using namespace Internal;
using Json = nlohmann::json;

std::vector<ProviderLookupResult::Refund> refundsOf(const Json &document, const char *key)
{
    std::vector<ProviderLookupResult::Refund> refunds;
    const Json &list = jsonMember(document, key);
    if (!list.is_array())
        return refunds;
    refunds.reserve(list.size());
    for (const Json &refund : list) {
        refunds.push_back({jsonText(jsonMember(refund, "id")), jsonText(jsonMember(refund, "status")),
                           jsonInteger(jsonMember(refund, "amount")), jsonText(jsonMember(refund, "currency")),
                           jsonText(jsonMember(refund, "failure_reason")), jsonText(jsonMember(refund, "operation_id")),
                           jsonInteger(jsonMember(refund, "created"))});
    }
    return refunds;
}

} // namespace

ProviderLookupResult ProviderLookupResult::read(const QString &result)
{
    ProviderLookupResult read;
    const Json document = parseJson(result.toUtf8());
    if (!document.is_object())
        return read;
    read.readable = true;
    read.complete = jsonFlag(jsonMember(document, "complete"));
    read.method = jsonText(jsonMember(document, "method"));
    read.listed = read.method == QLatin1String("list");
    read.byPayment = read.method == QLatin1String("payment");
    read.route = jsonText(jsonMember(document, "route"));
    read.paymentId = jsonText(jsonMember(document, "payment_id"));
    read.paymentFrom = jsonText(jsonMember(document, "payment_from"));
    read.paymentFromOperation = jsonText(jsonMember(document, "payment_from_operation"));
    read.paymentFromEvent = jsonText(jsonMember(document, "payment_from_event"));
    if (const Json &quiet = jsonMember(document, "quiet_since"); quiet.is_number())
        read.quietSince = jsonInteger(quiet);
    read.askedBy = jsonText(jsonMember(document, "asked_by"));
    read.refunds = refundsOf(document, "refunds");
    const Json &missing = jsonMember(document, "missing");
    if (missing.is_array()) {
        for (const Json &id : missing)
            read.missing.append(jsonText(id));
    }
    read.hasPaymentRefunds = document.contains("payment_refunds");
    read.paymentRefunds = refundsOf(document, "payment_refunds");
    read.otherOperations = refundsOf(document, "other_operations");
    read.otherRefunds = refundsOf(document, "other_refunds");
    return read;
}

} // namespace RefundDesk
