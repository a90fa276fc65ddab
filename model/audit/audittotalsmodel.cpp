#include "audit/audittotalsmodel.h"

#include "domain/money.h"

#include <QLocale>

namespace RefundDesk {

AuditTotalsModel::AuditTotalsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AuditTotalsModel::setTotals(std::vector<AuditTotal> totals)
{
    beginResetModel();
    m_totals = std::move(totals);
    endResetModel();
}

qint64 AuditTotalsModel::resolutionCount() const
{
    qint64 count = 0;
    for (const AuditTotal &t : m_totals)
        count += t.count;
    return count;
}

void AuditTotalsModel::retranslate()
{
    emit headerDataChanged(Qt::Horizontal, 0, ColumnCount - 1);
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int AuditTotalsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_totals.size());
}

int AuditTotalsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditTotalsModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_totals.size()) || index.column() >= ColumnCount)
        return {};
    const AuditTotal &t = m_totals[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OutcomeColumn: return displayName(t.outcome);
        case CurrencyColumn: return t.currency.toUpper();
        case CountColumn: return QLocale::c().toString(t.count);
        case AmountColumn: return Money::display(t.amountCents, t.currency);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == CountColumn || index.column() == AmountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case CountRole: return t.count;
    case AmountCentsRole: return t.amountCents;
    default: return {};
    }
}

QVariant AuditTotalsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case OutcomeColumn: return tr("Outcome");
    case CurrencyColumn: return tr("Currency");
    case CountColumn: return tr("Resolutions");
    case AmountColumn: return tr("Amount");
    }
    return {};
}

} // namespace RefundDesk
