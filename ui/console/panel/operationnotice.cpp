#include "ui/console/panel/operationnotice.h"

#include "items/operationsnapshot.h"
#include "items/timetext.h"

namespace RefundDesk {

OperationNotice OperationNotice::about(const OperationSnapshot &snapshot, const OperationSnapshot *before,
                                       const QString &operatorName, bool readOnly, qint64 nowMsecs)
{
    OperationNotice notice;
    notice.text = describe(snapshot, before, operatorName, readOnly, nowMsecs, notice.tone);
    return notice;
}

QString OperationNotice::describe(const OperationSnapshot &snapshot, const OperationSnapshot *before,
                                  const QString &me, bool readOnly, qint64 at, Theme::Tone &tone)
{
    const Operation &operation = snapshot.operation;
    const bool changed = before && (before->operation.version != operation.version
                                    || before->operation.status != operation.status);
    switch (operation.status) {
    case OperationStatus::Refunded:
    case OperationStatus::Failed: {
        if (snapshot.resolutions.empty()) {
            tone = Theme::Tone::Neutral;
            return tr("The refund tool closed this operation as %1; no person had to decide.")
                .arg(displayName(operation.status));
        }
        const Resolution &last = snapshot.resolutions.back();
        const QString outcome = last.outcome == Outcome::Refunded ? tr("refunded (%1)").arg(last.refundId) : tr("failed");
        const QString when = TimeText::moment(last.recordedAt, at);
        if (!me.isEmpty() && last.operatorName == me && !readOnly) {
            tone = Theme::Tone::Good;
            return tr("You recorded %1 at %2. Copy the reply for the customer (Ctrl+Shift+C).").arg(outcome, when);
        }
        if (changed) {
            tone = Theme::Tone::Warning;
            return tr("Resolved elsewhere: %1 recorded %2 at %3. Nothing is left to do here.")
                .arg(last.operatorName, outcome, when);
        }
        tone = Theme::Tone::Neutral;
        return tr("%1 recorded %2 at %3.").arg(last.operatorName, outcome, when);
    }
    case OperationStatus::Checking: {
        const QString when = operation.claimedAt ? TimeText::moment(*operation.claimedAt, at) : tr("an unknown time");
        if (!me.isEmpty() && operation.claimedBy == me) {
            tone = Theme::Tone::Info;
            return readOnly ? tr("You claimed this at %1.").arg(when)
                            : tr("You are checking this since %1. Confirm the outcome with the provider, then "
                                 "record it (Ctrl+R).")
                                  .arg(when);
        }
        tone = Theme::Tone::Warning;
        if (changed)
            return tr("Claimed elsewhere: %1 claimed this at %2 and is checking it.").arg(operation.claimedBy, when);
        return readOnly ? tr("%1 is checking this since %2.").arg(operation.claimedBy, when)
                        : tr("%1 is checking this since %2. Take over (Ctrl+T) only if they handed it to you.")
                              .arg(operation.claimedBy, when);
    }
    case OperationStatus::Unknown:
        if (changed && before->operation.status == OperationStatus::Checking && before->operation.claimedBy != me) {
            tone = Theme::Tone::Info;
            return tr("Released elsewhere: %1 gave this back; nobody is checking it now.")
                .arg(before->operation.claimedBy);
        }
        tone = Theme::Tone::Neutral;
        return readOnly ? tr("Nobody is checking this yet.")
                        : tr("Nobody is checking this yet. Claim it (Ctrl+M) so that colleagues know you are on "
                             "it; asking Stripe (Ctrl+K) needs no claim.");
    case OperationStatus::Open:
        tone = Theme::Tone::Neutral;
        return tr("The refund tool is still working on this operation; it does not need a person yet.");
    }
    return {};
}

} // namespace RefundDesk
