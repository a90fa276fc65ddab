#pragma once

#include "store/storefacts.h"
#include "ui/common/windowlayout.h"
#include "ui/console/auditlog/auditloghost.h"
#include "ui/console/deciding/operationwriteshost.h"
#include "ui/console/shell/writerunner.h"
#include "ui/console/shiftend/shiftendhost.h"
#include "ui/console/storeopening/storesourceshost.h"
#include "ui/console/stripe/stripehost.h"

#include <QDateTime>
#include <QMainWindow>

#include <optional>

class QLabel;
class QMenu;
class QSplitter;

namespace RefundDesk {

class AuditIntegration;
class ConsoleMenus;
class ConsoleStatusBar;
class LiveRefresher;
class NoteDialog;
class OperationActions;
class OperationPanel;
class OperationWrites;
class OperatorIdentity;
class PaintHold;
class PanelReader;
class QueuePane;
class ShiftEnd;
class ResolveDialog;
class StoreBanners;
class StoreSources;
class StoreWorker;
class StripeIntegration;
class UpgradeBanner;
struct OperationSnapshot;

// The console: the queue on the left, the operation on the right, the actions a person
// may take on it, and a live view of changes made by others. The UI thread never touches
// a store: every read goes through the window's StoreWorker, which owns the reading
// connection on a thread of its own, and every decision goes through the Resolver on the
// WriteRunner's. A slow, busy or silent store makes a read late, never the window.
//
// MainWindow opens the store and ties the parts together: ConsoleMenus (the menus and
// their shortcuts; a feature adds its entries there), ConsoleStatusBar, StoreSources
// (where stores come from), PanelReader (the operation shown) and OperationWrites
// (claims, decisions, notes, the upgrade). Each feature lives in a folder of its own and
// reaches the window through an interface made for it (OperationWritesHost, StripeHost,
// ShiftEndHost, AuditLogHost, StoreSourcesHost), which the window implements, and the parts
// it is handed when the window makes it; the window tells it what changed. Every text is
// set again when Help › Language switches the language.
class MainWindow final : public QMainWindow,
                         private OperationWritesHost,
                         private StripeHost,
                         private ShiftEndHost,
                         private AuditLogHost,
                         private StoreSourcesHost
{
    Q_OBJECT

public:
    explicit MainWindow(OperatorIdentity *identity, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens the store at `path` (read-only when asked, or when it cannot be written) on
    // the worker thread, saying so in the status bar meanwhile. Then storeOpened, and the
    // operation `showAfter` (else the first in the queue) is shown once the queue is
    // listed. On failure shows what is wrong (errorReported) and keeps whatever was open.
    void openStore(const QString &path, bool readOnly, const QString &showAfter = {}) override;
    // Opens the store shown again, keeping the operation shown (a snapshot, an upgrade).
    void reopenStore() override;
    // Builds a fresh demo store off the UI thread, then opens it (storeOpened). Without
    // a path it goes to a new file in the application's data folder.
    void openDemoStore(qint64 operations = 2000, const QString &path = {});
    // When false, errors are reported by errorReported only, without a dialog.
    void setShowErrorDialogs(bool show) { m_showErrorDialogs = show; }
    // Says what is wrong: errorReported, and a dialog unless one says it already.
    void reportError(const QString &title, const QString &message) override;

    // Shows the operation: selected in the queue when listed, else in the panel alone.
    // The panel is read on the worker (operationShown tells when it is there); false
    // when no store is open.
    bool showOperation(const QString &operationId);
    // Selects the first row of the queue, if any is listed yet.
    bool selectFirst();
    // The operation the actions act on: the one the panel shows, when it is the row the
    // queue selects (current) in the view listed; else none. An operation a search or a
    // view hides, or one shown alone in the panel, is out of their reach.
    const OperationSnapshot *currentOperation() const override;
    // Re-reads the queue and the operation shown (as a change elsewhere would); a snapshot
    // (Store::Freshness) is opened again instead, keeping the operation shown.
    void refreshNow() override;

    // What the window knows of the open store; none while no store is open.
    const std::optional<StoreFacts> &storeFacts() const override { return m_facts; }
    bool hasStore() const { return m_facts.has_value(); }
    // The worker that serves this window's reads (the audit window reads through it too).
    StoreWorker *storeWorker() const { return m_reads; }
    bool isReadOnly() const override;
    // Nothing being opened, read or written: what tests and screenshots wait for.
    bool isIdle() const;
    OperatorIdentity *identity() const { return m_identity; }
    QueuePane *queuePane() const { return m_queue; }
    OperationPanel *panel() const { return m_panel; }
    OperationActions *actions() const { return m_actions; }
    LiveRefresher *refresher() const { return m_refresher; }
    WriteRunner *writes() const { return m_writes; }
    OperationWrites *operationWrites() const { return m_operationWrites; }
    ConsoleStatusBar *consoleStatusBar() const { return m_status; }
    // Where other parts of the console (e.g. the audit log) add their menu entries.
    ConsoleMenus *menus() const { return m_menus; }
    QMenu *viewMenu() const;
    QMenu *fileMenu() const;
    QLabel *readOnlyBanner() const;
    ResolveDialog *resolveDialog() const;
    NoteDialog *noteDialog() const;
    UpgradeBanner *upgradeBanner() const;
    QString lastError() const { return m_lastError; }

signals:
    void storeOpened(const QString &path);
    // The panel shows the answer for this operation (or why it could not be read).
    void operationShown(const QString &operationId);
    // currentOperation() may have changed: the actions were enabled or disabled again.
    void currentOperationChanged();
    void errorReported(const QString &title, const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void showMessage(const QString &text, int timeoutMs) override;
    void clearMessage(const QString &shown) override;
    void connectMenus();
    // Sets every text of the window, its menus and status bar in the language in force,
    // and shows the operation again in it.
    void retranslateUi();
    void updateTitle();
    void rememberLayout();

    void storeReady(StoreFacts facts, bool readOnly, const QString &showAfter);
    void onQueueListed();
    void onViewListed();
    void onStoreState(const StoreState &state);
    void loadOperation(const QString &operationId, bool fromChange);
    void updateActions();
    void updateStatus();
    void onStoreChanged();

    // While a store opens, the contents wait this long for the first picture (the queue's
    // first page and the panel) before painting the steps on the way to it.
    static constexpr int FirstPictureMomentMs = 100;

    OperatorIdentity *m_identity = nullptr;
    QueuePane *m_queue = nullptr;
    OperationPanel *m_panel = nullptr;
    OperationActions *m_actions = nullptr;
    StoreWorker *m_reads = nullptr;
    LiveRefresher *m_refresher = nullptr;
    WriteRunner *m_writes = nullptr;
    StoreSources *m_sources = nullptr; // File › Open…, Demo store, Recent stores
    QSplitter *m_splitter = nullptr;
    StoreBanners *m_banners = nullptr;
    PanelReader *m_reader = nullptr;
    OperationWrites *m_operationWrites = nullptr;
    ConsoleMenus *m_menus = nullptr;
    ConsoleStatusBar *m_status = nullptr;
    ShiftEnd *m_shiftEnd = nullptr; // closing while holding claims asks first
    AuditIntegration *m_audit = nullptr;
    StripeIntegration *m_stripe = nullptr;
    std::optional<StoreFacts> m_facts;
    bool m_opening = false;
    PaintHold *m_firstPicture = nullptr; // holds the contents' painting while a store opens
    // Shown once the queue is listed after opening: this operation, or the first listed
    // when empty.
    std::optional<QString> m_showWhenListed;
    bool m_openedReadOnly = false; // --read-only, rather than a store that cannot be written
    QDateTime m_openedAt;          // the moment a snapshot shows
    WindowLayout m_layout;
    QString m_lastError;
    bool m_showErrorDialogs = true;
};

} // namespace RefundDesk
