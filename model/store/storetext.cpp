#include "store/storetext.h"

#include "domain/operationnote.h"

#include <QCoreApplication>
#include <QDateTime>

namespace RefundDesk::Internal {

QString utcMinute(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
}

QString containsPattern(const QString &text)
{
    QString escaped = text;
    escaped.replace(u'\\', QStringLiteral("\\\\"));
    escaped.replace(u'%', QStringLiteral("\\%"));
    escaped.replace(u'_', QStringLiteral("\\_"));
    return u'%' + escaped + u'%';
}

int keyRetentionFrom(const QString &value)
{
    bool ok = false;
    const int hours = value.toInt(&ok);
    return ok && hours > 0 ? hours : 24;
}

Error conflictFor(const Operation &current, const std::optional<Resolution> &last)
{
    switch (current.status) {
    case OperationStatus::Refunded:
    case OperationStatus::Failed:
        if (last) {
            return Error::conflict(QCoreApplication::translate("Store", "%1 was already resolved as %2 by %3 at %4 (resolution #%5). "
                                                  "Nothing was written.")
                                       .arg(current.operationId, toString(last->outcome), last->operatorName,
                                            utcMinute(last->recordedAt))
                                       .arg(last->resolutionId));
        }
        return Error::conflict(QCoreApplication::translate("Store", "%1 was already closed as %2 by the refund tool. Nothing was written.")
                                   .arg(current.operationId, toString(current.status)));
    case OperationStatus::Checking:
        return Error::conflict(QCoreApplication::translate("Store", "%1 is being checked by %2 since %3. Nothing was written; take it "
                                              "over first if you must.")
                                   .arg(current.operationId, current.claimedBy,
                                        utcMinute(current.claimedAt.value_or(current.updatedAt))));
    case OperationStatus::Open:
        return Error::conflict(QCoreApplication::translate("Store", "%1 is open: the refund tool is still working on it. Nothing was written.")
                                   .arg(current.operationId));
    case OperationStatus::Unknown:
        break;
    }
    return Error::conflict(QCoreApplication::translate("Store", "%1 changed since you looked at it (it is now unknown, version %2). "
                                          "Nothing was written; look at it again.")
                               .arg(current.operationId).arg(current.version));
}

Error noteSinceReview(const QString &operationId, const QString &noteText)
{
    return Error::conflict(QCoreApplication::translate("Store", "%1 has a note since the review: %2. Nothing was written; "
                                                                "look at it again.")
                               .arg(operationId, OperationNote::firstLineOf(noteText)));
}

} // namespace RefundDesk::Internal
