#include "ui/common/painthold.h"

#include <QWidget>

namespace RefundDesk {

PaintHold::PaintHold(QWidget *widget, int momentMs)
    : QObject(widget)
    , m_widget(widget)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(momentMs);
    connect(&m_timer, &QTimer::timeout, this, &PaintHold::release);
}

void PaintHold::hold()
{
    m_widget->setUpdatesEnabled(false);
    m_timer.start();
}

void PaintHold::release()
{
    m_timer.stop();
    // Enabling updates asks for a paint of the whole widget.
    if (!m_widget->updatesEnabled())
        m_widget->setUpdatesEnabled(true);
}

} // namespace RefundDesk
