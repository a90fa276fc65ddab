#pragma once

#include <QLayout>
#include <QList>
#include <QStyle>

namespace RefundDesk {

// A row of widgets, left to right, that goes on to a further line when the room is
// narrower than them all, as text wraps. A row of buttons then asks for the widest button's
// width, not for their sum, and a long translation costs a line instead of the room of the
// widget beside it. Hidden widgets take no room.
class WrappingRowLayout final : public QLayout
{
public:
    explicit WrappingRowLayout(QWidget *parent = nullptr);
    ~WrappingRowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;

    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    // Every widget on one line.
    QSize sizeHint() const override;
    // The widest widget alone.
    QSize minimumSize() const override;
    void setGeometry(const QRect &rect) override;

private:
    // Places the items in `rect` (or only measures, when `place` is false) and returns the
    // height the lines take, margins included.
    int arrange(const QRect &rect, bool place) const;
    // The layout's spacing, or the style's between widgets side by side or one above another.
    int gap(QStyle::PixelMetric metric) const;

    QList<QLayoutItem *> m_items;
};

} // namespace RefundDesk
