#pragma once

#include "evidence/refundcomparison.h"

#include <QAbstractTableModel>

#include <vector>

namespace RefundDesk {

// The refunds of a RefundComparison as a table a person reads to decide a conflict: one
// row a refund, the operation's own first.
class RefundComparisonModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { RefundColumn, StatusColumn, AmountColumn, CreatedColumn, MadeByColumn, MetadataColumn, ColumnCount };

    enum Role {
        RefundIdRole = Qt::UserRole + 1, // re_…
        OwnRole,                         // the events or a lookup tie it to the operation
    };

    explicit RefundComparisonModel(QObject *parent = nullptr);

    void setRefunds(std::vector<ComparedRefund> refunds);
    const std::vector<ComparedRefund> &refunds() const { return m_refunds; }
    // The row of the refund, or -1.
    int rowOf(const QString &refundId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString text(const ComparedRefund &refund, int column) const;

    std::vector<ComparedRefund> m_refunds;
};

} // namespace RefundDesk
