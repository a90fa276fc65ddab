#include "domain/auditchain.h"

#include <QCryptographicHash>

#include <nlohmann/json.hpp>

namespace RefundDesk {

namespace AuditChain {

QString genesisHash()
{
    return QString(64, QLatin1Char('0'));
}

std::string canonicalJson(const Resolution &r)
{
    // nlohmann::json keeps object keys in a std::map, so dump() writes them sorted.
    nlohmann::json row = {
        {"resolution_id", r.resolutionId},
        {"operation_id", r.operationId.toStdString()},
        {"outcome", toString(r.outcome).toStdString()},
        {"refund_id", r.refundId.isNull() ? nlohmann::json(nullptr)
                                          : nlohmann::json(r.refundId.toStdString())},
        {"evidence", r.evidence.toStdString()},
        {"note", r.note.isNull() ? nlohmann::json(nullptr) : nlohmann::json(r.note.toStdString())},
        {"operator", r.operatorName.toStdString()},
        {"recorded_at", r.recordedAt},
        {"previous_status", toString(r.previousStatus).toStdString()},
        {"overrides_evidence", r.overridesEvidence ? 1 : 0},
        {"prev_hash", r.prevHash.toStdString()},
    };
    // Replace, not throw, on text that is not valid UTF-8: the hash must always compute.
    return row.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

QString hashOf(const Resolution &resolution)
{
    const std::string text = canonicalJson(resolution);
    const QByteArray digest = QCryptographicHash::hash(
        QByteArrayView(text.data(), qsizetype(text.size())), QCryptographicHash::Sha256);
    return QString::fromLatin1(digest.toHex());
}

} // namespace AuditChain

bool ChainVerifier::add(const Resolution &resolution)
{
    if (m_break)
        return false;
    if (resolution.prevHash != m_lastHash) {
        m_break = ChainBreak{resolution.resolutionId,
                             QStringLiteral("prev_hash does not match the hash of the resolution "
                                            "before it (a row was removed, inserted or reordered)")};
        return false;
    }
    if (AuditChain::hashOf(resolution) != resolution.hash) {
        m_break = ChainBreak{resolution.resolutionId,
                             QStringLiteral("hash does not match the row's content (the row was "
                                            "edited after it was recorded)")};
        return false;
    }
    m_lastHash = resolution.hash;
    m_lastId = resolution.resolutionId;
    ++m_count;
    return true;
}

} // namespace RefundDesk
