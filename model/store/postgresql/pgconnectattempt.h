#pragma once

#include <QElapsedTimer>

struct pg_conn;

namespace RefundDesk::Internal {

// One connect to the server made in steps that never wait on it for longer than the
// caller allows: libpq's non-blocking connect (PQconnectStartParams, then PQconnectPoll
// whenever poll(2) finds the socket ready), so that a caller on a UI thread stays
// responsive while a server does not answer. libpq leaves connect_timeout to such a
// caller: the attempt gives up once the location's connect_timeout has passed (at least
// two seconds, as libpq's own blocking connect insists). A host name is still looked up
// inside libpq, and that lookup blocks; a location with hostaddr needs none.
class PgConnectAttempt final
{
public:
    enum class State { Waiting, Connected, Failed, TimedOut };

    // Takes `started`, a connection PQconnectStartParams began (null when it had no
    // memory, which fails the attempt).
    explicit PgConnectAttempt(pg_conn *started);
    ~PgConnectAttempt();
    PgConnectAttempt(const PgConnectAttempt &) = delete;
    PgConnectAttempt &operator=(const PgConnectAttempt &) = delete;

    // Goes as far as the server's answers allow, waiting for them at most `waitMs` in all
    // (0: only what has arrived already).
    State advance(int waitMs);
    State state() const { return m_state; }
    int timeoutSeconds() const { return m_timeoutSeconds; }
    // libpq's message of a failed attempt, as it gives it.
    const char *errorMessage() const;
    // The connection, once Connected; the caller owns it from then on.
    pg_conn *take();

private:
    void pollOnce();

    pg_conn *m_conn = nullptr;
    State m_state = State::Waiting;
    bool m_wantsRead = false; // what PQconnectPoll waits for; writing comes first
    int m_timeoutSeconds = 0;
    QElapsedTimer m_clock;
};

} // namespace RefundDesk::Internal
