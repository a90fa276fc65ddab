#pragma once

#include "evidence/batchplan.h"

#include <QStringList>

class QTableWidget;

namespace RefundDesk::BatchColumns {

// The columns the review of a batch and its report share, in this order; each dialog
// adds its own last column (the latest note, what became of the operation).
enum Column { Operation, Outcome, Amount, RefundId, Evidence, SharedCount };

QStringList headers();
// The shared cells of a candidate, in the person's language and locale.
QStringList cells(const BatchCandidate &candidate);
// The shared cells of an operation left out: no refund id or evidence to rest on.
QStringList cells(const BatchLeftOut &left);

// What the decision rests on, in words, with the id of the event or lookup: "Stripe's
// event evt_… says the refund succeeded", "Stripe lookup 17 listed every refund: none
// for this operation".
QString evidenceInWords(const BatchCandidate &candidate);

// A read-only table of these columns and `lastHeader`: ids elided in the middle (whole in
// the tooltip and when copied), amounts aligned on their decimal point, rows copyable as
// tab-separated values.
QTableWidget *newTable(const QString &objectName, const QString &lastHeader, QWidget *parent);
// Sets `row` to `texts`, each cell's whole text in its tooltip.
void setRow(QTableWidget *table, int row, const QStringList &texts);
// Widths from the contents again (CellFittedColumns), the last column taking what is left.
void fitColumns(QTableWidget *table);

} // namespace RefundDesk::BatchColumns
