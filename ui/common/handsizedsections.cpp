#include "ui/common/handsizedsections.h"

#include <QEvent>
#include <QHeaderView>

namespace RefundDesk {

HandSizedSections::HandSizedSections(QHeaderView *header)
    : QObject(header)
    , m_header(header)
{
    // A header has no signal for "resized by the person": a resize while a mouse button is
    // down on it is one (a drag of a handle, or a double click on it).
    header->viewport()->installEventFilter(this);
    connect(header, &QHeaderView::sectionResized, this, [this](int logicalIndex, int, int newSize) {
        if (m_pressed)
            m_widths.insert(logicalIndex, newSize);
    });
}

void HandSizedSections::fitKeepingThem(const std::function<void()> &fit)
{
    fit();
    const int stretching = m_header->stretchLastSection() ? m_header->logicalIndex(m_header->count() - 1) : -1;
    for (auto it = m_widths.cbegin(); it != m_widths.cend(); ++it) {
        if (it.key() != stretching)
            m_header->resizeSection(it.key(), it.value());
    }
}

bool HandSizedSections::eventFilter(QObject *watched, QEvent *event)
{
    // Seen before the header handles it. A drag resizes as the mouse moves and a double
    // click on a handle as it comes; the release resizes nothing.
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
        m_pressed = true;
        break;
    case QEvent::MouseButtonRelease:
        m_pressed = false;
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace RefundDesk
