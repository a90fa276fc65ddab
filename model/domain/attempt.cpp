#include "domain/attempt.h"

#include <QCoreApplication>

namespace RefundDesk::Names {

QString toString(AttemptOutcome outcome)
{
    switch (outcome) {
    case AttemptOutcome::Unfinished: return {};
    case AttemptOutcome::Refunded: return QStringLiteral("refunded");
    case AttemptOutcome::Declined: return QStringLiteral("declined");
    case AttemptOutcome::Timeout: return QStringLiteral("timeout");
    case AttemptOutcome::KeyInProgress: return QStringLiteral("key_in_progress");
    case AttemptOutcome::ServerError: return QStringLiteral("server_error");
    case AttemptOutcome::NetworkError: return QStringLiteral("network_error");
    case AttemptOutcome::KeyMismatch: return QStringLiteral("key_mismatch");
    }
    return {};
}

AttemptOutcome attemptOutcomeFromString(const QString &text)
{
    for (auto outcome : {AttemptOutcome::Refunded, AttemptOutcome::Declined, AttemptOutcome::Timeout,
                         AttemptOutcome::KeyInProgress, AttemptOutcome::ServerError,
                         AttemptOutcome::NetworkError, AttemptOutcome::KeyMismatch}) {
        if (toString(outcome) == text)
            return outcome;
    }
    return AttemptOutcome::Unfinished;
}

QString describe(AttemptOutcome outcome)
{
    switch (outcome) {
    case AttemptOutcome::Unfinished:
        return QCoreApplication::translate("Attempt", "no answer recorded");
    case AttemptOutcome::Refunded:
        return QCoreApplication::translate("Attempt", "refunded");
    case AttemptOutcome::Declined:
        return QCoreApplication::translate("Attempt", "declined by the provider");
    case AttemptOutcome::Timeout:
        return QCoreApplication::translate("Attempt", "timed out");
    case AttemptOutcome::KeyInProgress:
        return QCoreApplication::translate("Attempt", "409: a request with the same key was still in progress");
    case AttemptOutcome::ServerError:
        return QCoreApplication::translate("Attempt", "saved 500: outcome unknown");
    case AttemptOutcome::NetworkError:
        return QCoreApplication::translate("Attempt", "network error: outcome unknown");
    case AttemptOutcome::KeyMismatch:
        return QCoreApplication::translate("Attempt", "key reused with other parameters");
    }
    return {};
}

} // namespace RefundDesk::Names
