#include "demo/operationtable.h"

#include <algorithm>

namespace RefundDesk::Internal {

OperationTable::OperationTable(qint64 firstNumber, std::vector<qint64> reserved)
    : m_nextNumber(firstNumber)
    , m_reserved(std::move(reserved))
{
}

QString OperationTable::nextOperationId()
{
    while (std::find(m_reserved.begin(), m_reserved.end(), m_nextNumber) != m_reserved.end())
        ++m_nextNumber;
    return QStringLiteral("op_") + QString::number(m_nextNumber++);
}

std::optional<int> OperationTable::findLive(const QString &orderId, qint64 amountCents) const
{
    for (int row = 0; row < size(); ++row) {
        const Operation &op = m_rows[row];
        if (op.amountCents == amountCents && op.orderId == orderId
            && (op.status == OperationStatus::Open || op.needsPerson())) {
            return row;
        }
    }
    return std::nullopt;
}

bool OperationTable::hasRefunded(const QString &orderId, qint64 amountCents) const
{
    return std::any_of(m_rows.begin(), m_rows.end(), [&](const Operation &op) {
        return op.amountCents == amountCents && op.orderId == orderId
               && op.status == OperationStatus::Refunded;
    });
}

OperationTable::OpenResult OperationTable::openOrGet(Operation candidate)
{
    if (const auto live = findLive(candidate.orderId, candidate.amountCents))
        return {*live, false};
    if (candidate.operationId.isEmpty())
        candidate.operationId = nextOperationId();
    m_rows.push_back(std::move(candidate));
    return {size() - 1, true};
}

} // namespace RefundDesk::Internal
