#pragma once

#include "domain/providerlookup.h"
#include "teststore.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace RefundDesk::Test {

// What the Stripe commands' tests put at the fake Stripe and in the store.

// A Stripe refund object, as Stripe lists it: `amount` cents of USD, metadata.operation_id
// naming the operation it was made for.
QByteArray refundJson(const QString &id, const QString &operationId, qint64 created,
                      const QString &status = QStringLiteral("succeeded"), qint64 amount = 3800);

// An operation without evidence, as the tool leaves it when its one attempt started at
// `startedMs` and timed out 30 s later; created a second before. False, with the store's
// lastError(), when it could not be added.
bool addTimedOutOperation(TestStore &store, const QString &operationId, qint64 startedMs,
                          const QString &refundId = {});

// Stripe's word on such an operation: its refund `refundId` succeeded, as the event
// evt_<refundId> received at `receivedMs` says (its amount and key the operation's).
bool addRefundEvent(TestStore &store, const QString &operationId, const QString &refundId, qint64 receivedMs);

// The provider lookups the store at `location` keeps for the operation; nothing when the
// store could not be read.
std::optional<std::vector<ProviderLookup>> storedLookups(const QString &location, const QString &operationId);

} // namespace RefundDesk::Test
