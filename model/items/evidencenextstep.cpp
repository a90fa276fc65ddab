#include "items/evidencenextstep.h"

#include "evidence/refundcomparison.h"
#include "items/operationsnapshot.h"

namespace RefundDesk {

QString EvidenceNextStep::sentence(const OperationSnapshot &snapshot, const QString &operatorName, bool readOnly)
{
    const Evidence &evidence = snapshot.evidence;
    const Operation &operation = snapshot.operation;
    if (readOnly || !operation.canBeDecidedBy(operatorName))
        return {};
    // Refunded, failed and not_found settle an outcome (outcomeSettledBy): a batch records
    // those too; the others leave the operation to a person.
    switch (evidence.verdict) {
    case Verdict::Refunded:
        return tr("Stripe shows refund %1 succeeded: record refunded (Ctrl+R), or leave it to the batch "
                  "(Ctrl+Shift+R).")
            .arg(evidence.namedRefundId);
    case Verdict::Failed:
        return tr("Stripe shows refund %1 failed: record failed (Ctrl+R), or leave it to the batch (Ctrl+Shift+R).")
            .arg(evidence.namedRefundId);
    case Verdict::NotFound:
        return tr("Stripe lists no refund of this operation: record failed (Ctrl+R), or leave it to the batch "
                  "(Ctrl+Shift+R).");
    case Verdict::Pending:
        return tr("Refund %1 has not finished at Stripe: nothing to record yet; ask Stripe again later (Ctrl+K).")
            .arg(evidence.namedRefundId);
    case Verdict::Conflict:
        if (!RefundComparison::of(evidence, snapshot.attempts).empty())
            return tr("The evidence disagrees with itself: compare the refunds and pick the operation's in Record "
                      "outcome (Ctrl+R), with an override and a note; no batch records this; copy a case for Stripe's "
                      "support (Ctrl+Shift+K).");
        return tr("The evidence disagrees with itself: no batch records this, and an outcome needs an override with "
                  "a note; copy a case for Stripe's support (Ctrl+Shift+K).");
    case Verdict::OtherRefund:
        if (!RefundComparison::of(evidence, snapshot.attempts).empty())
            return tr("A refund this store did not make moved money on this payment: compare the refunds in Record "
                      "outcome (Ctrl+R) and find out in Stripe's Dashboard whether one is this operation's; an outcome "
                      "needs an override with a note.");
        return tr("A refund this store did not make moved money on this payment: find out in Stripe's Dashboard "
                  "whether it is this one; an outcome needs an override with a note.");
    case Verdict::None:
        return tr("No evidence yet: ask Stripe (Ctrl+K), or look the idempotency key up in Stripe's Dashboard.");
    }
    return {};
}

} // namespace RefundDesk
