#include "interruptwatch.h"

namespace RefundDesk::Cli {

namespace {

volatile std::sig_atomic_t interruptedFlag = 0;

void onInterrupt(int)
{
    interruptedFlag = 1;
}

} // namespace

InterruptWatch::InterruptWatch(QObject *parent)
    : QObject(parent)
{
    interruptedFlag = 0;
    m_previous = std::signal(SIGINT, onInterrupt);
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, [this] {
        if (interruptedFlag && !m_told) {
            m_told = true;
            emit interrupted();
        }
    });
    m_poll.start();
}

InterruptWatch::~InterruptWatch()
{
    std::signal(SIGINT, m_previous);
}

bool InterruptWatch::wasInterrupted() const
{
    return interruptedFlag != 0;
}

} // namespace RefundDesk::Cli
