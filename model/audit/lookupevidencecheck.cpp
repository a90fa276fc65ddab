#include "audit/lookupevidencecheck.h"

#include "audit/lookupbodiescheck.h"
#include "domain/lookupbodies.h"
#include "evidence/lookupevidence.h"
#include "store/store.h"

#include <QCoreApplication>

#include <algorithm>

namespace RefundDesk {

void LookupEvidenceCheck::add(const Resolution &resolution)
{
    const auto reference = LookupEvidence::reference(resolution.evidence);
    if (!reference || m_named.contains(reference->lookupId))
        return;
    m_named.insert(reference->lookupId, Named{resolution.resolutionId, resolution.operationId, reference->sha256});
}

Result<std::optional<InvariantViolation>> LookupEvidenceCheck::run(Store &store, int pageSize,
                                                                    const LookupBodiesCheck &bodies)
{
    std::optional<InvariantViolation> first;
    qint64 broken = 0;
    auto note = [&](const Named &named, const QString &message) {
        ++broken;
        if (first && first->resolutionId <= named.resolutionId)
            return;
        InvariantViolation v;
        v.invariant = QCoreApplication::translate("AuditReport", "a provider lookup named as evidence is as it was");
        v.message = message;
        v.resolutionId = named.resolutionId;
        v.operationId = named.operationId;
        first = v;
    };
    QHash<qint64, Named> unseen = m_named;
    qint64 after = 0;
    while (!unseen.isEmpty()) {
        auto page = store.providerLookupsAfter(after, pageSize);
        if (!page)
            return page.error();
        for (const ProviderLookup &row : *page) {
            const auto found = unseen.constFind(row.lookupId);
            if (found == unseen.cend())
                continue;
            const Named named = *found;
            unseen.erase(found);
            if (row.operationId != named.operationId) {
                note(named, QCoreApplication::translate("AuditReport", "resolution #%1 names provider lookup %2, which is about "
                                                                       "%3, not %4: the lookup or the decision was altered.")
                                .arg(QString::number(named.resolutionId), QString::number(row.lookupId), row.operationId,
                                     named.operationId));
            } else if (LookupEvidence::bodiesSha256(row) != named.sha256) {
                note(named, QCoreApplication::translate("AuditReport", "resolution #%1 names provider lookup %2 with SHA-256 "
                                                                       "%3, but its stored responses now hash to %4: the "
                                                                       "lookup was edited after the decision.")
                                .arg(QString::number(named.resolutionId), QString::number(row.lookupId), named.sha256,
                                     LookupEvidence::bodiesSha256(row)));
            } else if (LookupBodies::namesBodies(row.requests)) {
                const QStringList addresses = LookupBodies::addressesNamed(row.requests);
                const auto unsound = std::find_if(addresses.cbegin(), addresses.cend(),
                                                  [&bodies](const QString &address) { return !bodies.isSound(address); });
                if (unsound != addresses.cend()) {
                    note(named, QCoreApplication::translate("AuditReport", "resolution #%1 names provider lookup %2, but the "
                                                                           "response body %3 it rests on was edited or "
                                                                           "removed after the decision.")
                                    .arg(QString::number(named.resolutionId), QString::number(row.lookupId), *unsound));
                }
            }
        }
        if (int(page->size()) < pageSize)
            break;
        after = page->back().lookupId;
    }
    for (auto it = unseen.cbegin(); it != unseen.cend(); ++it) {
        note(*it, QCoreApplication::translate("AuditReport", "resolution #%1 names provider lookup %2, which the store no "
                                                             "longer holds: the lookup was removed after the decision.")
                      .arg(QString::number(it->resolutionId), QString::number(it.key())));
    }
    if (first)
        first->count = broken;
    return first;
}

} // namespace RefundDesk
