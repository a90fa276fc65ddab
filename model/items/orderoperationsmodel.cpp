#include "items/orderoperationsmodel.h"

#include "domain/money.h"
#include "items/timetext.h"

#include <QStringList>

#include <map>

namespace RefundDesk {

OrderOperationsModel::OrderOperationsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void OrderOperationsModel::setOperations(std::vector<Operation> operations, const QString &currentOperationId,
                                         qint64 nowMsecs)
{
    beginResetModel();
    m_operations = std::move(operations);
    m_current = currentOperationId;
    m_now = nowMsecs;
    endResetModel();
}

QString OrderOperationsModel::totalRefundedText() const
{
    std::map<QString, qint64> totals;
    for (const Operation &operation : m_operations) {
        if (operation.status == OperationStatus::Refunded)
            totals[operation.currency] += operation.amountCents;
    }
    if (totals.empty())
        return tr("nothing");
    QStringList parts;
    for (const auto &[currency, cents] : totals)
        parts.append(Money::display(cents, currency));
    return parts.join(QStringLiteral(" + "));
}

int OrderOperationsModel::otherCount() const
{
    int count = 0;
    for (const Operation &operation : m_operations)
        count += operation.operationId != m_current ? 1 : 0;
    return count;
}

int OrderOperationsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_operations.size());
}

int OrderOperationsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OrderOperationsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Operation &operation = m_operations[index.row()];
    const bool current = operation.operationId == m_current;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OperationColumn: return current ? tr("%1 (this one)").arg(operation.operationId) : operation.operationId;
        case AmountColumn: return Money::display(operation.amountCents, operation.currency);
        case StatusColumn: return displayName(operation.status);
        case RefundIdColumn: return operation.refundId;
        case UpdatedColumn: return TimeText::moment(operation.updatedAt, m_now);
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == UpdatedColumn)
            return TimeText::fullMoment(operation.updatedAt);
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == AmountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OperationIdRole: return operation.operationId;
    case StatusRole: return toString(operation.status);
    case IsCurrentRole: return current;
    }
    return {};
}

QVariant OrderOperationsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OperationColumn: return tr("Operation");
    case AmountColumn: return tr("Amount");
    case StatusColumn: return tr("Status");
    case RefundIdColumn: return tr("Refund id");
    case UpdatedColumn: return tr("Updated");
    }
    return {};
}

} // namespace RefundDesk
