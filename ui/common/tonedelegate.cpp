#include "ui/common/tonedelegate.h"

namespace RefundDesk {

ToneDelegate::ToneDelegate(ToneRule tone, BoldRule bold, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_tone(std::move(tone))
    , m_bold(std::move(bold))
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
}

} // namespace RefundDesk
