#include "store/postgresql/pgconnectattempt.h"

#include <libpq-fe.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <poll.h>

namespace RefundDesk::Internal {

namespace {

constexpr int DefaultTimeoutSeconds = 10;
constexpr int MinimumTimeoutSeconds = 2;

// The connect_timeout the connection was given (the location's, or the default). No
// limit (0) is not kept here: a reconnect gives up and tries again rather than wait for
// ever on a host that took the connection and fell silent.
int timeoutSecondsOf(pg_conn *conn)
{
    int seconds = 0;
    if (PQconninfoOption *options = PQconninfo(conn)) {
        for (const PQconninfoOption *option = options; option->keyword; ++option) {
            if (std::strcmp(option->keyword, "connect_timeout") == 0 && option->val)
                seconds = std::atoi(option->val);
        }
        PQconninfoFree(options);
    }
    if (seconds <= 0)
        return DefaultTimeoutSeconds;
    return std::max(seconds, MinimumTimeoutSeconds);
}

} // namespace

PgConnectAttempt::PgConnectAttempt(pg_conn *started)
    : m_conn(started)
{
    m_clock.start();
    if (!m_conn || PQstatus(m_conn) == CONNECTION_BAD) {
        m_state = State::Failed;
        return;
    }
    m_timeoutSeconds = timeoutSecondsOf(m_conn);
}

PgConnectAttempt::~PgConnectAttempt()
{
    PQfinish(m_conn);
}

const char *PgConnectAttempt::errorMessage() const
{
    return m_conn ? PQerrorMessage(m_conn) : "out of memory";
}

pg_conn *PgConnectAttempt::take()
{
    if (m_state != State::Connected)
        return nullptr;
    return std::exchange(m_conn, nullptr);
}

PgConnectAttempt::State PgConnectAttempt::advance(int waitMs)
{
    QElapsedTimer waited;
    waited.start();
    while (m_state == State::Waiting) {
        if (m_clock.elapsed() >= qint64(m_timeoutSeconds) * 1000) {
            m_state = State::TimedOut;
            break;
        }
        // The socket may change from one step to the next (another address of the host).
        pollfd socket{PQsocket(m_conn), short(m_wantsRead ? POLLIN : POLLOUT), 0};
        if (socket.fd < 0) {
            m_state = State::Failed;
            break;
        }
        const int ready = ::poll(&socket, 1, int(std::max<qint64>(0, waitMs - waited.elapsed())));
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready < 0) {
            m_state = State::Failed;
            break;
        }
        if (ready == 0)
            break; // nothing yet: the next step looks again
        // Ready, or an error or hang-up on the socket: PQconnectPoll finds out which.
        pollOnce();
    }
    return m_state;
}

void PgConnectAttempt::pollOnce()
{
    switch (PQconnectPoll(m_conn)) {
    case PGRES_POLLING_READING: m_wantsRead = true; return;
    case PGRES_POLLING_WRITING: m_wantsRead = false; return;
    case PGRES_POLLING_OK: m_state = State::Connected; return;
    case PGRES_POLLING_FAILED:
    case PGRES_POLLING_ACTIVE: break; // ACTIVE is unused since libpq 7.4
    }
    m_state = State::Failed;
}

} // namespace RefundDesk::Internal
