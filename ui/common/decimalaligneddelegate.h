#pragma once

#include <QStyledItemDelegate>

namespace RefundDesk {

// Draws a column of amounts with their decimal points one above the other: the whole
// part ends at the same place in every row, whatever the currency writes after it
// ("$10.00", "JPY 1,000", "1,000 KWD"). A cell without a decimal point aligns the end
// of its digits there.
class DecimalAlignedDelegate final : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // Where the text is split: at the locale's decimal point, else after its last digit.
    static qsizetype splitAt(const QString &text, QChar decimalPoint);

private:
    // The widest part after the split in `index`'s column, in `metrics`.
    int widestTail(const QModelIndex &index, const QFontMetrics &metrics) const;
};

} // namespace RefundDesk
