#include "ui/audit/auditwindow.h"

#include "ui/audit/auditchaincheck.h"
#include "ui/audit/auditfilterbar.h"
#include "ui/audit/exposurechart.h"
#include "ui/common/focusorder.h"
#include "ui/common/livetext.h"
#include "ui/common/storenotice.h"
#include "ui/common/tablesetup.h"
#include "ui/common/theme.h"
#include "ui/common/tonedelegate.h"

#include "audit/auditentrymodel.h"
#include "audit/audittotalsmodel.h"
#include "audit/exposuretimeline.h"
#include "items/tooltiptext.h"
#include "store/store.h"

#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QEvent>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace RefundDesk {

namespace {

template<typename T>
using Answer = std::shared_ptr<Result<T>>;

// Runs `work` on the thread pool with its own read-only connection to the store at
// `location`, then `done` with the answer on `receiver`'s thread (unless it is gone).
template<typename T, typename Work, typename Done>
void runInBackground(QObject *receiver, const QString &location, Work work, Done done)
{
    auto *watcher = new QFutureWatcher<Answer<T>>(receiver);
    QObject::connect(watcher, &QFutureWatcherBase::finished, receiver, [watcher, done] {
        watcher->deleteLater();
        if (watcher->future().resultCount() > 0)
            done(*watcher->result());
    });
    watcher->setFuture(QtConcurrent::run([location, work]() -> Answer<T> {
        auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
        if (!store)
            return std::make_shared<Result<T>>(store.error());
        return std::make_shared<Result<T>>(work(**store));
    }));
}

} // namespace

AuditWindow::AuditWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_filters(new AuditFilterBar(this))
    , m_model(new AuditEntryModel(this))
    , m_totals(new AuditTotalsModel(this))
    , m_table(new QTableView(this))
    , m_totalsTable(new QTableView(this))
    , m_chart(new ExposureChart(this))
    , m_tabs(new QTabWidget(this))
    , m_chainLabel(new BannerLabel(this))
    , m_chainCheck(new AuditChainCheck(m_chainLabel, this))
    , m_countLabel(new QLabel(this))
    , m_rowHint(new QLabel(this))
    , m_storeLabel(new QLabel(this))
    , m_layout(this, QStringLiteral("auditWindow"))
{
    setObjectName(QStringLiteral("auditWindow"));
    m_chainLabel->setObjectName(QStringLiteral("chainLabel"));
    m_chainLabel->setWordWrap(true);
    m_chainLabel->setMargin(6);
    LiveText::makeReadable(m_chainLabel);
    connect(m_chainCheck, &AuditChainCheck::checked, this, &AuditWindow::chainChecked);
    m_countLabel->setObjectName(QStringLiteral("countLabel"));
    m_rowHint->setObjectName(QStringLiteral("rowHint"));
    m_rowHint->setWordWrap(true);
    LiveText::makeReadable(m_rowHint);
    m_rowHint->hide();
    m_table->setObjectName(QStringLiteral("auditTable"));
    m_totalsTable->setObjectName(QStringLiteral("totalsTable"));

    m_table->setModel(m_model);
    setUpReadOnlyTable(m_table);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->setItemDelegate(new ToneDelegate(
        [](const QModelIndex &index) {
            if (index.column() == AuditEntryModel::OutcomeColumn)
                return Theme::toneOfVerdict(index.data(AuditEntryModel::OutcomeRole).toString());
            if (index.column() == AuditEntryModel::OverrideColumn && index.data(AuditEntryModel::OverrideRole).toBool())
                return Theme::Tone::Warning;
            return Theme::Tone::Neutral;
        },
        [](const QModelIndex &index) { return index.data(AuditEntryModel::OverrideRole).toBool(); }, m_table));
    // Wide enough for typical content; the note and evidence show in full as tooltips.
    const std::pair<int, const char *> samples[] = {
        {AuditEntryModel::IdColumn, "#1000000"},
        {AuditEntryModel::RecordedLocalColumn, "2024-06-01 12:00:00"},
        {AuditEntryModel::RecordedUtcColumn, "2024-06-01 12:00:00 UTC"},
        {AuditEntryModel::OperationColumn, "op_100000"},
        {AuditEntryModel::OrderColumn, "1000000"},
        {AuditEntryModel::AmountColumn, "1,000.00 USD"},
        {AuditEntryModel::OutcomeColumn, "refunded"},
        {AuditEntryModel::RefundIdColumn, "re_3Kx9AbCdEfGhIj"},
        {AuditEntryModel::EvidenceColumn, "webhook:evt_1AbCdEfGhIjK"},
        {AuditEntryModel::NoteColumn, "Provider support confirmed the refund"},
        {AuditEntryModel::OperatorColumn, "operator"},
        {AuditEntryModel::PreviousStatusColumn, "Previous status"},
    };
    for (const auto &[column, sample] : samples)
        fitColumnWidth(m_table->horizontalHeader(), column, fontMetrics().horizontalAdvance(QLatin1String(sample)) + 24);

    m_totalsTable->setModel(m_totals);
    setUpReadOnlyTable(m_totalsTable);
    m_totalsTable->horizontalHeader()->setStretchLastSection(false);
    m_totalsTable->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_totalsTable->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_totalsTable->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // Room for a few outcome and currency pairs; more scroll.
    m_totalsTable->setMaximumHeight(m_totalsTable->verticalHeader()->defaultSectionSize() * 7
                                    + m_totalsTable->horizontalHeader()->sizeHint().height());

    auto *logPage = new QWidget(this);
    auto *logLayout = new QVBoxLayout(logPage);
    logLayout->setContentsMargins(0, 0, 0, 0);
    logLayout->addWidget(m_table, 1);
    logLayout->addWidget(m_rowHint);
    m_tabs->addTab(logPage, QString());
    m_tabs->addTab(m_chart, QString());

    m_totalsTitle = new QLabel(this);
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->addWidget(m_chainLabel);
    layout->addWidget(m_filters);
    layout->addWidget(m_tabs, 1);
    auto *totalsHeader = new QHBoxLayout;
    totalsHeader->addWidget(m_totalsTitle, 1);
    totalsHeader->addWidget(m_countLabel);
    layout->addLayout(totalsHeader);
    layout->addWidget(m_totalsTable);
    setCentralWidget(central);
    m_storeLabel->setTextFormat(Qt::PlainText);
    statusBar()->addWidget(m_storeLabel, 1);

    createMenus();
    retranslateUi();
    connect(m_filters, &AuditFilterBar::filterChanged, this, &AuditWindow::applyFilter);
    connect(m_model, &AuditEntryModel::loaded, this, &AuditWindow::updateRowHint);
    connect(m_model, &AuditEntryModel::readFailed, this, [this](const QString &message) {
        statusBar()->showMessage(tr("Cannot read the audit log: %1").arg(message));
    });
    resize(1280, 760);
    // Tab follows the reading order: the chain's state, the filters, the log, the totals.
    setFocusOrder(QList<QWidget *>{m_chainLabel} << m_filters->focusOrder() << m_tabs << m_table << m_rowHint << m_chart
                                                << m_totalsTable);
    LiveText::followMessages(statusBar());
    m_chainLabel->setFocus(); // where the keyboard starts: whether the log can be trusted
    m_layout.addHeader(QStringLiteral("auditHeader"), m_table->horizontalHeader());
    m_layout.restore();
    setStore(nullptr, std::nullopt);
}

AuditWindow::~AuditWindow()
{
    // Jobs on the pool hold their own connections and nothing of this window; cancel the
    // long ones so they stop at their next page.
    m_chainCheck->cancel();
    m_model->setStore(nullptr);
    // Open when the console closes: closeEvent() did not run.
    if (isVisible())
        m_layout.save();
}

void AuditWindow::closeEvent(QCloseEvent *event)
{
    m_layout.save();
    QMainWindow::closeEvent(event);
}

void AuditWindow::createMenus()
{
    // The texts are set by retranslateUi().
    m_fileMenu = menuBar()->addMenu(QString());
    m_exportAction = m_fileMenu->addAction(QString(), this, &AuditWindow::exportLog);
    m_exportAction->setObjectName(QStringLiteral("exportAction"));
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    m_fileMenu->addSeparator();
    m_closeAction = m_fileMenu->addAction(QString(), this, &QWidget::close);
    m_closeAction->setShortcut(QKeySequence::Close);

    m_viewMenu = menuBar()->addMenu(QString());
    m_refreshAction = m_viewMenu->addAction(QString(), this, &AuditWindow::refresh);
    m_refreshAction->setShortcut(QKeySequence::Refresh);
    m_logAction = m_viewMenu->addAction(QString(), this, [this] { m_tabs->setCurrentIndex(0); });
    m_logAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_exposureAction = m_viewMenu->addAction(QString(), this, [this] { m_tabs->setCurrentIndex(1); });
    m_exposureAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
}

void AuditWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QMainWindow::changeEvent(event);
}

void AuditWindow::retranslateUi()
{
    // The filters and the chart say their own texts again; the rows stay where they are.
    setWindowTitle(tr("Audit log — Refund Desk"));
    m_fileMenu->setTitle(tr("&File"));
    m_exportAction->setText(tr("&Export…"));
    m_exportAction->setStatusTip(tr("Write the selected decisions to a CSV or JSON file"));
    m_closeAction->setText(tr("&Close"));
    m_viewMenu->setTitle(tr("&View"));
    m_refreshAction->setText(tr("&Refresh and check the chain again"));
    m_logAction->setText(tr("The &log"));
    m_exposureAction->setText(tr("The unknown &exposure"));
    m_tabs->setTabText(0, tr("&Log"));
    m_tabs->setTabText(1, tr("Unknown &exposure"));
    m_totalsTitle->setText(tr("Totals of the selected decisions by outcome and currency"));
    m_table->setAccessibleName(tr("Decisions"));
    m_totalsTable->setAccessibleName(m_totalsTitle->text());
    m_tabs->setAccessibleName(tr("Audit views"));
    m_tabs->widget(0)->setAccessibleName(tr("Decisions"));
    m_tabs->widget(1)->setAccessibleName(tr("Unknown exposure"));
    m_model->retranslate();
    m_totals->retranslate();
    updateStoreLabel();
    updateCountLabel();
    updateRowHint();
    m_chainCheck->showState();
}

void AuditWindow::updateStoreLabel()
{
    if (!m_facts) {
        m_storeLabel->setText(tr("No store open"));
        m_storeLabel->setToolTip(QString());
        return;
    }
    QString where = QDir::toNativeSeparators(m_facts->location);
    if (m_facts->state.readOnly)
        where = tr("%1 (read-only)").arg(where);
    // What it means for the auditor beside the location; the technical reason on hover.
    const StoreNotice notice = StoreNotice::about(*m_facts, false, QDateTime::currentDateTime());
    if (!notice.aside().isEmpty())
        where += QStringLiteral(" — ") + notice.aside();
    m_storeLabel->setText(where);
    m_storeLabel->setToolTip(ToolTipText::fromPlainText(m_facts->state.openNote));
}

void AuditWindow::updateCountLabel()
{
    switch (m_totalsState) {
    case TotalsState::None: m_countLabel->clear(); break;
    case TotalsState::Counting: m_countLabel->setText(tr("Counting…")); break;
    case TotalsState::Failed: m_countLabel->setText(tr("Totals unavailable: %1").arg(m_totalsError)); break;
    case TotalsState::Done:
        m_countLabel->setText(tr("%Ln decision(s) match", nullptr, int(m_totals->resolutionCount())));
        break;
    }
}

void AuditWindow::setStore(StoreWorker *worker, const std::optional<StoreFacts> &facts)
{
    m_worker = facts ? worker : nullptr;
    m_facts = worker ? facts : std::nullopt;
    ++m_storeGeneration;
    ++m_filterGeneration;
    m_model->setStore(m_worker, m_filters->query());
    m_totals->setTotals({});
    m_totalsState = TotalsState::None;
    updateCountLabel();
    updateStoreLabel();
    if (!m_facts) {
        m_chainCheck->clear();
        m_chart->setTimeline({});
        return;
    }
    loadTotals();
    loadOperators();
    loadTimeline();
    m_chainCheck->start(m_facts->location);
}

const std::optional<AuditReport> &AuditWindow::chainReport() const
{
    return m_chainCheck->report();
}

void AuditWindow::refresh()
{
    setStore(m_worker, m_facts);
}

void AuditWindow::applyFilter()
{
    ++m_filterGeneration;
    m_model->setQuery(m_filters->query());
    m_table->scrollToTop();
    loadTotals();
}

void AuditWindow::updateRowHint()
{
    if (m_model->reachedRowLimit()) {
        m_rowHint->setText(tr("Showing the first %Ln matching decision(s). Narrow the filters, or export them all "
                              "(File › Export…).", nullptr, int(AuditEntryModel::MaxRows)));
        m_rowHint->show();
    } else {
        m_rowHint->hide();
    }
}

void AuditWindow::loadTotals()
{
    if (!m_facts)
        return;
    m_totalsState = TotalsState::Counting;
    updateCountLabel();
    const quint64 generation = m_filterGeneration;
    AuditQuery query = m_filters->query();
    runInBackground<std::vector<AuditTotal>>(
        this, m_facts->location, [query](Store &store) { return store.auditTotals(query); },
        [this, generation](const Result<std::vector<AuditTotal>> &answer) {
            if (generation != m_filterGeneration)
                return;
            if (!answer) {
                m_totalsState = TotalsState::Failed;
                m_totalsError = answer.error().message;
                updateCountLabel();
                return;
            }
            m_totals->setTotals(*answer);
            m_totalsState = TotalsState::Done;
            updateCountLabel();
        });
}

void AuditWindow::loadOperators()
{
    const quint64 generation = m_storeGeneration;
    runInBackground<QStringList>(
        this, m_facts->location, [](Store &store) { return store.auditOperators(); },
        [this, generation](const Result<QStringList> &answer) {
            if (generation == m_storeGeneration && answer)
                m_filters->setOperators(*answer);
        });
}

void AuditWindow::loadTimeline()
{
    const quint64 generation = m_storeGeneration;
    const qint64 today = ExposureTimeline::dayOf(QDateTime::currentMSecsSinceEpoch());
    runInBackground<ExposureTimeline>(
        this, m_facts->location,
        [today](Store &store) -> Result<ExposureTimeline> {
            auto changes = store.exposureChanges();
            if (!changes)
                return changes.error();
            auto decisions = store.decisionsByDay();
            if (!decisions)
                return decisions.error();
            return ExposureTimeline::build(*changes, *decisions, today);
        },
        [this, generation](const Result<ExposureTimeline> &answer) {
            if (generation != m_storeGeneration)
                return;
            if (!answer) {
                statusBar()->showMessage(tr("Cannot draw the exposure: %1").arg(answer.error().message));
                return;
            }
            m_chart->setTimeline(*answer);
        });
}

} // namespace RefundDesk
