// MainWindow's texts: the menus, the status bar, the title, the read-only banner and the
// panel's notice, set once when the window is built and again whenever the language
// changes (Help › Language installs new translators; Qt then sends every widget a
// LanguageChange). Each part of the window retranslates its own texts; what the window
// shows of the store is said again from what it read, without reading it again.
#include "ui/console/mainwindow.h"

#include "items/tooltiptext.h"
#include "store/store.h"
#include "ui/common/livetext.h"
#include "ui/common/storenotice.h"
#include "ui/common/theme.h"
#include "ui/console/auditintegration.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationnotice.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/recentstores.h"

#include <QAction>
#include <QDateTime>
#include <QEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>

namespace RefundDesk {

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslateUi()
{
    m_fileMenu->setTitle(tr("&File"));
    m_openAction->setText(tr("&Open store…"));
    m_demoAction->setText(tr("Open &demo store"));
    m_demoAction->setStatusTip(tr("Build a fresh simulated store and open it"));
    m_recentMenu->setTitle(tr("&Recent stores"));
    m_recent->retranslate();
    m_operatorAction->setText(tr("Change &operator name…"));
    m_quitAction->setText(tr("&Quit"));

    m_queueMenu->setTitle(tr("&Queue"));
    m_findAction->setText(tr("&Find…"));
    m_listAction->setText(tr("Go to the &list"));
    m_evidenceAction->setText(tr("Go to the &evidence"));
    m_payloadAction->setText(tr("Search the &payload"));
    m_refreshAction->setText(tr("&Refresh now"));
    m_selectSettledAction->setText(tr("&Select all that the evidence settles"));

    m_operationMenu->setTitle(tr("&Operation"));
    m_batchAction->setText(tr("Record outcomes from &evidence…"));
    m_batchAction->setToolTip(tr("Record, each as its own decision, the outcomes the evidence settles for the "
                                 "selected operations (the whole queue when none is selected), after a review"));
    m_actions->retranslate();

    m_viewMenu->setTitle(tr("&View"));
    m_coloursMenu->setTitle(tr("&Colours"));
    const QStringList themes{tr("&System"), tr("&Light"), tr("&Dark")};
    for (int i = 0; i < m_themeActions.size() && i < themes.size(); ++i)
        m_themeActions[i]->setText(themes[i]);
    m_audit->retranslate();

    m_helpMenu->setTitle(tr("&Help"));
    m_keysAction->setText(tr("&Keyboard shortcuts"));
    m_languageMenu->setTitle(tr("&Language"));

    m_operatorLabel->setToolTip(tr("Claims and decisions are recorded under this name. File › Change operator "
                                   "name… shows another one."));
    updateTitle();
    updateReadOnlyBanner();
    updateLiveLabel();
    updateStatus();

    // The operation shown: its parts say their texts again themselves; the notice is the
    // window's, worked out from the same snapshots as before.
    if (const auto &snapshot = m_panel->snapshot()) {
        const OperationNotice notice =
            OperationNotice::about(*snapshot, m_noticeBefore ? &*m_noticeBefore : nullptr, m_identity->name(),
                                   isReadOnly(), QDateTime::currentMSecsSinceEpoch());
        m_panel->setNotice(notice.text, notice.tone);
    } else if (m_panelHint != PanelHint::None) {
        showPanelHint(m_panelHint);
    }
}

void MainWindow::updateTitle()
{
    if (!m_facts) {
        setWindowTitle(tr("Refund Desk"));
        return;
    }
    // The location without a password, whatever was typed.
    const QString location = m_facts->location;
    setWindowTitle(tr("%1 — Refund Desk")
                       .arg(StoreFactory::recordsLoginAsOperator(location) ? location : QFileInfo(location).fileName()));
}

void MainWindow::updateReadOnlyBanner()
{
    if (!m_facts) {
        m_readOnlyBanner->hide();
        return;
    }
    // What it means for the reader in the banner, the technical reason in its tooltip.
    const StoreNotice notice = StoreNotice::about(*m_facts, m_openedReadOnly, m_openedAt);
    LiveText::setText(m_readOnlyBanner, notice.banner());
    m_readOnlyBanner->setToolTip(ToolTipText::fromPlainText(notice.reason()));
    m_readOnlyBanner->setVisible(!notice.banner().isEmpty());
}

void MainWindow::updateLiveLabel()
{
    if (!m_livePause.isEmpty())
        m_liveLabel->setText(tr("Live updates paused: %1").arg(m_livePause));
    else if (!m_liveChangedAt.isEmpty() && m_facts && m_facts->state.pollsForChanges)
        m_liveLabel->setText(tr("Live (polling) · changed %1").arg(m_liveChangedAt));
    else if (!m_liveChangedAt.isEmpty())
        m_liveLabel->setText(tr("Live · changed %1").arg(m_liveChangedAt));
    else if (m_facts && m_facts->state.pollsForChanges)
        m_liveLabel->setText(tr("Live (polling)"));
    else if (m_facts)
        m_liveLabel->setText(tr("Live"));
    else
        m_liveLabel->clear();
    // The status bar agrees with the banner: a snapshot is not live.
    m_liveLabel->setToolTip(QString());
    if (m_facts && m_livePause.isEmpty()) {
        const StoreNotice notice = StoreNotice::about(*m_facts, m_openedReadOnly, m_openedAt);
        if (!notice.isLive()) {
            m_liveLabel->setText(notice.freshness());
            m_liveLabel->setToolTip(notice.banner());
        }
    }
}

void MainWindow::showPanelHint(PanelHint hint)
{
    m_panelHint = hint;
    m_noticeBefore.reset();
    switch (hint) {
    case PanelHint::OpenStore:
        m_panel->clear(tr("Open a store to see the operations that need a person: File › Open store… (Ctrl+O) "
                          "or File › Open demo store."));
        break;
    case PanelHint::PickOperation:
        m_panel->clear(tr("Pick an operation in the queue (Ctrl+1, then the arrow keys)."));
        break;
    case PanelHint::None:
        break;
    }
}

} // namespace RefundDesk
