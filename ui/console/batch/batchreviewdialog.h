#pragma once

#include "evidence/batchplan.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTabWidget;
class QTableWidget;

namespace RefundDesk {

// The review before a batch of outcomes is recorded from evidence: every eligible
// operation with the outcome, the amount, the refund id and the evidence it rests on in
// words, each ticked (Space or a click unticks the selected rows: the reviewer leaves them
// out), the totals of what is ticked by outcome and currency, the operations left out and
// why, and one note for the batch. The note has the focus; until the batch can be
// recorded, the line beside the button says what it waits for. Above ConfirmAbove ticked
// operations the person types the count to confirm. When the evidence settles none of
// them, the operations left out are shown first, and there is no note to write.
class BatchReviewDialog final : public QDialog
{
    Q_OBJECT

public:
    static constexpr int ConfirmAbove = 50;
    // The column of the eligible table whose check box says whether a row is recorded.
    static constexpr int TickColumn = 0;

    explicit BatchReviewDialog(const BatchPlan &plan, QWidget *parent = nullptr);

    QString note() const;
    // The plan as reviewed: the unticked operations left out by the reviewer.
    BatchPlan reviewedPlan() const;
    qint64 tickedCount() const { return m_ticked; }

    QLineEdit *noteEdit() const { return m_note; }
    // Shown only above ConfirmAbove ticked operations.
    QLineEdit *confirmEdit() const { return m_confirm; }
    QTableWidget *eligibleTable() const { return m_eligible; }
    QTableWidget *leftOutTable() const { return m_leftOut; }
    // What the Record button waits for, or nothing once it can record.
    QLabel *waitingLabel() const { return m_waiting; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void fillEligible();
    void fillLeftOut();
    void tickSelectedRows();
    void updateReview();
    // Sizes the dialog to the window it opens over (or the screen), the table to the dialog.
    void sizeToWindow(QWidget *parent);

    BatchPlan m_plan;
    qint64 m_ticked = 0;
    bool m_filling = false;
    QLabel *m_summary = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableWidget *m_eligible = nullptr;
    QTableWidget *m_leftOut = nullptr;
    QLabel *m_totals = nullptr;
    QLineEdit *m_note = nullptr;
    QLabel *m_confirmLabel = nullptr;
    QLineEdit *m_confirm = nullptr;
    QLabel *m_waiting = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

// "refunded: 12 operations, $456.00" lines, by outcome and currency.
QString batchTotalsText(const BatchPlan &plan);

} // namespace RefundDesk
