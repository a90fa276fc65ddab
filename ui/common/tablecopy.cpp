#include "ui/common/tablecopy.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QItemSelectionModel>
#include <QKeySequence>
#include <QTableView>

#include <algorithm>

namespace RefundDesk {

namespace {

QString cellText(const QVariant &value)
{
    QString text = value.toString();
    text.replace(u'\t', u' ').replace(u'\n', u' ').replace(u'\r', u' ');
    return text;
}

QString rowsAsTsv(const QAbstractItemModel *model, const QList<int> &rows)
{
    QStringList lines;
    QStringList headers;
    for (int column = 0; column < model->columnCount(); ++column)
        headers << cellText(model->headerData(column, Qt::Horizontal));
    lines << headers.join(u'\t');
    for (int row : rows) {
        QStringList cells;
        for (int column = 0; column < model->columnCount(); ++column)
            cells << cellText(model->index(row, column).data());
        lines << cells.join(u'\t');
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace

QString tableAsTsv(const QAbstractItemModel *model)
{
    QList<int> rows;
    for (int row = 0; row < model->rowCount(); ++row)
        rows << row;
    return rowsAsTsv(model, rows);
}

void makeRowsCopyable(QTableView *view)
{
    auto *copy = new QAction(QCoreApplication::translate("TableCopy", "&Copy rows"), view);
    copy->setObjectName(QStringLiteral("copyRows"));
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    view->addAction(copy);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
    QObject::connect(copy, &QAction::triggered, view, [view] {
        QList<int> rows;
        if (view->selectionModel()) {
            for (const QModelIndex &index : view->selectionModel()->selectedRows())
                rows << index.row();
        }
        std::sort(rows.begin(), rows.end());
        if (rows.isEmpty()) {
            QApplication::clipboard()->setText(tableAsTsv(view->model()));
            return;
        }
        QApplication::clipboard()->setText(rowsAsTsv(view->model(), rows));
    });
}

} // namespace RefundDesk
