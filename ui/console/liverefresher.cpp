#include "ui/console/liverefresher.h"

#include "store/store.h"

namespace RefundDesk {

LiveRefresher::LiveRefresher(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &LiveRefresher::poll);
}

void LiveRefresher::setStore(Store *store)
{
    m_store = store;
    m_version = -1;
    m_failing = false;
    if (!m_store) {
        m_timer.stop();
        return;
    }
    catchUp();
    m_timer.start();
}

void LiveRefresher::setInterval(int milliseconds)
{
    m_timer.setInterval(milliseconds);
}

void LiveRefresher::catchUp()
{
    if (!m_store)
        return;
    if (auto version = m_store->dataVersion())
        m_version = *version;
}

void LiveRefresher::poll()
{
    if (!m_store)
        return;
    auto version = m_store->dataVersion();
    if (!version) {
        // Say it once, not every second.
        if (!m_failing)
            emit failed(version.error().message);
        m_failing = true;
        return;
    }
    m_failing = false;
    if (*version == m_version)
        return;
    m_version = *version;
    emit changed();
}

} // namespace RefundDesk
