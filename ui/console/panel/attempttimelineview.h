#pragma once

#include <QWidget>

class QLabel;
class QTableView;

namespace RefundDesk {

class AttemptsModel;
struct OperationSnapshot;

// The attempts sent under the operation's one key, and how each ended, in words.
class AttemptTimelineView final : public QWidget
{
    Q_OBJECT

public:
    explicit AttemptTimelineView(QWidget *parent = nullptr);

    void showSnapshot(const OperationSnapshot &snapshot, qint64 nowMsecs);
    void clear();

    AttemptsModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }

private:
    QLabel *m_title = nullptr;
    QTableView *m_table = nullptr;
    AttemptsModel *m_model = nullptr;
};

} // namespace RefundDesk
