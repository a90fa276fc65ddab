#pragma once

#include "domain/resolution.h"

#include <QString>

#include <optional>

namespace RefundDesk {

// Which resolutions of the audit log to list, count, total or export. Filtering happens
// in SQL; pages follow each other by resolution_id, never by offset.
struct AuditQuery
{
    std::optional<qint64> fromMs; // recorded_at >= fromMs
    std::optional<qint64> toMs;   // recorded_at < toMs
    QString operatorName;         // exactly this operator; empty for everyone
    std::optional<Outcome> outcome;
    bool overridesOnly = false;
    bool newestFirst = false;
};

// One resolution with the operation it decided. When the operation row is missing (a
// broken store), operationFound is false and the operation's fields are empty.
struct AuditEntry
{
    Resolution resolution;
    bool operationFound = false;
    QString orderId;
    qint64 amountCents = 0;
    QString currency;
};

// Resolutions and their amounts for one outcome in one currency.
struct AuditTotal
{
    Outcome outcome = Outcome::Failed;
    QString currency;
    qint64 count = 0;
    qint64 amountCents = 0;
};

// How the unknown exposure moved on one UTC day in one currency: operations that became
// unknown that day (positive) and those a person resolved that day (negative).
// An operation counts as unknown from the end of its last attempt (the tool stops sending
// once it marks the row unknown), or its creation if it has none, until its first
// resolution, or until now.
struct ExposureChange
{
    qint64 day = 0; // days since 1970-01-01 UTC
    QString currency;
    qint64 countDelta = 0;
    qint64 amountDelta = 0;
};

// Decisions recorded on one UTC day with one outcome.
struct DailyDecisions
{
    qint64 day = 0; // days since 1970-01-01 UTC
    Outcome outcome = Outcome::Failed;
    qint64 count = 0;
};

// A store invariant `verify` found broken: which one, the first row that breaks it and
// how many rows do.
struct InvariantViolation
{
    QString invariant;    // short name, e.g. "status agrees with the last resolution"
    QString message;      // the first offending row, in words
    qint64 resolutionId = 0; // the first resolution concerned, 0 when none is
    QString operationId;  // the first operation concerned, empty when none is
    qint64 count = 1;     // rows breaking it (1 for a missing trigger or index)
};

} // namespace RefundDesk
