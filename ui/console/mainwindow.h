#pragma once

#include "items/operationsnapshot.h"
#include "store/requestlane.h"
#include "store/storefacts.h"
#include "ui/common/bannerlabel.h"
#include "ui/common/windowlayout.h"
#include "ui/console/writerunner.h"

#include <QDateTime>
#include <QMainWindow>
#include <QPointer>

#include <memory>
#include <optional>

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTimer;

namespace RefundDesk {

class BatchFlow;
class AuditIntegration;
class DemoLauncher;
class LiveMessageBox;
class LiveRefresher;
class NoteDialog;
class OperationActions;
class OperationPanel;
class OperatorIdentity;
class PaintHold;
class QueuePane;
class RecentStores;
class ResolveDialog;
class EncryptionLabel;
class StandbyLabel;
class Store;
class StoreWorker;
class UpgradeBanner;

// The console: the queue on the left, the operation on the right, the actions a person
// may take on it, and a live view of changes made by others. The UI thread never touches
// a store: every read goes through the window's StoreWorker, which owns the reading
// connection on a thread of its own, and every decision goes through the Resolver on the
// WriteRunner's. A slow, busy or silent store makes a read late, never the window.
//
// mainwindow.cpp builds the window and reads the store; mainwindowactions.cpp holds the
// actions on the selected operation, mainwindownotes.cpp its notes and the schema
// upgrade; mainwindowtexts.cpp sets every text the window
// shows, again when Help › Language switches the language.
class MainWindow final : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(OperatorIdentity *identity, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens the store at `path` (read-only when asked, or when it cannot be written) on
    // the worker thread, saying so in the status bar meanwhile. Then storeOpened, and the
    // operation `showAfter` (else the first in the queue) is shown once the queue is
    // listed. On failure shows what is wrong (errorReported) and keeps whatever was open.
    void openStore(const QString &path, bool readOnly, const QString &showAfter = {});
    // Builds a fresh demo store off the UI thread, then opens it (storeOpened). Without
    // a path it goes to a new file in the application's data folder.
    void openDemoStore(qint64 operations = 2000, const QString &path = {});
    // When false, errors are reported by errorReported only, without a dialog.
    void setShowErrorDialogs(bool show) { m_showErrorDialogs = show; }

    // Shows the operation: selected in the queue when listed, else in the panel alone.
    // The panel is read on the worker (operationShown tells when it is there); false
    // when no store is open.
    bool showOperation(const QString &operationId);
    // Selects the first row of the queue, if any is listed yet.
    bool selectFirst();
    // Re-reads the queue and the operation shown (as a change elsewhere would); a snapshot
    // (Store::Freshness) is opened again instead, keeping the operation shown.
    void refreshNow();

    // What the window knows of the open store; none while no store is open.
    const std::optional<StoreFacts> &storeFacts() const { return m_facts; }
    bool hasStore() const { return m_facts.has_value(); }
    // The worker that serves this window's reads (the audit window reads through it too).
    StoreWorker *storeWorker() const { return m_reads; }
    bool isReadOnly() const;
    // Nothing being opened, read or written: what tests and screenshots wait for.
    bool isIdle() const;
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
    NoteDialog *noteDialog() const;
    UpgradeBanner *upgradeBanner() const { return m_upgradeBanner; }
    QString lastError() const { return m_lastError; }

signals:
    void storeOpened(const QString &path);
    // The panel shows the answer for this operation (or why it could not be read).
    void operationShown(const QString &operationId);
    void errorReported(const QString &title, const QString &message);

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // What the panel says when it shows no operation.
    enum class PanelHint { None, OpenStore, PickOperation };

    void createMenus();
    void createStatusBar();
    // Sets every text of the window, its menus and status bar in the language in force,
    // and shows the operation again in it (mainwindowtexts.cpp).
    void retranslateUi();
    void updateTitle();
    void updateReadOnlyBanner();
    void updateLiveLabel();
    void showPanelHint(PanelHint hint);
    void rememberLayout();
    void reportError(const QString &title, const QString &message);

    void chooseStoreFile();
    void storeReady(StoreFacts facts, bool readOnly, const QString &showAfter);
    void onQueueListed();
    void onStoreState(const StoreState &state);
    void loadOperation(const QString &operationId, bool fromChange);
    void showLoaded(const QString &operationId, bool fromChange, Result<OperationSnapshot> loaded);
    void updateActions();
    void updateStatus();
    void onStoreChanged();
    void changeOperator();
    void reopenStore();
    void recordFromEvidence();

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
    // mainwindownotes.cpp: notes, and the upgrade that makes a version 1 store hold them.
    void addNote();
    void updateUpgradeBanner();
    void upgradeStore();

    // "Loading…" waits this long: a read that comes back sooner shows none.
    static constexpr int LoadingDelayMs = 150;
    // How long a read may wait on the store before it is cancelled: the setting
    // store/readDeadlineSeconds, 30 seconds unless set.
    static int readDeadlineSeconds();
    // While a store opens, the window's contents wait this long for the first picture
    // (the queue's first page and the panel) before painting the steps on the way to it.
    static constexpr int FirstPictureMomentMs = 100;

    OperatorIdentity *m_identity = nullptr;
    StoreWorker *m_reads = nullptr;
    std::optional<StoreFacts> m_facts;
    bool m_opening = false;
    RequestLane m_panelLane;
    QTimer *m_loadingDelay = nullptr;
    PaintHold *m_firstPicture = nullptr; // holds the contents' painting while a store opens
    QString m_loadingId;      // the operation whose panel is being read
    QString m_panelWanted;    // the operation the panel shows or is about to show
    // Shown once the queue is listed after opening: this operation, or the first listed
    // when empty.
    std::optional<QString> m_showWhenListed;
    QueuePane *m_queue = nullptr;
    OperationPanel *m_panel = nullptr;
    OperationActions *m_actions = nullptr;
    LiveRefresher *m_refresher = nullptr;
    WriteRunner *m_writes = nullptr;
    RecentStores *m_recent = nullptr;
    DemoLauncher *m_demo = nullptr;
    QSplitter *m_splitter = nullptr;
    BannerLabel *m_readOnlyBanner = nullptr;
    UpgradeBanner *m_upgradeBanner = nullptr;
    AuditIntegration *m_audit = nullptr;
    QMenu *m_fileMenu = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_demoAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_operatorAction = nullptr;
    QAction *m_quitAction = nullptr;
    QMenu *m_queueMenu = nullptr;
    QAction *m_findAction = nullptr;
    QAction *m_listAction = nullptr;
    QAction *m_evidenceAction = nullptr;
    QAction *m_payloadAction = nullptr;
    QAction *m_refreshAction = nullptr;
    QMenu *m_operationMenu = nullptr;
    QAction *m_batchAction = nullptr;
    QAction *m_selectSettledAction = nullptr;
    BatchFlow *m_batch = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_coloursMenu = nullptr;
    QList<QAction *> m_themeActions; // system, light, dark
    QMenu *m_helpMenu = nullptr;
    QAction *m_keysAction = nullptr;
    QMenu *m_languageMenu = nullptr;
    QPointer<LiveMessageBox> m_keysBox;
    QLabel *m_operatorLabel = nullptr;
    QLabel *m_storeLabel = nullptr;
    QLabel *m_countLabel = nullptr;
    QLabel *m_liveLabel = nullptr;
    StandbyLabel *m_standbyLabel = nullptr;
    EncryptionLabel *m_encryptionLabel = nullptr;
    QPointer<ResolveDialog> m_resolveDialog;
    QPointer<NoteDialog> m_noteDialog;
    // What the texts are made from, kept so that they can be said again in another language.
    PanelHint m_panelHint = PanelHint::None;
    std::optional<OperationSnapshot> m_noticeBefore; // the notice compared the panel with this
    bool m_openedReadOnly = false;                   // --read-only, rather than a store that cannot be written
    QDateTime m_openedAt;                            // the moment a snapshot shows
    QString m_livePause;                             // why live updates paused, if they did
    QString m_liveChangedAt;                         // "HH:mm:ss" of the last change seen
    WindowLayout m_layout;
    QString m_lastError;
    bool m_showErrorDialogs = true;
};

} // namespace RefundDesk
