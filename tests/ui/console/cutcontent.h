#pragma once

// What a person cannot read whole on the screen, for the console's language tests: each
// function gives one line per problem, naming the widget, empty when all reads whole.

#include <QStringList>

class QWidget;

namespace RefundDesk {
class OperationPanel;
}

namespace RefundDesk::Test {

// The problems of `root` whose texts are cut: buttons narrower than their text, header
// sections narrower than their title, tabs and labels cut, menus that spill over.
QStringList cutTexts(QWidget *root);

// The cells of `root`'s tables narrower than their text (with its icon and margins, as the
// view's delegate measures it). The cells of a CellFittedColumns' elastic column may give
// way when the view is too narrow, if their tooltip says them whole.
QStringList cutCells(QWidget *root);

// The cells of the panel's tables, on each of its tabs, that a person cannot read whole,
// and the tables that scroll sideways. A cell is whole on one line when its column is as
// wide as the view's delegate measures its text (with its icon and margins); else only in
// a view that wraps words, on the lines its text takes at its column's width, when its
// row is tall enough for them and its lines break between words, or within an id (never
// within an amount or a time). No tooltip stands in for a cell.
QStringList cellsNotWhole(OperationPanel *panel);

// The panel's tables that keep their first rows in view (the attempts and the events, their
// first two each) show them whole: in their view, and in the part of it that the panes
// around it leave to be seen.
QStringList firstRowsNotInView(OperationPanel *panel);

} // namespace RefundDesk::Test
