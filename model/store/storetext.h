#pragma once

#include "domain/error.h"
#include "domain/operation.h"
#include "domain/resolution.h"

#include <QString>

#include <optional>

namespace RefundDesk::Internal {

// What both backends say and match in the same words.

// A time in conflict messages: "2024-06-01 12:00 UTC".
QString utcMinute(qint64 ms);

// A LIKE pattern (escape character '\') for "contains `text`", its % and _ taken literally.
QString containsPattern(const QString &text);

// key_retention_hours as stored; 24 (Stripe API v1 keeps keys at least that long) when
// it is missing or not a positive number.
int keyRetentionFrom(const QString &value);

// The Conflict a write gets when the operation is no longer as the operator saw it:
// what it is now, and who made it so (its last resolution, when it has one).
Error conflictFor(const Operation &current, const std::optional<Resolution> &lastResolution);

// The Conflict a decision of a batch gets when a note was written on the operation after
// the batch was planned: the note's first line.
Error noteSinceReview(const QString &operationId, const QString &noteText);

} // namespace RefundDesk::Internal
