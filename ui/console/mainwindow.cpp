#include "ui/console/mainwindow.h"

#include "ui/console/batchflow.h"

#include "i18n/translations.h"
#include "items/operationsnapshot.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "ui/common/errordialog.h"
#include "ui/common/jsonviewer.h"
#include "ui/common/focusorder.h"
#include "ui/common/languagemenu.h"
#include "ui/common/livemessagebox.h"
#include "ui/common/livetext.h"
#include "ui/common/painthold.h"
#include "ui/common/theme.h"
#include "ui/console/attempttimelineview.h"
#include "ui/console/auditintegration.h"
#include "ui/console/demolauncher.h"
#include "ui/console/evidenceview.h"
#include "ui/console/liverefresher.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationnotice.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/queuefilterbar.h"
#include "ui/console/queuepane.h"
#include "ui/console/recentstores.h"
#include "ui/console/resolvedialog.h"
#include "ui/console/encryptionlabel.h"
#include "ui/console/encryptionlabel.h"
#include "ui/console/standbylabel.h"
#include "ui/console/upgradebanner.h"
#include "ui/console/notedialog.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {

qint64 now()
{
    return QDateTime::currentMSecsSinceEpoch();
}

QLabel *statusLabel(QWidget *parent, const QString &name)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setTextFormat(Qt::PlainText);
    return label;
}

} // namespace

MainWindow::MainWindow(OperatorIdentity *identity, QWidget *parent)
    : QMainWindow(parent)
    , m_identity(identity)
    , m_queue(new QueuePane(this))
    , m_panel(new OperationPanel(this))
    , m_actions(new OperationActions(this))
    , m_reads(new StoreWorker(this))
    , m_loadingDelay(new QTimer(this))
    , m_refresher(new LiveRefresher(this))
    , m_writes(new WriteRunner(this))
    , m_recent(new RecentStores(this))
    , m_demo(new DemoLauncher(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_readOnlyBanner(new BannerLabel(this, Theme::Tone::Warning))
    , m_upgradeBanner(new UpgradeBanner(this))
    , m_layout(this, QStringLiteral("window"))
{
    setObjectName(QStringLiteral("mainWindow"));

    m_readOnlyBanner->setObjectName(QStringLiteral("readOnlyBanner"));
    m_readOnlyBanner->setWordWrap(true);
    LiveText::makeReadable(m_readOnlyBanner);
    m_readOnlyBanner->hide();
    m_upgradeBanner->hide();
    connect(m_upgradeBanner, &UpgradeBanner::upgradeRequested, this, &MainWindow::upgradeStore);

    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_queue);
    m_splitter->addWidget(m_panel);
    m_splitter->setStretchFactor(0, 9);
    m_splitter->setStretchFactor(1, 11);
    m_splitter->setSizes({640, 720});

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    layout->setSpacing(4);
    layout->addWidget(m_readOnlyBanner);
    layout->addWidget(m_upgradeBanner);
    layout->addWidget(m_splitter, 1);
    setCentralWidget(central);
    m_firstPicture = new PaintHold(central, FirstPictureMomentMs);

    m_panel->setActions(m_actions->buttons());
    addActions(m_actions->all());
    connect(m_actions->claim(), &QAction::triggered, this, [this] { claim(false); });
    connect(m_actions->takeOver(), &QAction::triggered, this, &MainWindow::confirmTakeOver);
    connect(m_actions->release(), &QAction::triggered, this, &MainWindow::release);
    connect(m_actions->record(), &QAction::triggered, this, &MainWindow::recordOutcome);
    connect(m_actions->addNote(), &QAction::triggered, this, &MainWindow::addNote);
    connect(m_actions->copyReply(), &QAction::triggered, this, &MainWindow::copyReply);

    connect(m_queue, &QueuePane::operationChosen, this, [this](const QString &id) { loadOperation(id, false); });
    connect(m_queue, &QueuePane::countChanged, this, &MainWindow::updateStatus);
    connect(m_queue, &QueuePane::listed, this, &MainWindow::onQueueListed);
    connect(m_queue->model(), &QueueModel::readFailed, this, [this](const QString &message) {
        m_firstPicture->release();
        reportError(tr("Cannot read the queue"), message);
    });
    // The first picture is complete once the operation it shows is shown.
    connect(this, &MainWindow::operationShown, m_firstPicture, &PaintHold::release);
    connect(m_refresher, &LiveRefresher::changed, this, &MainWindow::onStoreChanged);
    connect(m_writes, &WriteRunner::writingChanged, this, &MainWindow::updateActions);
    connect(m_refresher, &LiveRefresher::failed, this, [this](const QString &message) {
        m_livePause = message;
        updateLiveLabel();
    });
    connect(m_refresher, &LiveRefresher::stateRead, this, &MainWindow::onStoreState);
    // This window's reads go through the worker: a server that stops answering must not
    // leave its reads waiting in line while the connection is restored.
    m_reads->setReconnectWithoutWaiting(true);
    // Nor wait behind a read the person left behind, or one the server sits on: this
    // worker reads only, so what it runs may be cancelled.
    m_reads->setCancelsReads(readDeadlineSeconds() * 1000);
    // A read that comes back at once shows no "loading": only one that keeps the person waiting.
    m_loadingDelay->setSingleShot(true);
    m_loadingDelay->setInterval(LoadingDelayMs);
    connect(m_loadingDelay, &QTimer::timeout, this, [this] { m_panel->setLoading(m_loadingId); });
    connect(m_recent, &RecentStores::openRequested, this, [this](const QString &path) { openStore(path, false); });
    connect(m_demo, &DemoLauncher::finished, this, [this](const QString &path) { openStore(path, false); });
    connect(m_demo, &DemoLauncher::failed, this,
            [this](const QString &message) { reportError(tr("Cannot build the demo store"), message); });
    connect(m_identity, &OperatorIdentity::nameChanged, this, [this](const QString &name) {
        m_queue->setOperatorName(name);
        updateActions();
        updateStatus();
    });
    m_queue->setOperatorName(m_identity->name());

    createMenus();
    m_audit = new AuditIntegration(this); // View › Audit log, File › Export audit log…
    createStatusBar();
    // Tab follows the reading order: the banner, the queue, the operation, the status line.
    setFocusOrder(QList<QWidget *>{m_readOnlyBanner} << m_queue->focusOrder() << m_panel->focusOrder() << m_liveLabel);
    m_queue->focusOrder().first()->setFocus(); // where the keyboard starts: the search
    resize(1366, 768);
    rememberLayout();
    retranslateUi();
    showPanelHint(PanelHint::OpenStore);
    updateActions();
}

MainWindow::~MainWindow()
{
    // The views ask the worker; let go of it first.
    m_refresher->setStore(nullptr);
    m_queue->setStore(nullptr, 24);
}

void MainWindow::createMenus()
{
    // The texts are set by retranslateUi().
    QMenu *file = m_fileMenu = menuBar()->addMenu(QString());
    m_openAction = file->addAction(QString(), this, &MainWindow::chooseStoreFile);
    m_openAction->setShortcut(QKeySequence::Open);
    m_demoAction = file->addAction(QString(), this, [this] { openDemoStore(); });
    m_demoAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_recentMenu = file->addMenu(QString());
    m_recent->attach(m_recentMenu);
    file->addSeparator();
    m_operatorAction = file->addAction(QString(), this, &MainWindow::changeOperator);
    file->addSeparator();
    m_quitAction = file->addAction(QString(), this, &QWidget::close);
    m_quitAction->setShortcut(QKeySequence::Quit);

    QMenu *queue = m_queueMenu = menuBar()->addMenu(QString());
    m_findAction = queue->addAction(QString(), this, [this] { m_queue->filterBar()->focusSearch(); });
    m_findAction->setShortcut(QKeySequence::Find);
    m_listAction = queue->addAction(QString(), this, [this] { m_queue->focusList(); });
    m_listAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_evidenceAction = queue->addAction(QString(), this, [this] {
        m_panel->evidenceView()->table()->setFocus(Qt::ShortcutFocusReason);
    });
    m_evidenceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    m_payloadAction = queue->addAction(QString(), this, [this] {
        m_panel->evidenceView()->jsonViewer()->searchField()->setFocus(Qt::ShortcutFocusReason);
    });
    m_payloadAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    queue->addSeparator();
    m_selectSettledAction = queue->addAction(QString(), this, [this] {
        const int count = m_queue->selectSettledByEvidence();
        statusBar()->showMessage(tr("Selected %n operation(s) that the evidence settles.", "", count), 5000);
    });
    m_selectSettledAction->setObjectName(QStringLiteral("selectSettledAction"));
    queue->addSeparator();
    m_refreshAction = queue->addAction(QString(), this, &MainWindow::refreshNow);
    m_refreshAction->setShortcut(QKeySequence::Refresh);

    m_operationMenu = menuBar()->addMenu(QString());
    m_operationMenu->addActions(m_actions->all());
    m_operationMenu->addSeparator();
    m_batchAction = m_operationMenu->addAction(QString(), this, &MainWindow::recordFromEvidence);
    m_batchAction->setObjectName(QStringLiteral("recordFromEvidenceAction"));
    m_batchAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    m_batch = new BatchFlow(this);
    connect(m_batch, &BatchFlow::finished, this, [this] {
        updateActions();
        refreshNow();
    });
    connect(m_batch, &BatchFlow::failed, this, &MainWindow::reportError);

    m_viewMenu = menuBar()->addMenu(QString());
    m_coloursMenu = m_viewMenu->addMenu(QString());
    auto *group = new QActionGroup(this);
    const Theme::Choice current = Theme::saved();
    for (const Theme::Choice choice : {Theme::Choice::System, Theme::Choice::Light, Theme::Choice::Dark}) {
        QAction *action = m_coloursMenu->addAction(QString());
        action->setCheckable(true);
        action->setChecked(choice == current);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [choice] {
            Theme::apply(choice);
            Theme::save(choice);
        });
        m_themeActions << action;
    }
    m_viewMenu->addSeparator();

    m_helpMenu = menuBar()->addMenu(QString());
    m_keysAction = m_helpMenu->addAction(QString(), this, [this] {
        if (m_keysBox) {
            m_keysBox->raise();
            return;
        }
        auto *box = new LiveMessageBox(QMessageBox::Information, QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("keyboardShortcuts"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setTexts([box] {
            box->setWindowTitle(tr("Keyboard shortcuts"));
            box->setText(tr("Ctrl+F  find in the queue (Return goes to the list)\n"
                            "Ctrl+1  the queue · Ctrl+2  the evidence · Ctrl+3  search the payload\n"
                            "Ctrl+M  claim · Ctrl+Shift+M  release · Ctrl+T  take over\n"
                            "Ctrl+R  record outcome · Ctrl+Shift+C  copy the reply for the customer\n"
                            "Ctrl+A  select all shown · Ctrl+Shift+R  record outcomes from evidence\n"
                            "F5  refresh now (changes also appear by themselves)\n"
                            "Ctrl+O  open a store · Ctrl+Shift+D  open a demo store"));
        });
        m_keysBox = box;
        box->open();
    });
    m_keysAction->setShortcut(QKeySequence::HelpContents);
    m_languageMenu = m_helpMenu->addMenu(QString());
    auto *languages = new LanguageMenu(m_languageMenu);
    // The window already speaks the new language; say that it stays so.
    connect(languages, &LanguageMenu::languageChosen, this, [this](const QString &language) {
        const QString name = Translations::nativeName(language.isEmpty() ? Translations::fromSystem() : language);
        statusBar()->showMessage(language.isEmpty()
                                     ? tr("Language: the system's (%1), now and at every start.").arg(name)
                                     : tr("Language: %1, now and at every start.").arg(name),
                                 6000);
    });
}

void MainWindow::createStatusBar()
{
    m_operatorLabel = statusLabel(this, QStringLiteral("operatorLabel"));
    m_storeLabel = statusLabel(this, QStringLiteral("storeLabel"));
    m_countLabel = statusLabel(this, QStringLiteral("countLabel"));
    m_liveLabel = statusLabel(this, QStringLiteral("liveLabel"));
    statusBar()->addWidget(m_operatorLabel);
    statusBar()->addWidget(m_countLabel);
    statusBar()->addWidget(m_storeLabel, 1);
    m_standbyLabel = new StandbyLabel(this);
    statusBar()->addPermanentWidget(m_standbyLabel);
    m_encryptionLabel = new EncryptionLabel(this);
    statusBar()->addPermanentWidget(m_encryptionLabel);
    statusBar()->addPermanentWidget(m_liveLabel);
    LiveText::makeReadable(m_liveLabel); // "Live updates paused: …" must be heard
    LiveText::followMessages(statusBar());
}

void MainWindow::rememberLayout()
{
    m_layout.addSplitter(QStringLiteral("mainSplitter"), m_splitter);
    m_layout.addSplitter(QStringLiteral("panelSplitter"), m_panel->splitter());
    // "queueColumns": the queue's columns changed order (the verdict moved), so a layout saved
    // under the old key would size the wrong columns.
    m_layout.addHeader(QStringLiteral("queueColumns"), m_queue->view()->horizontalHeader());
    m_layout.addHeader(QStringLiteral("attemptHeader"), m_panel->attemptView()->table()->horizontalHeader());
    m_layout.addHeader(QStringLiteral("eventHeader"), m_panel->evidenceView()->table()->horizontalHeader());
    m_layout.restore();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_layout.save();
    QMainWindow::closeEvent(event);
}

void MainWindow::reportError(const QString &title, const QString &message)
{
    m_lastError = message;
    emit errorReported(title, message);
    if (!m_showErrorDialogs)
        return;
    // The same trouble seen again (e.g. on every refresh) needs no second dialog.
    for (const QMessageBox *open : findChildren<QMessageBox *>(QStringLiteral("errorDialog"))) {
        if (open->isVisible() && open->text() == message)
            return;
    }
    showError(this, title, message);
}

ResolveDialog *MainWindow::resolveDialog() const
{
    return m_resolveDialog;
}

bool MainWindow::isReadOnly() const
{
    return !m_facts || m_facts->state.readOnly;
}

int MainWindow::readDeadlineSeconds()
{
    const int seconds = QSettings().value(QStringLiteral("store/readDeadlineSeconds"), 30).toInt();
    return seconds > 0 ? seconds : 30;
}

bool MainWindow::isIdle() const
{
    return m_reads->isIdle() && m_writes->isIdle() && !m_opening;
}

void MainWindow::openStore(const QString &path, bool readOnly, const QString &showAfter)
{
    // The window stays as it is, the store open before included, until the new one answers.
    m_opening = true;
    m_firstPicture->hold();
    const QString where = QDir::toNativeSeparators(StoreFactory::displayLocation(path));
    statusBar()->showMessage(StoreFactory::recordsLoginAsOperator(path) ? tr("Connecting to %1…").arg(where)
                                                                        : tr("Opening %1…").arg(where));
    const Store::OpenMode mode = readOnly ? Store::OpenMode::ReadOnly : Store::OpenMode::ReadWrite;
    m_reads->open(path, mode, this, [this, where, readOnly, showAfter](Result<StoreFacts> opened) {
        m_opening = false;
        statusBar()->clearMessage();
        if (!opened) {
            m_firstPicture->release();
            reportError(tr("Cannot open the store"), tr("%1\n\nFile: %2").arg(opened.error().message, where));
            return;
        }
        storeReady(std::move(*opened), readOnly, showAfter);
    });
}

void MainWindow::storeReady(StoreFacts facts, bool readOnly, const QString &showAfter)
{
    if (m_resolveDialog)
        m_resolveDialog->reject();
    if (m_noteDialog)
        m_noteDialog->reject();
    m_panelLane.abandon();
    m_panelWanted.clear();
    m_facts = std::move(facts);
    m_openedReadOnly = readOnly;
    m_openedAt = QDateTime::currentDateTime();
    updateReadOnlyBanner();
    updateUpgradeBanner();
    // The same operation shown again (F5 on a snapshot) stays in view until it is read anew.
    if (showAfter.isEmpty() || showAfter != m_panel->operationId())
        showPanelHint(PanelHint::PickOperation);
    // Shown when the first page is listed: the operation asked for, else the first one.
    m_showWhenListed = showAfter;
    m_queue->setStore(m_reads, m_facts->keyRetentionHours);
    m_refresher->setStore(m_reads);
    m_standbyLabel->setStatus(m_facts->state.standby); // a hot standby: how far behind the primary
    m_encryptionLabel->setEncryption(m_facts->state.encryption);
    // On PostgreSQL the operator recorded is the login: the console shows that name.
    if (!m_facts->sessionOperator.isEmpty())
        m_identity->useForThisRun(m_facts->sessionOperator);
    // The location without a password, whatever was typed.
    const QString location = m_facts->location;
    m_recent->add(location);
    updateTitle();
    m_livePause.clear();
    m_liveChangedAt.clear();
    updateLiveLabel();
    updateActions();
    updateStatus();
    emit storeOpened(location);
}

void MainWindow::onQueueListed()
{
    if (!m_showWhenListed)
        return;
    const QString wanted = *std::exchange(m_showWhenListed, std::nullopt);
    // Ready to work from the keyboard: the operation shown, the list focused.
    if (wanted.isEmpty()) {
        if (selectFirst())
            m_queue->focusList();
        else
            m_firstPicture->release(); // an empty queue: the picture is complete
        return;
    }
    if (m_panelWanted == wanted)
        m_queue->select(wanted); // its panel is read already, or being read
    else
        showOperation(wanted);
}

void MainWindow::onStoreState(const StoreState &state)
{
    if (!m_facts || m_facts->state == state)
        return;
    m_facts->state = state;
    m_standbyLabel->setStatus(state.standby);
    m_encryptionLabel->setEncryption(state.encryption);
    updateReadOnlyBanner();
    updateUpgradeBanner();
    updateLiveLabel();
    updateActions();
    updateStatus();
}

void MainWindow::openDemoStore(qint64 operations, const QString &path)
{
    const QString target = path.isEmpty() ? DemoLauncher::newDemoPath() : path;
    if (!m_demo->start(target, operations, quint64(QDateTime::currentSecsSinceEpoch()), this))
        statusBar()->showMessage(tr("A demo store is already being built."), 4000);
}

void MainWindow::chooseStoreFile()
{
    const QString start = m_facts ? QFileInfo(m_facts->location).absolutePath() : QDir::homePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a Refund Desk store"), start,
                                                      tr("Stores (*.sqlite *.db *.refunddesk);;All files (*)"));
    if (!path.isEmpty())
        openStore(path, false);
}

bool MainWindow::showOperation(const QString &operationId)
{
    if (!m_facts)
        return false;
    // Asked for before the queue was first listed: it is selected there once it is.
    if (m_showWhenListed)
        m_showWhenListed = operationId;
    m_queue->select(operationId);
    loadOperation(operationId, false);
    return true;
}

bool MainWindow::selectFirst()
{
    if (m_queue->model()->rowCount() == 0)
        return false;
    return showOperation(m_queue->model()->index(0, 0).data(QueueModel::OperationIdRole).toString());
}

void MainWindow::loadOperation(const QString &operationId, bool fromChange)
{
    if (!m_facts)
        return;
    // The panel keeps what it shows until the answer comes; a newer selection replaces
    // this read, and its answer is dropped if it still comes.
    const RequestLane::Stub lane = m_panelLane.stub(m_panelLane.next());
    m_panelWanted = operationId;
    m_loadingId = operationId;
    if (!fromChange && !m_loadingDelay->isActive() && !m_panel->isShowingLoading())
        m_loadingDelay->start();
    else if (!fromChange && m_panel->isShowingLoading())
        m_panel->setLoading(operationId);
    m_reads->request<OperationSnapshot>(
        lane, [operationId](Store &store) { return OperationSnapshot::load(store, operationId); }, this,
        [this, operationId, fromChange](Result<OperationSnapshot> loaded) {
            m_loadingDelay->stop();
            m_loadingId.clear();
            m_panel->setLoading(QString());
            showLoaded(operationId, fromChange, std::move(loaded));
        });
}

void MainWindow::showLoaded(const QString &operationId, bool fromChange, Result<OperationSnapshot> loaded)
{
    if (!loaded) {
        if (fromChange) {
            m_panel->setNotice(loaded.error().message, Theme::Tone::Danger);
        } else {
            m_panelHint = PanelHint::None;
            m_noticeBefore.reset();
            m_panel->clear(loaded.error().message);
        }
        updateActions();
        emit operationShown(operationId);
        return;
    }
    std::optional<OperationSnapshot> before;
    if (fromChange && m_panel->snapshot() && m_panel->operationId() == operationId)
        before = m_panel->snapshot();
    const OperationNotice notice = OperationNotice::about(*loaded, before ? &*before : nullptr, m_identity->name(),
                                                          isReadOnly(), now());
    m_panelHint = PanelHint::None;
    m_noticeBefore = std::move(before);
    m_panel->showSnapshot(std::move(*loaded), now());
    m_panel->setNotice(notice.text, notice.tone);
    updateActions();
    emit operationShown(operationId);
}

void MainWindow::updateStatus()
{
    const QString name = m_identity->name();
    if (name.isEmpty())
        m_operatorLabel->setText(tr("Operator: not set (File › Change operator name…)"));
    else if (m_identity->isLoginName())
        m_operatorLabel->setText(tr("Operator: %1 (your login name)").arg(name));
    else
        m_operatorLabel->setText(tr("Operator: %1").arg(name));
    if (!m_facts) {
        m_storeLabel->setText(tr("No store open"));
        m_countLabel->clear();
        return;
    }
    QString storeText = QDir::toNativeSeparators(m_facts->location);
    if (m_facts->state.readOnly)
        storeText = tr("%1 (read-only)").arg(storeText);
    m_storeLabel->setText(storeText);
    m_countLabel->setText(tr("Queue: %1").arg(m_queue->countText()));
}

void MainWindow::onStoreChanged()
{
    refreshNow();
    m_livePause.clear();
    m_liveChangedAt = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    updateLiveLabel();
}

void MainWindow::refreshNow()
{
    if (!m_facts)
        return;
    // A snapshot never sees a later change: opening the store again takes a new one.
    if (m_facts->freshness != Store::Freshness::Live) {
        reopenStore();
        return;
    }
    // The operation asked for last, even if its panel is still being read: a refresh
    // must not put back the one the person just left.
    const QString current = m_panelWanted.isEmpty() ? m_panel->operationId() : m_panelWanted;
    m_queue->refresh(current);
    if (!current.isEmpty())
        loadOperation(current, true);
    updateStatus();
}

void MainWindow::reopenStore()
{
    openStore(m_facts->location, m_openedReadOnly, m_panelWanted.isEmpty() ? m_panel->operationId() : m_panelWanted);
}

} // namespace RefundDesk
