#pragma once

#include <QList>

class QWidget;

namespace RefundDesk {

// Makes Tab visit the widgets in this order (each after the one before it), the reading
// order of the window rather than the order the widgets happened to be made in. The first
// keeps its place; give the focus where the window should start.
void setFocusOrder(const QList<QWidget *> &widgets);

} // namespace RefundDesk
