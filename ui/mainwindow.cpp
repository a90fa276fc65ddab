#include "mainwindow.h"

#include "attempttimelineview.h"
#include "auditintegration.h"
#include "demolauncher.h"
#include "errordialog.h"
#include "evidence/customerreply.h"
#include "evidence/resolver.h"
#include "evidenceview.h"
#include "items/operationsnapshot.h"
#include "items/queuemodel.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"
#include "jsonviewer.h"
#include "languagemenu.h"
#include "liverefresher.h"
#include "operationactions.h"
#include "operationnotice.h"
#include "operationpanel.h"
#include "operatoridentity.h"
#include "queuefilterbar.h"
#include "queuepane.h"
#include "recentstores.h"
#include "resolvedialog.h"
#include "storenotice.h"
#include "store/store.h"
#include "theme.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
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
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
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
    , m_refresher(new LiveRefresher(this))
    , m_writes(new WriteRunner(this))
    , m_recent(new RecentStores(this))
    , m_demo(new DemoLauncher(this))
    , m_splitter(new QSplitter(Qt::Horizontal, this))
    , m_readOnlyBanner(new BannerLabel(this, Theme::Tone::Warning))
    , m_layout(this, QStringLiteral("window"))
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Refund Desk"));

    m_readOnlyBanner->setObjectName(QStringLiteral("readOnlyBanner"));
    m_readOnlyBanner->setWordWrap(true);
    m_readOnlyBanner->hide();

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
    layout->addWidget(m_splitter, 1);
    setCentralWidget(central);

    m_panel->setActions(m_actions->all());
    addActions(m_actions->all());
    connect(m_actions->claim(), &QAction::triggered, this, [this] { claim(false); });
    connect(m_actions->takeOver(), &QAction::triggered, this, &MainWindow::confirmTakeOver);
    connect(m_actions->release(), &QAction::triggered, this, &MainWindow::release);
    connect(m_actions->record(), &QAction::triggered, this, &MainWindow::recordOutcome);
    connect(m_actions->copyReply(), &QAction::triggered, this, &MainWindow::copyReply);

    connect(m_queue, &QueuePane::operationChosen, this, [this](const QString &id) { loadOperation(id, false); });
    connect(m_queue, &QueuePane::countChanged, this, &MainWindow::updateStatus);
    connect(m_queue->model(), &QueueModel::readFailed, this,
            [this](const QString &message) { reportError(tr("Cannot read the queue"), message); });
    connect(m_refresher, &LiveRefresher::changed, this, &MainWindow::onStoreChanged);
    connect(m_writes, &WriteRunner::writingChanged, this, &MainWindow::updateActions);
    connect(m_refresher, &LiveRefresher::failed, this, [this](const QString &message) {
        m_liveLabel->setText(tr("Live updates paused: %1").arg(message));
    });
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
    new AuditIntegration(this); // View › Audit log, File › Export audit log…
    createStatusBar();
    resize(1366, 768);
    rememberLayout();
    m_panel->clear(tr("Open a store to see the operations that need a person: File › Open store… (Ctrl+O) "
                      "or File › Open demo store."));
    updateActions();
    updateStatus();
}

MainWindow::~MainWindow()
{
    // The views hold pointers into the store; let go of them first.
    m_refresher->setStore(nullptr);
    m_queue->setStore(nullptr);
}

void MainWindow::createMenus()
{
    QMenu *file = m_fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open store…"), this, &MainWindow::chooseStoreFile);
    open->setShortcut(QKeySequence::Open);
    QAction *demo = file->addAction(tr("Open &demo store"), this, [this] { openDemoStore(); });
    demo->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    demo->setStatusTip(tr("Build a fresh simulated store and open it"));
    m_recent->attach(file->addMenu(tr("&Recent stores")));
    file->addSeparator();
    file->addAction(tr("Change &operator name…"), this, &MainWindow::changeOperator);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *queue = menuBar()->addMenu(tr("&Queue"));
    QAction *find = queue->addAction(tr("&Find…"), this, [this] { m_queue->filterBar()->focusSearch(); });
    find->setShortcut(QKeySequence::Find);
    QAction *list = queue->addAction(tr("Go to the &list"), this, [this] { m_queue->focusList(); });
    list->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction *events = queue->addAction(tr("Go to the &evidence"), this,
                                       [this] { m_panel->evidenceView()->table()->setFocus(Qt::ShortcutFocusReason); });
    events->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    QAction *payload = queue->addAction(tr("Search the &payload"), this, [this] {
        m_panel->evidenceView()->jsonViewer()->searchField()->setFocus(Qt::ShortcutFocusReason);
    });
    payload->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    queue->addSeparator();
    QAction *refresh = queue->addAction(tr("&Refresh now"), this, &MainWindow::refreshNow);
    refresh->setShortcut(QKeySequence::Refresh);

    QMenu *operation = menuBar()->addMenu(tr("&Operation"));
    operation->addActions(m_actions->all());

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QMenu *theme = m_viewMenu->addMenu(tr("&Colours"));
    auto *group = new QActionGroup(this);
    const Theme::Choice current = Theme::saved();
    for (const auto &[choice, label] : {std::pair{Theme::Choice::System, tr("&System")},
                                        std::pair{Theme::Choice::Light, tr("&Light")},
                                        std::pair{Theme::Choice::Dark, tr("&Dark")}}) {
        QAction *action = theme->addAction(label);
        action->setCheckable(true);
        action->setChecked(choice == current);
        group->addAction(action);
        // An init-capture: clang before 16 cannot capture a structured binding.
        connect(action, &QAction::triggered, this, [choice = choice] {
            Theme::apply(choice);
            Theme::save(choice);
        });
    }
    m_viewMenu->addSeparator();

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *keys = help->addAction(tr("&Keyboard shortcuts"), this, [this] {
        auto *box = new QMessageBox(QMessageBox::Information, tr("Keyboard shortcuts"),
                                    tr("Ctrl+F  find in the queue (Return goes to the list)\n"
                                       "Ctrl+1  the queue · Ctrl+2  the evidence · Ctrl+3  search the payload\n"
                                       "Ctrl+M  claim · Ctrl+Shift+M  release · Ctrl+T  take over\n"
                                       "Ctrl+R  record outcome · Ctrl+Shift+C  copy the reply for the customer\n"
                                       "F5  refresh now (changes also appear by themselves)\n"
                                       "Ctrl+O  open a store · Ctrl+Shift+D  open a demo store"),
                                    QMessageBox::Ok, this);
        box->setTextFormat(Qt::PlainText);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    keys->setShortcut(QKeySequence::HelpContents);
    new LanguageMenu(help->addMenu(tr("&Language")));
}

void MainWindow::createStatusBar()
{
    m_operatorLabel = statusLabel(this, QStringLiteral("operatorLabel"));
    m_operatorLabel->setToolTip(tr("Claims and decisions are recorded under this name. File › Change operator "
                                   "name… shows another one."));
    m_storeLabel = statusLabel(this, QStringLiteral("storeLabel"));
    m_countLabel = statusLabel(this, QStringLiteral("countLabel"));
    m_liveLabel = statusLabel(this, QStringLiteral("liveLabel"));
    statusBar()->addWidget(m_operatorLabel);
    statusBar()->addWidget(m_countLabel);
    statusBar()->addWidget(m_storeLabel, 1);
    statusBar()->addPermanentWidget(m_liveLabel);
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
    return !m_store || m_store->isReadOnly();
}

bool MainWindow::openStore(const QString &path, bool readOnly)
{
    auto opened = StoreFactory::open(path, readOnly ? Store::OpenMode::ReadOnly : Store::OpenMode::ReadWrite);
    if (!opened) {
        reportError(tr("Cannot open the store"),
                    tr("%1\n\nFile: %2").arg(opened.error().message,
                                               QDir::toNativeSeparators(StoreFactory::displayLocation(path))));
        return false;
    }
    if (m_resolveDialog)
        m_resolveDialog->reject();
    m_refresher->setStore(nullptr);
    m_queue->setStore(nullptr);
    m_store = std::move(*opened);
    // This window reads the store on its UI thread: a server that stops answering must
    // not freeze it while the connection is restored.
    m_store->setReconnectWithoutWaiting(true);

    m_readOnlyAsked = readOnly;
    // What it means for the reader in the banner, the technical reason in its tooltip.
    const StoreNotice notice = StoreNotice::about(*m_store, readOnly, QDateTime::currentDateTime());
    m_readOnlyBanner->setText(notice.banner());
    m_readOnlyBanner->setToolTip(ToolTipText::fromPlainText(notice.reason()));
    m_readOnlyBanner->setVisible(!notice.banner().isEmpty());
    m_panel->clear(tr("Pick an operation in the queue (Ctrl+1, then the arrow keys)."));
    m_queue->setStore(m_store.get());
    m_refresher->setStore(m_store.get());
    // On PostgreSQL the operator recorded is the login: the console shows that name.
    if (const QString login = m_store->sessionOperator(); !login.isEmpty())
        m_identity->useForThisRun(login);
    // The location without a password, whatever was typed.
    const QString location = m_store->location();
    m_recent->add(location);
    setWindowTitle(tr("%1 — Refund Desk")
                       .arg(StoreFactory::recordsLoginAsOperator(location) ? location : QFileInfo(location).fileName()));
    // The status bar agrees with the banner: a snapshot is not live.
    m_liveLabel->setText(notice.isLive() ? tr("Live") : notice.freshness());
    m_liveLabel->setToolTip(notice.isLive() ? QString() : notice.banner());
    updateActions();
    updateStatus();
    // Ready to work from the keyboard: the first operation shown, the list focused.
    if (selectFirst())
        m_queue->focusList();
    emit storeOpened(location);
    return true;
}

void MainWindow::openDemoStore(qint64 operations, const QString &path)
{
    const QString target = path.isEmpty() ? DemoLauncher::newDemoPath() : path;
    if (!m_demo->start(target, operations, quint64(QDateTime::currentSecsSinceEpoch()), this))
        statusBar()->showMessage(tr("A demo store is already being built."), 4000);
}

void MainWindow::chooseStoreFile()
{
    const QString start = m_store ? QFileInfo(m_store->location()).absolutePath() : QDir::homePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a Refund Desk store"), start,
                                                      tr("Stores (*.sqlite *.db *.refunddesk);;All files (*)"));
    if (!path.isEmpty())
        openStore(path, false);
}

bool MainWindow::showOperation(const QString &operationId)
{
    if (!m_store)
        return false;
    m_queue->select(operationId);
    loadOperation(operationId, false);
    return m_panel->operationId() == operationId;
}

bool MainWindow::selectFirst()
{
    const Operation *first = m_queue->model()->operationAt(0);
    return first && showOperation(first->operationId);
}

void MainWindow::loadOperation(const QString &operationId, bool fromChange)
{
    if (!m_store)
        return;
    auto loaded = OperationSnapshot::load(*m_store, operationId);
    if (!loaded) {
        if (fromChange)
            m_panel->setNotice(loaded.error().message, Theme::Tone::Danger);
        else
            m_panel->clear(loaded.error().message);
        updateActions();
        return;
    }
    std::optional<OperationSnapshot> before;
    if (fromChange && m_panel->snapshot() && m_panel->operationId() == operationId)
        before = m_panel->snapshot();
    const OperationNotice notice = OperationNotice::about(*loaded, before ? &*before : nullptr, m_identity->name(),
                                                          isReadOnly(), now());
    m_panel->showSnapshot(std::move(*loaded), now());
    m_panel->setNotice(notice.text, notice.tone);
    updateActions();
}

void MainWindow::updateActions()
{
    const auto &snapshot = m_panel->snapshot();
    m_actions->update(snapshot ? &*snapshot : nullptr, m_identity->name(), isReadOnly());
    // The state shown may be about to change: nothing more until the write in flight ends.
    if (snapshot && m_writes->isWriting(snapshot->operation.operationId)) {
        for (QAction *action : m_actions->writes())
            action->setEnabled(false);
    }
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
    if (!m_store) {
        m_storeLabel->setText(tr("No store open"));
        m_countLabel->clear();
        return;
    }
    QString storeText = QDir::toNativeSeparators(m_store->location());
    if (m_store->isReadOnly())
        storeText = tr("%1 (read-only)").arg(storeText);
    m_storeLabel->setText(storeText);
    m_countLabel->setText(tr("Queue: %1").arg(m_queue->countText()));
}

void MainWindow::onStoreChanged()
{
    refreshNow();
    m_liveLabel->setText(tr("Live · changed %1").arg(QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"))));
}

void MainWindow::refreshNow()
{
    if (!m_store)
        return;
    // A snapshot never sees a later change: opening the store again takes a new one.
    if (m_store->freshness() != Store::Freshness::Live) {
        reopenStore();
        return;
    }
    const QString current = m_panel->operationId();
    m_queue->refresh(current);
    if (!current.isEmpty())
        loadOperation(current, true);
    updateStatus();
}

void MainWindow::reopenStore()
{
    const QString current = m_panel->operationId();
    if (openStore(m_store->location(), m_readOnlyAsked) && !current.isEmpty())
        showOperation(current);
}

void MainWindow::changeOperator()
{
    m_identity->ask(this);
}

bool MainWindow::startWrite(const QString &operationId, const QString &doing, WriteRunner::Write write,
                            WriteRunner::Done done)
{
    if (!m_store)
        return false;
    const QString waiting = tr("%1 — waiting for the store").arg(doing);
    const bool started = m_writes->start(m_store->location(), operationId, std::move(write),
                                         [this, waiting, done = std::move(done)](const std::optional<Error> &error) {
                                             if (statusBar()->currentMessage() == waiting)
                                                 statusBar()->clearMessage();
                                             m_refresher->catchUp(); // done() refreshes
                                             done(error);
                                         });
    if (!started) {
        statusBar()->showMessage(tr("%1 is still being written. Wait for it to finish.").arg(operationId), 5000);
        return false;
    }
    statusBar()->showMessage(waiting);
    return true;
}

void MainWindow::claim(bool takeOver)
{
    const auto &snapshot = m_panel->snapshot();
    if (!m_store || !snapshot || !m_actions->claim()->isVisible())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_identity->name();
    const QString id = seen.operationId;
    startWrite(id, takeOver ? tr("Taking over %1").arg(id) : tr("Claiming %1").arg(id),
               [seen, operatorName, takeOver](Store &store) -> std::optional<Error> {
                   auto claimed = Resolver(store).claim(seen, operatorName, takeOver);
                   if (!claimed)
                       return claimed.error();
                   return std::nullopt;
               },
               [this, id, takeOver](const std::optional<Error> &error) {
                   if (error)
                       reportError(takeOver ? tr("Cannot take over") : tr("Cannot claim"), error->message);
                   else
                       statusBar()->showMessage(tr("You are checking %1.").arg(id), 5000);
                   refreshNow();
               });
}

void MainWindow::confirmTakeOver()
{
    const auto &snapshot = m_panel->snapshot();
    if (!snapshot || !m_actions->takeOver()->isEnabled())
        return;
    const Operation &operation = snapshot->operation;
    const QString when = operation.claimedAt ? TimeText::moment(*operation.claimedAt, now()) : tr("an unknown time");
    auto *box = new QMessageBox(QMessageBox::Question, tr("Take over %1?").arg(operation.operationId),
                                tr("%1 claimed %2 at %3 and may be talking to the provider right now.\n\n"
                                   "Take it over only if they handed it to you. They will see it claimed by you.")
                                    .arg(operation.claimedBy, operation.operationId, when),
                                QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("takeOverDialog"));
    box->setTextFormat(Qt::PlainText);
    QPushButton *yes = box->addButton(tr("Take over"), QMessageBox::AcceptRole);
    box->setDefaultButton(QMessageBox::Cancel);
    box->setAttribute(Qt::WA_DeleteOnClose);
    const QString id = operation.operationId;
    connect(box, &QMessageBox::finished, this, [this, box, yes, id] {
        if (box->clickedButton() == yes && m_panel->operationId() == id)
            claim(true);
    });
    box->open();
}

void MainWindow::release()
{
    const auto &snapshot = m_panel->snapshot();
    if (!m_store || !snapshot || !m_actions->release()->isEnabled())
        return;
    const Operation seen = snapshot->operation;
    const QString operatorName = m_identity->name();
    const QString id = seen.operationId;
    startWrite(id, tr("Releasing %1").arg(id),
               [seen, operatorName](Store &store) -> std::optional<Error> {
                   auto released = Resolver(store).release(seen, operatorName);
                   if (!released)
                       return released.error();
                   return std::nullopt;
               },
               [this, id](const std::optional<Error> &error) {
                   if (error)
                       reportError(tr("Cannot release"), error->message);
                   else
                       statusBar()->showMessage(tr("%1 is back in the queue.").arg(id), 5000);
                   refreshNow();
               });
}

void MainWindow::recordOutcome()
{
    const auto &snapshot = m_panel->snapshot();
    if (!m_store || !snapshot || !m_actions->record()->isEnabled())
        return;
    if (m_resolveDialog) {
        m_resolveDialog->raise();
        m_resolveDialog->activateWindow();
        return;
    }
    const SeenState seen = SeenState::of(snapshot->operation);
    auto submitter = [this, seen](const ResolutionDraft &draft, const ResolveDialog::Done &done) {
        if (!m_store) {
            done(Error::unavailable(tr("The store was closed. Open it again and record the outcome there.")));
            return;
        }
        const bool started = startWrite(
            draft.operationId, tr("Recording the outcome of %1").arg(draft.operationId),
            [draft, seen](Store &store) -> std::optional<Error> {
                auto recorded = Resolver(store).resolve(draft, seen);
                if (!recorded)
                    return recorded.error();
                return std::nullopt;
            },
            done);
        if (!started)
            done(Error::unavailable(tr("%1 is still being written. Wait for it to finish, then record the "
                                       "outcome again.").arg(draft.operationId)));
    };
    auto *dialog = new ResolveDialog(*snapshot, m_identity->name(), std::move(submitter), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_resolveDialog = dialog;
    connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
        if (result == QDialog::Accepted) {
            statusBar()->showMessage(tr("Recorded. No new key was issued."), 5000);
        } else if (dialog->lastError() && dialog->lastError()->kind == ErrorKind::Conflict) {
            reportError(tr("Someone else changed this operation"),
                        tr("%1\n\nThe window now shows its current state.").arg(dialog->lastError()->message));
        }
        refreshNow();
    });
    dialog->open();
}

void MainWindow::copyReply()
{
    const auto &snapshot = m_panel->snapshot();
    if (!snapshot)
        return;
    const QString reply = CustomerReply::forOperation(snapshot->operation);
    QApplication::clipboard()->setText(reply);
    statusBar()->showMessage(tr("Copied for the customer: %1").arg(reply), 8000);
}

} // namespace RefundDesk
