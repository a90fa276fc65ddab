#include "domain/resolution.h"

#include <QCoreApplication>

namespace RefundDesk::Names {

QString toString(Outcome outcome)
{
    return outcome == Outcome::Refunded ? QStringLiteral("refunded") : QStringLiteral("failed");
}

QString displayName(Outcome outcome)
{
    return outcome == Outcome::Refunded ? QCoreApplication::translate("Outcome", "refunded")
                                        : QCoreApplication::translate("Outcome", "failed");
}

std::optional<Outcome> outcomeFromString(const QString &text)
{
    if (text == QLatin1String("refunded"))
        return Outcome::Refunded;
    if (text == QLatin1String("failed"))
        return Outcome::Failed;
    return std::nullopt;
}

} // namespace RefundDesk::Names
