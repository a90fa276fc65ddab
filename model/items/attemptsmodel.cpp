#include "items/attemptsmodel.h"

#include "items/timetext.h"
#include "items/tooltiptext.h"

namespace RefundDesk {

AttemptsModel::AttemptsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void AttemptsModel::setAttempts(std::vector<Attempt> attempts, qint64 nowMsecs)
{
    beginResetModel();
    m_attempts = std::move(attempts);
    m_now = nowMsecs;
    endResetModel();
}

bool AttemptsModel::leavesOutcomeUnknown(AttemptOutcome outcome)
{
    switch (outcome) {
    case AttemptOutcome::Unfinished:
    case AttemptOutcome::Timeout:
    case AttemptOutcome::KeyInProgress:
    case AttemptOutcome::ServerError:
    case AttemptOutcome::NetworkError:
        return true;
    case AttemptOutcome::Refunded:
    case AttemptOutcome::Declined:
    case AttemptOutcome::KeyMismatch:
        return false;
    }
    return true;
}

int AttemptsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_attempts.size());
}

int AttemptsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttemptsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Attempt &attempt = m_attempts[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NumberColumn: return attempt.attemptNo;
        case ToolCallColumn: return attempt.toolCallId;
        case StartedColumn: return TimeText::moment(attempt.startedAt, m_now);
        case DurationColumn:
            if (!attempt.finishedAt)
                return tr("no end recorded");
            if (*attempt.finishedAt - attempt.startedAt < 1000)
                return tr("%1 ms").arg(*attempt.finishedAt - attempt.startedAt);
            return TimeText::span(*attempt.finishedAt - attempt.startedAt);
        case OutcomeColumn: return describe(attempt.outcome);
        case HttpStatusColumn: return attempt.httpStatus ? QVariant(*attempt.httpStatus) : QVariant();
        case RequestIdColumn: return attempt.requestId;
        }
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ToolCallColumn: return ToolTipText::fromPlainText(attempt.toolCallId);
        case RequestIdColumn: return ToolTipText::fromPlainText(attempt.requestId);
        case StartedColumn: return TimeText::fullMoment(attempt.startedAt);
        case OutcomeColumn:
            // The provider's error text is not ours: never markup.
            return attempt.error.isEmpty()
                ? describe(attempt.outcome)
                : ToolTipText::fromPlainText(tr("%1\nProvider said: %2").arg(describe(attempt.outcome), attempt.error));
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == NumberColumn || index.column() == HttpStatusColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OutcomeCodeRole: return toString(attempt.outcome);
    case OutcomeUncertainRole: return leavesOutcomeUnknown(attempt.outcome);
    }
    return {};
}

QVariant AttemptsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NumberColumn: return tr("#");
    case ToolCallColumn: return tr("Tool call");
    case StartedColumn: return tr("Started");
    case DurationColumn: return tr("Took");
    case OutcomeColumn: return tr("Outcome");
    case HttpStatusColumn: return tr("HTTP");
    case RequestIdColumn: return tr("Request id");
    }
    return {};
}

} // namespace RefundDesk
