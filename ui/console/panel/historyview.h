#pragma once

#include <QWidget>

class QTableView;

namespace RefundDesk {

class HistoryModel;
struct OperationSnapshot;

// Who did what with the operation: the claim and every recorded resolution.
class HistoryView final : public QWidget
{
    Q_OBJECT

public:
    explicit HistoryView(QWidget *parent = nullptr);

    void showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs);
    void clear();

    HistoryModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

private:
    QTableView *m_table = nullptr;
    HistoryModel *m_model = nullptr;
};

} // namespace RefundDesk
