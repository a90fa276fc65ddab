#pragma once

#include <QFocusFrame>

namespace RefundDesk {

// A frame in Theme::focusMark's colour around the control that has the keyboard focus,
// in every window. Fusion marks a focused button or table only by tinting its outline
// with the highlight colour, which a dark window barely shows; this frame stays at 3:1
// or more on every background. It is Qt's own focus frame (it follows the control as it
// moves, resizes or hides, and lets the mouse through), painted in that colour.
class FocusMark final : public QFocusFrame
{
    Q_OBJECT

public:
    // From now on the application's focused control carries the mark.
    static void follow();

    explicit FocusMark(QWidget *parent = nullptr);

protected:
    void paintEvent(QPaintEvent *event) override;
};

} // namespace RefundDesk
