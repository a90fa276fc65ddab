#pragma once

#include "domain/result.h"

#include <QElapsedTimer>
#include <QString>

namespace RefundDesk::Internal {

class PgConnection;

// Following other sessions' changes without LISTEN, where none can be had (a transaction
// pooler in front hands each transaction to any server connection, so a LISTEN would
// listen for whoever gets that connection next). The server's WAL position stands in for
// the notifications: every commit that changes the store moves it. Other databases of the
// same server move it too, which costs a needless refresh, never a missed change. Read at
// most once a second, in one small statement.
class PgChangePoll final
{
public:
    static constexpr int PollIntervalMs = 1000;
    // A look asked for on a one-second timer comes up to 5% early (Qt's coarse timers):
    // it still reads, or a change would wait for the look after, two seconds instead of one.
    static constexpr int EarlyLookMs = 100;

    // Reads the position once PollIntervalMs (less EarlyLookMs) have passed since the last
    // reading: whether it moved since then (the first reading only sets it).
    Result<bool> poll(PgConnection &connection);

private:
    QString m_position;
    QElapsedTimer m_sinceRead;
};

} // namespace RefundDesk::Internal
