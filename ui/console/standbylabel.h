#pragma once

#include <QLabel>
#include <QTimer>

namespace RefundDesk {

class Store;

// The status bar's word on a PostgreSQL hot standby: that the store is a read-only
// replica, and how far behind the primary it is, as the store last saw it (its change
// polling reads the replay position once a second; this label reads no store). Hidden
// on a primary and on SQLite.
class StandbyLabel final : public QLabel
{
    Q_OBJECT

public:
    explicit StandbyLabel(QWidget *parent = nullptr);

    // The store to describe (not owned; may be null, which hides the label).
    void setStore(Store *store);
    // Shows the store's status now instead of at the next tick.
    void showStatus();

private:
    QTimer m_timer;
    Store *m_store = nullptr;
};

} // namespace RefundDesk
