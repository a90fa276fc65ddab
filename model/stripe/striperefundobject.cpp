#include "stripe/striperefundobject.h"

#include "domain/jsonfields.h"

#include <QJsonObject>

namespace RefundDesk {

namespace {

using namespace Internal;
using Json = nlohmann::json;

StripeRefundObject refundObject(const Json &object)
{
    StripeRefundObject refund;
    refund.isRefund = jsonText(jsonMember(object, "object")) == QLatin1String("refund");
    refund.id = jsonText(jsonMember(object, "id"));
    refund.status = jsonText(jsonMember(object, "status"));
    refund.amount = jsonInteger(jsonMember(object, "amount"));
    refund.currency = jsonText(jsonMember(object, "currency")).toLower();
    refund.created = jsonInteger(jsonMember(object, "created"));
    refund.operationId = jsonText(jsonMember(jsonMember(object, "metadata"), "operation_id"));
    return refund;
}

} // namespace

std::optional<StripeRefundObject> StripeRefundObject::fromRetrieval(const QByteArray &body)
{
    StripeRefundObject refund = refundObject(parseJson(body));
    if (!refund.isRefund || refund.id.isEmpty())
        return std::nullopt;
    return refund;
}

std::vector<StripeRefundObject> StripeRefundObject::fromListPage(const QByteArray &body)
{
    std::vector<StripeRefundObject> refunds;
    const Json page = parseJson(body);
    const Json &data = jsonMember(page, "data");
    if (!data.is_array())
        return refunds;
    refunds.reserve(data.size());
    for (const Json &entry : data)
        refunds.push_back(refundObject(entry));
    return refunds;
}

QJsonArray StripeRefundObject::resultEntries(const std::vector<StripeRefundObject> &refunds)
{
    QJsonArray entries;
    for (const StripeRefundObject &refund : refunds) {
        QJsonObject entry;
        entry.insert(QLatin1String("id"), refund.id);
        entry.insert(QLatin1String("status"), refund.status);
        entry.insert(QLatin1String("amount"), refund.amount);
        entry.insert(QLatin1String("currency"), refund.currency);
        entry.insert(QLatin1String("created"), refund.created);
        entry.insert(QLatin1String("operation_id"), refund.operationId);
        entries.append(entry);
    }
    return entries;
}

} // namespace RefundDesk
