#pragma once

class QTableView;

namespace RefundDesk {

// The look every read-only table in the console shares: whole-row selection, no grid,
// compact rows, the last column stretching, no editing.
void setUpReadOnlyTable(QTableView *view);

} // namespace RefundDesk
