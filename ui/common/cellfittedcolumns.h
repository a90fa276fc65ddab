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
class CellFittedColumns final : public QObject
{
    Q_OBJECT

public:
    // Installs itself on `view` (its child); `elasticColumn` of the view's model.
    CellFittedColumns(QTableView *view, int elasticColumn);

    int elasticColumn() const { return m_elastic; }
    // The fitter installed on `view`, if any.
    static CellFittedColumns *of(const QTableView *view);

    void refit();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void watchModel();

    QTableView *m_view = nullptr;
    QWidget *m_viewport = nullptr;
    int m_elastic = 0;
    bool m_refitting = false;
};

} // namespace RefundDesk
