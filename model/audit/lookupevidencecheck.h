#pragma once

#include "domain/resolution.h"
#include "domain/result.h"
#include "store/auditquery.h"

#include <QHash>
#include <QString>

#include <optional>

namespace RefundDesk {

class LookupBodiesCheck;
class Store;

// Whether each provider lookup that a decision names as its evidence
// (`stripe_lookup:ID:sha256:HEX`) is still as it was when the decision was made: the
// lookup exists, belongs to the decided operation, and its stored response bodies still
// hash to the named SHA-256. AuditVerifier feeds it the resolutions as it pages through
// the chain, then reads the lookups once, a page at a time. A lookup of schema version 3
// is as it was when the bodies it names are too (`bodies`, run before).
class LookupEvidenceCheck final
{
public:
    void add(const Resolution &resolution);
    bool isEmpty() const { return m_named.isEmpty(); }
    // The first decision whose lookup was removed or changed, with how many in all.
    Result<std::optional<InvariantViolation>> run(Store &store, int pageSize, const LookupBodiesCheck &bodies);

private:
    struct Named
    {
        qint64 resolutionId = 0;
        QString operationId;
        QString sha256;
    };
    QHash<qint64, Named> m_named; // by lookup id: the first decision naming it
};

} // namespace RefundDesk
