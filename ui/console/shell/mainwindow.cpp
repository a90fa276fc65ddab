#include "ui/console/shell/mainwindow.h"

#include "items/operationsnapshot.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "ui/common/bannerlabel.h"
#include "ui/common/errordialog.h"
#include "ui/common/focusorder.h"
#include "ui/common/painthold.h"
#include "ui/console/panel/attempttimelineview.h"
#include "ui/console/auditlog/auditintegration.h"
#include "ui/console/shell/consolemenus.h"
#include "ui/console/shell/consolereadworker.h"
#include "ui/console/shell/consolestatusbar.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/shell/liverefresher.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operationwrites.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/panel/panelreader.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/shiftend/shiftend.h"
#include "ui/console/storeopening/recentstores.h"
#include "ui/console/storeopening/storebanners.h"
#include "ui/console/storeopening/storesources.h"
#include "ui/console/stripe/askstripeflow.h"
#include "ui/console/stripe/stripeintegration.h"
#include "ui/console/storeopening/upgradebanner.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

namespace RefundDesk {

namespace {
// The window's first width: it fits a 1366 × 768 screen.
constexpr int DefaultWidth = 1366;
}

MainWindow::MainWindow(OperatorIdentity *identity, QWidget *parent)
    : QMainWindow(parent)
    , m_identity(identity)
    , m_queue(new QueuePane(this))
    , m_panel(new OperationPanel(this))
    , m_actions(new OperationActions(this))
    , m_reads(newConsoleReadWorker(this))
    , m_refresher(new LiveRefresher(this))
    , m_writes(new WriteRunner(this))
    , m_sources(new StoreSources(this, this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_banners(new StoreBanners(this))
    , m_reader(new PanelReader(m_reads, m_panel, identity, [this] { return isReadOnly(); }, this))
    , m_operationWrites(new OperationWrites(this,
                                            {.window = this,
                                             .writes = m_writes,
                                             .refresher = m_refresher,
                                             .actions = m_actions,
                                             .panel = m_panel,
                                             .queue = m_queue,
                                             .upgradeBanner = m_banners->upgradeBanner(),
                                             .identity = identity},
                                            this))
    , m_layout(this, QStringLiteral("window"))
{
    setObjectName(QStringLiteral("mainWindow"));
    // The location without a password, whatever was typed.
    connect(this, &MainWindow::storeOpened, m_sources->recent(), &RecentStores::add);

    m_banners->hide();

    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(m_queue);
    m_splitter->addWidget(m_panel);
    m_splitter->setStretchFactor(0, 9);
    m_splitter->setStretchFactor(1, 11);
    // The queue as wide as its columns ask (Key window, Claimed by and Follow-up in view at
    // the default size), the panel the rest.
    // Sizes that add up to the room the splitter will have, so that it need not scale them.
    const QMargins margins(4, 4, 4, 0); // the central layout's, below
    const int room = DefaultWidth - margins.left() - margins.right() - m_splitter->handleWidth();
    m_splitter->setSizes({m_queue->preferredWidth(), room - m_queue->preferredWidth()});

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(margins);
    layout->setSpacing(4);
    layout->addWidget(m_banners);
    layout->addWidget(m_splitter, 1);
    setCentralWidget(central);
    m_firstPicture = new PaintHold(central, FirstPictureMomentMs);

    m_panel->setActions(m_actions->buttons());
    addActions(m_actions->all());
    connect(m_operationWrites, &OperationWrites::batchChanged, this, &MainWindow::updateActions);

    connect(m_queue, &QueuePane::operationChosen, this, [this](const QString &id) { loadOperation(id, false); });
    connect(m_queue, &QueuePane::countChanged, this, &MainWindow::updateStatus);
    connect(m_queue, &QueuePane::listed, this, &MainWindow::onQueueListed);
    connect(m_queue, &QueuePane::viewListed, this, &MainWindow::onViewListed);
    connect(m_queue, &QueuePane::selectionChanged, this, &MainWindow::updateActions);
    connect(m_queue->model(), &QueueModel::readFailed, this, [this](const QString &message) {
        m_firstPicture->release();
        reportError(tr("Cannot read the queue"), message);
    });
    connect(m_reader, &PanelReader::shown, this, [this](const QString &operationId) {
        updateActions();
        emit operationShown(operationId);
    });
    // The first picture is complete once the operation it shows is shown.
    connect(this, &MainWindow::operationShown, m_firstPicture, &PaintHold::release);
    connect(m_refresher, &LiveRefresher::changed, this, &MainWindow::onStoreChanged);
    connect(m_writes, &WriteRunner::writingChanged, this, &MainWindow::updateActions);
    connect(m_refresher, &LiveRefresher::stateRead, this, &MainWindow::onStoreState);
    connect(m_identity, &OperatorIdentity::nameChanged, this, [this](const QString &name) {
        m_queue->setOperatorName(name);
        updateActions();
        updateStatus();
    });
    m_queue->setOperatorName(m_identity->name());

    m_menus = new ConsoleMenus(this, m_queue, m_panel, m_actions, m_sources->recent());
    connectMenus();
    // View › Audit log, File › Export audit log…
    m_audit = new AuditIntegration(this, this, m_menus, m_reads);
    connect(this, &MainWindow::storeOpened, m_audit, &AuditIntegration::onStoreOpened);
    // Ask Stripe, about the operation and the queue.
    m_stripe = new StripeIntegration(this, {.window = this, .menus = m_menus, .panel = m_panel, .identity = m_identity});
    AskStripeFlow *askStripe = m_stripe->askStripe();
    connect(this, &MainWindow::operationShown, askStripe, &AskStripeFlow::onOperationShown);
    connect(this, &MainWindow::currentOperationChanged, askStripe, &AskStripeFlow::onCurrentOperationChanged);
    connect(this, &MainWindow::storeOpened, askStripe, &AskStripeFlow::onStoreOpened);
    m_shiftEnd = new ShiftEnd(this,
                              {.window = this,
                               .viewCounts = m_queue->viewCounts(),
                               .writes = m_writes,
                               .reads = m_reads,
                               .identity = m_identity,
                               .operationWrites = m_operationWrites},
                              this);
    m_status = new ConsoleStatusBar(statusBar(), m_identity);
    m_status->setStore(&m_facts, false, {});
    m_status->followCounts(m_queue->viewCounts()); // "Oldest: op_5521, 3 d 2 h"
    connect(m_refresher, &LiveRefresher::failed, m_status, &ConsoleStatusBar::livePaused);
    // Tab follows the reading order: the banner, the queue, the operation, the status line.
    setFocusOrder(QList<QWidget *>{readOnlyBanner()} << m_queue->focusOrder() << m_panel->focusOrder()
                                                     << m_status->liveLabel());
    m_queue->focusOrder().first()->setFocus(); // where the keyboard starts: the search
    resize(DefaultWidth, 768);
    rememberLayout();
    retranslateUi();
    m_reader->showHint(PanelReader::Hint::OpenStore);
    updateActions();
}

MainWindow::~MainWindow()
{
    // The views ask the worker; let go of it first.
    m_refresher->setStore(nullptr);
    m_queue->setStore(nullptr, 24);
}

void MainWindow::connectMenus()
{
    m_sources->connectMenus(m_menus);
    connect(m_menus, &ConsoleMenus::operatorChangeRequested, this, [this] { m_identity->ask(this); });
    connect(m_menus, &ConsoleMenus::refreshRequested, this, &MainWindow::refreshNow);
    connect(m_menus, &ConsoleMenus::recordFromEvidenceRequested, m_operationWrites,
            &OperationWrites::recordFromEvidence);
}

QMenu *MainWindow::viewMenu() const
{
    return m_menus->menu(ConsoleMenus::Menu::View);
}

QMenu *MainWindow::fileMenu() const
{
    return m_menus->menu(ConsoleMenus::Menu::File);
}

QLabel *MainWindow::readOnlyBanner() const
{
    return m_banners->readOnlyBanner();
}

UpgradeBanner *MainWindow::upgradeBanner() const
{
    return m_banners->upgradeBanner();
}

ResolveDialog *MainWindow::resolveDialog() const
{
    return m_operationWrites->resolveDialog();
}

NoteDialog *MainWindow::noteDialog() const
{
    return m_operationWrites->noteDialog();
}

void MainWindow::rememberLayout()
{
    m_layout.addSplitter(QStringLiteral("mainSplitter"), m_splitter);
    m_layout.addSplitter(QStringLiteral("panelSplitter"), m_panel->splitter());
    // "queueHeader": the queue's columns got widths from their contents and may be moved; a
    // layout saved under an older key ("queueColumns", saved at every close) would bring
    // back the old widths that cut the age and pushed columns out of view.
    m_layout.addHeader(QStringLiteral("queueHeader"), m_queue->view()->horizontalHeader());
    m_layout.addHeader(QStringLiteral("attemptHeader"), m_panel->attemptView()->table()->horizontalHeader());
    m_layout.addHeader(QStringLiteral("eventHeader"), m_panel->evidenceView()->table()->horizontalHeader());
    m_layout.restore();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // Claims still held are asked about first; the window is closed again once settled.
    if (!m_shiftEnd->mayClose()) {
        event->ignore();
        return;
    }
    m_layout.save();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslateUi()
{
    // Each part of the window says its own texts again; what the window shows of the
    // store is said again from what it read, without reading it again.
    m_menus->retranslate();
    m_audit->retranslate();
    m_stripe->retranslate();
    m_status->retranslate();
    updateTitle();
    m_banners->refresh();
    updateStatus();
    m_reader->retranslate();
}

void MainWindow::reportError(const QString &title, const QString &message)
{
    m_lastError = message;
    emit errorReported(title, message);
    if (m_showErrorDialogs)
        showErrorOnce(this, title, message);
}

void MainWindow::showMessage(const QString &text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::clearMessage(const QString &shown)
{
    if (statusBar()->currentMessage() == shown)
        statusBar()->clearMessage();
}

bool MainWindow::isReadOnly() const
{
    return !m_facts || m_facts->state.readOnly;
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
    m_operationWrites->closeDialogs();
    m_reader->abandon();
    m_facts = std::move(facts);
    m_openedReadOnly = readOnly;
    m_openedAt = QDateTime::currentDateTime();
    m_status->setStore(&m_facts, m_openedReadOnly, m_openedAt);
    m_banners->showStore(&*m_facts, m_openedReadOnly, m_openedAt);
    // The same operation shown again (F5 on a snapshot) stays in view until it is read anew.
    if (showAfter.isEmpty() || showAfter != m_panel->operationId())
        m_reader->showHint(PanelReader::Hint::PickOperation);
    // Shown when the first page is listed: the operation asked for, else the first one.
    m_showWhenListed = showAfter;
    m_queue->setStore(m_reads, m_facts->keyRetentionHours, m_facts->queueTargetHours);
    m_refresher->setStore(m_reads);
    // On PostgreSQL the operator recorded is the login: the console shows that name.
    if (!m_facts->sessionOperator.isEmpty())
        m_identity->useForThisRun(m_facts->sessionOperator);
    updateTitle();
    m_status->liveReset();
    updateActions();
    updateStatus();
    emit storeOpened(m_facts->location); // without a password, whatever was typed
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
    if (m_reader->wanted() == wanted)
        m_queue->select(wanted); // its panel is read already, or being read
    else
        showOperation(wanted);
}

void MainWindow::onViewListed()
{
    // Another view is listed: the panel shows the queue's selection (the operation kept
    // selected, or the only one left, chosen by the queue), else the operation it showed is
    // selected again if this view lists it, else the panel says it is not in the view.
    const QString shown = m_reader->current();
    if (shown.isEmpty() || !m_queue->currentOperationId().isEmpty())
        return;
    if (!m_queue->select(shown))
        m_reader->showNotInView(shown);
    updateActions();
}

void MainWindow::onStoreState(const StoreState &state)
{
    if (!m_facts || m_facts->state == state)
        return;
    m_facts->state = state;
    m_status->showState(state);
    m_banners->refresh();
    m_status->updateLive();
    updateActions();
    updateStatus();
}

void MainWindow::openDemoStore(qint64 operations, const QString &path)
{
    m_sources->buildDemo(operations, path);
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
    if (m_facts)
        m_reader->load(operationId, fromChange);
}

const OperationSnapshot *MainWindow::currentOperation() const
{
    const auto &snapshot = m_panel->snapshot();
    if (!snapshot || snapshot->operation.operationId != m_queue->currentOperationId())
        return nullptr;
    return &*snapshot;
}

void MainWindow::updateActions()
{
    const auto &snapshot = m_panel->snapshot();
    m_actions->update(snapshot ? &*snapshot : nullptr, m_identity->name(), isReadOnly(),
                      m_facts && m_facts->schemaVersion >= 2);
    // The state shown may be about to change: nothing more until the write in progress ends.
    // Nor on an operation the queue does not select: the person acts on what they see.
    if (snapshot && (!currentOperation() || m_writes->isWriting(snapshot->operation.operationId))) {
        for (QAction *action : m_actions->writes())
            action->setEnabled(false);
    }
    // The batch takes the selected rows, else the view's (the whole queue when the view is).
    const bool batchHasRows = m_queue->listsWholeQueue() || m_queue->model()->rowCount() > 0;
    m_menus->batchAction()->setEnabled(m_facts && !isReadOnly() && !m_operationWrites->isBatchBusy()
                                       && batchHasRows);
    emit currentOperationChanged();
}

void MainWindow::updateStatus()
{
    if (!m_status) // the queue counts before the status bar is made
        return;
    m_status->update(m_queue->countText());
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

void MainWindow::onStoreChanged()
{
    refreshNow();
    m_status->changeSeen();
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
    const QString current = m_reader->current();
    m_queue->refresh(current);
    if (!current.isEmpty())
        loadOperation(current, true);
    updateStatus();
}

void MainWindow::reopenStore()
{
    if (m_facts)
        openStore(m_facts->location, m_openedReadOnly, m_reader->current());
}

} // namespace RefundDesk
