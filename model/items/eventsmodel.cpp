#include "items/eventsmodel.h"

#include "domain/money.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"

namespace RefundDesk {

EventsModel::EventsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void EventsModel::setEvents(std::vector<EvidenceEvent> events, qint64 nowMsecs)
{
    beginResetModel();
    m_events = std::move(events);
    m_now = nowMsecs;
    endResetModel();
}

int EventsModel::rowOfEvent(const QString &eventId) const
{
    for (int i = 0; i < int(m_events.size()); ++i) {
        if (m_events[i].row.eventId == eventId)
            return i;
    }
    return -1;
}

int EventsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int EventsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const EvidenceEvent &event = m_events[index.row()];
    const ParsedRefund *refund = event.refund();
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TypeColumn:
            if (!event.row.type.isEmpty())
                return event.row.type;
            return event.parsed.type.isEmpty() ? tr("(no type)") : event.parsed.type;
        case TimeColumn: {
            const qint64 created = event.created();
            return created > 0 ? TimeText::moment(created * 1000, m_now) : TimeText::moment(event.row.receivedAt, m_now);
        }
        case RefundIdColumn:
            return refund ? refund->id : event.row.refundId;
        case StatusColumn:
            if (!event.readable())
                return tr("unreadable");
            return refund ? displayName(refund->status) : QString();
        case AmountColumn:
            return refund ? Money::display(refund->amount, refund->currency) : QString();
        case MatchedByColumn:
            return displayName(event.matchedBy);
        case EventIdColumn:
            return event.deliveries > 1 ? tr("%1 (delivered %2×)").arg(event.row.eventId).arg(event.deliveries)
                                        : event.row.eventId;
        }
        return {};
    case Qt::ToolTipRole:
        if (!event.readable())
            return ToolTipText::fromPlainText(tr("This payload could not be read: %1").arg(event.parsed.unreadableReason));
        // Ids and reasons come from the payload: never markup.
        switch (index.column()) {
        case RefundIdColumn: return ToolTipText::fromPlainText(refund ? refund->id : event.row.refundId);
        case EventIdColumn: return ToolTipText::fromPlainText(event.row.eventId);
        case TimeColumn:
            return tr("Provider time %1; received %2")
                .arg(TimeText::fullMoment(event.created() * 1000),
                     TimeText::fullMoment(event.row.receivedAt));
        case StatusColumn:
            if (refund && !refund->failureReason.isEmpty())
                return ToolTipText::fromPlainText(tr("Failure reason: %1").arg(refund->failureReason));
            return {};
        case MatchedByColumn:
            switch (event.matchedBy) {
            case MatchRoute::Metadata: return tr("The payload's metadata names this operation.");
            case MatchRoute::IdempotencyKey: return tr("The request carried this operation's idempotency key.");
            case MatchRoute::RefundId: return tr("It is about a refund already tied to this operation.");
            }
            return {};
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() == AmountColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case EventIdRole: return event.row.eventId;
    case PayloadRole: return event.row.payload;
    case UnreadableRole: return !event.readable();
    case RefundStatusRole: return refund ? toString(refund->status) : QString();
    }
    return {};
}

QVariant EventsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TypeColumn: return tr("Event");
    case TimeColumn: return tr("Time");
    case RefundIdColumn: return tr("Refund id");
    case StatusColumn: return tr("Status");
    case AmountColumn: return tr("Amount");
    case MatchedByColumn: return tr("Matched by");
    case EventIdColumn: return tr("Event id");
    }
    return {};
}

} // namespace RefundDesk
