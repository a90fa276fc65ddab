#pragma once

#include "store/standbystatus.h"

#include <QLabel>

#include <optional>

namespace RefundDesk {

// The status bar's word on a PostgreSQL hot standby: that the store is a read-only
// replica, and how far behind the primary it is, as the store last saw it (the live
// refresher's look brings it once a second; this label reads no store). Hidden on a
// primary and on SQLite.
class StandbyLabel final : public QLabel
{
    Q_OBJECT

public:
    explicit StandbyLabel(QWidget *parent = nullptr);

    // The standby's status as last seen; none hides the label.
    void setStatus(const std::optional<StandbyStatus> &status);

protected:
    void changeEvent(QEvent *event) override;

private:
    void showStatus();

    std::optional<StandbyStatus> m_status;
};

} // namespace RefundDesk
