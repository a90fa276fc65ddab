#include "ui/console/panel/historyview.h"

#include "items/historymodel.h"
#include "items/operationsnapshot.h"
#include "ui/common/cellfittedcolumns.h"
#include "ui/common/tablesetup.h"
#include "ui/common/tonedelegate.h"
#include "ui/common/wrappingheaderview.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace RefundDesk {

HistoryView::HistoryView(QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableView(this))
    , m_model(new HistoryModel(this))
{
    m_table->setObjectName(QStringLiteral("historyTable"));
    // Its titles wrap, as its cells do, rather than widen the panel.
    m_table->setHorizontalHeader(new WrappingHeaderView(m_table));
    m_table->setModel(m_model);
    setUpReadOnlyTable(m_table);
    m_table->setAccessibleName(tr("Decisions recorded"));
    m_table->setItemDelegate(new ToneDelegate(
        [](const QModelIndex &index) {
            if (index.data(HistoryModel::OverrideRole).toBool())
                return Theme::Tone::Danger;
            return Theme::Tone::Neutral;
        },
        {}, m_table));
    fitColumnWidth(m_table->horizontalHeader(), HistoryModel::WhenColumn, 110);
    fitColumnWidth(m_table->horizontalHeader(), HistoryModel::WhoColumn, 90);
    fitColumnWidth(m_table->horizontalHeader(), HistoryModel::WhatColumn, 260);
    // Every cell and header whole, read without scrolling sideways: the longest (the
    // evidence, the note) take more lines.
    (new CellFittedColumns(m_table, HistoryModel::DetailsColumn))->setWrapsCells(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_table);
}

void HistoryView::showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs)
{
    m_model->setHistory(snapshot.operation, snapshot.resolutions, nowMsecs, snapshot.notes, snapshot.lookups);
}

void HistoryView::clear()
{
    m_model->setHistory({}, {}, 0);
}

} // namespace RefundDesk
