#include "latencyproxy.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QHostAddress>
#include <QLocalSocket>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <deque>
#include <functional>
#include <utility>
#include <vector>

namespace RefundDesk::Test {

// Named rather than anonymous: ProxyServer, a class the header declares, holds links.
namespace ProxyLinks {

// One direction of a link: chunks wait until their own due time, then go out in the order
// they came. Nothing goes out while the proxy is silent or the far end is not connected.
// A pipe of answers may also hold each until the client's loop turned (holdAnswersForTurns).
class DelayedPipe final : public QObject
{
public:
    enum class Carries { Questions, Answers };

    DelayedPipe(ProxyState &state, const QElapsedTimer &clock, Carries carries, QObject *parent)
        : QObject(parent)
        , m_state(state)
        , m_clock(clock)
        , m_carriesAnswers(carries == Carries::Answers)
        , m_timer(this) // a child, so that it lives on the proxy's thread with its pipe
    {
        m_timer.setSingleShot(true);
        m_timer.setTimerType(Qt::PreciseTimer);
        connect(&m_timer, &QTimer::timeout, this, [this] { deliver(); });
    }

    void setTarget(QIODevice *target) { m_target = target; }
    void setOpen(bool open)
    {
        m_open = open;
        schedule();
    }

    void push(const QByteArray &data)
    {
        const qint64 now = m_clock.elapsed();
        m_waiting.push_back({now + m_state.delayMs, now, m_state.turns ? m_state.turns->load() : 0, data});
        schedule();
    }

    // After the last chunk, `done` runs (the far end is closed then).
    void finishWith(std::function<void()> done)
    {
        m_finish = std::move(done);
        schedule();
    }

    void schedule()
    {
        if (!m_open || m_state.silent)
            return;
        if (m_waiting.empty()) {
            if (m_finish)
                std::exchange(m_finish, {})();
            return;
        }
        // A chunk held for a turn is looked at again each millisecond.
        const int atLeast = waitsForTurn(m_waiting.front()) ? 1 : 0;
        m_timer.start(int(std::max<qint64>(atLeast, m_waiting.front().dueMs - m_clock.elapsed())));
    }

private:
    struct Chunk
    {
        qint64 dueMs;
        qint64 arrivedMs;
        qint64 turnsAtArrival;
        QByteArray data;
    };

    bool waitsForTurn(const Chunk &chunk) const
    {
        return m_carriesAnswers && m_state.holdingForTurns && m_state.turns && m_state.turns->load() == chunk.turnsAtArrival;
    }

    void deliver()
    {
        if (!m_open || m_state.silent)
            return;
        const qint64 now = m_clock.elapsed();
        while (!m_waiting.empty() && m_waiting.front().dueMs <= now) {
            if (waitsForTurn(m_waiting.front())) {
                if (now - m_waiting.front().arrivedMs < m_state.patienceMs)
                    break;
                ++m_state.answersWithoutATurn;
            }
            m_target->write(m_waiting.front().data);
            m_waiting.pop_front();
        }
        schedule();
    }

    ProxyState &m_state;
    const QElapsedTimer &m_clock;
    const bool m_carriesAnswers;
    QIODevice *m_target = nullptr;
    bool m_open = false;
    std::deque<Chunk> m_waiting;
    QTimer m_timer;
    std::function<void()> m_finish;
};

// One client connection and its own connection to the target.
class ProxyLink final : public QObject
{
public:
    ProxyLink(QTcpSocket *client, QIODevice *server, ProxyState &state, const QElapsedTimer &clock, QObject *parent)
        : QObject(parent)
        , m_client(client)
        , m_server(server)
        , m_state(state)
        , m_toServer(state, clock, DelayedPipe::Carries::Questions, this)
        , m_toClient(state, clock, DelayedPipe::Carries::Answers, this)
    {
        client->setParent(this);
        server->setParent(this);
        client->setSocketOption(QAbstractSocket::LowDelayOption, 1);
        m_toServer.setTarget(server);
        m_toClient.setTarget(client);
        m_toClient.setOpen(true);
        connect(client, &QIODevice::readyRead, this, [this] { fromClient(); });
        connect(server, &QIODevice::readyRead, this, [this] { fromServer(); });
    }

    // The target's connection is up: what the client sent meanwhile goes on.
    void serverConnected() { m_toServer.setOpen(true); }
    // Each end's close is handed on after what it sent before.
    void clientClosed()
    {
        fromClient();
        m_toServer.finishWith([this] { closeServer(); });
    }
    void serverClosed()
    {
        fromServer();
        m_toClient.finishWith([this] { m_client->disconnectFromHost(); });
    }

    void resume()
    {
        m_toServer.schedule();
        m_toClient.schedule();
    }

private:
    void fromClient()
    {
        const QByteArray data = m_client->readAll();
        if (data.isEmpty())
            return;
        if (m_serverSpoke) {
            ++m_state.roundTrips;
            m_serverSpoke = false;
        }
        m_toServer.push(data);
    }

    void fromServer()
    {
        const QByteArray data = m_server->readAll();
        if (data.isEmpty())
            return;
        m_serverSpoke = true;
        m_toClient.push(data);
    }

    void closeServer()
    {
        if (auto *local = qobject_cast<QLocalSocket *>(m_server))
            local->disconnectFromServer();
        else if (auto *tcp = qobject_cast<QTcpSocket *>(m_server))
            tcp->disconnectFromHost();
    }

    QTcpSocket *m_client;
    QIODevice *m_server;
    ProxyState &m_state;
    DelayedPipe m_toServer;
    DelayedPipe m_toClient;
    bool m_serverSpoke = true; // the first data of a connection starts a round trip
};

} // namespace ProxyLinks

using ProxyLinks::ProxyLink;

// The listening socket and its links, all on the proxy's thread.
class ProxyServer final : public QObject
{
public:
    ProxyServer(std::shared_ptr<ProxyState> state, QString socketPath, QString host, quint16 port)
        : m_state(std::move(state))
        , m_socketPath(std::move(socketPath))
        , m_host(std::move(host))
        , m_port(port)
        , m_listener(this) // a child: it moves to the proxy's thread with the server
    {
        m_clock.start();
        connect(&m_listener, &QTcpServer::newConnection, this, [this] { accept(); });
    }

    ~ProxyServer() override
    {
        for (const QPointer<ProxyLink> &link : m_links)
            delete link.data();
    }

    quint16 listen()
    {
        return m_listener.listen(QHostAddress::LocalHost, 0) ? m_listener.serverPort() : 0;
    }

    void resume()
    {
        for (const QPointer<ProxyLink> &link : m_links) {
            if (link)
                link->resume();
        }
    }

private:
    void accept()
    {
        while (QTcpSocket *client = m_listener.nextPendingConnection()) {
            ++m_state->connections;
            ++m_state->openClients;
            if (m_socketPath.isEmpty())
                acceptToHost(client);
            else
                acceptToSocket(client);
        }
    }

    void acceptToSocket(QTcpSocket *client)
    {
        auto *server = new QLocalSocket;
        auto *link = new ProxyLink(client, server, *m_state, m_clock, this);
        m_links.emplace_back(link);
        connect(server, &QLocalSocket::connected, link, [link] { link->serverConnected(); });
        connect(server, &QLocalSocket::disconnected, link, [link] { link->serverClosed(); });
        connect(server, &QLocalSocket::errorOccurred, link, [link] { link->serverClosed(); });
        wireClient(client, link);
        server->connectToServer(m_socketPath);
    }

    void acceptToHost(QTcpSocket *client)
    {
        auto *server = new QTcpSocket;
        auto *link = new ProxyLink(client, server, *m_state, m_clock, this);
        m_links.emplace_back(link);
        connect(server, &QTcpSocket::connected, link, [link, server] {
            server->setSocketOption(QAbstractSocket::LowDelayOption, 1);
            link->serverConnected();
        });
        connect(server, &QTcpSocket::disconnected, link, [link] { link->serverClosed(); });
        connect(server, &QTcpSocket::errorOccurred, link, [link] { link->serverClosed(); });
        wireClient(client, link);
        server->connectToHost(m_host, m_port);
    }

    void wireClient(QTcpSocket *client, ProxyLink *link)
    {
        connect(client, &QTcpSocket::disconnected, link, [this, link] {
            --m_state->openClients;
            link->clientClosed();
            // Gone once both ends are: deleted later, after what is queued for the server.
            QTimer::singleShot(10'000, link, [link] { link->deleteLater(); });
        });
    }

    std::shared_ptr<ProxyState> m_state;
    QString m_socketPath;
    QString m_host;
    quint16 m_port;
    QTcpServer m_listener;
    QElapsedTimer m_clock;
    std::vector<QPointer<ProxyLink>> m_links;
};

LatencyProxy::LatencyProxy(const QString &socketPath, int delayMs)
    : m_socketPath(socketPath)
{
    m_state->delayMs = delayMs;
}

LatencyProxy::LatencyProxy(const QString &host, quint16 port, int delayMs)
    : m_host(host)
    , m_targetPort(port)
{
    m_state->delayMs = delayMs;
}

LatencyProxy::~LatencyProxy()
{
    stop();
}

bool LatencyProxy::start()
{
    if (m_server)
        return true;
    m_thread.setObjectName(QStringLiteral("latency proxy"));
    m_thread.start();
    m_server = new ProxyServer(m_state, m_socketPath, m_host, m_targetPort);
    m_server->moveToThread(&m_thread);
    QMetaObject::invokeMethod(m_server, [this] { m_port = m_server->listen(); }, Qt::BlockingQueuedConnection);
    if (m_port == 0) {
        stop();
        return false;
    }
    return true;
}

void LatencyProxy::stop()
{
    if (m_server) {
        ProxyServer *server = std::exchange(m_server, nullptr);
        QMetaObject::invokeMethod(server, [server] { delete server; }, Qt::BlockingQueuedConnection);
    }
    m_thread.quit();
    m_thread.wait();
    m_port = 0;
}

QString LatencyProxy::pgLocation(const QString &database, const QString &user) const
{
    return QStringLiteral("host=127.0.0.1 port=%1 dbname=%2 user=%3").arg(m_port).arg(database, user);
}

void LatencyProxy::holdAnswersForTurns(std::shared_ptr<const std::atomic<qint64>> turns, int patienceMs)
{
    Q_ASSERT(!m_server);
    m_state->turns = std::move(turns);
    m_state->patienceMs = patienceMs;
    m_state->holdingForTurns = true;
}

void LatencyProxy::setSilent(bool silent)
{
    m_state->silent = silent;
    if (!silent && m_server)
        QMetaObject::invokeMethod(m_server, [server = m_server] { server->resume(); }, Qt::QueuedConnection);
}

} // namespace RefundDesk::Test
