#pragma once

#include <QString>
#include <QThread>

#include <atomic>
#include <memory>

namespace RefundDesk::Test {

class ProxyServer;

// What the proxy's thread and the test's thread both look at.
struct ProxyState
{
    std::atomic<int> delayMs{0};
    std::atomic<bool> silent{false};
    std::atomic<qint64> roundTrips{0};
    std::atomic<int> connections{0};
    std::atomic<int> openClients{0};
    // LatencyProxy::holdAnswersForTurns(): the count an answer waits to see move, whether
    // answers wait for it, and those that went after waiting in vain.
    std::shared_ptr<const std::atomic<qint64>> turns;
    int patienceMs = 0;
    std::atomic<bool> holdingForTurns{false};
    std::atomic<qint64> answersWithoutATurn{0};
};

// A TCP proxy on 127.0.0.1 (a port the system picks) in front of a server, that makes the
// network slow without making it narrow: every chunk either side sends is handed on
// delayMs later (a round trip then takes twice that), each on its own clock, so a burst is
// never queued behind the delays of the chunks before it. The target is a Unix socket
// (PgTestServer listens on one) or a host and port.
//
// It counts round trips, the way a client over a slow network pays for them: one starts
// whenever the client sends after the server has answered since the client last sent (the
// first data of a connection counts too). Statements sent in one pipeline therefore
// count once, however many there are; a client that waits for each answer before sending
// the next statement pays one round trip per statement.
//
// It runs on a thread of its own, so a test may block on the network (a libpq call) on its
// own thread while the proxy goes on forwarding.
class LatencyProxy final
{
public:
    // To the Unix socket at `socketPath`.
    explicit LatencyProxy(const QString &socketPath, int delayMs = 0);
    // To `host`:`port` over TCP.
    LatencyProxy(const QString &host, quint16 port, int delayMs = 0);
    ~LatencyProxy();
    LatencyProxy(const LatencyProxy &) = delete;
    LatencyProxy &operator=(const LatencyProxy &) = delete;

    // Starts listening and forwarding; false when no port could be had.
    bool start();
    // Closes every connection and stops listening (the destructor does it too).
    void stop();
    quint16 port() const { return m_port; }
    // A libpq location of `database` through the proxy, as `user`.
    QString pgLocation(const QString &database, const QString &user) const;

    // The one-way delay of the chunks received from now on.
    void setDelayMs(int delayMs) { m_state->delayMs = delayMs; }
    int delayMs() const { return m_state->delayMs; }
    // While silent nothing is handed on in either direction, and the connections stay
    // open: a server that stopped answering. Going back delivers everything held.
    void setSilent(bool silent);

    // Beyond its delay, every answer (what the server sends) waits until `turns`, the turns
    // of a client thread's event loop (LoopTicker::sharedTicks()), has moved since it came
    // from the server. A client that waited for an answer on that thread, its loop standing
    // still, would never get it: after `patienceMs` it goes anyway, counted in
    // answersWithoutATurn(). Called before start(); releaseAnswers() ends the holding.
    void holdAnswersForTurns(std::shared_ptr<const std::atomic<qint64>> turns, int patienceMs = 10'000);
    void releaseAnswers() { m_state->holdingForTurns = false; }
    qint64 answersWithoutATurn() const { return m_state->answersWithoutATurn; }

    // Round trips counted over every connection since the start or resetCounts().
    qint64 roundTrips() const { return m_state->roundTrips; }
    void resetCounts() { m_state->roundTrips = 0; }
    // Connections accepted so far.
    int connections() const { return m_state->connections; }
    // Clients connected now: a client's goodbye has been counted once it is no longer one.
    int openClients() const { return m_state->openClients; }

private:
    QString m_socketPath;
    QString m_host;
    quint16 m_targetPort = 0;
    quint16 m_port = 0;
    std::shared_ptr<ProxyState> m_state = std::make_shared<ProxyState>();
    QThread m_thread;
    ProxyServer *m_server = nullptr; // lives on m_thread
};

} // namespace RefundDesk::Test
