#include "domain/operationnote.h"

namespace RefundDesk {

QString OperationNote::firstLineOf(const QString &text)
{
    const QString trimmed = text.trimmed();
    return trimmed.left(trimmed.indexOf(u'\n')).trimmed();
}

namespace Names {

QString followUpText(const QDate &date)
{
    return date.isValid() ? date.toString(Qt::ISODate) : QString();
}

QDate followUpFromText(const QString &text)
{
    // Exactly 'YYYY-MM-DD': ISO week dates and times are not follow-up dates.
    if (text.size() != 10)
        return {};
    return QDate::fromString(text, Qt::ISODate);
}

} // namespace Names

} // namespace RefundDesk
