#include "evidence/lookupevidence.h"

#include "domain/lookupbodies.h"
#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace RefundDesk {

EvidenceLookup LookupEvidence::read(const ProviderLookup &row)
{
    EvidenceLookup lookup;
    lookup.row = row;
    const QJsonDocument document = QJsonDocument::fromJson(row.result.toUtf8());
    if (!document.isObject())
        return lookup;
    const QJsonObject result = document.object();
    lookup.complete = result.value(QLatin1String("complete")).toBool(false);
    const QString method = result.value(QLatin1String("method")).toString();
    lookup.listed = method == QLatin1String("list");
    lookup.byPayment = method == QLatin1String("payment");
    lookup.route = result.value(QLatin1String("route")).toString();
    if (lookup.byPayment) {
        lookup.paymentId = result.value(QLatin1String("payment_id")).toString();
        if (const QJsonValue quiet = result.value(QLatin1String("quiet_since")); quiet.isDouble())
            lookup.quietSince = quiet.toInteger();
    }
    const auto refundsOf = [&result](const char *key) {
        std::vector<ParsedRefund> refunds;
        for (const QJsonValue &value : result.value(QLatin1String(key)).toArray()) {
            const QJsonObject object = value.toObject();
            ParsedRefund refund;
            refund.id = object.value(QLatin1String("id")).toString();
            if (refund.id.isEmpty())
                continue;
            refund.amount = object.value(QLatin1String("amount")).toInteger();
            refund.currency = object.value(QLatin1String("currency")).toString().toLower();
            refund.status = refundStatusFromString(object.value(QLatin1String("status")).toString()).value_or(RefundStatus::Absent);
            refund.failureReason = object.value(QLatin1String("failure_reason")).toString();
            refund.operationId = object.value(QLatin1String("operation_id")).toString();
            refund.created = object.value(QLatin1String("created")).toInteger();
            refunds.push_back(std::move(refund));
        }
        return refunds;
    };
    lookup.refunds = refundsOf("refunds");
    if (lookup.byPayment) {
        lookup.otherRefunds = refundsOf("other_refunds");
        lookup.otherOperations = refundsOf("other_operations");
        // A record no keeper sorted (it cannot come from Refund Desk, which sorts before
        // keeping): a refund whose metadata names no operation is nobody's here.
        for (ParsedRefund &refund : refundsOf("payment_refunds")) {
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
