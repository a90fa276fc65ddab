#include "ui/common/cellfittedcolumns.h"

#include <QAbstractItemModel>
#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>
#include <QTimer>

namespace RefundDesk {

CellFittedColumns::CellFittedColumns(QTableView *view, int elasticColumn)
    : QObject(view)
    , m_view(view)
    , m_viewport(view->viewport())
    , m_elastic(elasticColumn)
{
    setObjectName(QStringLiteral("cellFittedColumns"));
    // The widths are worked out here; a stretching last section would undo them.
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_viewport->installEventFilter(this);
    watchModel();
    refit();
}

CellFittedColumns *CellFittedColumns::of(const QTableView *view)
{
    return view->findChild<CellFittedColumns *>(QStringLiteral("cellFittedColumns"), Qt::FindDirectChildrenOnly);
}

void CellFittedColumns::watchModel()
{
    QAbstractItemModel *model = m_view->model();
    if (!model)
        return;
    const auto later = [this] { QTimer::singleShot(0, this, &CellFittedColumns::refit); };
    connect(model, &QAbstractItemModel::modelReset, this, later);
    connect(model, &QAbstractItemModel::layoutChanged, this, later);
    connect(model, &QAbstractItemModel::rowsInserted, this, later);
    connect(model, &QAbstractItemModel::rowsRemoved, this, later);
    connect(model, &QAbstractItemModel::dataChanged, this, later);
    connect(model, &QAbstractItemModel::headerDataChanged, this, later);
}

bool CellFittedColumns::eventFilter(QObject *watched, QEvent *event)
{
    // Compared with the viewport kept at the start: while the view is torn down its children
    // still send events, and the view is no longer a table view to be asked for anything.
    if (event->type() == QEvent::Resize && watched == m_viewport)
        refit();
    return QObject::eventFilter(watched, event);
}

void CellFittedColumns::refit()
{
    if (m_refitting || !m_view->model())
        return;
    m_refitting = true;
    QHeaderView *header = m_view->horizontalHeader();
    const int columns = header->count();
    QList<int> needed(columns, 0);
    // Public in the base, protected in QTableView.
    const QAbstractItemView *view = m_view;
    int others = 0;
    for (int column = 0; column < columns; ++column) {
        if (header->isSectionHidden(column))
            continue;
        // The header's own hint and the delegate's for each row (icons and margins too).
        needed[column] = qMax(header->sectionSizeHint(column), view->sizeHintForColumn(column));
        if (column != m_elastic)
            needed[column] = qMax(needed[column], header->sectionSize(column));
        if (column != m_elastic)
            others += needed[column];
    }
    for (int column = 0; column < columns; ++column) {
        if (!header->isSectionHidden(column) && column != m_elastic)
            header->resizeSection(column, needed[column]);
    }
    if (m_elastic >= 0 && m_elastic < columns && !header->isSectionHidden(m_elastic)) {
        // What is left of the viewport, never less than the header asks for.
        const int left = m_view->viewport()->width() - others;
        header->resizeSection(m_elastic, qMax(header->sectionSizeHint(m_elastic), left));
    }
    m_refitting = false;
}

} // namespace RefundDesk
