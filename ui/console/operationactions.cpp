#include "ui/console/operationactions.h"

#include "items/operationsnapshot.h"

#include <QAction>

namespace RefundDesk {

namespace {

QAction *makeAction(QObject *parent, const QString &name, const QString &text, const QKeySequence &shortcut,
                    const QString &tip)
{
    auto *action = new QAction(text, parent);
    action->setObjectName(name);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WindowShortcut);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, shortcut.toString(QKeySequence::NativeText)));
    action->setStatusTip(tip);
    return action;
}

} // namespace

OperationActions::OperationActions(QObject *parent)
    : QObject(parent)
    , m_claim(makeAction(this, QStringLiteral("claimAction"), tr("&Claim"), QKeySequence(Qt::CTRL | Qt::Key_M),
                         tr("Take this operation: others see that you are checking it")))
    , m_release(makeAction(this, QStringLiteral("releaseAction"), tr("R&elease"),
                           QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M),
                           tr("Give the operation back to the queue unresolved")))
    , m_takeOver(makeAction(this, QStringLiteral("takeOverAction"), tr("&Take over…"), QKeySequence(Qt::CTRL | Qt::Key_T),
                            tr("Take the operation from the colleague who claimed it")))
    , m_record(makeAction(this, QStringLiteral("recordAction"), tr("&Record outcome…"), QKeySequence(Qt::CTRL | Qt::Key_R),
                          tr("Record the outcome the provider confirmed")))
    , m_copyReply(makeAction(this, QStringLiteral("copyReplyAction"), tr("Copy reply for the c&ustomer"),
                             QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
                             tr("Copy a truthful reply for the customer's chat")))
{
    update(nullptr, {}, false);
}

void OperationActions::update(const OperationSnapshot *snapshot, const QString &operatorName, bool readOnly)
{
    for (QAction *action : writes())
        action->setVisible(!readOnly);
    m_copyReply->setEnabled(snapshot != nullptr);
    if (readOnly || !snapshot || operatorName.isEmpty()) {
        for (QAction *action : writes())
            action->setEnabled(false);
        return;
    }
    const Operation &operation = snapshot->operation;
    const bool unknown = operation.status == OperationStatus::Unknown;
    const bool checking = operation.status == OperationStatus::Checking;
    const bool mine = checking && operation.claimedBy == operatorName;
    m_claim->setEnabled(unknown);
    m_release->setEnabled(mine);
    m_takeOver->setEnabled(checking && !mine);
    m_record->setEnabled(unknown || mine);
}

} // namespace RefundDesk
