#pragma once

#include <QObject>
#include <QTimer>

namespace RefundDesk {

class Store;

// Notices commits made by other connections (the agent's tool, the webhook receiver,
// other operators) by polling the store's data version, which costs next to nothing
// when nothing changed. The console's own writes go through a connection of their own
// and move the version too: after one, catchUp() and refresh directly, so that the write
// is not reported as someone else's change a second later.
class LiveRefresher final : public QObject
{
    Q_OBJECT

public:
    explicit LiveRefresher(QObject *parent = nullptr);

    // The store to watch (not owned; may be null, which stops watching).
    void setStore(Store *store);
    void setInterval(int milliseconds);

    // Checks now instead of waiting for the timer.
    void poll();
    // Takes the store's current version as seen, without signalling.
    void catchUp();

signals:
    void changed();
    // Polling failed (the store went away, is locked for long, ...).
    void failed(const QString &message);

private:
    QTimer m_timer;
    Store *m_store = nullptr;
    qint64 m_version = -1;
    bool m_failing = false;
};

} // namespace RefundDesk
