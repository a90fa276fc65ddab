#include "ui/console/panel/ordercontextview.h"

#include "domain/operation.h"
#include "items/operationsnapshot.h"
#include "items/orderoperationsmodel.h"
#include "ui/common/livetext.h"
#include "ui/common/cellfittedcolumns.h"
#include "ui/common/tablesetup.h"
#include "ui/common/tonedelegate.h"
#include "ui/common/wrappingheaderview.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace RefundDesk {

OrderContextView::OrderContextView(QWidget *parent)
    : QWidget(parent)
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new OrderOperationsModel(this))
{
    m_summary->setObjectName(QStringLiteral("orderSummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    LiveText::makeReadable(m_summary);
    m_table->setObjectName(QStringLiteral("orderTable"));
    // Its titles wrap, as its cells do, rather than widen the panel.
    m_table->setHorizontalHeader(new WrappingHeaderView(m_table));
    m_table->setModel(m_model);
    setUpReadOnlyTable(m_table);
    m_table->setAccessibleName(tr("The order's refund operations"));
    m_table->setItemDelegate(new ToneDelegate(
        [](const QModelIndex &index) {
            if (index.column() != OrderOperationsModel::StatusColumn)
                return Theme::Tone::Neutral;
            return Theme::toneOfStatus(index.data(OrderOperationsModel::StatusRole).toString());
        },
        [](const QModelIndex &index) { return index.data(OrderOperationsModel::IsCurrentRole).toBool(); }, m_table));
    fitColumnWidth(m_table->horizontalHeader(), OrderOperationsModel::OperationColumn, 130);
    fitColumnWidth(m_table->horizontalHeader(), OrderOperationsModel::AmountColumn, 90);
    fitColumnWidth(m_table->horizontalHeader(), OrderOperationsModel::StatusColumn, 80,
                   {displayName(OperationStatus::Open), displayName(OperationStatus::Unknown),
                    displayName(OperationStatus::Checking), displayName(OperationStatus::Refunded),
                    displayName(OperationStatus::Failed)});
    fitColumnWidth(m_table->horizontalHeader(), OrderOperationsModel::RefundIdColumn, 130);
    // Every cell whole, read without scrolling sideways: in a narrow panel the longest
    // take more lines.
    (new CellFittedColumns(m_table, OrderOperationsModel::UpdatedColumn))->setWrapsCells(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    clear();
}

void OrderContextView::showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs)
{
    m_model->setOperations(snapshot.orderOperations, snapshot.operation.operationId, nowMsecs);
    const int others = m_model->otherCount();
    const QString othersText = others == 0 ? tr("no other refund operations")
                                            : tr("%n other refund operation(s)", nullptr, others);
    m_summary->setText(tr("Order %1: %2. Refunded so far: %3.")
                           .arg(snapshot.operation.orderId, othersText, m_model->totalRefundedText()));
}

void OrderContextView::clear()
{
    m_model->setOperations({}, {}, 0);
    m_summary->setText(tr("The order's operations appear here."));
}

QList<QWidget *> OrderContextView::focusOrder() const
{
    return {m_summary, m_table};
}

QString OrderContextView::summaryText() const
{
    return m_summary->text();
}

} // namespace RefundDesk
