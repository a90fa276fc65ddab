#include "domain/providerlookupresult.h"

#include "domain/jsonfields.h"

namespace RefundDesk {

using namespace Internal;

ProviderLookupResult ProviderLookupResult::read(const QString &result)
{
    ProviderLookupResult read;
    const nlohmann::json document = parseJson(result.toUtf8());
    if (!document.is_object())
        return read;
    read.readable = true;
    read.complete = jsonFlag(jsonMember(document, "complete"));
    read.listed = jsonText(jsonMember(document, "method")) == QLatin1String("list");
    const nlohmann::json &refunds = jsonMember(document, "refunds");
    if (refunds.is_array()) {
        for (const nlohmann::json &refund : refunds) {
            read.refunds.push_back({jsonText(jsonMember(refund, "id")), jsonText(jsonMember(refund, "status")),
                                    jsonInteger(jsonMember(refund, "amount")), jsonText(jsonMember(refund, "currency")),
                                    jsonText(jsonMember(refund, "failure_reason")),
                                    jsonText(jsonMember(refund, "operation_id"))});
        }
    }
    const nlohmann::json &missing = jsonMember(document, "missing");
    if (missing.is_array()) {
        for (const nlohmann::json &id : missing)
            read.missing.append(jsonText(id));
    }
    return read;
}

} // namespace RefundDesk
