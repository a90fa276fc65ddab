#include "ui/common/tonedelegate.h"

#include <QApplication>
#include <QStyle>

namespace RefundDesk {

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

void ToneDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
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
