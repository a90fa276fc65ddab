// MainWindow's notes: Operation › Add note… on the operation shown, and the upgrade of a
// version 1 store that makes notes possible. Both write through the WriteRunner.
#include "ui/console/mainwindow.h"

#include "store/store.h"
#include "ui/console/notedialog.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/upgradebanner.h"

#include <QAction>
#include <QStatusBar>

namespace RefundDesk {

namespace {

// The WriteRunner keeps one write per key in flight; the upgrade is the store's, not an
// operation's (no operation id has this form).
const QString UpgradeKey = QStringLiteral(" schema upgrade");

} // namespace

NoteDialog *MainWindow::noteDialog() const
{
    return m_noteDialog;
}

void MainWindow::addNote()
{
    const auto &snapshot = m_panel->snapshot();
    if (!m_facts || !snapshot || !m_actions->addNote()->isEnabled())
        return;
    if (m_noteDialog) {
        m_noteDialog->raise();
        m_noteDialog->activateWindow();
        return;
    }
    auto submitter = [this](const NoteDraft &draft, const NoteDialog::Done &done) {
        if (!m_facts) {
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
    auto *dialog = new NoteDialog(snapshot->operation.operationId, m_identity->name(), std::move(submitter), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_noteDialog = dialog;
    connect(dialog, &QDialog::finished, this, [this](int result) {
        if (result == QDialog::Accepted)
            statusBar()->showMessage(tr("Note added. Nothing was decided."), 5000);
        refreshNow();
    });
    dialog->open();
}

void MainWindow::updateUpgradeBanner()
{
    m_upgradeBanner->setVisible(m_facts && m_facts->schemaVersion < 2 && m_facts->mayUpgradeSchema
                                && !m_facts->state.readOnly);
}

void MainWindow::upgradeStore()
{
    if (!m_facts || m_writes->isWriting(UpgradeKey))
        return;
    m_upgradeBanner->setUpgrading(true);
    const bool started = startWrite(
        UpgradeKey, tr("Upgrading the store to schema version 2"),
        [](Store &store) -> std::optional<Error> {
            auto upgraded = store.upgradeSchema();
            if (!upgraded)
                return upgraded.error();
            return std::nullopt;
        },
        [this](const std::optional<Error> &error) {
            m_upgradeBanner->setUpgrading(false);
            if (error) {
                reportError(tr("Cannot upgrade the store"), error->message);
                return;
            }
            statusBar()->showMessage(tr("Upgraded to schema version 2: notes can be added now."), 8000);
            // The reading connection learnt the version when it opened: open it again.
            reopenStore();
        });
    if (!started)
        m_upgradeBanner->setUpgrading(false);
}

} // namespace RefundDesk
