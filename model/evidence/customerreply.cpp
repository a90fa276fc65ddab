#include "evidence/customerreply.h"

#include "domain/money.h"

#include <QCoreApplication>

namespace RefundDesk::CustomerReply {

QString whileUnknown()
{
    return QCoreApplication::translate("CustomerReply", "We can't confirm your refund yet. A colleague is checking it and will reply in this chat.");
}

QString refunded(const QString &refundId, qint64 amountMinor, const QString &currency)
{
    const QString amount = Money::display(amountMinor, currency);
    if (refundId.trimmed().isEmpty())
        return QCoreApplication::translate("CustomerReply", "Your refund of %1 has been issued.").arg(amount);
    return QCoreApplication::translate("CustomerReply", "Your refund of %1 has been issued. The refund reference is %2.").arg(amount, refundId.trimmed());
}

QString failed(qint64 amountMinor, const QString &currency)
{
    return QCoreApplication::translate("CustomerReply", "Your refund of %1 did not go through, and no money was moved.")
        .arg(Money::display(amountMinor, currency));
}

QString forOperation(const Operation &operation)
{
    switch (operation.status) {
    case OperationStatus::Refunded:
        return refunded(operation.refundId, operation.amountCents, operation.currency);
    case OperationStatus::Failed:
        return failed(operation.amountCents, operation.currency);
    case OperationStatus::Open:
    case OperationStatus::Unknown:
    case OperationStatus::Checking:
        break;
    }
    return whileUnknown();
}

QString forOutcome(const Operation &operation, Outcome outcome, const QString &refundId)
{
    return outcome == Outcome::Refunded ? refunded(refundId, operation.amountCents, operation.currency)
                                        : failed(operation.amountCents, operation.currency);
}

} // namespace RefundDesk::CustomerReply
