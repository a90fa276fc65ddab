#include "items/timetext.h"

#include <QCoreApplication>
#include <QDateTime>

namespace RefundDesk::TimeText {

QString span(qint64 milliseconds)
{
    const qint64 seconds = qMax<qint64>(0, milliseconds / 1000);
    const qint64 minutes = seconds / 60;
    const qint64 hours = minutes / 60;
    const qint64 days = hours / 24;
    if (days > 0)
        return QCoreApplication::translate("TimeText", "%1 d %2 h").arg(days).arg(hours % 24);
    if (hours > 0)
        return QCoreApplication::translate("TimeText", "%1 h %2 m").arg(hours).arg(minutes % 60, 2, 10, QLatin1Char('0'));
    if (minutes > 0)
        return QCoreApplication::translate("TimeText", "%1 min").arg(minutes);
    return QCoreApplication::translate("TimeText", "%1 s").arg(seconds);
}

QString moment(qint64 msecsSinceEpoch, qint64 nowMsecs)
{
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch);
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(nowMsecs);
    if (when.date() == now.date())
        return when.toString(QStringLiteral("HH:mm"));
    if (when.date().year() == now.date().year())
        return when.toString(QStringLiteral("d MMM HH:mm"));
    return when.toString(QStringLiteral("d MMM yyyy HH:mm"));
}

QString fullMoment(qint64 msecsSinceEpoch)
{
    return QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

} // namespace RefundDesk::TimeText
