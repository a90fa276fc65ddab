#include "evidence/customerreply.h"

#include "domain/money.h"

namespace RefundDesk::CustomerReply {

QString whileUnknown()
{
    return QStringLiteral("We can't confirm your refund yet. A colleague is checking it and will reply in this chat.");
}

QString refunded(const QString &refundId, qint64 amountMinor, const QString &currency)
{
    const QString amount = Money::format(amountMinor, currency);
    if (refundId.trimmed().isEmpty())
        return QStringLiteral("Your refund of %1 has been issued.").arg(amount);
    return QStringLiteral("Your refund of %1 has been issued. The refund reference is %2.").arg(amount, refundId.trimmed());
}

QString failed(qint64 amountMinor, const QString &currency)
{
    return QStringLiteral("Your refund of %1 did not go through, and no money was moved.")
        .arg(Money::format(amountMinor, currency));
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
