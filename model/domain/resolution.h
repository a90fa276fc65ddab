#pragma once

#include "domain/operation.h"

#include <QString>

namespace RefundDesk {

enum class Outcome { Refunded, Failed };

// In a namespace of their own so that argument-dependent lookup from Qt Test's
// toString() does not pick them up; `using` keeps them callable unqualified.
namespace Names {
QString toString(Outcome outcome);
// The outcome as the console shows it, in the language of the run; toString() is the token.
QString displayName(Outcome outcome);
std::optional<Outcome> outcomeFromString(const QString &text);
} // namespace Names
using namespace Names;

// What an operator asks to record. The store fills in the id, time and chain fields.
struct ResolutionDraft
{
    QString operationId;
    Outcome outcome = Outcome::Failed;
    QString refundId;
    QString evidence;
    QString note;
    QString operatorName;
    bool overridesEvidence = false;
};

// One row of the append-only audit log.
struct Resolution
{
    qint64 resolutionId = 0;
    QString operationId;
    Outcome outcome = Outcome::Failed;
    QString refundId; // null unless refunded
    QString evidence;
    QString note;
    QString operatorName;
    qint64 recordedAt = 0;
    OperationStatus previousStatus = OperationStatus::Unknown;
    bool overridesEvidence = false;
    QString prevHash;
    QString hash;
};

} // namespace RefundDesk
