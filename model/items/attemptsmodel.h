#pragma once

#include "domain/attempt.h"

#include <QAbstractTableModel>

#include <vector>

namespace RefundDesk {

// The attempt timeline of one operation: what each attempt sent and how it ended,
// the outcome in words a support agent reads.
class AttemptsModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        NumberColumn,
        ToolCallColumn,
        StartedColumn,
        DurationColumn,
        OutcomeColumn,
        HttpStatusColumn,
        RequestIdColumn,
        ColumnCount
    };

    enum Role {
        OutcomeCodeRole = Qt::UserRole + 1, // "timeout", "server_error", ... ("" when unfinished)
        OutcomeUncertainRole,               // the attempt left the outcome unknown
    };

    explicit AttemptsModel(QObject *parent = nullptr);

    void setAttempts(std::vector<Attempt> attempts, qint64 nowMsecs);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // True for outcomes after which nobody knows whether money moved.
    static bool leavesOutcomeUnknown(AttemptOutcome outcome);

private:
    std::vector<Attempt> m_attempts;
    qint64 m_now = 0;
};

} // namespace RefundDesk
