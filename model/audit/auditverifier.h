#pragma once

#include "domain/auditchain.h"
#include "domain/result.h"
#include "store/auditquery.h"

#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace RefundDesk {

class Store;

// What a verification found: how far the hash chain holds, where it breaks, and which
// store invariants are broken.
struct AuditReport
{
    qint64 verifiedCount = 0;  // resolutions whose hash and link checked out
    qint64 lastVerifiedId = 0; // the last of them (0 when none)
    QString headHash;          // its hash: note it down to detect a cut-off tail later
    std::optional<ChainBreak> chainBreak;
    std::vector<InvariantViolation> violations;

    bool intact() const { return !chainBreak && violations.empty(); }
    // "verified N resolutions, chain intact through #N" or "broken at #N: ..." (the chain
    // first, then the first broken invariant).
    QString summary() const;
    // "verified N resolutions, chain intact through #N": the chain's part alone.
    QString chainIntactText() const;
    // One line per problem found, the chain break first.
    QStringList problems() const;
};

// Recomputes the audit chain over every resolution, a page at a time (constant memory
// for a log of any length), then checks the store's invariants. The command line's
// `verify` and the audit window share it; run it off the UI thread on its own Store.
class AuditVerifier final
{
public:
    // Called after each page with the resolutions checked so far and the total; return
    // false to stop (run() then returns a cancelled error).
    using Progress = std::function<bool(qint64 done, qint64 total)>;

    explicit AuditVerifier(Store &store);

    void setPageSize(int pageSize) { m_pageSize = pageSize; }
    // The head hash noted at an earlier verification. A chain alone cannot tell that its
    // newest rows were cut off; with an anchor, the run fails unless that resolution is
    // still in the verified chain.
    void setAnchor(const QString &hash) { m_anchor = hash.trimmed().toLower(); }

    Result<AuditReport> run(const Progress &progress = {});

    static QString cancelledMessage();

private:
    Store &m_store;
    int m_pageSize = 2000;
    QString m_anchor;
};

} // namespace RefundDesk
