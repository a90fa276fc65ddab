#pragma once

#include "evidence/evidence.h"

#include <QAbstractTableModel>

#include <vector>

namespace RefundDesk {

// The webhook events that belong to one operation, as the evidence layer matched and
// read them. Unreadable events stay in the list, flagged, with the reason.
class EventsModel final : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        TypeColumn,
        TimeColumn,
        RefundIdColumn,
        StatusColumn,
        AmountColumn,
        MatchedByColumn,
        EventIdColumn,
        ColumnCount
    };
    enum Role {
        EventIdRole = Qt::UserRole + 1,
        PayloadRole,      // the raw payload as delivered
        UnreadableRole,   // bool
        RefundStatusRole, // Stripe's status spelling, empty when none
    };

    explicit EventsModel(QObject *parent = nullptr);

    void setEvents(std::vector<EvidenceEvent> events, qint64 nowMsecs);
    int rowOfEvent(const QString &eventId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<EvidenceEvent> m_events;
    qint64 m_now = 0;
};

} // namespace RefundDesk
