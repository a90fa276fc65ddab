#pragma once

#include "domain/result.h"
#include "store/auditquery.h"

#include <QSet>
#include <QString>

#include <vector>

namespace RefundDesk {

class Store;

// Whether what a store of schema version 3 keeps of the provider's answers is as the
// provider sent it (DESIGN.md, "The shared store"): each body in provider_bodies still
// hashes to its address, and each lookup that names its bodies names bodies the store
// holds, with the response_sha256 of their addresses. Each body and each lookup is read
// once, a page at a time; version 2 lookups, which hold their bodies, are checked where a
// decision names them (LookupEvidenceCheck, which asks this check about the bodies).
class LookupBodiesCheck final
{
public:
    Result<void> run(Store &store, int pageSize);
    // At most one violation of each of the two invariants, counting the rows that break it.
    const std::vector<InvariantViolation> &violations() const { return m_violations; }
    // Whether the store holds a body under this address that still hashes to it.
    bool isSound(const QString &address) const { return m_held.contains(address) && !m_edited.contains(address); }

private:
    QSet<QString> m_held;
    QSet<QString> m_edited;
    std::vector<InvariantViolation> m_violations;
};

} // namespace RefundDesk
