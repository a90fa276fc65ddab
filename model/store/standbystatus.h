#pragma once

#include "domain/error.h"

#include <QString>
#include <QtGlobal>

#include <optional>

namespace RefundDesk {

// A PostgreSQL hot standby as last seen: a read-only replica that replays its primary's
// changes and accepts none of its own.
struct StandbyStatus
{
    // How far the replay is behind the primary: 0 while it receives the primary's changes
    // and has replayed everything received, otherwise the time since the primary committed
    // the last transaction replayed. None when the standby has replayed no transaction
    // since it started.
    std::optional<qint64> lagMs;
    // Whether it is connected to the primary and receiving its changes (a WAL receiver
    // runs). When not, it falls further behind with every change made on the primary.
    bool receiving = true;
    // The replay position, pg_last_wal_replay_lsn() (e.g. "0/3000148").
    QString replayPosition;
    // The server has left recovery since: it was promoted and is a primary now.
    bool promoted = false;

    // The sentence a write on a standby stops with (exit 3): what the server is, and
    // where to record instead.
    static Error writeRefusal(const QString &location);
    // "3 s behind the primary", "up to date with the primary", …: for notes and labels.
    QString lagText() const;
    // "3 s", "4 min", "2 h".
    static QString durationText(qint64 ms);
};

} // namespace RefundDesk
