#include "cutcontent.h"

#include "ui/common/cellfittedcolumns.h"
#include "ui/console/panel/operationpanel.h"

#include <QAbstractButton>
#include <QHeaderView>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextBoundaryFinder>
#include <QTextLayout>
#include <QtMath>

#include <QSet>

#include <algorithm>
#include <utility>

namespace RefundDesk::Test {

namespace {

// A word a wrapping view may break within: an id (letters or "_" with digits, no space of
// any kind). An amount ("38,00 USD", its parts joined by a no-break space) or a time is not.
bool isId(const QString &word)
{
    const auto has = [&word](auto test) { return std::any_of(word.begin(), word.end(), test); };
    return has([](QChar c) { return c.isDigit(); }) && has([](QChar c) { return c.isLetter() || c == u'_'; })
        && !has([](QChar c) { return c.isSpace(); });
}

struct Wrapped
{
    int height = 0;
    QStringList brokenWords; // words split across two lines that are not ids
};

// `text` in `font` on lines of `width`, broken where a wrapping view breaks it: at word
// boundaries, and within a word wider than its line.
Wrapped wrapped(QString text, const QFont &font, int width)
{
    text.replace(u'\n', QChar::LineSeparator);
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    qreal height = 0;
    QList<int> lineEnds;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(qMax(1, width));
        line.setPosition(QPointF(0, height));
        height += line.height();
        lineEnds << line.textStart() + line.textLength();
    }
    layout.endLayout();
    Wrapped result{qCeil(height), {}};
    lineEnds.removeLast();
    for (const int end : std::as_const(lineEnds)) {
        QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, text);
        breaks.setPosition(end);
        if (breaks.isAtBoundary())
            continue;
        const qsizetype start = qMax<qsizetype>(0, breaks.toPreviousBoundary());
        breaks.setPosition(end);
        const qsizetype stop = breaks.toNextBoundary();
        const QString word = text.mid(start, stop < 0 ? -1 : stop - start).trimmed();
        if (!isId(word))
            result.brokenWords << word;
    }
    return result;
}

} // namespace

// The problems of `root` whose texts are cut: buttons narrower than their text, header
// sections narrower than their title, tabs and labels cut, menus that spill over.
QStringList cutTexts(QWidget *root)
{
    QStringList problems;
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (!button->isVisibleTo(root) || button->text().isEmpty())
            continue;
        if (button->width() < button->sizeHint().width())
            problems << QStringLiteral("button \"%1\" is %2 px wide, its text needs %3")
                            .arg(button->text()).arg(button->width()).arg(button->sizeHint().width());
    }
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (!label->isVisibleTo(root) || label->text().isEmpty() || label->wordWrap()
            || qobject_cast<QAbstractButton *>(label->parentWidget()))
            continue;
        if (label->width() < label->minimumSizeHint().width())
            problems << QStringLiteral("label \"%1\" is %2 px wide, its text needs %3")
                            .arg(label->text()).arg(label->width()).arg(label->minimumSizeHint().width());
    }
    for (QHeaderView *header : root->findChildren<QHeaderView *>()) {
        if (!header->isVisibleTo(root) || header->orientation() != Qt::Horizontal || !header->model())
            continue;
        for (int section = 0; section < header->count(); ++section) {
            if (header->isSectionHidden(section))
                continue;
            const QString title = header->model()->headerData(section, Qt::Horizontal).toString();
            if (header->sectionSize(section) < header->sectionSizeHint(section))
                problems << QStringLiteral("header \"%1\" is %2 px wide, its title needs %3")
                                .arg(title).arg(header->sectionSize(section)).arg(header->sectionSizeHint(section));
        }
        // A header whose titles wrap is as tall as its most wrapped title needs.
        if (header->height() < header->sizeHint().height())
            problems << QStringLiteral("header of %1 is %2 px high, its titles need %3")
                            .arg(header->parentWidget()->objectName())
                            .arg(header->height())
                            .arg(header->sizeHint().height());
    }
    for (QTabBar *tabs : root->findChildren<QTabBar *>()) {
        if (!tabs->isVisibleTo(root))
            continue;
        for (int i = 0; i < tabs->count(); ++i) {
            const int needed = tabs->fontMetrics().horizontalAdvance(tabs->tabText(i).remove(u'&'));
            if (tabs->tabRect(i).width() < needed)
                problems << QStringLiteral("tab \"%1\" is %2 px wide, its text needs %3")
                                .arg(tabs->tabText(i)).arg(tabs->tabRect(i).width()).arg(needed);
        }
    }
    if (auto *window = qobject_cast<QMainWindow *>(root)) {
        QMenuBar *bar = window->menuBar();
        for (QAction *action : bar->actions()) {
            if (bar->actionGeometry(action).right() > bar->width())
                problems << QStringLiteral("menu \"%1\" does not fit in the menu bar").arg(action->text());
        }
    }
    return problems;
}

// The cells of `root`'s tables narrower than their text (with its icon and margins, as the
// view's delegate measures it). The cells of a CellFittedColumns' elastic column may give
// way when the view is too narrow, if their tooltip says them whole.
QStringList cutCells(QWidget *root)
{
    QStringList problems;
    for (QTableView *table : root->findChildren<QTableView *>()) {
        if (!table->isVisibleTo(root) || !table->model())
            continue;
        const CellFittedColumns *fitted = CellFittedColumns::of(table);
        const int elastic = fitted ? fitted->elasticColumn() : -1;
        const QAbstractItemModel *model = table->model();
        QHeaderView *header = table->horizontalHeader();
        for (int column = 0; column < model->columnCount(); ++column) {
            if (header->isSectionHidden(column))
                continue;
            for (int row = 0; row < qMin(model->rowCount(), 25); ++row) {
                const QModelIndex index = model->index(row, column);
                const QString text = index.data().toString();
                const int needed = table->sizeHintForIndex(index).width();
                if (text.isEmpty() || header->sectionSize(column) >= needed)
                    continue;
                if (column == elastic && !index.data(Qt::ToolTipRole).toString().isEmpty())
                    continue;
                problems << QStringLiteral("%1: cell \"%2\" is %3 px wide, its text needs %4")
                                .arg(table->objectName(), text)
                                .arg(header->sectionSize(column))
                                .arg(needed);
            }
        }
    }
    return problems;
}

// The cells of the panel's tables, on each of its tabs, that a person cannot read whole,
// and the tables that scroll sideways. A cell is whole on one line when its column is as
// wide as the view's delegate measures its text (with its icon and margins); else only in
// a view that wraps words, on the lines its text takes at its column's width, when its
// row is tall enough for them. No tooltip stands in for a cell.
QStringList cellsNotWhole(OperationPanel *panel)
{
    QStringList problems;
    auto *tabs = panel->findChild<QTabWidget *>(QStringLiteral("detailTabs"));
    const int shownTab = tabs->currentIndex();
    QSet<QTableView *> seen;
    for (int tab = 0; tab < tabs->count(); ++tab) {
        tabs->setCurrentIndex(tab);
        QTest::qWait(50); // the page is laid out, its columns fitted
        for (QTableView *table : panel->findChildren<QTableView *>()) {
            if (!table->isVisibleTo(panel) || !table->model() || seen.contains(table))
                continue;
            seen.insert(table);
            QHeaderView *header = table->horizontalHeader();
            if (header->length() > table->viewport()->width())
                problems << QStringLiteral("%1 scrolls sideways: its columns take %2 px, it shows %3")
                                .arg(table->objectName())
                                .arg(header->length())
                                .arg(table->viewport()->width());
            const QAbstractItemModel *model = table->model();
            for (int column = 0; column < model->columnCount(); ++column) {
                if (header->isSectionHidden(column))
                    continue;
                for (int row = 0; row < model->rowCount(); ++row) {
                    const QModelIndex index = model->index(row, column);
                    const QString text = index.data().toString();
                    const int oneLine = table->sizeHintForIndex(index).width();
                    const int width = header->sectionSize(column);
                    if (text.isEmpty() || width >= oneLine)
                        continue;
                    const QString cell = QStringLiteral("%1: cell \"%2\" is %3 px wide, its line needs %4")
                                             .arg(table->objectName(), text)
                                             .arg(width)
                                             .arg(oneLine);
                    if (!table->wordWrap()) {
                        problems << cell + QStringLiteral(", and the view cuts it");
                        continue;
                    }
                    // What the text has of the column, less what the delegate keeps beside it
                    // (its hint holds the text's width rounded up).
                    const QFont font = table->font();
                    const int beside = oneLine - qCeil(QFontMetricsF(font).horizontalAdvance(text));
                    const Wrapped lines = wrapped(text, font, width - beside);
                    if (lines.height > table->rowHeight(row))
                        problems << cell + QStringLiteral(", its lines %1 px high in a row of %2")
                                               .arg(lines.height)
                                               .arg(table->rowHeight(row));
                    for (const QString &word : lines.brokenWords)
                        problems << cell + QStringLiteral(", and its line breaks within \"%1\"").arg(word);
                }
            }
        }
    }
    tabs->setCurrentIndex(shownTab);
    QTest::qWait(50);
    return problems;
}

// The panel's tables that keep their first rows in view (the attempts and the events, their
// first two each) show them whole: in their view, and in the part of it that the panes
// around it leave to be seen.
QStringList firstRowsNotInView(OperationPanel *panel)
{
    QStringList problems;
    for (const auto &[name, rows] : {std::pair{"attemptTable", 2}, std::pair{"eventTable", 2}}) {
        auto *table = panel->findChild<QTableView *>(QLatin1String(name));
        const int shown = table && table->model() ? qMin(rows, table->model()->rowCount()) : 0;
        const QRegion seen = table ? table->viewport()->visibleRegion() : QRegion();
        for (int row = 0; row < shown; ++row) {
            const QRect rect(0, table->rowViewportPosition(row), table->viewport()->width(), table->rowHeight(row));
            if (seen.intersected(rect) != QRegion(rect))
                problems << QStringLiteral("%1: row %2 (%3 to %4 px) is not whole in what is seen of it (%5 px high)")
                                .arg(table->objectName())
                                .arg(row + 1)
                                .arg(rect.top())
                                .arg(rect.bottom() + 1)
                                .arg(seen.boundingRect().height());
        }
    }
    return problems;
}

} // namespace RefundDesk::Test
