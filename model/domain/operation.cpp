#include "domain/operation.h"

#include <QCoreApplication>

namespace RefundDesk::Names {

QString toString(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open: return QStringLiteral("open");
    case OperationStatus::Unknown: return QStringLiteral("unknown");
    case OperationStatus::Checking: return QStringLiteral("checking");
    case OperationStatus::Refunded: return QStringLiteral("refunded");
    case OperationStatus::Failed: return QStringLiteral("failed");
    }
    return {};
}

QString displayName(OperationStatus status)
{
    switch (status) {
    case OperationStatus::Open: return QCoreApplication::translate("OperationStatus", "open");
    case OperationStatus::Unknown: return QCoreApplication::translate("OperationStatus", "unknown");
    case OperationStatus::Checking: return QCoreApplication::translate("OperationStatus", "checking");
    case OperationStatus::Refunded: return QCoreApplication::translate("OperationStatus", "refunded");
    case OperationStatus::Failed: return QCoreApplication::translate("OperationStatus", "failed");
    }
    return {};
}

std::optional<OperationStatus> operationStatusFromString(const QString &text)
{
    for (auto status : {OperationStatus::Open, OperationStatus::Unknown, OperationStatus::Checking,
                        OperationStatus::Refunded, OperationStatus::Failed}) {
        if (toString(status) == text)
            return status;
    }
    return std::nullopt;
}

} // namespace RefundDesk::Names
