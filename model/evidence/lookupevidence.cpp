#include "evidence/lookupevidence.h"

#include "domain/lookupbodies.h"
#include "domain/providerlookupresult.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace RefundDesk {

EvidenceLookup LookupEvidence::read(const ProviderLookup &row)
{
    EvidenceLookup lookup;
    lookup.row = row;
    const ProviderLookupResult result = ProviderLookupResult::read(row.result);
    if (!result.readable)
        return lookup;
    lookup.complete = result.complete;
    lookup.listed = result.listed;
    lookup.byPayment = result.byPayment;
    lookup.route = result.route;
    if (lookup.byPayment) {
        lookup.paymentId = result.paymentId;
        lookup.quietSince = result.quietSince;
    }
    const auto parsed = [](const std::vector<ProviderLookupResult::Refund> &stated) {
        std::vector<ParsedRefund> refunds;
        for (const ProviderLookupResult::Refund &found : stated) {
            if (found.id.isEmpty())
                continue;
            ParsedRefund refund;
            refund.id = found.id;
            refund.amount = found.amount;
            refund.currency = found.currency.toLower();
            refund.status = refundStatusFromString(found.status).value_or(RefundStatus::Absent);
            refund.failureReason = found.failureReason;
            refund.operationId = found.operationId;
            refund.created = found.created;
            refunds.push_back(std::move(refund));
        }
        return refunds;
    };
    lookup.refunds = parsed(result.refunds);
    if (lookup.byPayment) {
        lookup.otherRefunds = parsed(result.otherRefunds);
        lookup.otherOperations = parsed(result.otherOperations);
        // A record no keeper sorted (it cannot come from Refund Desk, which sorts before
        // keeping): a refund whose metadata names no operation is nobody's here.
        for (ParsedRefund &refund : parsed(result.paymentRefunds)) {
            if (refund.operationId.isEmpty())
                lookup.otherRefunds.push_back(std::move(refund));
            else
                lookup.otherOperations.push_back(std::move(refund));
        }
    }
    return lookup;
}

std::vector<EvidenceLookup> LookupEvidence::readAll(const std::vector<ProviderLookup> &rows)
{
    std::vector<EvidenceLookup> lookups;
    lookups.reserve(rows.size());
    for (const ProviderLookup &row : rows)
        lookups.push_back(read(row));
    return lookups;
}

std::optional<LookupEvidence::Reference> LookupEvidence::reference(const QString &evidence)
{
    static const QRegularExpression pattern(QStringLiteral("^stripe_lookup:([1-9][0-9]{0,17}):sha256:([0-9a-fA-F]{64})$"));
    const QRegularExpressionMatch match = pattern.match(evidence.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    return Reference{match.captured(1).toLongLong(), match.captured(2).toLower()};
}

QString LookupEvidence::bodiesSha256(const ProviderLookup &row)
{
    return LookupBodies::sha256Of(row);
}

QString EvidenceLookup::evidenceText() const
{
    return QStringLiteral("stripe_lookup:%1:sha256:%2").arg(row.lookupId).arg(row.responseSha256);
}

bool EvidenceLookup::findsNoRefund() const
{
    if (byPayment) {
        // The payment's listing anchors the ten minutes on the attempts, as the window did.
        return complete && refunds.empty() && otherRefunds.empty() && quietSince
            && row.askedAt >= *quietSince + LookupEvidence::SettleDelayMs;
    }
    if (!listed || !complete || !refunds.empty() || !row.windowTo)
        return false;
    const qint64 lastAttemptEnded = *row.windowTo - LookupEvidence::WindowMarginMs;
    return row.askedAt >= lastAttemptEnded + LookupEvidence::SettleDelayMs;
}

QString RefundState::source() const
{
    if (lookupId > 0)
        return QCoreApplication::translate("EvidenceAnalyzer", "Stripe lookup %1").arg(lookupId);
    return QCoreApplication::translate("EvidenceAnalyzer", "event %1").arg(eventId);
}

} // namespace RefundDesk
