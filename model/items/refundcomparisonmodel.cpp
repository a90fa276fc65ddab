#include "items/refundcomparisonmodel.h"

#include "items/timetext.h"

namespace RefundDesk {

RefundComparisonModel::RefundComparisonModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void RefundComparisonModel::setRefunds(std::vector<ComparedRefund> refunds)
{
    beginResetModel();
    m_refunds = std::move(refunds);
    endResetModel();
}

int RefundComparisonModel::rowOf(const QString &refundId) const
{
    for (size_t row = 0; row < m_refunds.size(); ++row) {
        if (m_refunds[row].refund.id == refundId)
            return int(row);
    }
    return -1;
}

int RefundComparisonModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_refunds.size());
}

int RefundComparisonModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString RefundComparisonModel::text(const ComparedRefund &refund, int column) const
{
    switch (column) {
    case RefundColumn: return refund.refund.id;
    case StatusColumn: {
        const QString status = displayName(refund.refund.status);
        return status.isEmpty() ? tr("no status") : status;
    }
    case AmountColumn: return refund.amount();
    case CreatedColumn: return refund.createdSeconds > 0 ? TimeText::fullMoment(refund.createdSeconds * 1000) : tr("unknown");
    case MadeByColumn: return refund.madeBy();
    case MetadataColumn: return refund.metadata();
    }
    return {};
}

QVariant RefundComparisonModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ComparedRefund &refund = m_refunds[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return text(refund, index.column());
    case Qt::ToolTipRole:
        // The view may elide a cell: its tip says it whole, the id with what states it.
        return index.column() == RefundColumn ? tr("%1 (per %2)").arg(refund.refund.id, refund.source)
                                              : text(refund, index.column());
    case Qt::TextAlignmentRole:
        return index.column() == AmountColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                              : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case RefundIdRole:
        return refund.refund.id;
    case OwnRole:
        return refund.own;
    }
    return {};
}

QVariant RefundComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RefundColumn: return tr("Refund");
    case StatusColumn: return tr("Status");
    case AmountColumn: return tr("Amount");
    case CreatedColumn: return tr("Created");
    case MadeByColumn: return tr("Made by");
    case MetadataColumn: return tr("Metadata");
    }
    return {};
}

} // namespace RefundDesk
