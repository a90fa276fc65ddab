#pragma once

#include "store/auditquery.h"

#include <QAbstractTableModel>

#include <vector>

namespace RefundDesk {

// Totals of the filtered audit log by outcome and currency: how many resolutions and
// how much money. The totals are computed elsewhere (off the UI thread) and set here.
class AuditTotalsModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { OutcomeColumn, CurrencyColumn, CountColumn, AmountColumn, ColumnCount };
    enum Role { CountRole = Qt::UserRole + 1, AmountCentsRole };

    explicit AuditTotalsModel(QObject *parent = nullptr);

    void setTotals(std::vector<AuditTotal> totals);
    const std::vector<AuditTotal> &totals() const { return m_totals; }
    qint64 resolutionCount() const;
    // The language changed: the headers and the texts shown are said again, rows unread.
    void retranslate();

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<AuditTotal> m_totals;
};

} // namespace RefundDesk
