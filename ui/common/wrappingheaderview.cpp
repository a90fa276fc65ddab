#include "ui/common/wrappingheaderview.h"

#include <QStyleOptionHeaderV2>

namespace RefundDesk {

WrappingHeaderView::WrappingHeaderView(QWidget *parent)
    : QHeaderView(Qt::Horizontal, parent)
{
    setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    // A section wider or narrower changes the lines its title takes.
    connect(this, &QHeaderView::sectionResized, this, &WrappingHeaderView::growToTitles);
    connect(this, &QHeaderView::sectionCountChanged, this, &WrappingHeaderView::growToTitles);
}

void WrappingHeaderView::setModel(QAbstractItemModel *model)
{
    if (this->model())
        disconnect(this->model(), &QAbstractItemModel::headerDataChanged, this, &WrappingHeaderView::growToTitles);
    QHeaderView::setModel(model);
    // Titles said again in another language take other lines.
    if (model)
        connect(model, &QAbstractItemModel::headerDataChanged, this, &WrappingHeaderView::growToTitles);
    growToTitles();
}

QString WrappingHeaderView::titleOf(int logicalIndex) const
{
    return model() ? model()->headerData(logicalIndex, orientation(), Qt::DisplayRole).toString() : QString();
}

int WrappingHeaderView::roomBesideTitle(int logicalIndex) const
{
    const QSize whole = QHeaderView::sectionSizeFromContents(logicalIndex);
    return whole.width() - fontMetrics().horizontalAdvance(titleOf(logicalIndex));
}

QSize WrappingHeaderView::sectionSizeFromContents(int logicalIndex) const
{
    QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
    // The widest word, measured as the text layout breaks lines (after a space or a
    // hyphen), is all a title needs across.
    const QString title = titleOf(logicalIndex);
    int widestWord = 0;
    qsizetype start = 0;
    for (qsizetype at = 0; at <= title.size(); ++at) {
        const bool end = at == title.size();
        if (!end && !title.at(at).isSpace() && title.at(at) != QLatin1Char('-'))
            continue;
        const qsizetype length = at - start + (!end && title.at(at) == QLatin1Char('-') ? 1 : 0);
        widestWord = qMax(widestWord, fontMetrics().horizontalAdvance(title.mid(start, length)));
        start = at + 1;
    }
    size.setWidth(roomBesideTitle(logicalIndex) + widestWord);
    return size;
}

int WrappingHeaderView::linesOf(int logicalIndex) const
{
    const QString title = titleOf(logicalIndex);
    if (title.isEmpty())
        return 1;
    const int width = qMax(1, sectionSize(logicalIndex) - roomBesideTitle(logicalIndex));
    const QRect bounds = fontMetrics().boundingRect(QRect(0, 0, width, 1 << 20), Qt::TextWordWrap, title);
    return qMax(1, (bounds.height() + fontMetrics().leading()) / fontMetrics().lineSpacing());
}

QSize WrappingHeaderView::sizeHint() const
{
    QSize hint = QHeaderView::sizeHint();
    hint.setHeight(hint.height() + (m_lines - 1) * fontMetrics().lineSpacing());
    return hint;
}

void WrappingHeaderView::initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const
{
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    // The style passes the alignment on as the text's flags, word wrap among them.
    option->textAlignment |= Qt::Alignment(QFlag(Qt::TextWordWrap));
    // The style elides a title on one line before it wraps it: it gets the title whole.
    if (option->version >= QStyleOptionHeaderV2::Version)
        static_cast<QStyleOptionHeaderV2 *>(option)->textElideMode = Qt::ElideNone;
}

void WrappingHeaderView::growToTitles()
{
    int lines = 1;
    for (int section = 0; section < count(); ++section) {
        if (!isSectionHidden(section))
            lines = qMax(lines, linesOf(section));
    }
    if (lines == m_lines)
        return;
    m_lines = lines;
    updateGeometry();
    // The view lays its header out again from sizeHint().
    emit geometriesChanged();
}

} // namespace RefundDesk
