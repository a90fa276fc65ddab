#pragma once

#include "domain/attempt.h"
#include "evidence/evidence.h"

#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QTableView;

namespace RefundDesk {

class RefundComparisonModel;

// The refunds Stripe stated for an operation in conflict, or with a refund by another path,
// laid side by side in the decision: what they mean together, the table (the operation's
// own first), "Use as this operation's refund", and what the choice made of them. Hidden
// when there is nothing to compare. The dialog owns the choice; this says what it means.
class RefundComparisonView final : public QWidget
{
    Q_OBJECT

public:
    explicit RefundComparisonView(QWidget *parent = nullptr);

    // Compares the refunds the evidence states, when it is in conflict or names a refund by
    // another path; hidden otherwise. The row picked before stays picked (a language change
    // compares again), else the refund `refundId` names, else the first.
    void compare(const Evidence &evidence, const std::vector<Attempt> &attempts, const QString &refundId);
    bool isComparing() const;
    // Follows the dialog's choice: none yet, refunded with `refundId`, or failed. The table
    // follows the id typed when it names one of its refunds; nothing is used while
    // `submitting`.
    void followChoice(bool chosen, bool refunded, const QString &refundId, bool submitting);
    // Sets the texts in the language in force; what the refunds mean comes from `evidence`.
    void retranslate(const Evidence &evidence);

    QTableView *table() const { return m_table; }
    QPushButton *useButton() const { return m_useRefund; }
    QString meaningText() const;
    QString choiceText() const;

signals:
    // The person took `refundId` as the operation's refund.
    void refundUsed(const QString &refundId);
    // The table shows fewer wrapped lines than before: the window may give back `pixels`.
    void shrunk(int pixels);

private:
    void useCurrentRefund();
    void fitHeight();
    QString choiceConsequence(bool chosen, bool refunded, const QString &refundId) const;

    RefundComparisonModel *m_model = nullptr;
    QLabel *m_meaning = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_useRefund = nullptr;
    QLabel *m_choice = nullptr;
};

} // namespace RefundDesk
