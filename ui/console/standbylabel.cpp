#include "ui/console/standbylabel.h"

#include "store/store.h"

namespace RefundDesk {

StandbyLabel::StandbyLabel(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("standbyLabel"));
    setTextFormat(Qt::PlainText);
    setToolTip(tr("A standby server replays the primary's changes a moment after they are made and takes none "
                  "of its own: everything can be read here, and claims and decisions are recorded on the "
                  "primary."));
    hide();
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &StandbyLabel::showStatus);
}

void StandbyLabel::setStore(Store *store)
{
    m_store = store;
    if (m_store)
        m_timer.start();
    else
        m_timer.stop();
    showStatus();
}

void StandbyLabel::showStatus()
{
    const std::optional<StandbyStatus> status = m_store ? m_store->standbyStatus() : std::nullopt;
    if (!status) {
        hide();
        clear();
        return;
    }
    setText(tr("Standby · %1").arg(status->lagText()));
    show();
}

} // namespace RefundDesk
