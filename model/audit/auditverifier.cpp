#include "audit/auditverifier.h"

#include "audit/lookupbodiescheck.h"
#include "audit/lookupevidencecheck.h"
#include "store/store.h"

#include <QCoreApplication>

namespace RefundDesk {

QString AuditReport::summary() const
{
    if (chainBreak)
        return QCoreApplication::translate("AuditReport", "broken at #%1: %2")
            .arg(QString::number(chainBreak->resolutionId), chainBreak->reason);
    if (!violations.empty()) {
        const InvariantViolation &first = violations.front();
        return QCoreApplication::translate("AuditReport", "chain intact through #%1, but an invariant is broken (%2): %3")
            .arg(QString::number(lastVerifiedId), first.invariant, first.message);
    }
    return chainIntactText();
}

QString AuditReport::chainIntactText() const
{
    return QCoreApplication::translate("AuditReport", "verified %n resolution(s), chain intact through #%1", nullptr,
                                       int(verifiedCount))
        .arg(QString::number(lastVerifiedId));
}

QStringList AuditReport::problems() const
{
    QStringList lines;
    if (chainBreak) {
        lines << QCoreApplication::translate("AuditReport", "broken at #%1: %2")
                     .arg(QString::number(chainBreak->resolutionId), chainBreak->reason);
    }
    for (const InvariantViolation &v : violations) {
        QString line = QCoreApplication::translate("AuditReport", "invariant broken (%1): %2").arg(v.invariant, v.message);
        if (v.count > 1)
            line += u' ' + QCoreApplication::translate("AuditReport", "(%n row(s) in all)", nullptr, int(v.count));
        lines << line;
    }
    return lines;
}

AuditVerifier::AuditVerifier(Store &store)
    : m_store(store)
{
}

QString AuditVerifier::cancelledMessage()
{
    return QStringLiteral("The verification was cancelled before it finished.");
}

Result<AuditReport> AuditVerifier::run(const Progress &progress)
{
    auto total = m_store.auditCount(AuditQuery{});
    if (!total)
        return total.error();

    ChainVerifier chain;
    LookupEvidenceCheck lookups;
    bool anchorFound = false;
    qint64 done = 0;
    qint64 after = 0;
    if (progress && !progress(0, *total))
        return Error::internal(cancelledMessage());
    for (;;) {
        auto page = m_store.resolutionsAfter(after, m_pageSize);
        if (!page)
            return page.error();
        for (const Resolution &resolution : *page) {
            if (!chain.add(resolution))
                break;
            lookups.add(resolution);
            if (!m_anchor.isEmpty() && resolution.hash == m_anchor)
                anchorFound = true;
        }
        done += qint64(page->size());
        if (chain.firstBreak() || int(page->size()) < m_pageSize)
            break;
        after = page->back().resolutionId;
        if (progress && !progress(done, std::max(done, *total)))
            return Error::internal(cancelledMessage());
    }

    AuditReport report;
    report.verifiedCount = chain.verifiedCount();
    report.lastVerifiedId = chain.lastVerifiedId();
    report.headHash = chain.lastVerifiedId() > 0 ? chain.lastHash() : QString();
    report.chainBreak = chain.firstBreak();

    auto violations = m_store.checkInvariants();
    if (!violations)
        return violations.error();
    report.violations = std::move(*violations);
    // The bodies first: a decision's lookup is as it was only if the bodies it names are.
    LookupBodiesCheck bodies;
    if (auto checked = bodies.run(m_store, m_pageSize); !checked)
        return checked.error();
    auto lookupViolation = lookups.run(m_store, m_pageSize, bodies);
    if (!lookupViolation)
        return lookupViolation.error();
    if (*lookupViolation)
        report.violations.push_back(**lookupViolation);
    report.violations.insert(report.violations.end(), bodies.violations().begin(), bodies.violations().end());
    if (!m_anchor.isEmpty() && !anchorFound && !report.chainBreak) {
        InvariantViolation v;
        v.invariant = QStringLiteral("the noted head is still in the chain");
        v.message = QStringLiteral("no resolution in the chain has the hash %1 noted earlier: resolutions were "
                                   "removed from the end of the log, or the hash belongs to another store.")
                        .arg(m_anchor);
        report.violations.insert(report.violations.begin(), v);
    }
    if (progress)
        progress(std::max(done, *total), std::max(done, *total));
    return report;
}

} // namespace RefundDesk
