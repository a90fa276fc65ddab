#include "ui/console/batch/batchcolumns.h"

#include "domain/money.h"
#include "ui/common/cellfittedcolumns.h"
#include "ui/common/decimalaligneddelegate.h"
#include "ui/common/tablecopy.h"
#include "ui/common/tablesetup.h"

#include <QCoreApplication>
#include <QTableWidget>

namespace RefundDesk::BatchColumns {

QStringList headers()
{
    return {QCoreApplication::translate("BatchColumns", "Operation"), QCoreApplication::translate("BatchColumns", "Outcome"), QCoreApplication::translate("BatchColumns", "Amount"), QCoreApplication::translate("BatchColumns", "Refund id"), QCoreApplication::translate("BatchColumns", "Evidence")};
}

QString evidenceInWords(const BatchCandidate &candidate)
{
    // A failure Stripe sent and a listing that found nothing both record "failed"; the
    // words tell them apart.
    if (candidate.lookupId > 0) {
        const QString lookup = QString::number(candidate.lookupId);
        switch (candidate.verdict) {
        case Verdict::NotFound:
            return QCoreApplication::translate("BatchColumns", "Stripe lookup %1 listed every refund: none for this operation").arg(lookup);
        case Verdict::Failed: return QCoreApplication::translate("BatchColumns", "Stripe lookup %1 found the refund failed").arg(lookup);
        default: return QCoreApplication::translate("BatchColumns", "Stripe lookup %1 found the refund succeeded").arg(lookup);
        }
    }
    return candidate.verdict == Verdict::Failed ? QCoreApplication::translate("BatchColumns", "Stripe's event %1 says the refund failed").arg(candidate.eventId)
                                                : QCoreApplication::translate("BatchColumns", "Stripe's event %1 says the refund succeeded").arg(candidate.eventId);
}

QStringList cells(const BatchCandidate &candidate)
{
    return {candidate.seen.operationId, displayName(candidate.outcome),
            Money::display(candidate.seen.amountCents, candidate.seen.currency),
            candidate.outcome == RefundDesk::Outcome::Refunded ? candidate.refundId : QString(), evidenceInWords(candidate)};
}

QStringList cells(const BatchLeftOut &left)
{
    const std::optional<RefundDesk::Outcome> outcome = outcomeSettledBy(left.verdict);
    return {left.operation.operationId, outcome ? displayName(*outcome) : QString(),
            Money::display(left.operation.amountCents, left.operation.currency), QString(), QString()};
}

QTableWidget *newTable(const QString &objectName, const QString &lastHeader, QWidget *parent)
{
    const QStringList labels = headers() << lastHeader;
    auto *table = new QTableWidget(0, int(labels.size()), parent);
    table->setObjectName(objectName);
    table->setHorizontalHeaderLabels(labels);
    setUpReadOnlyTable(table);
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Ids differ at their ends: what is cut is their middle.
    table->setTextElideMode(Qt::ElideMiddle);
    table->setItemDelegateForColumn(Amount, new DecimalAlignedDelegate(table));
    table->horizontalHeaderItem(Amount)->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    makeRowsCopyable(table);
    // Every id and amount whole; the last column (a note, a reason) gives way first.
    new CellFittedColumns(table, table->columnCount() - 1);
    return table;
}

void setRow(QTableWidget *table, int row, const QStringList &texts)
{
    for (int column = 0; column < texts.size(); ++column) {
        auto *item = new QTableWidgetItem(texts.at(column));
        if (!texts.at(column).isEmpty())
            item->setToolTip(texts.at(column));
        table->setItem(row, column, item);
    }
}

void fitColumns(QTableWidget *table)
{
    if (CellFittedColumns *fitted = CellFittedColumns::of(table))
        fitted->refit();
}

} // namespace RefundDesk::BatchColumns
