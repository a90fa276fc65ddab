// A stand-in for the AI agent's refund tool (DESIGN.md, "The shared store"): it keeps
// opening refund operations, counting and recording attempts against a made-up provider,
// and closing them as refunded, failed or unknown, with the plain SQL the tool uses.
// It runs next to refund-desk processes and must never see an error: every write waits
// for the lock (busy timeout), and every multi-statement write is BEGIN IMMEDIATE.
//
// rd_fake_agent --db PATH [--prefix agent] [--seed 1] [--stop-file PATH] [--max-seconds 120]
//               [--count N] [--pause-ms 1] [--connection held|per-operation] [--busy-timeout-ms 5000]
// With --connection per-operation each operation gets a connection of its own, closed when
// it is done, the way a tool invoked once per call connects; by default one connection is
// held for the whole run. --busy-timeout-ms sets how long a write waits for the lock (the
// race test's tools wait out a writer that never pauses).
// Prints one line of figures at the end:
//   operations=N attempts=N refunded=N failed=N unknown=N errors=N max_write_ms=N
// and exits 0 when no write failed, 1 otherwise.

#include "helperprogram.h"

#include <algorithm>
#include <memory>
#include <random>

using namespace RefundDesk::Helpers;

namespace {

struct Figures
{
    long long operations = 0;
    long long attempts = 0;
    long long refunded = 0;
    long long failed = 0;
    long long unknown = 0;
    long long errors = 0;
    long long maxWriteMs = 0;
};

struct ProviderAnswer
{
    const char *outcome;
    long long httpStatus; // 0: none (no response)
    bool final;
    const char *closesAs; // the operation's status when final
};

// The fake provider: what one attempt gets back.
ProviderAnswer answer(std::mt19937_64 &random)
{
    const int roll = int(random() % 100);
    if (roll < 35)
        return {"refunded", 200, true, "refunded"};
    if (roll < 50)
        return {"declined", 402, true, "failed"};
    if (roll < 58)
        return {"server_error", 500, true, "unknown"}; // a saved 500: unknown at once
    if (roll < 85)
        return {"timeout", 0, false, nullptr};
    if (roll < 93)
        return {"key_in_progress", 409, false, nullptr};
    return {"network_error", 0, false, nullptr};
}

std::string keyFor(std::mt19937_64 &random)
{
    static const char hex[] = "0123456789abcdef";
    std::string key;
    for (int i = 0; i < 32; ++i) {
        if (i == 8 || i == 12 || i == 16 || i == 20)
            key += '-';
        key += hex[random() % 16];
    }
    return key;
}

// A connection and the tool's statements on it.
struct Session
{
    Session(const std::string &path, int busyTimeoutMs)
        : connection(path, busyTimeoutMs)
        , db(connection.get())
        , open(db, "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, "
                   "status, attempts, created_at, updated_at, conversation_id) "
                   "VALUES (?1, ?2, ?3, 'usd', ?4, 'open', 0, ?5, ?5, ?6) ON CONFLICT DO NOTHING")
        , countAttempt(db, "UPDATE refund_ops SET attempts = attempts + 1, updated_at = ?2, version = version + 1 "
                           "WHERE operation_id = ?1 AND status = 'open'")
        , addAttempt(db, "INSERT INTO refund_attempts (operation_id, attempt_no, tool_call_id, started_at) "
                         "SELECT operation_id, attempts, ?2, ?3 FROM refund_ops WHERE operation_id = ?1")
        , finishAttempt(db, "UPDATE refund_attempts SET finished_at = ?3, outcome = ?4, http_status = ?5, "
                            "request_id = ?6, error = ?7 WHERE operation_id = ?1 AND attempt_no = ?2")
        , close(db, "UPDATE refund_ops SET status = ?2, refund_id = ?3, updated_at = ?4, version = version + 1 "
                    "WHERE operation_id = ?1 AND status = 'open'")
    {
    }

    Connection connection;
    sqlite3 *db;
    Statement open;
    Statement countAttempt;
    Statement addAttempt;
    Statement finishAttempt;
    Statement close;
};

} // namespace

int main(int argc, char **argv)
{
    const Arguments arguments(argc, argv);
    const std::string prefix = arguments.text("prefix", "agent");
    const StopCondition stop(arguments);
    const long long pauseMs = arguments.number("pause-ms", 1);
    std::mt19937_64 random(std::uint64_t(arguments.number("seed", 1)));

    const std::string path = arguments.text("db");
    const bool connectPerOperation = arguments.text("connection", "held") == "per-operation";
    const int busyTimeoutMs = int(arguments.number("busy-timeout-ms", 5000));
    auto session = std::make_unique<Session>(path, busyTimeoutMs);
    if (!session->connection.isOpen())
        return 1;

    Figures figures;
    // Each write is timed: how long the busiest moment made the tool wait.
    auto timed = [&](auto &&write) {
        const long long start = steadyMs();
        const bool ok = write();
        figures.maxWriteMs = std::max(figures.maxWriteMs, steadyMs() - start);
        if (!ok)
            ++figures.errors;
        return ok;
    };

    for (long long i = 0; !stop.reached(i); ++i) {
        if (connectPerOperation && i > 0) {
            session.reset(); // closed first: the store may have no user in between
            session = std::make_unique<Session>(path, busyTimeoutMs);
            if (!session->connection.isOpen()) {
                ++figures.errors;
                break;
            }
        }
        sqlite3 *db = session->db;
        Connection &connection = session->connection;
        Statement &open = session->open;
        Statement &countAttempt = session->countAttempt;
        Statement &addAttempt = session->addAttempt;
        Statement &finishAttempt = session->finishAttempt;
        Statement &close = session->close;
        const std::string operationId = prefix + "_op_" + std::to_string(i);
        const std::string number = std::to_string(i);
        // The key is created and committed with the row, before the first attempt.
        const bool opened = timed([&] {
            open.bind(1, operationId).bind(2, prefix + "_order_" + number).bind(3, 100 + (long long)(random() % 50000));
            open.bind(4, keyFor(random)).bind(5, nowMs()).bind(6, "conv_" + prefix + "_" + number);
            return open.step() == SQLITE_DONE && sqlite3_changes(db) == 1;
        });
        if (!opened)
            continue;
        ++figures.operations;

        const char *closesAs = "unknown"; // the attempt budget ran out
        std::string refundId;
        int attemptNo = 0;
        const int toolCalls = 1 + int(random() % 2); // the customer may say "try again"
        bool decided = false;
        for (int call = 1; call <= toolCalls && !decided; ++call) {
            const std::string toolCallId = "toolu_" + prefix + "_" + number + "_" + std::to_string(call);
            for (int attempt = 1; attempt <= 3 && attemptNo < 6 && !decided; ++attempt) {
                // Count the attempt before sending anything.
                const bool counted = timed([&] {
                    if (!connection.exec("BEGIN IMMEDIATE"))
                        return false;
                    const long long now = nowMs();
                    countAttempt.bind(1, operationId).bind(2, now);
                    addAttempt.bind(1, operationId).bind(2, toolCallId).bind(3, now);
                    if (countAttempt.step() != SQLITE_DONE || addAttempt.step() != SQLITE_DONE) {
                        connection.exec("ROLLBACK");
                        return false;
                    }
                    return connection.exec("COMMIT");
                });
                if (!counted)
                    break;
                ++attemptNo;
                ++figures.attempts;
                sleepMs(pauseMs); // the request is on its way
                const ProviderAnswer reply = answer(random);
                timed([&] {
                    finishAttempt.bind(1, operationId).bind(2, (long long)attemptNo).bind(3, nowMs());
                    finishAttempt.bind(4, std::string(reply.outcome));
                    if (reply.httpStatus)
                        finishAttempt.bind(5, reply.httpStatus);
                    else
                        finishAttempt.bindNull(5);
                    finishAttempt.bind(6, "req_" + prefix + "_" + number + "_" + std::to_string(attemptNo));
                    if (reply.httpStatus == 200)
                        finishAttempt.bindNull(7);
                    else
                        finishAttempt.bind(7, std::string(reply.outcome));
                    return finishAttempt.step() == SQLITE_DONE && sqlite3_changes(db) == 1;
                });
                if (reply.final) {
                    decided = true;
                    closesAs = reply.closesAs;
                    if (std::string(closesAs) == "refunded")
                        refundId = "re_" + prefix + "_" + number;
                }
            }
        }
        const bool closed = timed([&] {
            close.bind(1, operationId).bind(2, closesAs);
            if (refundId.empty())
                close.bindNull(3);
            else
                close.bind(3, refundId);
            close.bind(4, nowMs());
            return close.step() == SQLITE_DONE && sqlite3_changes(db) == 1;
        });
        if (!closed)
            continue;
        const std::string status = closesAs;
        if (status == "refunded")
            ++figures.refunded;
        else if (status == "failed")
            ++figures.failed;
        else
            ++figures.unknown;
        sleepMs(pauseMs);
    }

    std::printf("operations=%lld attempts=%lld refunded=%lld failed=%lld unknown=%lld errors=%lld max_write_ms=%lld\n",
                figures.operations, figures.attempts, figures.refunded, figures.failed, figures.unknown,
                figures.errors, figures.maxWriteMs);
    return figures.errors == 0 ? 0 : 1;
}
