#pragma once

#include "domain/resolution.h"

#include <QString>

#include <optional>
#include <string>

namespace RefundDesk {

// The tamper-evident chain over the resolutions table (DESIGN.md, "resolutions").
// hash = lower-case hex SHA-256 of the row's canonical JSON: exactly the keys
// resolution_id, operation_id, outcome, refund_id, evidence, note, operator, recorded_at,
// previous_status, overrides_evidence, prev_hash; sorted; no white space; integers as
// numbers; a missing refund_id as null.
namespace AuditChain {

QString genesisHash(); // 64 zeros: the prev_hash of the first resolution
std::string canonicalJson(const Resolution &resolution);
QString hashOf(const Resolution &resolution);

} // namespace AuditChain

struct ChainBreak
{
    qint64 resolutionId = 0;
    QString reason;
};

// Walks the resolutions in resolution_id order, one at a time, so that a log of any
// length is checked in constant memory.
class ChainVerifier final
{
public:
    // Returns false once the chain is broken; later rows are then ignored.
    bool add(const Resolution &resolution);

    const std::optional<ChainBreak> &firstBreak() const { return m_break; }
    qint64 verifiedCount() const { return m_count; }
    qint64 lastVerifiedId() const { return m_lastId; }
    QString lastHash() const { return m_lastHash; }

private:
    QString m_lastHash = AuditChain::genesisHash();
    qint64 m_lastId = 0;
    qint64 m_count = 0;
    std::optional<ChainBreak> m_break;
};

} // namespace RefundDesk
