#pragma once

#include "domain/operation.h"

#include <QAbstractTableModel>

#include <vector>

namespace RefundDesk {

// All refund operations of one order, so the agent sees what else moved money for it,
// with the total already refunded.
class OrderOperationsModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { OperationColumn, AmountColumn, StatusColumn, RefundIdColumn, UpdatedColumn, ColumnCount };
    enum Role {
        OperationIdRole = Qt::UserRole + 1,
        StatusRole,
        IsCurrentRole, // the operation the panel shows
    };

    explicit OrderOperationsModel(QObject *parent = nullptr);

    void setOperations(std::vector<Operation> operations, const QString &currentOperationId, qint64 nowMsecs);

    // "38.00 USD" (or "38.00 USD + 5.00 EUR"); "nothing" when no operation is refunded.
    QString totalRefundedText() const;
    // Operations of the order other than the current one.
    int otherCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Operation> m_operations;
    QString m_current;
    qint64 m_now = 0;
};

} // namespace RefundDesk
