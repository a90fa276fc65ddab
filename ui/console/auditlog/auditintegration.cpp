#include "ui/console/auditlog/auditintegration.h"

#include "ui/audit/auditwindow.h"
#include "ui/console/auditlog/auditloghost.h"
#include "ui/console/shell/consolemenus.h"

#include <QAction>
#include <QMenu>

namespace RefundDesk {

AuditIntegration::AuditIntegration(AuditLogHost *host, QWidget *window, ConsoleMenus *menus, StoreWorker *reads)
    : QObject(window)
    , m_host(host)
    , m_window(window)
    , m_reads(reads)
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

    if (QMenu *view = menus->menu(ConsoleMenus::Menu::View))
        view->addAction(m_auditLogAction);
    if (QMenu *file = menus->menu(ConsoleMenus::Menu::File)) {
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
    m_exportAction->setEnabled(host->storeFacts().has_value());
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
        m_audit->setStore(m_reads, m_host->storeFacts());
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
    if (m_host->storeFacts().has_value())
        ensureAuditWindow()->exportLog();
}

void AuditIntegration::onStoreOpened(const QString &location)
{
    m_exportAction->setEnabled(m_host->storeFacts().has_value());
    if (m_audit)
        m_audit->setStore(m_reads, m_host->storeFacts());
    // A store one may only read is opened to audit it: show the log first. The same store
    // opened again (a snapshot taken anew with F5) leaves the windows where they are.
    const bool another = location != m_location;
    m_location = location;
    if (another && m_host->isReadOnly() && m_host->storeFacts().has_value() && m_window->isVisible())
        showAuditLog();
}

} // namespace RefundDesk
