#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace RefundDesk {

class OrderOperationsModel;
struct OperationSnapshot;

// The order's other refund operations with their statuses, and how much of the order
// has been refunded so far.
class OrderContextView final : public QWidget
{
    Q_OBJECT

public:
    explicit OrderContextView(QWidget *parent = nullptr);

    // The controls the Tab key visits, in reading order.
    QList<QWidget *> focusOrder() const;

    void showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs);
    void clear();

    QString summaryText() const;
    OrderOperationsModel *model() const { return m_model; }

private:
    QLabel *m_summary = nullptr;
    QTableView *m_table = nullptr;
    OrderOperationsModel *m_model = nullptr;
};

} // namespace RefundDesk
