#pragma once

#include <QObject>

class QTableView;
class QWidget;

namespace RefundDesk {

// Keeps a table's columns as wide as their widest cell and header, whatever the language
// and the data (an amount in "EUR", a whole tool-call id, a long status word). One column
// is elastic: it takes the room that is left, never less than its header, and when the
// view is too narrow for every cell it is the one whose cells are cut (its tooltips say
// them whole). Refits when the rows change and when the view is resized. It only widens:
// a width set by hand, or restored with the window's layout, stays while it is enough.
// A view that may not scroll sideways has its cells wrapped instead (setWrapsCells): when
// the view is too narrow for every cell on one line, the widest columns narrow first,
// never below their header or a word of their cells (an id may break), and the rows grow
// for the lines their cells take. Where even that is too wide, the view scrolls; such a
// view asks its layout for the width of its columns at their narrowest.
class CellFittedColumns final : public QObject
{
    Q_OBJECT

public:
    // Installs itself on `view` (its child); `elasticColumn` of the view's model.
    CellFittedColumns(QTableView *view, int elasticColumn);

    int elasticColumn() const { return m_elastic; }
    // Cells take more lines rather than the view more width (the view wraps words; a
    // ToneDelegate breaks an id too long for its line).
    void setWrapsCells(bool wraps);
    bool wrapsCells() const { return m_wraps; }
    // The fitter installed on `view`, if any.
    static CellFittedColumns *of(const QTableView *view);

    void refit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void watchModel();
    // Narrows the widest columns of `widths` until they fit the viewport, if they can.
    void narrowToFit(QList<int> &widths, const QList<int> &leastOfEach) const;
    // The narrowest `column` may be with its cells wrapped.
    int leastWidth(int column) const;
    // leastWidth() of each column, 0 for a hidden one: read once a refit.
    QList<int> leastWidths() const;
    void fitRowsToTheirLines();
    // Wrapping, the view's minimum width: its columns at their narrowest.
    void keepRoomFor(const QList<int> &leastOfEach);

    QTableView *m_view = nullptr;
    QWidget *m_viewport = nullptr;
    int m_elastic = 0;
    bool m_refitting = false;
    bool m_wraps = false;
};

} // namespace RefundDesk
