#pragma once

#include <QString>

class QAbstractItemModel;
class QTableView;

namespace RefundDesk {

// The rows of `model` as tab-separated values, headers first: what a spreadsheet or a
// ticket takes as a table. Tabs and line breaks inside a cell become spaces.
QString tableAsTsv(const QAbstractItemModel *model);

// Ctrl+C and the context menu's Copy put the selected rows (all rows when none is
// selected) on the clipboard as tab-separated values, headers first, every cell whole
// even where the view elides it.
void makeRowsCopyable(QTableView *view);

} // namespace RefundDesk
