#include "ui/common/wrappingrowlayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

namespace RefundDesk {

WrappingRowLayout::WrappingRowLayout(QWidget *parent)
    : QLayout(parent)
{
}

WrappingRowLayout::~WrappingRowLayout()
{
    qDeleteAll(m_items);
}

void WrappingRowLayout::addItem(QLayoutItem *item)
{
    m_items.append(item);
}

int WrappingRowLayout::count() const
{
    return int(m_items.size());
}

QLayoutItem *WrappingRowLayout::itemAt(int index) const
{
    return m_items.value(index);
}

QLayoutItem *WrappingRowLayout::takeAt(int index)
{
    if (index < 0 || index >= m_items.size())
        return nullptr;
    return m_items.takeAt(index);
}

Qt::Orientations WrappingRowLayout::expandingDirections() const
{
    return {};
}

bool WrappingRowLayout::hasHeightForWidth() const
{
    return true;
}

int WrappingRowLayout::heightForWidth(int width) const
{
    return arrange(QRect(0, 0, width, 0), false);
}

QSize WrappingRowLayout::sizeHint() const
{
    QSize line(0, 0);
    for (const QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const QSize hint = item->sizeHint();
        line.rwidth() += (line.width() > 0 ? gap(QStyle::PM_LayoutHorizontalSpacing) : 0) + hint.width();
        line.rheight() = std::max(line.height(), hint.height());
    }
    return line.grownBy(contentsMargins());
}

QSize WrappingRowLayout::minimumSize() const
{
    QSize widest(0, 0);
    for (const QLayoutItem *item : m_items) {
        if (!item->isEmpty())
            widest = widest.expandedTo(item->minimumSize());
    }
    return widest.grownBy(contentsMargins());
}

void WrappingRowLayout::setGeometry(const QRect &rect)
{
    QLayout::setGeometry(rect);
    arrange(rect, true);
}

int WrappingRowLayout::arrange(const QRect &rect, bool place) const
{
    const QRect room = rect.marginsRemoved(contentsMargins());
    const int across = gap(QStyle::PM_LayoutHorizontalSpacing);
    const int down = gap(QStyle::PM_LayoutVerticalSpacing);
    QList<QLayoutItem *> line;
    int lineWidth = 0;
    int lineHeight = 0;
    int y = room.y();
    // The items of a line are centred on it, as a QHBoxLayout centres them.
    const auto endLine = [&] {
        int x = room.x();
        for (QLayoutItem *item : std::as_const(line)) {
            const QSize hint = item->sizeHint();
            if (place)
                item->setGeometry(QRect(QPoint(x, y + (lineHeight - hint.height()) / 2), hint));
            x += hint.width() + across;
        }
        y += lineHeight;
    };
    for (QLayoutItem *item : m_items) {
        if (item->isEmpty())
            continue;
        const QSize hint = item->sizeHint();
        // A line holds at least one item, however narrow the room.
        if (!line.isEmpty() && lineWidth + across + hint.width() > room.width()) {
            endLine();
            y += down;
            line.clear();
            lineWidth = 0;
            lineHeight = 0;
        }
        lineWidth += (line.isEmpty() ? 0 : across) + hint.width();
        lineHeight = std::max(lineHeight, hint.height());
        line.append(item);
    }
    if (!line.isEmpty())
        endLine();
    return y - rect.y() + contentsMargins().bottom();
}

int WrappingRowLayout::gap(QStyle::PixelMetric metric) const
{
    if (spacing() >= 0)
        return spacing();
    const QWidget *owner = parentWidget();
    const int styled = owner ? owner->style()->pixelMetric(metric, nullptr, owner) : -1;
    return styled >= 0 ? styled : 6;
}

} // namespace RefundDesk
