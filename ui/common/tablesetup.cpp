#include "ui/common/tablesetup.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>

namespace RefundDesk {

void setUpReadOnlyTable(QTableView *view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // The arrow keys move within the table; Tab leaves it, as it does every other control.
    view->setTabKeyNavigation(false);
    view->setAlternatingRowColors(true);
    view->setShowGrid(false);
    view->setWordWrap(false);
    view->setTextElideMode(Qt::ElideRight);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->verticalHeader()->setMinimumSectionSize(view->fontMetrics().height() + 4);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setHighlightSections(false);
    view->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    view->horizontalHeader()->setSectionsMovable(false);
}

int cellTextMargin(const QWidget *view)
{
    return 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1) + 2;
}

void fitColumnWidth(QHeaderView *header, int section, int width, const QStringList &samples)
{
    // The cells are drawn in the view's font, with the item margins on both sides.
    const QWidget *view = header->parentWidget() ? header->parentWidget() : header;
    const int margin = cellTextMargin(view);
    for (const QString &sample : samples)
        width = qMax(width, view->fontMetrics().horizontalAdvance(sample) + margin);
    header->resizeSection(section, qMax(width, header->sectionSizeHint(section)));
}

void keepFirstRowsInView(QTableView *view, int rows)
{
    const auto keep = [view, rows] {
        if (!view->model())
            return;
        const int shown = qMin(rows, view->model()->rowCount(view->rootIndex()));
        int height = 2 * view->frameWidth() + view->horizontalHeader()->sizeHint().height();
        for (int row = 0; row < shown; ++row)
            height += view->rowHeight(row);
        view->setMinimumHeight(height);
    };
    // The rows' heights are set after the rows come, when their columns are fitted.
    QObject::connect(view->verticalHeader(), &QHeaderView::sectionResized, view, keep);
    QObject::connect(view->verticalHeader(), &QHeaderView::sectionCountChanged, view, keep);
}

} // namespace RefundDesk
