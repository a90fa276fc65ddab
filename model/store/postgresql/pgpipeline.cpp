#include "store/postgresql/pgpipeline.h"

#include <libpq-fe.h>

#include <cerrno>
#include <optional>

#include <poll.h>

namespace RefundDesk::Internal {

namespace {

// Hands the server everything libpq holds for it, reading the server's answers into
// libpq's buffer whenever they arrive meanwhile. A pipeline's answers can outgrow the
// socket's buffers before the last statement is sent; a client that only wrote would
// then wait on a full socket while the server waits on its own full socket to us. This is
// the loop libpq's documentation gives for a pipeline: flush, and while data is still
// pending, wait for the socket to be readable or writable, and consume what came.
bool flushWhileReading(pg_conn *conn)
{
    for (;;) {
        const int pending = PQflush(conn);
        if (pending == 0)
            return true;
        if (pending < 0)
            return false;
        pollfd socket{PQsocket(conn), short(POLLIN | POLLOUT), 0};
        if (::poll(&socket, 1, -1) < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if ((socket.revents & (POLLIN | POLLERR | POLLHUP)) && PQconsumeInput(conn) != 1)
            return false;
    }
}

// Non-blocking for as long as it lives, so that no send of a pipeline waits on the socket;
// blocking again afterwards, as the rest of the connection's use expects.
class NonBlockingScope final
{
public:
    explicit NonBlockingScope(pg_conn *conn)
        : m_conn(conn)
        , m_ok(PQsetnonblocking(conn, 1) == 0)
    {
    }
    ~NonBlockingScope() { PQsetnonblocking(m_conn, 0); }
    NonBlockingScope(const NonBlockingScope &) = delete;
    NonBlockingScope &operator=(const NonBlockingScope &) = delete;
    bool isOk() const { return m_ok; }

private:
    pg_conn *m_conn;
    bool m_ok;
};

} // namespace

std::vector<PgResult> PgPipeline::send(pg_conn *conn, bool prepare, const std::vector<PgAheadStatement> &ahead,
                                       const PgBatch &batch)
{
    const std::vector<PgStatement> &statements = batch.statements();
    std::vector<PgResult> answers(statements.size());
    std::vector<PgResult> aheadAnswers(ahead.size());
    auto tellAhead = [&] {
        for (size_t i = 0; i < ahead.size(); ++i) {
            if (ahead[i].onAnswer)
                ahead[i].onAnswer(aheadAnswers[i]);
        }
    };
    if (PQenterPipelineMode(conn) != 1) {
        tellAhead();
        return answers;
    }
    std::optional<NonBlockingScope> nonBlocking(std::in_place, conn);

    // What comes back, in the order it was sent.
    struct Expected
    {
        enum class What { Ahead, Prepare, Answer, Sync } what;
        size_t index = 0;
        std::string key = {}; // of a PREPARE
    };
    // Prepared once and kept where the session is ours alone: parsing and planning a
    // statement each time costs the server measurably more (docs/PERFORMANCE.md). Behind a
    // pooler (and before the session's setup has said whether one is there) unnamed, so that
    // nothing outlives the transaction on a server connection the pooler shares.
    std::unordered_map<std::string, std::string> preparing; // in this pipeline: SQL -> name
    std::vector<Expected> expected;
    bool sent = true;
    bool synced = true; // nothing sent since the last sync point
    auto sync = [&](std::optional<size_t> index) {
        sent = sent && PQpipelineSync(conn) == 1;
        expected.push_back({Expected::What::Sync, index.value_or(statements.size())});
        synced = true;
    };
    auto sendText = [&](const QByteArray &sql) {
        sent = sent && PQsendQueryParams(conn, sql.constData(), 0, nullptr, nullptr, nullptr, nullptr, 0) == 1;
        synced = false;
    };

    for (size_t i = 0; i < ahead.size(); ++i) {
        sendText(ahead[i].sql);
        expected.push_back({Expected::What::Ahead, i});
    }
    for (size_t i = 0; i < statements.size(); ++i) {
        const PgStatement &statement = statements[i];
        switch (statement.kind) {
        case PgStatement::Kind::Sync:
            sync(i);
            continue;
        case PgStatement::Kind::Control:
            sendText(statement.sql);
            break;
        case PgStatement::Kind::Query: {
            if (m_observer)
                m_observer(statement.sql, statement.params);
            std::vector<const char *> values;
            values.reserve(size_t(statement.params.count()));
            for (const auto &value : statement.params.values())
                values.push_back(value ? value->constData() : nullptr);
            if (!prepare) {
                sent = sent
                       && PQsendQueryParams(conn, statement.sql.constData(), statement.params.count(), nullptr,
                                            values.data(), nullptr, nullptr, 0) == 1;
                synced = false;
                break;
            }
            const std::string key = statement.sql.toStdString();
            std::string name;
            if (const auto known = m_prepared.find(key); known != m_prepared.end()) {
                name = known->second;
            } else if (const auto now = preparing.find(key); now != preparing.end()) {
                name = now->second;
            } else {
                name = "rd_" + std::to_string(m_nextStatement++);
                preparing.emplace(key, name);
                sent = sent
                       && PQsendPrepare(conn, name.c_str(), statement.sql.constData(), statement.params.count(),
                                        nullptr) == 1;
                expected.push_back({Expected::What::Prepare, i, key});
            }
            sent = sent
                   && PQsendQueryPrepared(conn, name.c_str(), statement.params.count(), values.data(), nullptr,
                                          nullptr, 0) == 1;
            synced = false;
            break;
        }
        }
        expected.push_back({Expected::What::Answer, i});
    }
    if (!synced || expected.empty())
        sync(std::nullopt);
    sent = nonBlocking->isOk() && flushWhileReading(conn) && sent;
    // Everything is on its way: the answers are read waiting, as a blocking connection does.
    nonBlocking.reset();

    // The answers. A statement the server skipped after a failure in its unit answers with
    // that failure, so that whoever reads it learns why.
    PgResult failure;
    for (const Expected &e : expected) {
        PgResult answer(PQgetResult(conn));
        if (e.what == Expected::What::Sync) {
            if (e.index < statements.size())
                answers[e.index] = answer;
            failure = PgResult();
            continue;
        }
        if (answer.isNull())
            break; // the connection is gone: nothing more will come
        // The end of this statement's answer.
        while (pg_result *more = PQgetResult(conn))
            PQclear(more);
        if (answer.wasSkipped() && !failure.isNull())
            answer = failure;
        else if (!answer.isOk())
            failure = answer;
        switch (e.what) {
        case Expected::What::Ahead:
            aheadAnswers[e.index] = answer;
            break;
        case Expected::What::Prepare:
            if (answer.isOk())
                m_prepared.emplace(e.key, preparing.at(e.key));
            break;
        case Expected::What::Answer:
            answers[e.index] = answer;
            break;
        case Expected::What::Sync:
            break;
        }
    }
    PQexitPipelineMode(conn);
    tellAhead();
    return answers;
}

} // namespace RefundDesk::Internal
