#pragma once

#include "bannerlabel.h"
#include "windowlayout.h"
#include "writerunner.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QLabel;
class QMenu;
class QSplitter;

namespace RefundDesk {

class DemoLauncher;
class LiveRefresher;
class OperationActions;
class OperationPanel;
class OperatorIdentity;
class QueuePane;
class RecentStores;
class ResolveDialog;
class Store;
struct OperationSnapshot;

// The console: the queue on the left, the operation on the right, the actions a person
// may take on it, and a live view of changes made by others. It holds the UI thread's
// one store connection for reading; every decision goes through the Resolver, written
// off the UI thread (WriteRunner) so that a busy store never freezes the window.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(OperatorIdentity *identity, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens the store at `path` (read-only when asked, or when it cannot be written).
    // On failure shows what is wrong, keeps whatever was open, and returns the error.
    bool openStore(const QString &path, bool readOnly);
    // Builds a fresh demo store off the UI thread, then opens it (storeOpened). Without
    // a path it goes to a new file in the application's data folder.
    void openDemoStore(qint64 operations = 2000, const QString &path = {});
    // When false, errors are reported by errorReported only, without a dialog.
    void setShowErrorDialogs(bool show) { m_showErrorDialogs = show; }

    // Shows the operation: selected in the queue when listed, else in the panel alone.
    bool showOperation(const QString &operationId);
    // Selects the first row of the queue, if any.
    bool selectFirst();
    // Re-reads the queue and the operation shown (as a change elsewhere would); a snapshot
    // (Store::Freshness) is opened again instead, keeping the operation shown.
    void refreshNow();

    Store *store() const { return m_store.get(); }
    bool isReadOnly() const;
    QueuePane *queuePane() const { return m_queue; }
    OperationPanel *panel() const { return m_panel; }
    OperationActions *actions() const { return m_actions; }
    LiveRefresher *refresher() const { return m_refresher; }
    WriteRunner *writes() const { return m_writes; }
    // For other parts of the console (e.g. the audit log) to add their entries.
    QMenu *viewMenu() const { return m_viewMenu; }
    QMenu *fileMenu() const { return m_fileMenu; }
    QLabel *readOnlyBanner() const { return m_readOnlyBanner; }
    ResolveDialog *resolveDialog() const;
    QString lastError() const { return m_lastError; }

signals:
    void storeOpened(const QString &path);
    void errorReported(const QString &title, const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void createStatusBar();
    void rememberLayout();
    void reportError(const QString &title, const QString &message);

    void chooseStoreFile();
    void loadOperation(const QString &operationId, bool fromChange);
    void updateActions();
    void updateStatus();
    void onStoreChanged();
    void changeOperator();
    void reopenStore();

    // Runs `write` off the UI thread for the operation, saying `doing` in the status bar
    // meanwhile; `done` gets the outcome on the UI thread. False when the operation
    // already has a write in flight.
    bool startWrite(const QString &operationId, const QString &doing, WriteRunner::Write write,
                    WriteRunner::Done done);
    void claim(bool takeOver);
    void confirmTakeOver();
    void release();
    void recordOutcome();
    void copyReply();

    OperatorIdentity *m_identity = nullptr;
    std::unique_ptr<Store> m_store;
    QueuePane *m_queue = nullptr;
    OperationPanel *m_panel = nullptr;
    OperationActions *m_actions = nullptr;
    LiveRefresher *m_refresher = nullptr;
    WriteRunner *m_writes = nullptr;
    RecentStores *m_recent = nullptr;
    DemoLauncher *m_demo = nullptr;
    QSplitter *m_splitter = nullptr;
    BannerLabel *m_readOnlyBanner = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_fileMenu = nullptr;
    QLabel *m_operatorLabel = nullptr;
    QLabel *m_storeLabel = nullptr;
    QLabel *m_countLabel = nullptr;
    QLabel *m_liveLabel = nullptr;
    QPointer<ResolveDialog> m_resolveDialog;
    WindowLayout m_layout;
    QString m_lastError;
    bool m_showErrorDialogs = true;
    bool m_readOnlyAsked = false;
};

} // namespace RefundDesk
