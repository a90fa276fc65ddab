#include "evidence/lookupevidence.h"

#include "domain/providerlookupresult.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QRegularExpression>

namespace RefundDesk {

EvidenceLookup LookupEvidence::read(const ProviderLookup &row)
{
    EvidenceLookup lookup;
    lookup.row = row;
    const ProviderLookupResult result = ProviderLookupResult::read(row.result);
    lookup.complete = result.complete;
    lookup.listed = result.listed;
    for (const ProviderLookupResult::Refund &found : result.refunds) {
        if (found.id.isEmpty())
            continue;
        ParsedRefund refund;
        refund.id = found.id;
        refund.amount = found.amount;
        refund.currency = found.currency.toLower();
        refund.status = refundStatusFromString(found.status).value_or(RefundStatus::Absent);
        refund.failureReason = found.failureReason;
        refund.operationId = found.operationId;
        lookup.refunds.push_back(std::move(refund));
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
    const QByteArray text = row.requests.toUtf8();
    const auto requests = nlohmann::json::parse(text.constData(), text.constData() + text.size(), nullptr, false);
    if (!requests.is_array())
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const auto &request : requests) {
        if (!request.is_object())
            continue;
        const auto body = request.find("body");
        if (body != request.end() && body->is_string())
            hash.addData(QByteArrayView(body->get_ref<const std::string &>()));
    }
    return QString::fromLatin1(hash.result().toHex());
}

QString EvidenceLookup::evidenceText() const
{
    return QStringLiteral("stripe_lookup:%1:sha256:%2").arg(row.lookupId).arg(row.responseSha256);
}

bool EvidenceLookup::findsNoRefund() const
{
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
