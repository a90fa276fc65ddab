// MainWindow's actions on the selected operation: claim, take over, release, record the
// outcome and copy the reply for the customer. Each write runs through the WriteRunner
// and the console shows what the store answered.
#include "ui/console/mainwindow.h"

#include "ui/console/batchflow.h"
#include "ui/console/queuepane.h"

#include "evidence/customerreply.h"
#include "evidence/resolver.h"
#include "items/operationsnapshot.h"
#include "items/timetext.h"
#include "store/store.h"
#include "ui/common/livemessagebox.h"
#include "ui/console/liverefresher.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/resolvedialog.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace RefundDesk {

void MainWindow::updateActions()
{
    const auto &snapshot = m_panel->snapshot();
    m_actions->update(snapshot ? &*snapshot : nullptr, m_identity->name(), isReadOnly(),
                      m_facts && m_facts->schemaVersion >= 2);
    // The state shown may be about to change: nothing more until the write in flight ends.
    if (snapshot && m_writes->isWriting(snapshot->operation.operationId)) {
        for (QAction *action : m_actions->writes())
            action->setEnabled(false);
    }
    m_batchAction->setEnabled(m_facts && !isReadOnly() && !m_batch->isBusy());
}

void MainWindow::recordFromEvidence()
{
    if (!m_facts || isReadOnly() || m_batch->isBusy())
        return;
    BatchRequest request;
    request.operatorName = m_facts->sessionOperator.isEmpty() ? m_identity->name() : m_facts->sessionOperator;
    // The operations selected in the queue; with none, the whole queue.
    const QStringList selected = m_queue->selectedOperationIds();
    request.operationIds = QSet<QString>(selected.begin(), selected.end());
    m_batch->start(m_facts->location, request);
    updateActions();
}

void MainWindow::changeOperator()
{
    m_identity->ask(this);
}

bool MainWindow::startWrite(const QString &operationId, const QString &doing, WriteRunner::Write write,
                            WriteRunner::Done done)
{
    if (!m_facts)
        return false;
    const QString waiting = tr("%1 — waiting for the store").arg(doing);
    const bool started = m_writes->start(m_facts->location, operationId, std::move(write),
                                         [this, waiting, done = std::move(done)](const std::optional<Error> &error) {
                                             if (statusBar()->currentMessage() == waiting)
                                                 statusBar()->clearMessage();
                                             m_refresher->catchUp(); // done() refreshes
                                             done(error);
                                         });
    if (!started) {
        statusBar()->showMessage(tr("%1 is still being written. Wait for it to finish.").arg(operationId), 5000);
        return false;
    }
    statusBar()->showMessage(waiting);
    return true;
}

void MainWindow::claim(bool takeOver)
{
    const auto &snapshot = m_panel->snapshot();
    if (!m_facts || !snapshot || !m_actions->claim()->isVisible())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_identity->name();
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
                       reportError(takeOver ? tr("Cannot take over") : tr("Cannot claim"), error->message);
                   else
                       statusBar()->showMessage(tr("You are checking %1.").arg(id), 5000);
                   refreshNow();
               });
}

void MainWindow::confirmTakeOver()
{
    const auto &snapshot = m_panel->snapshot();
    if (!snapshot || !m_actions->takeOver()->isEnabled())
        return;
    const Operation &operation = snapshot->operation;
    auto *box = new LiveMessageBox(QMessageBox::Question, QMessageBox::Cancel, this);
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
        if (box->clickedButton() == yes && m_panel->operationId() == id)
            claim(true);
    });
    box->open();
}

void MainWindow::release()
{
    const auto &snapshot = m_panel->snapshot();
    if (!m_facts || !snapshot || !m_actions->release()->isEnabled())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_identity->name();
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
                       reportError(tr("Cannot release"), error->message);
                   else
                       statusBar()->showMessage(tr("%1 is back in the queue.").arg(id), 5000);
                   refreshNow();
               });
}

void MainWindow::recordOutcome()
{
    const auto &snapshot = m_panel->snapshot();
    if (!m_facts || !snapshot || !m_actions->record()->isEnabled())
        return;
    if (m_resolveDialog) {
        m_resolveDialog->raise();
        m_resolveDialog->activateWindow();
        return;
    }
    const SeenState seen = SeenState::of(snapshot->operation);
    auto submitter = [this, seen](const ResolutionDraft &draft, const ResolveDialog::Done &done) {
        if (!m_facts) {
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
    auto *dialog = new ResolveDialog(*snapshot, m_identity->name(), std::move(submitter), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_resolveDialog = dialog;
    connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
        if (result == QDialog::Accepted) {
            statusBar()->showMessage(
                tr("Recorded: %1. No new key was issued.").arg(displayName(dialog->draft().outcome)), 5000);
            // The notice says what was recorded once the operation is read again; the
            // keyboard waits there, so that a screen reader reads it.
            m_panel->focusNotice();
        } else if (dialog->lastError() && dialog->lastError()->kind == ErrorKind::Conflict) {
            reportError(tr("Someone else changed this operation"),
                        tr("%1\n\nThe window now shows its current state.").arg(dialog->lastError()->message));
        }
        refreshNow();
    });
    dialog->open();
}

void MainWindow::copyReply()
{
    const auto &snapshot = m_panel->snapshot();
    if (!snapshot)
        return;
    const QString reply = CustomerReply::forOperation(snapshot->operation);
    QApplication::clipboard()->setText(reply);
    statusBar()->showMessage(tr("Copied for the customer: %1").arg(reply), 8000);
}

} // namespace RefundDesk
