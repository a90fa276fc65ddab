#include "items/reconcilertext.h"

#include "items/timetext.h"

#include <QCoreApplication>

namespace RefundDesk {

ReconcilerText ReconcilerText::about(const ReconcilePassRecord &record, qint64 nowMs)
{
    const qint64 since = nowMs - record.finishedAtMs;
    const QString ago = TimeText::ago(since);
    const QString at = TimeText::fullMoment(record.finishedAtMs);
    ReconcilerText said;
    if (!record.ok) {
        said.state = State::Failed;
        said.text = QCoreApplication::translate("ReconcilerText", "Stripe check failed %1: %2").arg(ago, record.failure);
        said.toolTip = QCoreApplication::translate("ReconcilerText", "The reconciler's last pass failed at %1: %2\nUntil it "
                                                                     "is fixed where the reconciler runs (its key file or "
                                                                     "reconcile.env), Stripe's answers stop coming; "
                                                                     "'journalctl --user -u refund-desk-reconcile' there "
                                                                     "shows each pass.")
                           .arg(at, record.failure);
        return said;
    }
    if (since > StaleAfterMs) {
        said.state = State::Stale;
        said.text = QCoreApplication::translate("ReconcilerText", "Stripe last checked %1: the reconciler has not run since").arg(ago);
        said.toolTip = QCoreApplication::translate("ReconcilerText", "The reconciler's last pass ended at %1, and it runs every "
                                                                     "5 minutes where it is set up: see "
                                                                     "'systemctl --user status refund-desk-reconcile.timer' "
                                                                     "on that machine.")
                           .arg(at);
        return said;
    }
    said.text = QCoreApplication::translate("ReconcilerText", "Stripe checked %1").arg(ago);
    said.toolTip = QCoreApplication::translate("ReconcilerText", "The reconciler's last pass ended at %1 and kept %n "
                                                                 "answer(s) from Stripe; the panels show what it stored.",
                                               nullptr, int(record.answers))
                       .arg(at);
    return said;
}

} // namespace RefundDesk
