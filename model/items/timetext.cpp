#include "items/timetext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

#include <algorithm>

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

QString ago(qint64 milliseconds)
{
    const qint64 minutes = qMax<qint64>(0, milliseconds) / (60 * 1000);
    const qint64 hours = minutes / 60;
    if (minutes < 1)
        return QCoreApplication::translate("TimeText", "just now");
    if (minutes < 60)
        return QCoreApplication::translate("TimeText", "%n min ago", nullptr, int(minutes));
    if (hours < 48)
        return QCoreApplication::translate("TimeText", "%n h ago", nullptr, int(hours));
    const qint64 days = hours / 24;
    return QCoreApplication::translate("TimeText", "%n days ago", nullptr, int(days));
}

namespace {

bool isC(const QLocale &locale)
{
    return locale.language() == QLocale::C;
}

// "14:02", or the locale's own way ("2:02 PM" in American English).
QString timeOfDay(const QLocale &locale, QTime time)
{
    return isC(locale) ? time.toString(QStringLiteral("HH:mm")) : locale.toString(time, QLocale::ShortFormat);
}

} // namespace

QString moment(qint64 msecsSinceEpoch, qint64 nowMsecs)
{
    const QLocale locale;
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch);
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(nowMsecs);
    if (when.date() == now.date())
        return timeOfDay(locale, when.time());
    return day(when.date(), now.date()) + u' ' + timeOfDay(locale, when.time());
}

QString day(const QDate &day, const QDate &today)
{
    // Qt has no locale format for a day and a month alone: each language gives its own.
    const QString dateFormat = day.year() == today.year()
        ? QCoreApplication::translate("TimeText", "d MMM", "date format (QDate) of a day this year")
        : QCoreApplication::translate("TimeText", "d MMM yyyy", "date format (QDate) of a day in another year");
    return QLocale().toString(day, dateFormat);
}

QString firstLine(const QString &text)
{
    const QString trimmed = text.trimmed();
    const auto end = std::find_if(trimmed.begin(), trimmed.end(), [](QChar c) { return c == u'\n' || c == u'\r'; });
    return trimmed.first(end - trimmed.begin()).trimmed();
}

QString fullMoment(qint64 msecsSinceEpoch)
{
    const QLocale locale;
    const QDateTime when = QDateTime::fromMSecsSinceEpoch(msecsSinceEpoch);
    if (isC(locale))
        return when.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    // The locale's short date with a four-digit year, and its short time with seconds.
    QString date = locale.dateFormat(QLocale::ShortFormat);
    if (!date.contains(QLatin1String("yyyy")))
        date.replace(QLatin1String("yy"), QLatin1String("yyyy"));
    QString time = locale.timeFormat(QLocale::ShortFormat);
    if (!time.contains(QLatin1String("ss")))
        time.replace(QLatin1String("mm"), QLatin1String("mm:ss"));
    return locale.toString(when, date + u' ' + time);
}

} // namespace RefundDesk::TimeText
