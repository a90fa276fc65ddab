#include "domain/keywindow.h"

#include <QCoreApplication>

namespace RefundDesk {

KeyWindow::KeyWindow(const Operation &operation, int retentionHours)
    // The key is committed before the first attempt, so creation starts the window.
    : m_expiresAt(operation.createdAt + qint64(retentionHours) * 3600 * 1000)
{
}

QString KeyWindow::describeAt(qint64 nowMs) const
{
    if (!isOpenAt(nowMs))
        return QCoreApplication::translate("KeyWindow", "closed");
    const qint64 minutes = (m_expiresAt - nowMs) / 60000;
    if (minutes < 60)
        return QCoreApplication::translate("KeyWindow", "%1 min left").arg(minutes);
    return QCoreApplication::translate("KeyWindow", "%1 h %2 min left").arg(minutes / 60).arg(minutes % 60);
}

} // namespace RefundDesk
