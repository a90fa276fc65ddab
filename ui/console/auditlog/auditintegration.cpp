#include "ui/console/auditlog/auditintegration.h"

#include "ui/audit/auditwindow.h"
#include "ui/console/shell/mainwindow.h"

#include <QAction>
#include <QMenu>

namespace RefundDesk {

AuditIntegration::AuditIntegration(MainWindow *window)
    : QObject(window)
    , m_window(window)
{
    m_auditLogAction = new QAction(this);
    m_auditLogAction->setObjectName(QStringLiteral("auditLogAction"));
    m_auditLogAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(m_auditLogAction, &QAction::triggered, this, &AuditIntegration::showAuditLog);

    m_exportAction = new QAction(this);
    m_exportAction->setObjectName(QStringLiteral("exportAuditLogAction"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    retranslate();
    connect(m_exportAction, &QAction::triggered, this, &AuditIntegration::exportAuditLog);

    if (QMenu *view = window->viewMenu())
        view->addAction(m_auditLogAction);
    if (QMenu *file = window->fileMenu()) {
        // After the ways to open a store, before the first separator.
        QAction *before = nullptr;
        for (QAction *action : file->actions()) {
            if (action->isSeparator()) {
                before = action;
                break;
            }
        }
        file->insertAction(before, m_exportAction);
    }
    connect(window, &MainWindow::storeOpened, this, &AuditIntegration::onStoreOpened);
    m_exportAction->setEnabled(window->hasStore());
}

void AuditIntegration::retranslate()
{
    m_auditLogAction->setText(tr("&Audit log"));
    m_auditLogAction->setStatusTip(tr("Every decision with its evidence, the chain's state, totals and exports"));
    m_exportAction->setText(tr("&Export audit log…"));
    m_exportAction->setStatusTip(tr("Write the decisions to a CSV or JSON file"));
}

AuditWindow *AuditIntegration::auditWindow() const
{
    return m_audit;
}

AuditWindow *AuditIntegration::ensureAuditWindow()
{
    if (!m_audit) {
        m_audit = new AuditWindow(m_window);
        m_audit->setWindowFlag(Qt::Window);
        m_audit->setStore(m_window->storeWorker(), m_window->storeFacts());
    }
    return m_audit;
}

void AuditIntegration::showAuditLog()
{
    AuditWindow *audit = ensureAuditWindow();
    audit->show();
    audit->raise();
    audit->activateWindow();
}

void AuditIntegration::exportAuditLog()
{
    if (m_window->hasStore())
        ensureAuditWindow()->exportLog();
}

void AuditIntegration::onStoreOpened(const QString &location)
{
    m_exportAction->setEnabled(m_window->hasStore());
    if (m_audit)
        m_audit->setStore(m_window->storeWorker(), m_window->storeFacts());
    // A store one may only read is opened to audit it: show the log first. The same store
    // opened again (a snapshot taken anew with F5) leaves the windows where they are.
    const bool another = location != m_location;
    m_location = location;
    if (another && m_window->isReadOnly() && m_window->hasStore() && m_window->isVisible())
        showAuditLog();
}

} // namespace RefundDesk
