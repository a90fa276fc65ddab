#include "domain/auditchain.h"

#include "domain/jsonstring.h"

#include <QCryptographicHash>

#include <nlohmann/json.hpp>

namespace RefundDesk {

namespace AuditChain {

QString genesisHash()
{
    return QString(64, QLatin1Char('0'));
}

namespace {

// nlohmann::json's own writing of the row: keys sorted, no white space, text as it is but
// for what JSON must escape. Kept for text that is not plain ASCII.
std::string canonicalJsonByDocument(const Resolution &r)
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

bool isAscii(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() >= 0x80)
            return false;
    }
    return true;
}

void appendNullable(std::string &out, const QString &text)
{
    if (text.isNull())
        out += "null";
    else
        appendJsonString(out, text);
}

} // namespace

std::string canonicalJson(const Resolution &r)
{
    // Every decision is hashed once as it is recorded and again by each verification: the
    // usual row (ASCII text) is written directly, in the same bytes as the document's.
    for (const QString *text : {&r.operationId, &r.refundId, &r.evidence, &r.note, &r.operatorName, &r.prevHash}) {
        if (!isAscii(*text))
            return canonicalJsonByDocument(r);
    }
    std::string out;
    out.reserve(size_t(256 + r.evidence.size() + r.note.size()));
    out += "{\"evidence\":";
    appendJsonString(out, r.evidence);
    out += ",\"note\":";
    appendNullable(out, r.note);
    out += ",\"operation_id\":";
    appendJsonString(out, r.operationId);
    out += ",\"operator\":";
    appendJsonString(out, r.operatorName);
    out += ",\"outcome\":";
    appendJsonString(out, toString(r.outcome));
    out += ",\"overrides_evidence\":";
    out += r.overridesEvidence ? '1' : '0';
    out += ",\"prev_hash\":";
    appendJsonString(out, r.prevHash);
    out += ",\"previous_status\":";
    appendJsonString(out, toString(r.previousStatus));
    out += ",\"recorded_at\":";
    out += std::to_string(r.recordedAt);
    out += ",\"refund_id\":";
    appendNullable(out, r.refundId);
    out += ",\"resolution_id\":";
    out += std::to_string(r.resolutionId);
    out += '}';
    return out;
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
