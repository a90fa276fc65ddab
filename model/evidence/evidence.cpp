#include "evidence/evidence.h"

#include <QCoreApplication>

#include <algorithm>

namespace RefundDesk {

QString toString(Verdict verdict)
{
    switch (verdict) {
    case Verdict::None: return QStringLiteral("none");
    case Verdict::Refunded: return QStringLiteral("refunded");
    case Verdict::Failed: return QStringLiteral("failed");
    case Verdict::Pending: return QStringLiteral("pending");
    case Verdict::Conflict: return QStringLiteral("conflict");
    case Verdict::NotFound: return QStringLiteral("not_found");
    case Verdict::OtherRefund: return QStringLiteral("other_refund");
    }
    return {};
}

QString displayName(Verdict verdict)
{
    switch (verdict) {
    case Verdict::None: return QCoreApplication::translate("Verdict", "none");
    case Verdict::Refunded: return QCoreApplication::translate("Verdict", "refunded");
    case Verdict::Failed: return QCoreApplication::translate("Verdict", "failed");
    case Verdict::Pending: return QCoreApplication::translate("Verdict", "pending");
    case Verdict::Conflict: return QCoreApplication::translate("Verdict", "conflict");
    case Verdict::NotFound: return QCoreApplication::translate("Verdict", "not found at Stripe");
    case Verdict::OtherRefund: return QCoreApplication::translate("Verdict", "refund by another path");
    }
    return {};
}

std::optional<Verdict> verdictFromString(const QString &text)
{
    for (auto verdict : {Verdict::None, Verdict::Refunded, Verdict::Failed, Verdict::Pending, Verdict::Conflict,
                         Verdict::NotFound, Verdict::OtherRefund}) {
        if (toString(verdict) == text)
            return verdict;
    }
    return std::nullopt;
}

QString toString(MatchRoute route)
{
    switch (route) {
    case MatchRoute::Metadata: return QStringLiteral("metadata");
    case MatchRoute::IdempotencyKey: return QStringLiteral("idempotency_key");
    case MatchRoute::RefundId: return QStringLiteral("refund_id");
    }
    return {};
}

QString displayName(MatchRoute route)
{
    switch (route) {
    case MatchRoute::Metadata: return QCoreApplication::translate("MatchRoute", "metadata");
    case MatchRoute::IdempotencyKey: return QCoreApplication::translate("MatchRoute", "idempotency_key");
    case MatchRoute::RefundId: return QCoreApplication::translate("MatchRoute", "refund_id");
    }
    return {};
}

int Evidence::unreadableCount() const
{
    return int(std::count_if(events.cbegin(), events.cend(), [](const EvidenceEvent &event) { return !event.readable(); }));
}

const RefundState *Evidence::namedRefund() const
{
    if (namedRefundId.isEmpty())
        return nullptr;
    const auto found = std::find_if(refunds.cbegin(), refunds.cend(),
                                    [this](const RefundState &state) { return state.refund.id == namedRefundId; });
    return found == refunds.cend() ? nullptr : &*found;
}

const EvidenceLookup *Evidence::namedLookup() const
{
    if (namedLookupId <= 0)
        return nullptr;
    const auto found = std::find_if(lookups.cbegin(), lookups.cend(),
                                    [this](const EvidenceLookup &lookup) { return lookup.row.lookupId == namedLookupId; });
    return found == lookups.cend() ? nullptr : &*found;
}

QString Evidence::suggestedEvidenceText() const
{
    if (const EvidenceLookup *lookup = namedLookup())
        return lookup->evidenceText();
    return namedEventId.isEmpty() ? QString() : QStringLiteral("webhook:") + namedEventId;
}

qint64 createdOf(const WebhookEvent &row, const ParsedEvent &parsed)
{
    return parsed.readable ? parsed.created : row.created.value_or(parsed.created);
}

QString capitalized(QString text)
{
    if (!text.isEmpty())
        text[0] = text.at(0).toUpper();
    return text;
}

} // namespace RefundDesk
