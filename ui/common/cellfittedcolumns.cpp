#include "ui/common/cellfittedcolumns.h"

#include <QAbstractItemModel>
#include <QFontMetrics>
#include <QEvent>
#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>
#include <QTextBoundaryFinder>
#include <QTimer>
#include <QtMath>

#include <algorithm>

namespace RefundDesk {

namespace {

// A word a line may break within: letters or "_" and digits, with no space of any kind
// (an amount's no-break space joins its digits to its currency).
bool isId(const QString &word)
{
    const auto has = [&word](auto test) { return std::any_of(word.begin(), word.end(), test); };
    return has([](QChar c) { return c.isDigit(); })
        && has([](QChar c) { return c.isLetter() || c == u'_'; })
        && !has([](QChar c) { return c.isSpace(); });
}

} // namespace

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

void CellFittedColumns::setWrapsCells(bool wraps)
{
    m_wraps = wraps;
    m_view->setWordWrap(wraps);
    m_view->setTextElideMode(wraps ? Qt::ElideNone : Qt::ElideRight);
        refit();
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
    QList<int> fitted(columns, 0);
    QList<int> needed(columns, 0);
    // Public in the base, protected in QTableView.
    const QAbstractItemView *view = m_view;
    int others = 0;
    int total = 0;
    for (int column = 0; column < columns; ++column) {
        if (header->isSectionHidden(column))
            continue;
        // The header's own hint and the delegate's for each row (icons and margins too).
        fitted[column] = qMax(header->sectionSizeHint(column), view->sizeHintForColumn(column));
        // A width set by hand, or restored, stays while it is enough.
        needed[column] = column == m_elastic ? fitted[column] : qMax(fitted[column], header->sectionSize(column));
        total += needed[column];
    }
    // Their narrowest, wrapped: what they may narrow to, and the room the view asks for.
    const QList<int> least = m_wraps ? leastWidths() : QList<int>();
    // Wrapping, a width kept stays only while the view has room for it; else every column
    // starts again from what its cells need, and the widest narrow.
    if (m_wraps && total > m_view->viewport()->width()) {
        needed = fitted;
        narrowToFit(needed, least);
    }
    for (int column = 0; column < columns; ++column) {
        if (!header->isSectionHidden(column) && column != m_elastic)
            others += needed[column];
    }
    for (int column = 0; column < columns; ++column) {
        if (!header->isSectionHidden(column) && column != m_elastic)
            header->resizeSection(column, needed[column]);
    }
    if (m_elastic >= 0 && m_elastic < columns && !header->isSectionHidden(m_elastic)) {
        // What is left of the viewport, never less than the header asks for.
        const int left = m_view->viewport()->width() - others;
        const int narrowest = m_wraps ? needed[m_elastic] : header->sectionSizeHint(m_elastic);
        header->resizeSection(m_elastic, qMax(narrowest, left));
    }
    if (m_wraps) {
        fitRowsToTheirLines();
        keepRoomFor(least);
    }
    m_refitting = false;
}

int CellFittedColumns::leastWidth(int column) const
{
    // Its header whole, and each word of its cells: a line may end only where the text
    // allows it (between words, between Chinese characters), and within an id, which reads
    // the same on two lines. An amount or a time stays whole: "38,00 USD" split after its
    // "U" reads as neither.
    const QAbstractItemView *view = m_view; // public in the base, protected in QTableView
    const QAbstractItemModel *model = m_view->model();
    // In fractions of a pixel, rounded up: a line laid out a fraction narrower than its word
    // breaks the word.
    const QFontMetricsF metrics(m_view->font());
    const auto advance = [&metrics](const QString &text) { return qCeil(metrics.horizontalAdvance(text)); };
    int least = m_view->horizontalHeader()->sectionSizeHint(column);
    for (int row = 0; row < model->rowCount(m_view->rootIndex()); ++row) {
        const QModelIndex index = model->index(row, column, m_view->rootIndex());
        const QString text = index.data().toString();
        if (text.isEmpty())
            continue;
        // What the delegate keeps beside the text: the margins, an icon.
        const int beside = view->sizeHintForIndex(index).width() - advance(text);
        QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, text);
        qsizetype start = 0;
        for (qsizetype end = breaks.toNextBoundary(); end > 0; end = breaks.toNextBoundary()) {
            const QString word = text.mid(start, end - start).trimmed();
            start = end;
            if (isId(word))
                continue;
            least = qMax(least, advance(word) + beside);
        }
    }
    return least;
}

QList<int> CellFittedColumns::leastWidths() const
{
    const QHeaderView *header = m_view->horizontalHeader();
    QList<int> least(header->count(), 0);
    for (int column = 0; column < header->count(); ++column) {
        if (!header->isSectionHidden(column))
            least[column] = leastWidth(column);
    }
    return least;
}

void CellFittedColumns::narrowToFit(QList<int> &widths, const QList<int> &leastOfEach) const
{
    const QHeaderView *header = m_view->horizontalHeader();
    const int room = m_view->viewport()->width();
    int total = 0;
    int widest = 0;
    for (int column = 0; column < widths.size(); ++column) {
        total += widths[column];
        widest = qMax(widest, widths[column]);
    }
    if (total <= room)
        return;
    QList<int> least(widths.size(), 0);
    for (int column = 0; column < widths.size(); ++column) {
        if (!header->isSectionHidden(column))
            least[column] = qMin(widths[column], leastOfEach[column]);
    }
    // The widest columns give way first, down to a common width, none below its least:
    // the largest such width at which every column fits.
    const auto widthAt = [&](int column, int cap) { return qMax(least[column], qMin(widths[column], cap)); };
    const auto totalAt = [&](int cap) {
        int sum = 0;
        for (int column = 0; column < widths.size(); ++column)
            sum += widthAt(column, cap);
        return sum;
    };
    int low = 0;
    int high = widest;
    while (low < high) {
        const int cap = (low + high + 1) / 2;
        if (totalAt(cap) <= room)
            low = cap;
        else
            high = cap - 1;
    }
    for (int column = 0; column < widths.size(); ++column)
        widths[column] = widthAt(column, low);
}

void CellFittedColumns::keepRoomFor(const QList<int> &leastOfEach)
{
    // The view asks its layout for the room its columns need at their narrowest, so that
    // a splitter beside it gives that room rather than make it scroll sideways. The
    // vertical scroll bar's room is kept whether it shows or not: rows come and go.
    int least = 0;
    for (const int width : leastOfEach)
        least += width;
    const QHeaderView *rows = m_view->verticalHeader();
    least += (rows->isVisible() ? rows->width() : 0) + 2 * m_view->frameWidth()
        + m_view->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_view);
    if (m_view->minimumWidth() != least)
        m_view->setMinimumWidth(least);
}

void CellFittedColumns::fitRowsToTheirLines()
{
    // Each row as tall as its cell of most lines, never lower than the table's rows are.
    QHeaderView *rows = m_view->verticalHeader();
    const QAbstractItemView *view = m_view; // public in the base, protected in QTableView
    const int rowCount = m_view->model()->rowCount(m_view->rootIndex());
    for (int row = 0; row < rowCount; ++row)
        rows->resizeSection(row, qMax(rows->defaultSectionSize(), view->sizeHintForRow(row)));
}

} // namespace RefundDesk
