#include "ui/console/shell/liverefresher.h"

#include "store/store.h"
#include "store/storeworker.h"

namespace RefundDesk {

LiveRefresher::LiveRefresher(QObject *parent)
    : QObject(parent)
{
    m_timer.setInterval(1000);
    connect(&m_timer, &QTimer::timeout, this, &LiveRefresher::poll);
}

void LiveRefresher::setStore(StoreWorker *worker)
{
    m_worker = worker;
    ++m_session;
    m_looking = false;
    m_version = -1;
    m_failing = false;
    if (!m_worker) {
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
    if (!m_worker)
        return;
    // A look in progress may have read the version before our write: it is disregarded,
    // and the one taken now is the one counted as seen.
    ++m_session;
    m_looking = false;
    m_catchUp = true;
    poll();
}

void LiveRefresher::poll()
{
    // One look at a time: on a slow or silent server they would pile up behind each other.
    if (!m_worker || m_looking)
        return;
    m_looking = true;
    const quint64 session = m_session;
    m_worker->request<Look>(
        [](Store &store) -> Result<Look> {
            auto version = store.dataVersion();
            if (!version)
                return version.error();
            return Look{*version, StoreState::of(store)};
        },
        this, [this, session](Result<Look> answer) { looked(session, std::move(answer)); });
}

void LiveRefresher::looked(quint64 session, Result<Look> answer)
{
    if (session != m_session)
        return;
    m_looking = false;
    if (!answer) {
        // Say it once, not every second.
        if (!m_failing)
            emit failed(answer.error().message);
        m_failing = true;
        return;
    }
    m_failing = false;
    emit stateRead(answer->state);
    const bool quiet = m_catchUp || m_version < 0;
    m_catchUp = false;
    if (answer->version == m_version)
        return;
    m_version = answer->version;
    if (!quiet)
        emit changed();
}

} // namespace RefundDesk
