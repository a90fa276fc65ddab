#pragma once

#include <QString>

#include <optional>

namespace RefundDesk {

// How one attempt to reach the provider ended, as the refund tool recorded it.
enum class AttemptOutcome {
    Unfinished,    // no outcome recorded: still running, or the tool stopped mid-attempt
    Refunded,
    Declined,
    Timeout,
    KeyInProgress, // HTTP 409: a request with the same key was still in progress
    ServerError,   // a saved HTTP 500 replayed for the key
    NetworkError,
    KeyMismatch,   // same key, other parameters
};

// In a namespace of their own so that argument-dependent lookup from Qt Test's
// toString() does not pick them up; `using` keeps them callable unqualified.
namespace Names {
QString toString(AttemptOutcome outcome);
AttemptOutcome attemptOutcomeFromString(const QString &text);
// The outcome in words a support agent reads in the attempt timeline.
QString describe(AttemptOutcome outcome);
} // namespace Names
using namespace Names;

// One row of refund_attempts.
struct Attempt
{
    QString operationId;
    int attemptNo = 0;
    QString toolCallId;
    qint64 startedAt = 0;
    std::optional<qint64> finishedAt;
    AttemptOutcome outcome = AttemptOutcome::Unfinished;
    std::optional<int> httpStatus;
    QString requestId;
    QString error;
};

} // namespace RefundDesk
