#include "ui/common/decimalaligneddelegate.h"

#include <QApplication>
#include <QLocale>
#include <QPainter>

namespace RefundDesk {

namespace {

QChar decimalPointOf(const QLocale &locale)
{
    const QString point = locale.decimalPoint();
    return point.isEmpty() ? QLatin1Char('.') : point.front();
}

int textMargin(const QStyleOptionViewItem &option)
{
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    return style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
}

} // namespace

qsizetype DecimalAlignedDelegate::splitAt(const QString &text, QChar decimalPoint)
{
    const qsizetype point = text.lastIndexOf(decimalPoint);
    if (point >= 0)
        return point;
    for (qsizetype i = text.size(); i > 0; --i) {
        if (text.at(i - 1).isDigit())
            return i;
    }
    return text.size();
}

int DecimalAlignedDelegate::widestTail(const QModelIndex &index, const QFontMetrics &metrics) const
{
    const QAbstractItemModel *model = index.model();
    const QChar point = decimalPointOf(QLocale());
    int widest = 0;
    for (int row = 0; row < model->rowCount(index.parent()); ++row) {
        const QString text = model->index(row, index.column(), index.parent()).data().toString();
        widest = qMax(widest, metrics.horizontalAdvance(text.mid(splitAt(text, point))));
    }
    return widest;
}

void DecimalAlignedDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    const qsizetype split = splitAt(text, decimalPointOf(QLocale()));
    const QString head = text.left(split);
    const QString tail = text.mid(split);
    const QRect area = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget)
                           .adjusted(textMargin(opt), 0, -textMargin(opt), 0);
    const int anchor = area.right() + 1 - widestTail(index, opt.fontMetrics);
    painter->save();
    painter->setFont(opt.font);
    const QPalette::ColorRole role = opt.state & QStyle::State_Selected ? QPalette::HighlightedText : QPalette::Text;
    painter->setPen(opt.palette.color(role));
    painter->setClipRect(area);
    painter->drawText(QRect(area.left(), area.top(), anchor - area.left(), area.height()),
                      Qt::AlignRight | Qt::AlignVCenter, head);
    painter->drawText(QRect(anchor, area.top(), area.right() + 1 - anchor, area.height()),
                      Qt::AlignLeft | Qt::AlignVCenter, tail);
    painter->restore();
}

QSize DecimalAlignedDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // Room for the widest whole part and the widest tail of the column, side by side.
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QFontMetrics &metrics = option.fontMetrics;
    const QModelIndex column = index;
    const QAbstractItemModel *model = index.model();
    const QChar point = decimalPointOf(QLocale());
    int widestHead = 0;
    for (int row = 0; row < model->rowCount(index.parent()); ++row) {
        const QString text = model->index(row, column.column(), index.parent()).data().toString();
        widestHead = qMax(widestHead, metrics.horizontalAdvance(text.left(splitAt(text, point))));
    }
    size.setWidth(qMax(size.width(), widestHead + widestTail(index, metrics) + 4 * textMargin(option) + 4));
    return size;
}

} // namespace RefundDesk
