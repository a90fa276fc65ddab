#include "ui/common/tonedelegate.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>
#include <QTextLayout>

#include <cmath>

namespace RefundDesk {

namespace {

bool wraps(const QStyleOptionViewItem &option)
{
    return option.features.testFlag(QStyleOptionViewItem::WrapText);
}

QStyle *styleOf(const QStyleOptionViewItem &option)
{
    return option.widget ? option.widget->style() : QApplication::style();
}

// Where the text of `cell` goes, less the margins the style keeps on either side of it.
QRect textRect(const QStyleOptionViewItem &cell)
{
    QStyle *style = styleOf(cell);
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, cell.widget) + 1;
    return style->subElementRect(QStyle::SE_ItemViewItemText, &cell, cell.widget).adjusted(margin, 0, -margin, 0);
}

// The lines of `text` at `width`: broken at word boundaries, and within a word only when
// it is wider than a line.
void layOut(QTextLayout &layout, int width, Qt::LayoutDirection direction)
{
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    option.setTextDirection(direction);
    layout.setTextOption(option);
    layout.beginLayout();
    qreal y = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(qMax(1, width));
        line.setPosition(QPointF(0, y));
        y += line.height();
    }
    layout.endLayout();
}

QString shownText(QString text)
{
    return text.replace(QLatin1Char('\n'), QChar::LineSeparator);
}

} // namespace

ToneDelegate::ToneDelegate(ToneRule tone, BoldRule bold, QObject *parent)
    : ToneDelegate(std::move(tone), std::move(bold), {}, parent)
{
}

ToneDelegate::ToneDelegate(ToneRule tone, BoldRule bold, IconRule icon, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_tone(std::move(tone))
    , m_bold(std::move(bold))
    , m_icon(std::move(icon))
{
}

void ToneDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!wraps(option)) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    const QRect rect = textRect(cell);
    const QString text = shownText(cell.text);
    // The style paints the background, the selection, the icon and the focus; the text
    // is painted here, on its lines.
    cell.text.clear();
    styleOf(cell)->drawControl(QStyle::CE_ItemViewItem, &cell, painter, cell.widget);
    if (text.isEmpty())
        return;
    QTextLayout layout(text, cell.font);
    layOut(layout, rect.width(), cell.direction);
    const qreal height = layout.boundingRect().height();
    qreal top = rect.top();
    if (cell.displayAlignment & Qt::AlignVCenter)
        top += (rect.height() - height) / 2;
    else if (cell.displayAlignment & Qt::AlignBottom)
        top += rect.height() - height;
    const QPalette::ColorGroup group = !(cell.state & QStyle::State_Enabled) ? QPalette::Disabled
                                       : (cell.state & QStyle::State_Active)  ? QPalette::Normal
                                                                              : QPalette::Inactive;
    painter->save();
    painter->setPen(cell.palette.color(group, cell.state & QStyle::State_Selected ? QPalette::HighlightedText
                                                                                   : QPalette::Text));
    painter->setClipRect(cell.rect);
    for (int i = 0; i < layout.lineCount(); ++i) {
        const QTextLine line = layout.lineAt(i);
        qreal x = rect.left();
        const Qt::Alignment horizontal = QStyle::visualAlignment(cell.direction, cell.displayAlignment);
        if (horizontal & Qt::AlignRight)
            x = rect.right() + 1 - line.naturalTextWidth();
        else if (horizontal & Qt::AlignHCenter)
            x = rect.left() + (rect.width() - line.naturalTextWidth()) / 2;
        line.draw(painter, QPointF(x - line.x(), top));
    }
    painter->restore();
}

QSize ToneDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    // One line's width: what the column would need to show the text on one line.
    const QSize oneLine = QStyledItemDelegate::sizeHint(option, index);
    if (!wraps(option) || option.rect.width() <= 0)
        return oneLine;
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    const QString text = shownText(cell.text);
    if (text.isEmpty())
        return oneLine;
    QTextLayout layout(text, cell.font);
    layOut(layout, textRect(cell).width(), cell.direction);
    const int textHeight = int(std::ceil(layout.boundingRect().height()));
    const int padding = oneLine.height() - QFontMetrics(cell.font).height();
    return QSize(oneLine.width(), qMax(oneLine.height(), textHeight + padding));
}

void ToneDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    // Measured and painted on one line by the style; paint() and sizeHint() wrap.
    option->features &= ~QStyleOptionViewItem::WrapText;
    const Theme::Tone tone = m_tone ? m_tone(index) : Theme::Tone::Neutral;
    if (tone != Theme::Tone::Neutral && !(option->state & QStyle::State_Selected)) {
        option->palette.setColor(QPalette::Text, Theme::foreground(tone, option->palette));
        option->palette.setColor(QPalette::HighlightedText, Theme::foreground(tone, option->palette));
    }
    if (m_bold && m_bold(index))
        option->font.setBold(true);
    if (const QIcon icon = iconOf(index); !icon.isNull()) {
        option->icon = icon;
        option->features |= QStyleOptionViewItem::HasDecoration;
        const QWidget *widget = option->widget;
        const int size = (widget ? widget->style() : QApplication::style())->pixelMetric(QStyle::PM_SmallIconSize, option, widget);
        option->decorationSize = QSize(size, size);
    }
}

} // namespace RefundDesk
