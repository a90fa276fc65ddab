#pragma once

#include <QString>
#include <QStringList>

#include <atomic>
#include <thread>

namespace RefundDesk {
class Store;
}

namespace RefundDesk::Bench {

// Another connection that changes the queue once a second, as the agent's tool and other
// operators do: it claims an operation the window shows, then releases it the next
// second. Each change moves the row (its updated_at changes) and flips its status.
class PeerWriter final
{
public:
    PeerWriter(const QString &path, QStringList operationIds);
    ~PeerWriter();

    void start();
    // Asks it to stop after the change under way, without waiting for it.
    void requestStop() { m_stop = true; }
    void stop();
    int changes() const { return m_changes; }
    QString lastError() const { return m_error; }

private:
    void run();
    bool claim(Store &store, const QString &id, const QString &me);
    bool release(Store &store, const QString &id, const QString &me);

    QString m_path;
    QStringList m_ids;
    std::thread m_thread;
    std::atomic<bool> m_stop = false;
    std::atomic<int> m_changes = 0;
    QString m_error;
};

} // namespace RefundDesk::Bench
