#pragma once

class QTableView;

namespace RefundDesk::QueueColumns {

// Gives each of the queue's columns its default width from the view's font: wide enough
// for its header and a typical value (an id in bold, "1,234.56 USD", "23 h 59 m" after the
// overdue icon, the common verdicts), so that no usual value is cut and no column takes
// more than it shows. The follow-up, the one long text, is last and takes the rest.
void fit(QTableView *view);

// The width the view needs to show every column at its default width, the follow-up's
// header, the frame and the vertical scroll bar included.
int preferredWidth(const QTableView *view);

} // namespace RefundDesk::QueueColumns
