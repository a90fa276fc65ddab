#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

class QAction;
class QWidget;

namespace RefundDesk {

class AuditLogHost;
class AuditWindow;
class ConsoleMenus;
class StoreWorker;

// Puts the audit log into the console: View › Audit log, File › Export audit log…, and
// the audit window opened by itself on a store the console shows read-only (an auditor's
// copy), since that is what such a store is opened for. The window follows the console's
// store and reads through its worker. It reaches the window through AuditLogHost alone; the
// window tells it when a store is opened (onStoreOpened).
class AuditIntegration final : public QObject
{
    Q_OBJECT

public:
    // `window` is the audit window's parent; its entries go in `menus`' View and File menus.
    AuditIntegration(AuditLogHost *host, QWidget *window, ConsoleMenus *menus, StoreWorker *reads);

    // Sets the actions' texts in the language in force (the console calls it when the
    // language changes; the audit window retranslates itself).
    void retranslate();

    QAction *auditLogAction() const { return m_auditLogAction; }
    QAction *exportAction() const { return m_exportAction; }
    // The audit window, created on first use (null until then).
    AuditWindow *auditWindow() const;

    void showAuditLog();
    void exportAuditLog();
    // The window opened the store at `location` (storeFacts() tells the rest).
    void onStoreOpened(const QString &location);

private:
    AuditWindow *ensureAuditWindow();

    AuditLogHost *m_host = nullptr;
    QWidget *m_window = nullptr;
    StoreWorker *m_reads = nullptr;
    QPointer<AuditWindow> m_audit;
    QAction *m_auditLogAction = nullptr;
    QAction *m_exportAction = nullptr;
    QString m_location; // the store last opened
};

} // namespace RefundDesk
