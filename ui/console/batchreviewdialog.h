#pragma once

#include "evidence/batchplan.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace RefundDesk {

// The review before a batch of outcomes is recorded from evidence: every eligible
// operation with the outcome, the refund id and the event it rests on, the totals by
// outcome and currency, the operations left out and why, and one note for the batch.
// Above ConfirmAbove operations the person types the count to confirm.
class BatchReviewDialog final : public QDialog
{
    Q_OBJECT

public:
    static constexpr int ConfirmAbove = 50;

    explicit BatchReviewDialog(const BatchPlan &plan, QWidget *parent = nullptr);

    QString note() const;
    QLineEdit *noteEdit() const { return m_note; }
    // Shown only above ConfirmAbove operations.
    QLineEdit *confirmEdit() const { return m_confirm; }
    QTableWidget *eligibleTable() const { return m_eligible; }
    QTableWidget *leftOutTable() const { return m_leftOut; }

private:
    void fillEligible(const BatchPlan &plan);
    void fillLeftOut(const BatchPlan &plan);
    void updateButtons();

    qint64 m_count = 0;
    QTableWidget *m_eligible = nullptr;
    QTableWidget *m_leftOut = nullptr;
    QLineEdit *m_note = nullptr;
    QLineEdit *m_confirm = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

// "refunded: 12, $456.00" lines, by outcome and currency.
QString batchTotalsText(const BatchPlan &plan);

} // namespace RefundDesk
