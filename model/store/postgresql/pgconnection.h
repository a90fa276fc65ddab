#pragma once

#include "domain/result.h"
#include "store/postgresql/pgbatch.h"
#include "store/postgresql/pgconninfo.h"
#include "store/postgresql/pgparams.h"
#include "store/postgresql/pgpipeline.h"
#include "store/postgresql/pgresult.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

struct pg_conn;

namespace RefundDesk::Internal {

class PgConnectAttempt;
class PgCanceller;

// One libpq connection to the store's server: statements run with bound parameters
// (prepared once where the session is ours alone, unnamed behind a pooler), the session set up for Refund Desk (UTF-8, a lock timeout, LISTEN for the
// store's change notifications on a primary), and a reconnect after the server went away.
// Setting a session up writes nothing, so a hot standby takes it as a primary does.
//
// Over a network every wait for an answer costs a round trip, so statements travel in
// pipelines (libpq's pipeline mode, sent by PgPipeline): a PgBatch sends many at once, and
// the few statements whose answers nobody waits for (the session's setup, a read snapshot's
// BEGIN and its end) ride with the next pipeline. What a failed statement means for a
// person is statementFailure()'s to say.
class PgConnection final
{
public:
    // The channel the schema's triggers notify on every commit that changes the store.
    static constexpr char ChangeChannel[] = "refund_desk_changes";
    static constexpr int LockTimeoutMs = 5000;
    // After a reconnect failed, the next one starts this much later at the earliest.
    static constexpr int RetryIntervalMs = 1000;

    // How a lost connection is restored. Waiting: one blocking connect, up to the
    // location's connect_timeout (a command has nothing else to do). InSteps: libpq's
    // non-blocking connect, one step per ensureConnected(), for a caller on a UI thread.
    enum class Reconnect { Waiting, InSteps };

    // When the session's setup is sent: at once, or in one unit with the first pipeline
    // (one round trip less; sessionError() then tells after that pipeline whether it took,
    // and a failure later in that unit undoes the setup too: use it only where such a
    // failure ends the connection's use, as opening a store does).
    enum class Setup { Now, WithFirstPipeline };

    // Connects; the error says which of wrong location, server down, wrong password,
    // unknown login or missing database it is, in one line, without the password.
    static Result<std::unique_ptr<PgConnection>> connect(const PgConnInfo &info, bool readOnly,
                                                         Setup setup = Setup::Now);
    ~PgConnection();
    PgConnection(const PgConnection &) = delete;
    PgConnection &operator=(const PgConnection &) = delete;

    const QString &location() const { return m_info.display(); }
    const QString &sessionUser() const { return m_sessionUser; }
    bool isConnected() const;
    // How many times the session was set up: 1, plus one per reconnect. What happened
    // while it was away was never announced, so readers must look again after one.
    int sessions() const { return m_sessions; }
    bool inTransaction() const;
    // Whether the server is a hot standby (in recovery, replaying a primary), as found when
    // the session was set up: it takes reads only, and sends no change notifications.
    bool isStandby() const { return m_standby; }
    // The standby this session was set up on has been promoted: it now takes writes and
    // sends change notifications, so the session listens for them.
    void leftRecovery();

    // Whether a pooler (PgBouncer or its like) stands between this connection and the
    // server: the server's process is not the one the handshake named. Then nothing of the
    // session outlives a transaction, and no LISTEN is sent (changes are polled).
    bool isPooled() const { return m_pooled; }
    // Whether this session listens for the store's change notifications.
    bool isListening() const { return m_listening; }
    // Whether the server took this login as the one the location asked for; a pooler
    // that forces its own user makes every session the pooler's role.
    bool userIsSessionUser() const;
    // Read-only transactions from now on (a login found to lack the rights to write).
    void setReadOnly(bool readOnly) { m_readOnly = readOnly; }
    // The TLS protocol of the link ("TLS 1.3"), empty when it is not encrypted.
    QString tlsProtocol() const;
    // Whether the server is reached over a network (not a Unix socket, not this machine).
    bool isRemote() const;
    // What every transaction sets for itself right after its BEGIN (SET LOCAL only).
    QByteArray transactionSettings() const;

    // Why the session's setup failed, once it was sent; nothing when it took.
    const std::optional<Error> &sessionError() const { return m_sessionError; }

    // Runs `sql` with bound parameters: a statement prepared on this connection the first
    // time it is used (the PREPARE in the same pipeline), or unnamed behind a pooler.
    PgResult exec(const QByteArray &sql, const PgParams &params = {});
    // Every statement of `batch` in one pipeline, and their answers in the same order (see
    // PgBatch). Statements waiting to ride with the next pipeline go first, in the same
    // unit as the batch's first statements.
    std::vector<PgResult> execAll(const PgBatch &batch);
    // A statement without parameters, or several (the schema's text), as one simple query.
    PgResult execText(const QByteArray &sql);

    // A control statement (BEGIN, ROLLBACK) sent at the head of the next pipeline instead
    // of on its own, in one unit with that pipeline's statements: what follows a BEGIN never
    // runs without it (a failed BEGIN answers for them). Returns a ticket for withdraw().
    int sendWithNext(const QByteArray &sql);
    // Takes back a statement still waiting for the next pipeline; false once it was sent.
    bool withdraw(int ticket);
    bool hasWaiting() const { return !m_waiting.empty(); }
    // Sends what waits for the next pipeline now (one round trip; nothing when none waits).
    void sendWaiting();
    // COPY ... FROM STDIN with `data` in COPY's text format.
    PgResult copyIn(const QByteArray &sql, const QByteArray &data);

    void setReconnect(Reconnect how);
    // When the connection was lost and no transaction is open: connects again, sets the
    // session up again, and tells. Nothing when the connection is fine. In steps, this is
    // one step of the attempt, waiting on the server `stepMs` at most; until the attempt
    // is through, the error says "reconnecting…", and nothing is ever sent on the
    // half-made connection (the attempt's own, which takes the lost one's place only once
    // the server has let it in). A failed attempt is told again, at once, until
    // RetryIntervalMs have passed.
    std::optional<Error> ensureConnected(int stepMs = 0);
    // Reads what the server sent without waiting: how many change notifications came
    // from other sessions. An error when the connection is gone.
    Result<int> takeNotifications();

    // The Error a person can act on for a failed `result`, while `doing`.
    Error errorFor(const PgResult &result, const QString &doing) const;
    // One line of libpq's last message (connection-level problems).
    QString lastMessage() const;

    // Stops the statement running on this connection from another thread; it follows the
    // connection through reconnects.
    std::shared_ptr<PgCanceller> canceller() const { return m_canceller; }

    // While set, every statement text run is passed to it (query plan recording).
    void setStatementObserver(PgPipeline::Observer observer) { m_pipeline.setObserver(std::move(observer)); }

private:
    PgConnection(pg_conn *conn, const PgConnInfo &info, bool readOnly);
    std::optional<Error> setUpSession(Setup setup);
    QByteArray listenUnlessPooled() const;
    void listen();
    void enqueue(PgAheadStatement waiting) { m_waiting.push_back(std::move(waiting)); }
    std::optional<Error> reconnectWaiting();
    std::optional<Error> reconnectStep(int stepMs);
    // The error of a reconnect still going on or given up, with libpq's or our `detail`.
    Error reconnecting(const QString &detail) const;

    pg_conn *m_conn = nullptr;
    PgConnInfo m_info;
    bool m_readOnly = false;
    QString m_sessionUser;
    bool m_standby = false;
    bool m_pooled = false;
    bool m_sessionKnown = false; // the setup's answer came: m_pooled is known
    bool m_listening = false;
    int m_backendPid = 0;
    PgPipeline m_pipeline; // prepares statements only where no pooler stands between
    int m_sessions = 0;
    std::vector<PgAheadStatement> m_waiting; // to ride with the next pipeline
    int m_nextTicket = 1;
    std::optional<Error> m_sessionError;
    Reconnect m_reconnect = Reconnect::Waiting;
    std::unique_ptr<PgConnectAttempt> m_attempt; // in steps: the connect under way
    QElapsedTimer m_retryClock;                  // since the last reconnect that failed
    QString m_lastFailure;
    std::shared_ptr<PgCanceller> m_canceller;
};

} // namespace RefundDesk::Internal
