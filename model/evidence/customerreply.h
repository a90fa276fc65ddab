#pragma once

#include "domain/operation.h"
#include "domain/resolution.h"

#include <QString>

namespace RefundDesk {

// The reply a support agent can paste to the customer (DESIGN.md, "What the customer is
// told"): what is known and nothing more. Until a person records the outcome that is
// the fixed sentence, whatever the evidence suggests; events are not a decision.
namespace CustomerReply {

QString whileUnknown();
QString refunded(const QString &refundId, qint64 amountMinor, const QString &currency);
QString failed(qint64 amountMinor, const QString &currency);

// The reply for the operation as it stands: refunded and failed operations get their
// outcome, every other status the fixed sentence. A refunded operation whose refund id
// is not recorded says so rather than invent one.
QString forOperation(const Operation &operation);
// The reply once `outcome` (with `refundId` when refunded) is recorded for the operation.
QString forOutcome(const Operation &operation, Outcome outcome, const QString &refundId);

} // namespace CustomerReply

} // namespace RefundDesk
