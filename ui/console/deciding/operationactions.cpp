#include "ui/console/deciding/operationactions.h"

#include "items/operationsnapshot.h"

#include <QAction>

namespace RefundDesk {

namespace {

QAction *makeAction(QObject *parent, const QString &name, const QKeySequence &shortcut)
{
    auto *action = new QAction(parent);
    action->setObjectName(name);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WindowShortcut);
    return action;
}

void setTexts(QAction *action, const QString &text, const QString &tip)
{
    action->setText(text);
    action->setToolTip(QStringLiteral("%1 (%2)").arg(tip, action->shortcut().toString(QKeySequence::NativeText)));
    action->setStatusTip(tip);
}

} // namespace

OperationActions::OperationActions(QObject *parent)
    : QObject(parent)
    , m_claim(makeAction(this, QStringLiteral("claimAction"), QKeySequence(Qt::CTRL | Qt::Key_M)))
    , m_release(makeAction(this, QStringLiteral("releaseAction"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M)))
    , m_takeOver(makeAction(this, QStringLiteral("takeOverAction"), QKeySequence(Qt::CTRL | Qt::Key_T)))
    , m_record(makeAction(this, QStringLiteral("recordAction"), QKeySequence(Qt::CTRL | Qt::Key_R)))
    , m_addNote(makeAction(this, QStringLiteral("addNoteAction"), QKeySequence(Qt::CTRL | Qt::Key_N)))
    , m_copyReply(makeAction(this, QStringLiteral("copyReplyAction"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)))
{
    retranslate();
    update(nullptr, {}, false);
}

void OperationActions::retranslate()
{
    setTexts(m_claim, tr("&Claim"), tr("Take this operation: others see that you are checking it"));
    setTexts(m_release, tr("R&elease"), tr("Give the operation back to the queue unresolved"));
    setTexts(m_takeOver, tr("&Take over…"), tr("Take the operation from the colleague who claimed it"));
    setTexts(m_record, tr("&Record outcome…"), tr("Record the outcome the provider confirmed"));
    setTexts(m_addNote, tr("Add &note…"),
             tr("Note what you found or asked, for whoever looks next, without deciding the operation"));
    setTexts(m_copyReply, tr("Copy reply for the c&ustomer"), tr("Copy a truthful reply for the customer's chat"));
}

void OperationActions::update(const OperationSnapshot *snapshot, const QString &operatorName, bool readOnly,
                               bool storeHoldsNotes)
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
    // Anyone may note an operation that waits for a person, whoever holds its claim.
    m_addNote->setEnabled(storeHoldsNotes && (unknown || checking));
}

} // namespace RefundDesk
