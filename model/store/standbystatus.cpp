#include "store/standbystatus.h"

#include <QCoreApplication>

namespace RefundDesk {

Error StandbyStatus::writeRefusal(const QString &location)
{
    return Error::unavailable(QCoreApplication::translate("Store", "%1 is a standby server: a read-only replica that replays its "
                                                                   "primary's changes, so nothing can be recorded in it. Nothing "
                                                                   "was written. Use the primary, or a location naming both "
                                                                   "servers that always finds the one taking writes, such as "
                                                                   "\"host=a,b target_session_attrs=read-write\".")
                                  .arg(location));
}

QString StandbyStatus::lagText() const
{
    if (promoted)
        return QCoreApplication::translate("Store", "promoted to primary since it was opened; open the store again to "
                                                    "record in it");
    if (!lagMs)
        return QCoreApplication::translate("Store", "nothing replayed from the primary yet");
    if (!receiving)
        return QCoreApplication::translate("Store", "not receiving from the primary; the last change replayed was made "
                                                    "%1 ago").arg(durationText(*lagMs));
    if (*lagMs < 1000)
        return QCoreApplication::translate("Store", "up to date with the primary");
    return QCoreApplication::translate("Store", "%1 behind the primary").arg(durationText(*lagMs));
}

QString StandbyStatus::durationText(qint64 ms)
{
    const qint64 seconds = ms / 1000;
    if (seconds < 120)
        return QCoreApplication::translate("Store", "%1 s", "a duration in seconds").arg(seconds);
    if (seconds < 7200)
        return QCoreApplication::translate("Store", "%1 min", "a duration in minutes").arg(seconds / 60);
    return QCoreApplication::translate("Store", "%1 h", "a duration in hours").arg(seconds / 3600);
}

} // namespace RefundDesk
