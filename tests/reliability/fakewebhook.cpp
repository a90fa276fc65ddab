// A stand-in for the webhook receiver (DESIGN.md, "webhook_events"): it keeps storing
// Stripe refund events, one autocommitted INSERT OR IGNORE per delivery, and now and then
// receives an event again (Stripe retries), which must be stored once. It fills the three
// indexed columns the way the receiver does. It must never see an error: it waits for the
// write lock (busy timeout).
//
// rd_fake_webhook --db PATH [--prefix hook] [--operation-prefix agent] [--seed 2]
//                 [--stop-file PATH] [--max-seconds 120] [--count N] [--pause-ms 1]
//                 [--connection held|per-delivery] [--busy-timeout-ms 5000]
// With --connection per-delivery each delivery is stored through a connection of its own,
// the way a receiver that connects per request does; by default one is held for the run.
// Prints one line of figures at the end:
//   deliveries=N stored=N duplicates=N errors=N max_write_ms=N
// and exits 0 when no write failed, 1 otherwise.

#include "helperprogram.h"

#include <algorithm>
#include <memory>
#include <random>

using namespace RefundDesk::Helpers;

int main(int argc, char **argv)
{
    const Arguments arguments(argc, argv);
    const std::string prefix = arguments.text("prefix", "hook");
    const std::string operationPrefix = arguments.text("operation-prefix", "agent");
    const StopCondition stop(arguments);
    const long long pauseMs = arguments.number("pause-ms", 1);
    std::mt19937_64 random(std::uint64_t(arguments.number("seed", 2)));

    const std::string path = arguments.text("db");
    const bool connectPerDelivery = arguments.text("connection", "held") == "per-delivery";
    const int busyTimeoutMs = int(arguments.number("busy-timeout-ms", 5000));
    auto connection = std::make_unique<Connection>(path, busyTimeoutMs);
    if (!connection->isOpen())
        return 1;
    const char *insertSql = "INSERT OR IGNORE INTO webhook_events (event_id, type, created, received_at, payload, "
                            "operation_id, idempotency_key, refund_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7)";
    auto insert = std::make_unique<Statement>(connection->get(), insertSql);

    long long deliveries = 0, stored = 0, duplicates = 0, errors = 0, maxWriteMs = 0, next = 0;
    while (!stop.reached(deliveries)) {
        // Every seventh delivery repeats an event already delivered.
        const bool again = next > 0 && random() % 7 == 0;
        const long long n = again ? (long long)(random() % std::uint64_t(next)) : next++;
        const std::string number = std::to_string(n);
        const std::string eventId = "evt_" + prefix + "_" + number;
        const std::string refundId = "re_" + prefix + "_" + number;
        // Events may arrive before, during or after the operation they name exists.
        const std::string operationId = operationPrefix + "_op_" + std::to_string(n / 2);
        const long long created = nowMs() / 1000;
        const std::string type = n % 2 ? "refund.updated" : "refund.created";
        const std::string payload =
            "{\"id\":\"" + eventId + "\",\"object\":\"event\",\"type\":\"" + type + "\",\"created\":"
            + std::to_string(created) + ",\"data\":{\"object\":{\"id\":\"" + refundId
            + "\",\"object\":\"refund\",\"amount\":" + std::to_string(100 + n % 5000)
            + ",\"currency\":\"usd\",\"status\":\"" + (n % 2 ? "succeeded" : "pending")
            + "\",\"metadata\":{\"operation_id\":\"" + operationId + "\"}}},\"request\":{\"id\":\"req_" + number
            + "\",\"idempotency_key\":null}}";

        const long long start = steadyMs();
        if (connectPerDelivery && deliveries > 0) {
            insert.reset(); // both closed first: the store may have no user in between
            connection.reset();
            connection = std::make_unique<Connection>(path, busyTimeoutMs);
            insert = std::make_unique<Statement>(connection->get(), insertSql);
        }
        sqlite3 *db = connection->get();
        insert->bind(1, eventId).bind(2, type).bind(3, created).bind(4, nowMs()).bind(5, payload);
        insert->bind(6, operationId).bind(7, refundId);
        const int code = db ? insert->step() : SQLITE_CANTOPEN;
        maxWriteMs = std::max(maxWriteMs, steadyMs() - start);
        ++deliveries;
        if (code != SQLITE_DONE) {
            ++errors;
        } else if (sqlite3_changes(db) == 1) {
            ++stored;
        } else {
            ++duplicates;
        }
        sleepMs(pauseMs);
    }

    std::printf("deliveries=%lld stored=%lld duplicates=%lld errors=%lld max_write_ms=%lld\n", deliveries, stored,
                duplicates, errors, maxWriteMs);
    return errors == 0 ? 0 : 1;
}
