#pragma once

#include <QObject>
#include <QTimer>

namespace RefundDesk {

class Store;

// Notices commits made by other connections (the agent's tool, the webhook receiver,
// other operators) by polling the store's data version, which costs next to nothing
// when nothing changed. Own writes do not change it: refresh after those directly.
class LiveRefresher final : public QObject
{
    Q_OBJECT

public:
    explicit LiveRefresher(QObject *parent = nullptr);

    // The store to watch (not owned; may be null, which stops watching).
    void setStore(Store *store);
    void setInterval(int milliseconds);
    int interval() const { return m_timer.interval(); }

    // Checks now instead of waiting for the timer.
    void poll();

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
