#include "evidencejson.h"

#include "jsonwriter.h"

namespace RefundDesk::Cli::EvidenceJson {

namespace {

std::string utf8(const QString &text)
{
    return text.toStdString();
}

const char *conflictKind(ConflictReason::Kind kind)
{
    switch (kind) {
    case ConflictReason::Kind::SeveralRefunds: return "several_refunds";
    case ConflictReason::Kind::AmountDiffers: return "amount_differs";
    case ConflictReason::Kind::CurrencyDiffers: return "currency_differs";
    case ConflictReason::Kind::OtherRefund: return "other_refund";
    }
    return "";
}

} // namespace

nlohmann::json event(const EvidenceEvent &e)
{
    const ParsedRefund *refund = e.refund();
    const QString type = e.row.type.isEmpty() ? e.parsed.type : e.row.type;
    const auto created = e.row.created ? *e.row.created : e.parsed.created;
    nlohmann::json object = {
        {"event_id", JsonWriter::text(e.row.eventId)},
        {"type", type.isEmpty() ? nlohmann::json(nullptr) : nlohmann::json(utf8(type))},
        {"created", created},
        {"received_at", e.row.receivedAt},
        {"matched_by", utf8(toString(e.matchedBy))},
        {"deliveries", e.deliveries},
        {"refund_id", nullptr},
        {"status", nullptr},
        {"amount", nullptr},
        {"currency", nullptr},
        {"failure_reason", nullptr},
        {"unreadable", !e.readable()},
    };
    if (refund) {
        object["refund_id"] = utf8(refund->id);
        if (refund->status != RefundStatus::Absent)
            object["status"] = utf8(toString(refund->status));
        object["amount"] = refund->amount;
        object["currency"] = utf8(refund->currency);
        if (!refund->failureReason.isEmpty())
            object["failure_reason"] = utf8(refund->failureReason);
    } else if (!e.row.refundId.isEmpty()) {
        object["refund_id"] = utf8(e.row.refundId); // the writer's column, for an unreadable payload
    }
    if (!e.readable())
        object["unreadable_reason"] = utf8(e.parsed.unreadableReason);
    return object;
}

nlohmann::json events(const Evidence &evidence)
{
    nlohmann::json array = nlohmann::json::array();
    for (const EvidenceEvent &e : evidence.events)
        array.push_back(event(e));
    return array;
}

void addVerdict(nlohmann::json &object, const Evidence &evidence)
{
    object["verdict"] = utf8(toString(evidence.verdict));
    object["verdict_explanation"] = utf8(evidence.explanation);
    object["named_refund_id"] = evidence.namedRefundId.isEmpty() ? nlohmann::json(nullptr)
                                                                 : nlohmann::json(utf8(evidence.namedRefundId));
    nlohmann::json conflicts = nlohmann::json::array();
    for (const ConflictReason &reason : evidence.conflicts)
        conflicts.push_back({{"kind", conflictKind(reason.kind)}, {"reason", utf8(reason.text)}});
    object["conflicts"] = std::move(conflicts);
}

} // namespace RefundDesk::Cli::EvidenceJson
