#include "store/postgresql/pgconnection.h"
#include "store/postgresql/pgcanceller.h"

#include "store/postgresql/pgconnectattempt.h"
#include "store/postgresql/pgconnectfailure.h"
#include "store/postgresql/pgstatementfailure.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <libpq-fe.h>

#include <algorithm>
#include <vector>

namespace RefundDesk::Internal {

namespace {

QString oneLine(const char *text)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return QString::fromUtf8(text).replace(space, QStringLiteral(" ")).trimmed();
}

using ConnectFunction = pg_conn *(*)(const char *const *keywords, const char *const *values, int expandDbname);

// `connect` is PQconnectdbParams (blocking) or PQconnectStartParams (in steps).
pg_conn *connectWith(ConnectFunction connect, const PgConnInfo &info)
{
    // Keywords are taken in order and later ones win: the defaults come before the
    // location (which may override them), the encoding after it (the rows are UTF-8).
    const char *keywords[] = {"connect_timeout", "fallback_application_name", "dbname", "client_encoding", nullptr};
    const char *values[] = {"10", "refund-desk", info.connectString().constData(), "UTF8", nullptr};
    return connect(keywords, values, 1);
}
} // namespace

PgConnection::PgConnection(pg_conn *conn, const PgConnInfo &info, bool readOnly)
    : m_conn(conn)
    , m_info(info)
    , m_readOnly(readOnly)
    , m_canceller(std::make_shared<PgCanceller>())
{
}

PgConnection::~PgConnection()
{
    m_canceller->close();
    PQfinish(m_conn);
}

Result<std::unique_ptr<PgConnection>> PgConnection::connect(const PgConnInfo &info, bool readOnly, Setup setup)
{
    pg_conn *conn = connectWith(PQconnectdbParams, info);
    if (!conn)
        return Error::unavailable(QCoreApplication::translate("Store", "No memory to connect to %1.").arg(info.display()));
    std::unique_ptr<PgConnection> connection(new PgConnection(conn, info, readOnly));
    if (PQstatus(conn) != CONNECTION_OK)
        return connectFailure(info, connection->lastMessage());
    if (auto error = connection->setUpSession(setup))
        return *error;
    return connection;
}

std::optional<Error> PgConnection::setUpSession(Setup setup)
{
    m_waiting.clear(); // what waited was for the session that is gone
    m_canceller->reset(m_conn);
    m_pipeline.forgetPrepared();
    m_listening = false;
    m_sessionKnown = false;
    m_sessionError.reset();
    m_backendPid = PQbackendPID(m_conn);
    // The server's notices (e.g. its goodbye on shutdown) are not for the operator's
    // terminal; what matters comes back as errors.
    PQsetNoticeProcessor(m_conn, [](void *, const char *) {}, nullptr);
    // Session settings, no values of the user's in them, in one unit with the question of
    // who is logged in and whether the server is a standby. A standby refuses LISTEN (it
    // replays the primary's changes and notifies no one; there PgReplicationStatus follows
    // the replay position instead): the server says at the handshake whether it is one.
    const QString doing = QCoreApplication::translate("Store", "setting up the connection", "what the store was doing when it failed");
    // No SET here: a transaction pooler would hand the setting to other clients' sessions
    // and lose it for ours, so every transaction sets what it needs (transactionSettings).
    // The server's own process id differs from the one the handshake gave when a pooler
    // stands between (PgBouncer hands out keys of its own): then a LISTEN may land on a
    // server connection that is not ours for long, and changes are polled instead.
    if (qstrcmp(PQparameterStatus(m_conn, "in_hot_standby"), "on") != 0)
        enqueue({0, listenUnlessPooled(), [this](const PgResult &listened) { m_listening = listened.isOk(); }});
    enqueue({0, "SELECT session_user, pg_is_in_recovery(), pg_backend_pid()", [this, doing](const PgResult &who) {
                      if (!who.isOk() || who.rows() != 1) {
                          m_sessionError = errorFor(who, doing);
                          return;
                      }
                      m_sessionUser = who.text(0, 0);
                      m_standby = who.boolean(0, 1);
                      m_pooled = who.text(0, 2).toInt() != m_backendPid;
                      m_listening = m_listening && !m_pooled;
                      m_sessionKnown = true;
                  }});
    ++m_sessions;
    if (setup == Setup::WithFirstPipeline)
        return std::nullopt;
    sendWaiting();
    return m_sessionError;
}

void PgConnection::leftRecovery()
{
    if (!m_standby)
        return;
    m_standby = false;
    if (!m_pooled)
        listen();
}

QByteArray PgConnection::listenUnlessPooled() const
{
    // In the same pipeline as the question whether a pooler stands between, so the server
    // decides: a LISTEN on a pooled server connection would go to whoever gets it next.
    return "DO $$BEGIN IF pg_backend_pid() = " + QByteArray::number(m_backendPid) + " THEN LISTEN "
           + ChangeChannel + "; END IF; END$$";
}

void PgConnection::listen()
{
    // Nothing to tell if it fails: a lost connection is noticed, and set up again, by the
    // next read.
    m_listening = PgResult(execText(listenUnlessPooled())).isOk();
}

QByteArray PgConnection::transactionSettings() const
{
    // set_config(..., true) is SET LOCAL, and one statement may set both.
    QByteArray settings = "SELECT set_config('lock_timeout', '" + QByteArray::number(LockTimeoutMs) + "', true)";
    if (m_readOnly)
        settings += ", set_config('transaction_read_only', 'on', true)";
    return settings;
}

QString PgConnection::tlsProtocol() const
{
    if (!PQsslInUse(m_conn))
        return QString();
    // libpq says "TLSv1.3"; people read "TLS 1.3".
    return QString::fromLatin1(PQsslAttribute(m_conn, "protocol")).replace(QLatin1String("TLSv"), QLatin1String("TLS "));
}

bool PgConnection::isRemote() const
{
    const QString host = QString::fromUtf8(PQhost(m_conn));
    return !host.isEmpty() && !host.startsWith(u'/') && !host.startsWith(u'@') && host != QLatin1String("localhost")
           && !host.startsWith(QLatin1String("127.")) && host != QLatin1String("::1");
}

bool PgConnection::userIsSessionUser() const
{
    return m_sessionUser == QString::fromUtf8(PQuser(m_conn));
}

bool PgConnection::isConnected() const
{
    return PQstatus(m_conn) == CONNECTION_OK;
}

bool PgConnection::inTransaction() const
{
    const PGTransactionStatusType status = PQtransactionStatus(m_conn);
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

QString PgConnection::lastMessage() const
{
    return oneLine(PQerrorMessage(m_conn));
}

PgResult PgConnection::exec(const QByteArray &sql, const PgParams &params)
{
    PgBatch batch;
    batch.add(sql, params);
    return execAll(batch).front();
}

std::vector<PgResult> PgConnection::execAll(const PgBatch &batch)
{
    return m_pipeline.send(m_conn, m_sessionKnown && !m_pooled, std::exchange(m_waiting, {}), batch);
}

int PgConnection::sendWithNext(const QByteArray &sql)
{
    const int ticket = m_nextTicket++;
    enqueue({ticket, sql, {}});
    return ticket;
}

bool PgConnection::withdraw(int ticket)
{
    const auto found = std::find_if(m_waiting.begin(), m_waiting.end(),
                                    [ticket](const PgAheadStatement &w) { return w.ticket == ticket; });
    if (found == m_waiting.end())
        return false;
    m_waiting.erase(found);
    return true;
}

void PgConnection::sendWaiting()
{
    if (!m_waiting.empty())
        execAll(PgBatch());
}

PgResult PgConnection::execText(const QByteArray &sql)
{
    sendWaiting();
    return PgResult(PQexec(m_conn, sql.constData()));
}

PgResult PgConnection::copyIn(const QByteArray &sql, const QByteArray &data)
{
    sendWaiting();
    PgResult started(PQexec(m_conn, sql.constData()));
    if (!started.isOk())
        return started;
    if (PQputCopyData(m_conn, data.constData(), int(data.size())) != 1)
        PQputCopyEnd(m_conn, "the data could not be sent");
    else
        PQputCopyEnd(m_conn, nullptr);
    // The last result tells how the COPY ended; drain the rest.
    PgResult last(PQgetResult(m_conn));
    while (pg_result *more = PQgetResult(m_conn))
        PQclear(more);
    return last;
}

void PgConnection::setReconnect(Reconnect how)
{
    m_reconnect = how;
    if (how == Reconnect::Waiting)
        m_attempt.reset(); // a blocking reconnect starts afresh
}

std::optional<Error> PgConnection::ensureConnected(int stepMs)
{
    if (isConnected())
        return std::nullopt;
    if (!m_attempt && m_retryClock.isValid() && m_retryClock.elapsed() < RetryIntervalMs)
        return Error::unavailable(m_lastFailure);
    std::optional<Error> error = m_reconnect == Reconnect::Waiting ? reconnectWaiting() : reconnectStep(stepMs);
    if (m_attempt) // under way: neither failed nor through
        return error;
    if (error) {
        m_retryClock.start();
        m_lastFailure = error->message;
    } else {
        m_retryClock.invalidate();
    }
    return error;
}

std::optional<Error> PgConnection::reconnectWaiting()
{
    PQreset(m_conn);
    if (!isConnected())
        return reconnecting(lastMessage());
    return setUpSession(Setup::Now);
}

std::optional<Error> PgConnection::reconnectStep(int stepMs)
{
    if (!m_attempt)
        m_attempt = std::make_unique<PgConnectAttempt>(connectWith(PQconnectStartParams, m_info));
    switch (m_attempt->advance(stepMs)) {
    case PgConnectAttempt::State::Waiting:
        return reconnecting(QCoreApplication::translate("Store", "waiting for the server to answer",
                                                        "why a reconnect is still under way"));
    case PgConnectAttempt::State::TimedOut: {
        const int seconds = m_attempt->timeoutSeconds();
        m_attempt.reset();
        return reconnecting(QCoreApplication::translate("Store", "no answer from the server for %1 seconds",
                                                        "why a reconnect was given up")
                                .arg(seconds));
    }
    case PgConnectAttempt::State::Failed: {
        const QString detail = oneLine(m_attempt->errorMessage());
        m_attempt.reset();
        return reconnecting(detail);
    }
    case PgConnectAttempt::State::Connected:
        break;
    }
    // Through: the new connection takes the lost one's place, and only now is used. The
    // server has just answered the handshake, so the session's setup runs as usual.
    PQfinish(m_conn);
    m_conn = m_attempt->take();
    m_attempt.reset();
    return setUpSession(Setup::Now);
}

Error PgConnection::reconnecting(const QString &detail) const
{
    return Error::unavailable(QCoreApplication::translate("Store", "The connection to the PostgreSQL server at %1 was lost; "
                                             "reconnecting… (%2). Nothing was written meanwhile.")
                                  .arg(location(), detail));
}

Result<int> PgConnection::takeNotifications()
{
    // A server that shuts down sends its goodbye and closes: the first read takes the
    // message, the second finds the end of the stream and marks the connection lost.
    bool read = PQconsumeInput(m_conn) == 1;
    read = read && PQconsumeInput(m_conn) == 1;
    if (!read || !isConnected())
        return Error::unavailable(QCoreApplication::translate("Store", "The connection to the PostgreSQL server at %1 was lost (%2).")
                                      .arg(location(), lastMessage()));
    int fromOthers = 0;
    while (PGnotify *notify = PQnotifies(m_conn)) {
        if (notify->be_pid != m_backendPid)
            ++fromOthers;
        PQfreemem(notify);
    }
    return fromOthers;
}

Error PgConnection::errorFor(const PgResult &result, const QString &doing) const
{
    const QByteArray state = result.sqlState();
    return statementFailure({state, result.isNull() || state.isEmpty() ? lastMessage() : result.errorMessage(), location(),
                             doing, m_sessionUser, isConnected(), m_standby, LockTimeoutMs});
}

} // namespace RefundDesk::Internal
