#pragma once

#include "store/storefacts.h"

#include <QObject>
#include <QTimer>

namespace RefundDesk {

class StoreWorker;

// Notices commits made by other connections (the agent's tool, the webhook receiver,
// other operators) by asking the store worker for the store's data version, which costs
// next to nothing when nothing changed (on PostgreSQL no query at all). The console's own
// writes go through a connection of their own and move the version too: after one,
// catchUp() and refresh directly, so that the write is not reported as someone else's
// change a second later. Each look also brings the store's state (a standby's lag).
class LiveRefresher final : public QObject
{
    Q_OBJECT

public:
    explicit LiveRefresher(QObject *parent = nullptr);

    // The worker to ask (not owned; null stops watching).
    void setStore(StoreWorker *worker);
    void setInterval(int milliseconds);

    // Looks now instead of waiting for the timer (unless a look is in progress).
    void poll();
    // Takes the store's version as of the next look as seen, without signalling.
    void catchUp();

signals:
    void changed();
    // Looking failed (the store went away, is locked for long, ...).
    void failed(const QString &message);
    // The store's state as of the last look.
    void stateRead(const StoreState &state);

private:
    struct Look
    {
        qint64 version = -1;
        StoreState state;
    };
    void looked(quint64 session, Result<Look> answer);

    QTimer m_timer;
    StoreWorker *m_worker = nullptr;
    quint64 m_session = 0; // moves on with every setStore(): older looks are not this store's
    bool m_looking = false;
    bool m_catchUp = false;
    qint64 m_version = -1;
    bool m_failing = false;
};

} // namespace RefundDesk
