#include "ui/console/operationwrites.h"

#include "evidence/customerreply.h"
#include "evidence/resolver.h"
#include "items/operationsnapshot.h"
#include "items/timetext.h"
#include "store/store.h"
#include "ui/common/livemessagebox.h"
#include "ui/console/batchflow.h"
#include "ui/console/liverefresher.h"
#include "ui/console/mainwindow.h"
#include "ui/console/notedialog.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/queuepane.h"
#include "ui/console/resolvedialog.h"
#include "ui/console/upgradebanner.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace RefundDesk {

namespace {

// The WriteRunner keeps one write per key in progress; the upgrade is the store's, not an
// operation's (no operation id has this form).
const QString UpgradeKey = QStringLiteral(" schema upgrade");

} // namespace

OperationWrites::OperationWrites(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_batch(new BatchFlow(window))
{
    connect(m_batch, &BatchFlow::finished, this, [this] {
        emit batchChanged();
        m_window->refreshNow();
    });
    connect(m_batch, &BatchFlow::failed, m_window, &MainWindow::reportError);
    // The operation's actions (buttons, menu entries, shortcuts) lead here.
    OperationActions *actions = window->actions();
    connect(actions->claim(), &QAction::triggered, this, [this] { claim(false); });
    connect(actions->takeOver(), &QAction::triggered, this, &OperationWrites::confirmTakeOver);
    connect(actions->release(), &QAction::triggered, this, &OperationWrites::release);
    connect(actions->record(), &QAction::triggered, this, &OperationWrites::recordOutcome);
    connect(actions->addNote(), &QAction::triggered, this, &OperationWrites::addNote);
    connect(actions->copyReply(), &QAction::triggered, this, &OperationWrites::copyReply);
    connect(window->upgradeBanner(), &UpgradeBanner::upgradeRequested, this, &OperationWrites::upgradeStore);
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
    const auto &facts = m_window->storeFacts();
    if (!facts)
        return false;
    QStatusBar *bar = m_window->statusBar();
    const QString waiting = tr("%1 — waiting for the store").arg(doing);
    const bool started = m_window->writes()->start(
        facts->location, operationId, std::move(write),
        [this, bar, waiting, done = std::move(done)](const std::optional<Error> &error) {
            if (bar->currentMessage() == waiting)
                bar->clearMessage();
            m_window->refresher()->catchUp(); // done() refreshes
            done(error);
        });
    if (!started) {
        bar->showMessage(tr("%1 is still being written. Wait for it to finish.").arg(operationId), 5000);
        return false;
    }
    bar->showMessage(waiting);
    return true;
}

void OperationWrites::claim(bool takeOver)
{
    const OperationSnapshot *snapshot = m_window->currentOperation();
    if (!m_window->hasStore() || !snapshot || !m_window->actions()->claim()->isVisible())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_window->identity()->name();
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
                       m_window->reportError(takeOver ? tr("Cannot take over") : tr("Cannot claim"), error->message);
                   else
                       m_window->statusBar()->showMessage(tr("You are checking %1.").arg(id), 5000);
                   m_window->refreshNow();
               });
}

void OperationWrites::confirmTakeOver()
{
    const OperationSnapshot *snapshot = m_window->currentOperation();
    if (!snapshot || !m_window->actions()->takeOver()->isEnabled())
        return;
    const Operation &operation = snapshot->operation;
    auto *box = new LiveMessageBox(QMessageBox::Question, QMessageBox::Cancel, m_window);
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
        if (box->clickedButton() == yes && m_window->panel()->operationId() == id)
            claim(true);
    });
    box->open();
}

void OperationWrites::release()
{
    const OperationSnapshot *snapshot = m_window->currentOperation();
    if (!m_window->hasStore() || !snapshot || !m_window->actions()->release()->isEnabled())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_window->identity()->name();
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
                       m_window->reportError(tr("Cannot release"), error->message);
                   else
                       m_window->statusBar()->showMessage(tr("%1 is back in the queue.").arg(id), 5000);
                   m_window->refreshNow();
               });
}

void OperationWrites::recordOutcome()
{
    const OperationSnapshot *snapshot = m_window->currentOperation();
    if (!m_window->hasStore() || !snapshot || !m_window->actions()->record()->isEnabled())
        return;
    if (m_resolveDialog) {
        m_resolveDialog->raise();
        m_resolveDialog->activateWindow();
        return;
    }
    const SeenState seen = SeenState::of(snapshot->operation);
    auto submitter = [this, seen](const ResolutionDraft &draft, const ResolveDialog::Done &done) {
        if (!m_window->hasStore()) {
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
    auto *dialog = new ResolveDialog(*snapshot, m_window->identity()->name(), std::move(submitter), m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_resolveDialog = dialog;
    connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
        if (result == QDialog::Accepted) {
            m_window->statusBar()->showMessage(
                tr("Recorded: %1. No new key was issued.").arg(displayName(dialog->draft().outcome)), 5000);
            // The notice says what was recorded once the operation is read again; the
            // keyboard waits there, so that a screen reader reads it.
            m_window->panel()->focusNotice();
        } else if (dialog->lastError() && dialog->lastError()->kind == ErrorKind::Conflict) {
            m_window->reportError(tr("Someone else changed this operation"),
                                  tr("%1\n\nThe window now shows its current state.").arg(dialog->lastError()->message));
        }
        m_window->refreshNow();
    });
    dialog->open();
}

void OperationWrites::addNote()
{
    const OperationSnapshot *snapshot = m_window->currentOperation();
    if (!m_window->hasStore() || !snapshot || !m_window->actions()->addNote()->isEnabled())
        return;
    if (m_noteDialog) {
        m_noteDialog->raise();
        m_noteDialog->activateWindow();
        return;
    }
    auto submitter = [this](const NoteDraft &draft, const NoteDialog::Done &done) {
        if (!m_window->hasStore()) {
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
    auto *dialog = new NoteDialog(snapshot->operation.operationId, m_window->identity()->name(), std::move(submitter),
                                  m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_noteDialog = dialog;
    connect(dialog, &QDialog::finished, this, [this](int result) {
        if (result == QDialog::Accepted)
            m_window->statusBar()->showMessage(tr("Note added. Nothing was decided."), 5000);
        m_window->refreshNow();
    });
    dialog->open();
}

void OperationWrites::copyReply()
{
    const auto &snapshot = m_window->panel()->snapshot();
    if (!snapshot)
        return;
    const QString reply = CustomerReply::forOperation(snapshot->operation);
    QApplication::clipboard()->setText(reply);
    m_window->statusBar()->showMessage(tr("Copied for the customer: %1").arg(reply), 8000);
}

void OperationWrites::upgradeStore()
{
    if (!m_window->hasStore() || m_window->writes()->isWriting(UpgradeKey))
        return;
    UpgradeBanner *banner = m_window->upgradeBanner();
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
                m_window->reportError(tr("Cannot upgrade the store"), error->message);
                return;
            }
            m_window->statusBar()->showMessage(tr("Upgraded to schema version 3: notes can be added now, and each operation's payment kept."), 8000);
            // The reading connection learnt the version when it opened: open it again.
            m_window->reopenStore();
        });
    if (!started)
        banner->setUpgrading(false);
}

void OperationWrites::recordFromEvidence()
{
    const auto &facts = m_window->storeFacts();
    if (!facts || m_window->isReadOnly() || m_batch->isBusy())
        return;
    BatchRequest request;
    request.operatorName = facts->sessionOperator.isEmpty() ? m_window->identity()->name() : facts->sessionOperator;
    // The operations selected in the queue; with none, those the view lists (the whole
    // queue when the view is the whole queue): never one the person does not see.
    QueuePane *queue = m_window->queuePane();
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
