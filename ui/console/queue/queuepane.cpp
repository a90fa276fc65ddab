#include "ui/console/queue/queuepane.h"

#include "evidence/batchplan.h"
#include "evidence/evidence.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "ui/common/handsizedsections.h"
#include "ui/common/livetext.h"
#include "ui/common/tablesetup.h"
#include "ui/common/tonedelegate.h"
#include "ui/common/wrappingheaderview.h"
#include "ui/console/shell/daywatch.h"
#include "ui/console/queue/queuecolumns.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queueviewcounts.h"

#include <QEvent>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace RefundDesk {

QueuePane::QueuePane(QWidget *parent)
    : QWidget(parent)
    , m_filterBar(new QueueFilterBar(this))
    , m_view(new QTableView(this))
    , m_model(new QueueModel(this))
    , m_empty(new QLabel(this))
    , m_dayWatch(new DayWatch(this))
{
    m_view->setObjectName(QStringLiteral("queueView"));
    // Ten columns share a small screen's half: a title wraps rather than being cut.
    m_view->setHorizontalHeader(new WrappingHeaderView(m_view));
    m_view->setModel(m_model);
    setUpReadOnlyTable(m_view);
    // Many at once for a batch: Ctrl/Shift-click and Ctrl+A; the current row is what the
    // panel shows.
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setItemDelegate(new ToneDelegate(
        [](const QModelIndex &index) {
            switch (index.column()) {
            case QueueModel::StatusColumn:
                return Theme::toneOfStatus(index.data(QueueModel::StatusRole).toString());
            case QueueModel::VerdictColumn:
                return Theme::toneOfVerdict(index.data(QueueModel::VerdictRole).toString());
            case QueueModel::KeyWindowColumn:
                return index.data(QueueModel::KeyClosedRole).toBool() ? Theme::Tone::Muted : Theme::Tone::Neutral;
            // The age of an overdue row keeps the text's colour: the warning icon marks it, and
            // its tooltip and accessible text say "overdue". On a queue where most rows are
            // overdue, a coloured word on each was noise.
            case QueueModel::ClaimedByColumn:
                return index.data(QueueModel::MineRole).toBool() ? Theme::Tone::Info : Theme::Tone::Neutral;
            }
            return Theme::Tone::Neutral;
        },
        [](const QModelIndex &index) {
            return index.column() == QueueModel::OperationColumn
                || (index.column() == QueueModel::ClaimedByColumn && index.data(QueueModel::MineRole).toBool());
        },
        [this](const QModelIndex &index) {
            // A note on the operation marks its id; its first line is in the row's tooltip.
            if (index.column() == QueueModel::OperationColumn
                && !index.data(QueueModel::LatestNoteRole).toString().isEmpty())
                return style()->standardIcon(QStyle::SP_FileDialogDetailedView, nullptr, this);
            if (index.column() != QueueModel::AgeColumn || !index.data(QueueModel::OverdueRole).toBool())
                return QIcon();
            return style()->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, this);
        },
        m_view));

    QHeaderView *header = m_view->horizontalHeader();
    header->setSortIndicatorClearable(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    header->setSortIndicatorShown(true);
    header->setSectionsClickable(true);
    // The person may put the columns in the order they read them; the console remembers
    // the order and the widths (MainWindow's layout).
    header->setSectionsMovable(true);
    header->setFirstSectionMovable(true);
    m_handSized = new HandSizedSections(header);
    fitColumns();
    // The verdict is derived from the events, not a column SQL can order by.
    connect(header, &QHeaderView::sortIndicatorChanged, this, [this, header](int section, Qt::SortOrder order) {
        bool descending = false;
        if (!QueueModel::sortKeyFor(section, order, &descending)) {
            const QSignalBlocker blocker(header);
            header->setSortIndicator(-1, Qt::AscendingOrder);
            return;
        }
        keepPlaceUntilListed(currentOperationId(), false);
        m_model->sort(section, order);
    });

    m_empty->setObjectName(QStringLiteral("queueEmpty"));
    m_empty->setTextFormat(Qt::PlainText);
    m_empty->setWordWrap(true);
    m_empty->setAlignment(Qt::AlignCenter);
    LiveText::makeReadable(m_empty);
    m_empty->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 0, 4);
    layout->setSpacing(4);
    layout->addWidget(m_filterBar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_empty);

    connect(m_filterBar, &QueueFilterBar::filterChanged, this, &QueuePane::applyFilter);
    // The model lists what the bar's view shows from the start.
    QueueQuery query;
    m_filterBar->applyTo(query, m_operatorName);
    query.today = m_dayWatch->today();
    m_model->setQuery(query, m_filterBar->verdict());
    m_viewCounts = new QueueViewCounts(m_model, this);
    m_viewCounts->setToday(m_dayWatch->today());
    connect(m_dayWatch, &DayWatch::dayChanged, this, &QueuePane::dayChanged);
    connect(m_viewCounts, &QueueViewCounts::changed, this, &QueuePane::showViewCounts);
    connect(m_filterBar, &QueueFilterBar::searchAccepted, this, &QueuePane::goToFirstMatch);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &QueuePane::onCurrentChanged);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &QueuePane::selectionChanged);
    // A listing's rows are applied by the model when they come: selection changes then
    // are the model's, not the person's.
    connect(m_model, &QueueModel::rowsAboutToArrive, this, [this] { m_quiet = true; });
    connect(m_model, &QueueModel::loaded, this, &QueuePane::onListed);
    connect(m_model, &QueueModel::loadingChanged, this, &QueuePane::updateEmptyText);
}

void QueuePane::onListed()
{
    m_quiet = false;
    const bool viewChanged = m_place && m_place->viewChanged;
    restorePlace();
    if (std::exchange(m_firstMatchWhenListed, false)) {
        if (chooseFirst())
            focusList();
    } else if (viewChanged && m_model->rowCount() == 1 && m_model->isAtEnd() && currentOperationId().isEmpty()) {
        // A view (a search, most often) that leaves one operation: that is the one meant.
        chooseFirst();
    }
    updateEmptyText();
    emit countChanged();
    emit listed();
    if (viewChanged)
        emit viewListed();
    emit selectionChanged();
}

void QueuePane::goToFirstMatch()
{
    // The search's rows may still be on their way (Return right after typing).
    if (m_model->isLoading()) {
        m_firstMatchWhenListed = true;
        return;
    }
    if (chooseFirst())
        focusList();
}

bool QueuePane::chooseFirst()
{
    if (m_model->rowCount() == 0)
        return false;
    const QString id = m_model->index(0, 0).data(QueueModel::OperationIdRole).toString();
    select(id);
    emit operationChosen(id);
    return true;
}

void QueuePane::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        // The rows stay, with the selection and the scroll position: only their texts
        // (headers, verdicts, ages, amounts) are said again.
        m_model->retranslate();
        fitColumns();
        if (!m_empty->isHidden())
            updateEmptyText();
    }
    QWidget::changeEvent(event);
}

void QueuePane::fitColumns()
{
    QHeaderView *header = m_view->horizontalHeader();
    header->setToolTip(tr("Click a column to sort (oldest first when none is chosen); drag it to move it"));
    m_view->setAccessibleName(tr("Queue"));
    m_view->setAccessibleDescription(tr("The operations that need a person. The arrow keys show one in the panel."));
    // A column the person sized in this session keeps its width when the language changes.
    m_handSized->fitKeepingThem([this] { QueueColumns::fit(m_view); });
}

void QueuePane::updateEmptyText()
{
    const bool empty = m_model->rowCount() == 0;
    m_empty->setVisible(empty);
    if (!empty)
        return;
    LiveText::setText(m_empty, !m_model->hasStore()     ? tr("No store is open. File › Open store… (Ctrl+O)")
                     : m_model->isLoading()   ? tr("Reading the queue…")
                     : m_model->lastError()   ? m_model->lastError()->message
                     : m_model->query().searchText.isEmpty() && m_model->verdictFilter().isEmpty()
                         ? tr("Nothing needs a person right now.")
                         : tr("No operation matches the filter."));
}

void QueuePane::setStore(StoreWorker *worker, int keyRetentionHours, int queueTargetHours)
{
    m_place.reset();
    m_quiet = true;
    m_model->setQueueTargetHours(queueTargetHours);
    m_model->setStore(worker, keyRetentionHours);
    m_quiet = false;
    m_viewCounts->setStore(worker);
    updateEmptyText();
}

void QueuePane::setOperatorName(const QString &name)
{
    m_operatorName = name;
    m_model->setOperatorName(name);
    m_viewCounts->setOperatorName(name);
    m_viewCounts->read();
    if (m_model->query().namesClaimant())
        applyFilter();
}

void QueuePane::applyFilter()
{
    keepPlaceUntilListed(currentOperationId(), false);
    m_place->viewChanged = true;
    QueueQuery query = m_model->query();
    m_filterBar->applyTo(query, m_operatorName);
    query.today = m_dayWatch->today();
    m_quiet = true;
    m_model->setQuery(query, m_filterBar->verdict());
    m_quiet = false;
    // The status bar's count and oldest are the view's.
    m_viewCounts->read();
}

void QueuePane::refresh(const QString &operationId)
{
    keepPlaceUntilListed(operationId, true);
    m_quiet = true;
    m_model->refresh();
    m_quiet = false;
    m_viewCounts->read();
}

void QueuePane::dayChanged()
{
    // Follow-ups whose day came are back in Needs a person now, without a change in the
    // store to say so.
    keepPlaceUntilListed(currentOperationId(), true);
    m_quiet = true;
    m_model->setToday(m_dayWatch->today());
    m_quiet = false;
    m_viewCounts->setToday(m_dayWatch->today());
    m_viewCounts->read();
}

void QueuePane::showViewCounts()
{
    using View = QueueFilterBar::View;
    const auto &counts = m_viewCounts->counts();
    const auto count = [&counts](auto part) {
        return counts ? std::optional<qint64>(std::invoke(part, *counts)) : std::nullopt;
    };
    emit countChanged(); // the view's own count came with them
    m_filterBar->setCount(View::NeedsPersonNow, count(&QueueCounts::freeOrMineNow));
    m_filterBar->setCount(View::NeedsAnyoneNow, count(&QueueCounts::needsPersonNow));
    m_filterBar->setCount(View::Mine, count(&QueueCounts::mine));
    m_filterBar->setCount(View::Free, count(&QueueCounts::free));
    m_filterBar->setCount(View::Waiting, count(&QueueCounts::waiting));
    m_filterBar->setCount(View::All, count(&QueueCounts::all));
    // Counted from the verdicts read so far: "12+" until every operation has been read.
    const bool complete = m_viewCounts->evidenceComplete();
    const auto evidence = [&counts](int n) { return counts ? std::optional<qint64>(n) : std::nullopt; };
    m_filterBar->setCount(View::Settled, evidence(m_viewCounts->settled()), !complete);
    m_filterBar->setCount(View::NoEvidence, evidence(m_viewCounts->noEvidence()), !complete);
}

void QueuePane::keepPlaceUntilListed(const QString &selected, bool keepTop)
{
    Place place;
    place.selected = selected;
    if (keepTop) {
        // Keep the row at the top of the view at the top, if it stays.
        const QModelIndex top = m_view->indexAt(QPoint(0, 0));
        place.top = top.isValid() ? top.data(QueueModel::OperationIdRole).toString() : QString();
        place.scroll = m_view->verticalScrollBar()->value();
    }
    // A place asked for earlier and not yet restored keeps its top row, and its view.
    if (m_place && place.top.isEmpty() && place.scroll < 0) {
        place.top = m_place->top;
        place.scroll = m_place->scroll;
    }
    place.viewChanged = m_place && m_place->viewChanged;
    m_place = place;
}

void QueuePane::restorePlace()
{
    if (!m_place)
        return;
    const Place place = *std::exchange(m_place, std::nullopt);
    const bool keepTop = place.scroll >= 0;
    select(place.selected, !keepTop);
    if (!keepTop)
        return;
    const int topRow = place.top.isEmpty() ? -1 : m_model->rowOf(place.top);
    if (topRow >= 0)
        m_view->scrollTo(m_model->index(topRow, 0), QAbstractItemView::PositionAtTop);
    else
        m_view->verticalScrollBar()->setValue(place.scroll);
}

bool QueuePane::select(const QString &operationId, bool scroll)
{
    const int row = operationId.isEmpty() ? -1 : m_model->rowOf(operationId);
    m_quiet = true;
    if (row >= 0) {
        const QModelIndex index = m_model->index(row, 0);
        if (m_view->currentIndex().row() != row)
            m_view->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                                  | QItemSelectionModel::Rows);
        else
            m_view->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        if (scroll)
            m_view->scrollTo(index);
    } else {
        m_view->selectionModel()->clearCurrentIndex();
        m_view->selectionModel()->clearSelection();
    }
    m_quiet = false;
    return row >= 0;
}

QStringList QueuePane::listedOperationIds() const
{
    QStringList ids;
    for (int row = 0; row < m_model->rowCount(); ++row)
        ids << m_model->index(row, 0).data(QueueModel::OperationIdRole).toString();
    return ids;
}

bool QueuePane::listsWholeQueue() const
{
    const QueueQuery &query = m_model->query();
    // What is free or the operator's is the whole queue to a batch: it leaves out every
    // colleague's claim by itself (BatchPlanner), and with it no row the person does not see.
    const bool wholeOrFreeOrMine = query.statusFilter == QueueQuery::StatusFilter::NeedsPerson
        || query.statusFilter == QueueQuery::StatusFilter::FreeOrClaimedBy;
    return wholeOrFreeOrMine && query.searchText.trimmed().isEmpty() && m_model->verdictFilter().isEmpty();
}

QString QueuePane::currentOperationId() const
{
    return m_view->currentIndex().data(QueueModel::OperationIdRole).toString();
}

QStringList QueuePane::selectedOperationIds() const
{
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    QStringList ids;
    for (const QModelIndex &row : rows)
        ids << row.data(QueueModel::OperationIdRole).toString();
    return ids;
}

int QueuePane::selectSettledByEvidence()
{
    QItemSelection settled;
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const QModelIndex index = m_model->index(row, 0);
        const bool free = index.data(QueueModel::StatusRole).toString() == QLatin1String("unknown")
            || index.data(QueueModel::MineRole).toBool();
        if (settledByEvidence(index.data(QueueModel::VerdictRole).toString()) && free)
            settled.select(index, index);
    }
    m_view->selectionModel()->select(settled, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    return int(settled.size());
}

void QueuePane::focusList()
{
    m_view->setFocus(Qt::ShortcutFocusReason);
    if (!m_view->currentIndex().isValid() && m_model->rowCount() > 0)
        m_view->setCurrentIndex(m_model->index(0, 0));
}

QList<QWidget *> QueuePane::focusOrder() const
{
    return m_filterBar->focusOrder() << m_view << m_empty;
}

void QueuePane::onCurrentChanged()
{
    if (m_quiet)
        return;
    const QString id = currentOperationId();
    if (!id.isEmpty())
        emit operationChosen(id);
}

int QueuePane::preferredWidth() const
{
    const QMargins margins = layout()->contentsMargins();
    return QueueColumns::preferredWidth(m_view) + margins.left() + margins.right();
}

QString QueuePane::countText() const
{
    // The view's count from the store once it counted the view listed; the views of the
    // evidence (and a view still being counted) say what is listed.
    if (const auto view = m_viewCounts->viewCounts())
        return tr("%Ln operation(s)", nullptr, int(view->inView));
    const int rows = m_model->rowCount();
    if (!m_model->isAtEnd())
        return tr("%1 shown, more below").arg(rows);
    return tr("%Ln operation(s)", nullptr, rows);
}

} // namespace RefundDesk
