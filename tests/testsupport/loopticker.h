#pragma once

#include <QTimer>

#include <atomic>
#include <memory>

namespace RefundDesk::Test {

// Counts the turns of the event loop of the thread it is made on (the UI thread): a timer
// ticks every IntervalMs, and a tick runs only when that thread's loop turns. Any thread
// may read the count. A tick that runs inside an event loop nested in the one it was
// started from (a QEventLoop::exec(), a dialog's exec()) is counted apart: a thread that
// waits for an answer that way still turns its loop.
class LoopTicker final
{
public:
    static constexpr int IntervalMs = 5;

    LoopTicker();

    void start();
    void stop();

    qint64 ticks() const { return *m_ticks; }
    qint64 nestedTicks() const { return m_nestedTicks; }
    // The count, for a thread that outlives this object's use of it.
    std::shared_ptr<const std::atomic<qint64>> sharedTicks() const { return m_ticks; }

private:
    void tick();

    QTimer m_timer;
    std::shared_ptr<std::atomic<qint64>> m_ticks = std::make_shared<std::atomic<qint64>>(0);
    qint64 m_nestedTicks = 0;
    int m_startLevel = 0;
};

} // namespace RefundDesk::Test
