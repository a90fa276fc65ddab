#include "ui/console/storeopening/standbylabel.h"

#include <QEvent>

namespace RefundDesk {

StandbyLabel::StandbyLabel(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("standbyLabel"));
    setTextFormat(Qt::PlainText);
    hide();
    showStatus();
}

void StandbyLabel::setStatus(const std::optional<StandbyStatus> &status)
{
    m_status = status;
    showStatus();
}

void StandbyLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        showStatus();
    QLabel::changeEvent(event);
}

void StandbyLabel::showStatus()
{
    setToolTip(tr("A standby server replays the primary's changes a moment after they are made and takes none "
                  "of its own: everything can be read here, and claims and decisions are recorded on the "
                  "primary."));
    if (!m_status) {
        hide();
        clear();
        return;
    }
    setText(tr("Standby · %1").arg(m_status->lagText()));
    show();
}

} // namespace RefundDesk
