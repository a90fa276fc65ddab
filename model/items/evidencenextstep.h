#pragma once

#include "domain/operation.h"
#include "evidence/evidence.h"

#include <QCoreApplication>
#include <QString>

namespace RefundDesk {

// The one line under the evidence that says what it allows next, worked out from the
// verdict the evidence already states ("Stripe lists no refund of this operation: record
// failed (Ctrl+R), or leave it to the batch (Ctrl+Shift+R)"). Said only to a person who
// may decide the operation: nothing while a colleague holds it (the panel's notice says
// so), on a store open for reading, or once it is decided.
class EvidenceNextStep final
{
    Q_DECLARE_TR_FUNCTIONS(EvidenceNextStep)

public:
    static QString sentence(const Evidence &evidence, const Operation &operation, const QString &operatorName,
                            bool readOnly);
};

} // namespace RefundDesk
