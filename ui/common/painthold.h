#pragma once

#include <QObject>
#include <QTimer>

class QWidget;

namespace RefundDesk {

// Keeps a widget from painting for a moment while what it is about to show is still
// being read: a picture complete within the moment is painted once, instead of step by
// step (an empty list, then its rows, then the selected row's details), each step a paint
// that the next answer waits behind. A picture that takes longer shows its steps once the
// moment is over. Input is not held, only painting.
class PaintHold final : public QObject
{
    Q_OBJECT

public:
    // A child of `widget`, which therefore outlives it.
    PaintHold(QWidget *widget, int momentMs);

    // Holds the widget's painting from now, for the moment at most.
    void hold();
    // Paints the widget as it is now, and again as it changes.
    void release();
    bool isHolding() const { return m_timer.isActive(); }

private:
    QWidget *const m_widget;
    QTimer m_timer;
};

} // namespace RefundDesk
