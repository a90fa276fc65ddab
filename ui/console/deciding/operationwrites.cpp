#include "ui/console/deciding/operationwrites.h"

#include "evidence/customerreply.h"
#include "evidence/resolver.h"
#include "items/operationsnapshot.h"
#include "items/timetext.h"
#include "store/store.h"
#include "ui/common/livemessagebox.h"
#include "ui/console/batch/batchflow.h"
#include "ui/console/shell/liverefresher.h"
#include "ui/console/deciding/notedialog.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/deciding/resolvedialog.h"
#include "ui/console/storeopening/upgradebanner.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QMessageBox>
#include <QPushButton>

namespace RefundDesk {

namespace {

// The WriteRunner keeps one write per key in progress; the upgrade is the store's, not an
// operation's (no operation id has this form).
const QString UpgradeKey = QStringLiteral(" schema upgrade");

} // namespace

OperationWrites::OperationWrites(OperationWritesHost *host, const OperationWritesParts &parts, QObject *parent)
    : QObject(parent)
    , m_host(host)
    , m_parts(parts)
    , m_batch(new BatchFlow(parts.window))
{
    connect(m_batch, &BatchFlow::finished, this, [this] {
        emit batchChanged();
        m_host->refreshNow();
    });
    connect(m_batch, &BatchFlow::failed, this,
            [this](const QString &title, const QString &message) { m_host->reportError(title, message); });
    // The operation's actions (buttons, menu entries, shortcuts) lead here.
    OperationActions *actions = parts.actions;
    connect(actions->claim(), &QAction::triggered, this, [this] { claim(false); });
    connect(actions->takeOver(), &QAction::triggered, this, &OperationWrites::confirmTakeOver);
    connect(actions->release(), &QAction::triggered, this, &OperationWrites::release);
    connect(actions->record(), &QAction::triggered, this, &OperationWrites::recordOutcome);
    connect(actions->addNote(), &QAction::triggered, this, &OperationWrites::addNote);
    connect(actions->copyReply(), &QAction::triggered, this, &OperationWrites::copyReply);
    connect(parts.upgradeBanner, &UpgradeBanner::upgradeRequested, this, &OperationWrites::upgradeStore);
}

ResolveDialog *OperationWrites::resolveDialog() const
{
    return m_resolveDialog;
}

NoteDialog *OperationWrites::noteDialog() const
{
    return m_noteDialog;
}

bool OperationWrites::isBatchBusy() const
{
    return m_batch->isBusy();
}

void OperationWrites::closeDialogs()
{
    if (m_resolveDialog)
        m_resolveDialog->reject();
    if (m_noteDialog)
        m_noteDialog->reject();
}

bool OperationWrites::startWrite(const QString &operationId, const QString &doing, WriteRunner::Write write,
                                 WriteRunner::Done done)
{
    const auto &facts = m_host->storeFacts();
    if (!facts)
        return false;
    const QString waiting = tr("%1 — waiting for the store").arg(doing);
    const bool started = m_parts.writes->start(
        facts->location, operationId, std::move(write),
        [this, waiting, done = std::move(done)](const std::optional<Error> &error) {
            m_host->clearMessage(waiting);
            m_parts.refresher->catchUp(); // done() refreshes
            done(error);
        });
    if (!started) {
        m_host->showMessage(tr("%1 is still being written. Wait for it to finish.").arg(operationId), 5000);
        return false;
    }
    m_host->showMessage(waiting, 0);
    return true;
}

void OperationWrites::claim(bool takeOver)
{
    const OperationSnapshot *snapshot = m_host->currentOperation();
    if (!hasStore() || !snapshot || !m_parts.actions->claim()->isVisible())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_parts.identity->name();
    const QString id = seen.operationId;
    startWrite(id, takeOver ? tr("Taking over %1").arg(id) : tr("Claiming %1").arg(id),
               [seen, operatorName, takeOver](Store &store) -> std::optional<Error> {
                   auto claimed = Resolver(store).claim(seen, operatorName, takeOver);
                   if (!claimed)
                       return claimed.error();
                   return std::nullopt;
               },
               [this, id, takeOver](const std::optional<Error> &error) {
                   if (error)
                       m_host->reportError(takeOver ? tr("Cannot take over") : tr("Cannot claim"), error->message);
                   else
                       m_host->showMessage(tr("You are checking %1.").arg(id), 5000);
                   m_host->refreshNow();
               });
}

void OperationWrites::confirmTakeOver()
{
    const OperationSnapshot *snapshot = m_host->currentOperation();
    if (!snapshot || !m_parts.actions->takeOver()->isEnabled())
        return;
    const Operation &operation = snapshot->operation;
    auto *box = new LiveMessageBox(QMessageBox::Question, QMessageBox::Cancel, m_parts.window);
    box->setObjectName(QStringLiteral("takeOverDialog"));
    QPushButton *yes = box->addButton(QString(), QMessageBox::AcceptRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    const QString id = operation.operationId;
    const QString claimedBy = operation.claimedBy;
    const std::optional<qint64> claimedAt = operation.claimedAt;
    box->setTexts([box, yes, id, claimedBy, claimedAt] {
        const QString when = claimedAt ? TimeText::moment(*claimedAt, QDateTime::currentMSecsSinceEpoch())
                                       : tr("an unknown time");
        box->setWindowTitle(tr("Take over %1?").arg(id));
        box->setText(tr("%1 claimed %2 at %3 and may be talking to the provider right now.\n\n"
                        "Take it over only if they handed it to you. They will see it claimed by you.")
                         .arg(claimedBy, id, when));
        yes->setText(tr("Take over"));
    });
    connect(box, &QMessageBox::finished, this, [this, box, yes, id] {
        if (box->clickedButton() == yes && m_parts.panel->operationId() == id)
            claim(true);
    });
    box->open();
}

void OperationWrites::release()
{
    const OperationSnapshot *snapshot = m_host->currentOperation();
    if (!hasStore() || !snapshot || !m_parts.actions->release()->isEnabled())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_parts.identity->name();
    const QString id = seen.operationId;
    startWrite(id, tr("Releasing %1").arg(id),
               [seen, operatorName](Store &store) -> std::optional<Error> {
                   auto released = Resolver(store).release(seen, operatorName);
                   if (!released)
                       return released.error();
                   return std::nullopt;
               },
               [this, id](const std::optional<Error> &error) {
                   if (error)
                       m_host->reportError(tr("Cannot release"), error->message);
                   else
                       m_host->showMessage(tr("%1 is back in the queue.").arg(id), 5000);
                   m_host->refreshNow();
               });
}

void OperationWrites::recordOutcome()
{
    const OperationSnapshot *snapshot = m_host->currentOperation();
    if (!hasStore() || !snapshot || !m_parts.actions->record()->isEnabled())
        return;
    if (m_resolveDialog) {
        m_resolveDialog->raise();
        m_resolveDialog->activateWindow();
        return;
    }
    const SeenState seen = SeenState::of(snapshot->operation);
    auto submitter = [this, seen](const ResolutionDraft &draft, const ResolveDialog::Done &done) {
        if (!hasStore()) {
            done(Error::unavailable(tr("The store was closed. Open it again and record the outcome there.")));
            return;
        }
        const bool started = startWrite(
            draft.operationId, tr("Recording the outcome of %1").arg(draft.operationId),
            [draft, seen](Store &store) -> std::optional<Error> {
                auto recorded = Resolver(store).resolve(draft, seen);
                if (!recorded)
                    return recorded.error();
                return std::nullopt;
            },
            done);
        if (!started)
            done(Error::unavailable(tr("%1 is still being written. Wait for it to finish, then record the "
                                       "outcome again.").arg(draft.operationId)));
    };
    auto *dialog = new ResolveDialog(*snapshot, m_parts.identity->name(), std::move(submitter), m_parts.window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_resolveDialog = dialog;
    connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
        if (result == QDialog::Accepted) {
            m_host->showMessage(
                tr("Recorded: %1. No new key was issued.").arg(displayName(dialog->draft().outcome)), 5000);
            // The notice says what was recorded once the operation is read again; the
            // keyboard waits there, so that a screen reader reads it.
            m_parts.panel->focusNotice();
        } else if (dialog->lastError() && dialog->lastError()->kind == ErrorKind::Conflict) {
            m_host->reportError(tr("Someone else changed this operation"),
                                tr("%1\n\nThe window now shows its current state.").arg(dialog->lastError()->message));
        }
        m_host->refreshNow();
    });
    dialog->open();
}

void OperationWrites::addNote()
{
    const OperationSnapshot *snapshot = m_host->currentOperation();
    if (!hasStore() || !snapshot || !m_parts.actions->addNote()->isEnabled())
        return;
    if (m_noteDialog) {
        m_noteDialog->raise();
        m_noteDialog->activateWindow();
        return;
    }
    auto submitter = [this](const NoteDraft &draft, const NoteDialog::Done &done) {
        if (!hasStore()) {
            done(Error::unavailable(tr("The store was closed. Open it again and add the note there.")));
            return;
        }
        const bool started = startWrite(
            draft.operationId, tr("Adding a note to %1").arg(draft.operationId),
            [draft](Store &store) -> std::optional<Error> {
                auto added = store.addNote(draft);
                if (!added)
                    return added.error();
                return std::nullopt;
            },
            done);
        if (!started)
            done(Error::unavailable(tr("%1 is still being written. Wait for it to finish, then add the note again.")
                                        .arg(draft.operationId)));
    };
    auto *dialog = new NoteDialog(snapshot->operation.operationId, m_parts.identity->name(), std::move(submitter),
                                  m_parts.window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_noteDialog = dialog;
    connect(dialog, &QDialog::finished, this, [this](int result) {
        if (result == QDialog::Accepted)
            m_host->showMessage(tr("Note added. Nothing was decided."), 5000);
        m_host->refreshNow();
    });
    dialog->open();
}

void OperationWrites::copyReply()
{
    const auto &snapshot = m_parts.panel->snapshot();
    if (!snapshot)
        return;
    const QString reply = CustomerReply::forOperation(snapshot->operation);
    QApplication::clipboard()->setText(reply);
    m_host->showMessage(tr("Copied for the customer: %1").arg(reply), 8000);
}

void OperationWrites::upgradeStore()
{
    if (!hasStore() || m_parts.writes->isWriting(UpgradeKey))
        return;
    UpgradeBanner *banner = m_parts.upgradeBanner;
    banner->setUpgrading(true);
    const bool started = startWrite(
        UpgradeKey, tr("Upgrading the store to schema version 3"),
        [](Store &store) -> std::optional<Error> {
            auto upgraded = store.upgradeSchema();
            if (!upgraded)
                return upgraded.error();
            return std::nullopt;
        },
        [this, banner](const std::optional<Error> &error) {
            banner->setUpgrading(false);
            if (error) {
                m_host->reportError(tr("Cannot upgrade the store"), error->message);
                return;
            }
            m_host->showMessage(tr("Upgraded to schema version 3: notes can be added now, and each operation's payment kept."), 8000);
            // The reading connection learnt the version when it opened: open it again.
            m_host->reopenStore();
        });
    if (!started)
        banner->setUpgrading(false);
}

void OperationWrites::recordFromEvidence()
{
    const auto &facts = m_host->storeFacts();
    if (!facts || m_host->isReadOnly() || m_batch->isBusy())
        return;
    BatchRequest request;
    request.operatorName = facts->sessionOperator.isEmpty() ? m_parts.identity->name() : facts->sessionOperator;
    // The operations selected in the queue; with none, those the view lists (the whole
    // queue when the view is the whole queue): never one the person does not see.
    QueuePane *queue = m_parts.queue;
    QStringList chosen = queue->selectedOperationIds();
    if (chosen.isEmpty() && !queue->listsWholeQueue())
        chosen = queue->listedOperationIds();
    if (chosen.isEmpty() && !queue->listsWholeQueue())
        return;
    request.operationIds = QSet<QString>(chosen.begin(), chosen.end());
    m_batch->start(facts->location, request);
    emit batchChanged();
}

} // namespace RefundDesk
