#pragma once

#include "domain/attempt.h"
#include "domain/operation.h"
#include "domain/operationnote.h"
#include "domain/providerlookup.h"
#include "domain/resolution.h"
#include "domain/result.h"
#include "domain/webhookevent.h"
#include "store/storetables.h"

#include <QString>

#include <memory>

namespace RefundDesk {

// Fills a brand-new store in bulk: the way in of the demo simulator and of a copy (see
// StoreCopier). It can only create a new store, never open an existing one, so no
// operator-facing path can create operations or write keys. Rows go in large
// transactions; finish() commits the rest and makes the store ready (indexes analysed,
// WAL checkpointed). Without finish() nothing is kept, and until then nothing at the
// location looks like a store, even after a crash.
class StoreBuilder
{
public:
    static Result<std::unique_ptr<StoreBuilder>> createNew(const QString &path);

    virtual ~StoreBuilder() = default;

    virtual Result<void> setMeta(const QString &key, const QString &value) = 0;
    virtual Result<void> addOperation(const Operation &operation) = 0;
    virtual Result<void> addAttempt(const Attempt &attempt) = 0;
    virtual Result<void> addEvent(const WebhookEvent &event) = 0;
    // An event read by Store::eventsAfter(): its payload written back byte for byte.
    virtual Result<void> addStoredEvent(const StoredEvent &event) = 0;
    // The resolution as it stands, chain fields included (see AuditChain).
    virtual Result<void> addResolution(const Resolution &resolution) = 0;
    // Notes and lookups as they stand, ids, operators and times included.
    virtual Result<void> addNote(const OperationNote &note) = 0;
    virtual Result<void> addProviderLookup(const ProviderLookup &lookup) = 0;
    // A response body (schema version 3) as it stands, under its address.
    virtual Result<void> addResponseBody(const ResponseBody &body) = 0;
    virtual Result<void> finish() = 0;
};

} // namespace RefundDesk
