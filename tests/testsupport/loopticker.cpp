#include "loopticker.h"

#include <QThread>

namespace RefundDesk::Test {

LoopTicker::LoopTicker()
{
    m_timer.setInterval(IntervalMs);
    QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { tick(); });
}

void LoopTicker::start()
{
    *m_ticks = 0;
    m_nestedTicks = 0;
    m_startLevel = QThread::currentThread()->loopLevel();
    m_timer.start();
}

void LoopTicker::stop()
{
    m_timer.stop();
}

void LoopTicker::tick()
{
    ++*m_ticks;
    if (QThread::currentThread()->loopLevel() > m_startLevel)
        ++m_nestedTicks;
}

} // namespace RefundDesk::Test
