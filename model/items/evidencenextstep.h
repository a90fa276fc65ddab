#pragma once

#include <QCoreApplication>
#include <QString>

namespace RefundDesk {

struct OperationSnapshot;

// The one line under the evidence that says what it allows next, worked out from the
// verdict the evidence already states ("Stripe lists no refund of this operation: record
// failed (Ctrl+R), or leave it to the batch (Ctrl+Shift+R)"). Said only to a person who
// may decide the operation: nothing while a colleague holds it (the panel's notice says
// so), on a store open for reading, or once it is decided. Where Stripe stated refunds
// that disagree (a conflict, a refund by another path), it sends the person to the
// decision dialog, which lays them side by side.
class EvidenceNextStep final
{
    Q_DECLARE_TR_FUNCTIONS(EvidenceNextStep)

public:
    static QString sentence(const OperationSnapshot &snapshot, const QString &operatorName, bool readOnly);
};

} // namespace RefundDesk
