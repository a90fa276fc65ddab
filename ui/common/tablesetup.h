#pragma once

#include <QStringList>

class QHeaderView;
class QTableView;
class QWidget;

namespace RefundDesk {

// The look every read-only table in the console shares: whole-row selection, no grid,
// compact rows, the last column stretching, no editing.
void setUpReadOnlyTable(QTableView *view);

// The room fitColumnWidth keeps beside a cell's text: the item margins the style draws on
// both sides, and a pixel more each side so that no text touches its neighbour.
int cellTextMargin(const QWidget *view);

// Sets the width of a column, widened to its header text when that is longer (the
// headers of some languages are), so that no header is cut; and to the widest of
// `samples`, the words the column shows (statuses, verdicts), so that none is cut.
void fitColumnWidth(QHeaderView *header, int section, int width, const QStringList &samples = {});

// Keeps `view` at least as tall as its header and its first `rows` rows, however tall
// their wrapped cells make them, so that the splitter or layout it is in never shows a
// part of one.
void keepFirstRowsInView(QTableView *view, int rows);

} // namespace RefundDesk
