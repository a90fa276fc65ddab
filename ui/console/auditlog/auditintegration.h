#pragma once

#include <QObject>
#include <QPointer>
#include <QString>

class QAction;

namespace RefundDesk {

class AuditWindow;
class MainWindow;

// Puts the audit log into the console: View › Audit log, File › Export audit log…, and
// the audit window opened by itself on a store the console shows read-only (an auditor's
// copy), since that is what such a store is opened for. The window follows the console's
// store and uses its UI-thread connection.
class AuditIntegration final : public QObject
{
    Q_OBJECT

public:
    explicit AuditIntegration(MainWindow *window);

    // Sets the actions' texts in the language in force (the console calls it when the
    // language changes; the audit window retranslates itself).
    void retranslate();

    QAction *auditLogAction() const { return m_auditLogAction; }
    QAction *exportAction() const { return m_exportAction; }
    // The audit window, created on first use (null until then).
    AuditWindow *auditWindow() const;

    void showAuditLog();
    void exportAuditLog();

private:
    AuditWindow *ensureAuditWindow();
    void onStoreOpened(const QString &location);

    MainWindow *m_window = nullptr;
    QPointer<AuditWindow> m_audit;
    QAction *m_auditLogAction = nullptr;
    QAction *m_exportAction = nullptr;
    QString m_location; // the store last opened
};

} // namespace RefundDesk
