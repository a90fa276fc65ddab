// What the support and agent logins may write by hand, the chain kept by the server, and the
// roles file on older stores and read-only logins.

#include "tst_pgstore.h"

#include <utility>

namespace {

// A decision by hand on the free, unknown `operationId` as failed, with the chain's values
// (SQL expressions) the login writes itself, the resolution first.
QString decisionWithOwnChain(const QString &operationId, const QString &resolutionId, const QString &recordedAt,
                             const QString &prevHash, const QString &hash)
{
    return QStringLiteral("INSERT INTO resolutions (resolution_id, operation_id, outcome, evidence, operator, "
                          "recorded_at, previous_status, prev_hash, hash) VALUES (%1, '%2', 'failed', 'dashboard', "
                          "session_user, %3, 'unknown', %4, %5); ")
               .arg(resolutionId, operationId, recordedAt, prevHash, hash)
           + decisionUpdate(operationId, QStringLiteral("failed"), QString());
}

// Everything a login could change by hand, as one text, to see that a refusal kept nothing.
const char WholeState[] =
    "SELECT (SELECT string_agg(concat_ws(' ', operation_id, status, refund_id, claimed_by, claimed_at, updated_at, "
    "attempts, version), ', ' ORDER BY operation_id) FROM refund_ops) || ' | ' || "
    "(SELECT COALESCE(string_agg(concat_ws(' ', operation_id, attempt_no, tool_call_id, started_at, finished_at, "
    "outcome, http_status, request_id, error), ', ' ORDER BY operation_id, attempt_no), '') FROM refund_attempts) "
    "|| ' | ' || (SELECT COALESCE(string_agg(event_id || ' ' || payload, ', ' ORDER BY event_id), '') "
    "FROM webhook_events) || ' | ' || (SELECT count(*) FROM resolutions)";

// The attempts of an operation, in short: number:finished_at:outcome:http_status each.
QString attemptsOf(const QString &operationId)
{
    return QStringLiteral("SELECT string_agg(attempt_no || ':' || COALESCE(finished_at::text, '-') || ':' || "
                          "COALESCE(outcome, '-') || ':' || COALESCE(http_status::text, '-'), ' ' ORDER BY "
                          "attempt_no) FROM refund_attempts WHERE operation_id = '%1'").arg(operationId);
}

// A year of milliseconds, for times written in the future.
constexpr char NextYear[] = "refund_desk_clock_ms() + 365 * 86400000::bigint";

const QString Zeros = QStringLiteral("repeat('0', 64)");

} // namespace

void tst_PgStore::supportLoginsLeaveTheChainAndTheTimesToTheServer_data()
{
    QTest::addColumn<QString>("setup");   // run first, as the store's owner
    QTest::addColumn<QString>("login");
    QTest::addColumn<QString>("sql");     // one transaction, as `login`, through psql
    QTest::addColumn<QString>("refusal"); // the server's message; empty: accepted
    QTest::addColumn<QString>("expect");  // when accepted: true afterwards (%1, %2: the server's clock before, after)

    const QString alice = QStringLiteral("alice");
    const QString owner = QString::fromLatin1(PgTestServer::SuperUser);
    const QString none;
    // A decision already in the log, as a copy writes it: #1, on op_6, by bob at 1000.
    const QString logged = QStringLiteral(
        "INSERT INTO resolutions VALUES (1, 'op_6', 'refunded', 're_old', 'dashboard', NULL, 'bob', 1000, 'unknown', "
        "0, repeat('0', 64), refund_desk_chain_hash(1, 'op_6', 'refunded', 're_old', 'dashboard', NULL, 'bob', 1000, "
        "'unknown', 0, repeat('0', 64)))");
    const QString decidedNow = QStringLiteral(
        "SELECT bool_and(r.recorded_at BETWEEN %1 AND %2 AND o.updated_at = r.recorded_at) FROM resolutions r "
        "JOIN refund_ops o USING (operation_id) WHERE r.operator = 'alice'");
    const auto claimedNow = [](const QString &operationId) {
        return QStringLiteral("SELECT claimed_by = 'alice' AND claimed_at BETWEEN %1 AND %2 AND updated_at = "
                              "claimed_at FROM refund_ops WHERE operation_id = '") + operationId + u'\'';
    };

    // The chain's values a support login writes are not what is kept: the server's are.
    QTest::newRow("a decision dated 1970")
        << none << alice << decisionWithOwnChain("op_1", "1", "5", Zeros, "'hash-1'") << none << decidedNow;
    QTest::newRow("a decision dated next year")
        << none << alice << decisionWithOwnChain("op_1", "1", NextYear, Zeros, "'hash-1'") << none << decidedNow;
    QTest::newRow("a decision whose prev_hash is not the head's")
        << logged << alice << decisionWithOwnChain("op_1", "2", "refund_desk_clock_ms()", Zeros, "'hash-2'") << none
        << "SELECT r.prev_hash = h.hash AND r.resolution_id = 2 FROM resolutions r, resolutions h "
           "WHERE r.operation_id = 'op_1' AND h.resolution_id = 1";
    QTest::newRow("a decision whose hash is not its content's")
        << logged << alice
        << decisionWithOwnChain("op_1", "2", "refund_desk_clock_ms()",
                                "(SELECT hash FROM resolutions WHERE resolution_id = 1)", "repeat('f', 64)")
        << none << "SELECT hash <> repeat('f', 64) FROM resolutions WHERE operation_id = 'op_1'";
    QTest::newRow("a decision numbered by itself")
        << logged << alice << decisionWithOwnChain("op_1", "1000", "5", Zeros, "'x'") << none
        << "SELECT resolution_id = 2 FROM resolutions WHERE operation_id = 'op_1'";
    QTest::newRow("a decision taking the head's number")
        << logged << alice << decisionWithOwnChain("op_1", "1", "5", Zeros, "'x'") << none
        << "SELECT resolution_id = 2 FROM resolutions WHERE operation_id = 'op_1'";
    QTest::newRow("two decisions in one transaction")
        << logged << alice
        << decisionWithOwnChain("op_1", "2", "5", Zeros, "'x'") + decisionWithOwnChain("op_3", "2", "5", Zeros, "'x'")
        << none << "SELECT array_agg(resolution_id ORDER BY resolution_id) = '{1,2,3}' FROM resolutions";
    QTest::newRow("a decision, update first")
        << none << alice << decisionUpdate("op_1", "failed", none) + resolutionInsert(1, "op_1", "failed", none, alice, "unknown")
        << none
        << "SELECT r.recorded_at BETWEEN %1 AND %2 AND o.updated_at BETWEEN %1 AND %2 FROM resolutions r "
           "JOIN refund_ops o USING (operation_id)";
    // Its reads are of the log as it is: a transaction that sees an older one is refused.
    QTest::newRow("a decision in a repeatable read transaction")
        << none << alice
        << "BEGIN ISOLATION LEVEL REPEATABLE READ; " + decisionWithOwnChain("op_1", "1", "5", Zeros, "'x'") + " COMMIT;"
        << "the login alice may record a decision only in a READ COMMITTED transaction" << none;
    QTest::newRow("a decision in a serializable transaction")
        << none << alice
        << "BEGIN ISOLATION LEVEL SERIALIZABLE; " + decisionWithOwnChain("op_1", "1", "5", Zeros, "'x'") + " COMMIT;"
        << "not in a serializable one" << none;

    // The times on an operation are the server's.
    QTest::newRow("a claim dated 1970") << none << alice << claimUpdate("op_1") << none << claimedNow("op_1");
    QTest::newRow("a claim dated next year")
        << none << alice
        << QStringLiteral("UPDATE refund_ops SET status = 'checking', claimed_by = session_user, claimed_at = %1, "
                          "updated_at = %1, version = version + 1 WHERE operation_id = 'op_1'").arg(NextYear)
        << none << claimedNow("op_1");
    QTest::newRow("a claim without a time")
        << none << alice
        << "UPDATE refund_ops SET status = 'checking', claimed_by = session_user, version = version + 1 "
           "WHERE operation_id = 'op_1'"
        << none << claimedNow("op_1");
    QTest::newRow("a take-over dated 1970") << none << alice << claimUpdate("op_2") << none << claimedNow("op_2");
    QTest::newRow("a claim kept keeps its time")
        << "UPDATE refund_ops SET claimed_by = 'alice', claimed_at = 12345 WHERE operation_id = 'op_2'" << alice
        << claimUpdate("op_2") << none
        << "SELECT claimed_at = 12345 AND updated_at BETWEEN %1 AND %2 FROM refund_ops WHERE operation_id = 'op_2'";
    QTest::newRow("a release dated 1970")
        << "UPDATE refund_ops SET claimed_by = 'alice' WHERE operation_id = 'op_2'" << alice
        << "UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, claimed_at = NULL, updated_at = 5, "
           "version = version + 1 WHERE operation_id = 'op_2'"
        << none << "SELECT updated_at BETWEEN %1 AND %2 AND claimed_at IS NULL FROM refund_ops WHERE operation_id = 'op_2'";

    // The owner builds and copies stores with their recorded values, as they are given.
    QTest::newRow("the owner copies a decision as recorded")
        << none << owner << logged << none
        << "SELECT recorded_at = 1000 AND operator = 'bob' AND prev_hash = repeat('0', 64) FROM resolutions";
    QTest::newRow("the owner writes a claim's time")
        << none << owner
        << "UPDATE refund_ops SET status = 'checking', claimed_by = 'bob', claimed_at = 5, updated_at = 5, "
           "version = version + 1 WHERE operation_id = 'op_1'"
        << none << "SELECT claimed_at = 5 AND updated_at = 5 FROM refund_ops WHERE operation_id = 'op_1'";
}

void tst_PgStore::supportLoginsLeaveTheChainAndTheTimesToTheServer()
{
    QFETCH(QString, setup);
    QFETCH(QString, login);
    QFETCH(QString, sql);
    QFETCH(QString, refusal);
    QFETCH(QString, expect);
    QVERIFY(setUpRoles());
    if (!setup.isEmpty())
        QVERIFY2(m_server->exec(m_db, setup), qPrintable(m_server->lastError()));
    const QString before = m_server->query(m_db, QString::fromLatin1(WholeState));
    const QString clock = QStringLiteral("SELECT refund_desk_clock_ms()");
    const qint64 from = m_server->queryInt(m_db, clock);
    QVERIFY(from > 0);

    const bool accepted = m_server->exec(m_db, sql, login);
    const qint64 to = m_server->queryInt(m_db, clock);
    if (refusal.isEmpty()) {
        QVERIFY2(accepted, qPrintable(m_server->lastError()));
        QCOMPARE(m_server->query(m_db, expect.arg(from).arg(to)), QStringLiteral("t"));
        const QString broken = chainProblem();
        QVERIFY2(broken.isEmpty(), qPrintable(broken));
        return;
    }
    QVERIFY2(!accepted, "the server let it through");
    QVERIFY2(m_server->lastError().contains(refusal), qPrintable(m_server->lastError()));
    QCOMPARE(m_server->query(m_db, QString::fromLatin1(WholeState)), before);
}

void tst_PgStore::decisionsByHandAtOnceAreChainedOneAfterAnother()
{
    // Eight logins decide eight operations by hand at the same time, each holding its
    // transaction open a while after its append: the server's chain makes them wait for
    // the head in turn, so none reads the head another is replacing.
    QVERIFY(setUpRoles());
    constexpr int Deciders = 8;
    QVERIFY(m_server->exec(m_db, QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, "
                                                "idempotency_key, status, created_at, updated_at) SELECT 'race_' || i, "
                                                "'order_race_' || i, 100, 'key_race_' || i, 'unknown', 1, 1 "
                                                "FROM generate_series(1, %1) i").arg(Deciders)));
    std::vector<QString> errors(Deciders);
    std::vector<std::unique_ptr<QThread>> threads;
    for (int i = 0; i < Deciders; ++i) {
        threads.emplace_back(QThread::create([this, i, &errors] {
            const QString login = i % 2 ? QStringLiteral("alice") : QStringLiteral("bob");
            PgTestServer &server = *m_server;
            if (!server.exec(m_db, QStringLiteral("BEGIN; ") + decisionWithOwnChain(QStringLiteral("race_%1").arg(i + 1), "1", "5", Zeros, "'x'")
                                       + QStringLiteral(" SELECT pg_sleep(0.2); COMMIT;"),
                             login))
                errors[size_t(i)] = QStringLiteral("decider %1 failed").arg(i + 1);
        }));
        threads.back()->start();
    }
    for (auto &thread : threads)
        thread->wait();
    for (const QString &error : errors)
        QVERIFY2(error.isEmpty(), qPrintable(error + QStringLiteral(": ") + m_server->lastError()));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT count(*) || ' ' || count(DISTINCT prev_hash) || ' ' || "
                                                  "max(resolution_id) FROM resolutions")),
             QStringLiteral("%1 %1 %1").arg(Deciders));
    const QString broken = chainProblem();
    QVERIFY2(broken.isEmpty(), qPrintable(broken));
}

void tst_PgStore::agentLoginsOnlyAppendToTheAttemptHistory_data()
{
    QTest::addColumn<QString>("login");
    QTest::addColumn<QString>("sql");       // one transaction, as `login`, through psql
    QTest::addColumn<QString>("refusal");   // the server's message; empty: accepted
    QTest::addColumn<QString>("operation"); // whose attempts to look at when accepted
    QTest::addColumn<QString>("attempts");  // attemptsOf(operation) afterwards

    // The fixture (see the test): op_1 is open, attempt 1 finished (a timeout), attempt 2
    // under way; op_3 is unknown after a timeout, a saved 500 and an attempt never finished.
    const QString tool = QStringLiteral("tool");
    const QString none;
    QTest::newRow("a saved 500 turned into a decline")
        << tool << "UPDATE refund_attempts SET outcome = 'declined', http_status = 402, error = 'card_declined' "
                   "WHERE operation_id = 'op_3' AND attempt_no = 2"
        << "the login tool may not write attempt 2 of op_3: it is unknown" << none << none;
    QTest::newRow("the finished attempts of an unknown operation")
        << tool << "UPDATE refund_attempts SET http_status = 402 WHERE operation_id = 'op_3'"
        << "of op_3: it is unknown, and the refund tool writes attempts only while an operation is open" << none << none;
    QTest::newRow("the last attempt of an unknown operation finished")
        << tool << "UPDATE refund_attempts SET finished_at = 60, outcome = 'refunded', http_status = 200 "
                   "WHERE operation_id = 'op_3' AND attempt_no = 3"
        << "the login tool may not write attempt 3 of op_3: it is unknown" << none << none;
    QTest::newRow("an attempt added to an unknown operation")
        << tool << "INSERT INTO refund_attempts (operation_id, attempt_no, started_at) VALUES ('op_3', 4, 70)"
        << "the login tool may not write attempt 4 of op_3: it is unknown" << none << none;
    QTest::newRow("an attempt added to a decided operation")
        << tool << "INSERT INTO refund_attempts (operation_id, attempt_no, started_at) VALUES ('op_6', 1, 70)"
        << "the login tool may not write attempt 1 of op_6: it is refunded" << none << none;
    QTest::newRow("an attempt of no operation")
        << tool << "INSERT INTO refund_attempts (operation_id, attempt_no, started_at) VALUES ('op_none', 1, 70)"
        << "it is not in the store" << none << none;
    QTest::newRow("through a temporary table named refund_ops")
        << tool << "CREATE TEMP TABLE refund_ops (operation_id text, status text); INSERT INTO refund_ops VALUES "
                   "('op_3', 'open'); UPDATE refund_attempts SET http_status = 402 WHERE operation_id = 'op_3' "
                   "AND attempt_no = 2"
        << "the login tool may not write attempt 2 of op_3: it is unknown" << none << none;
    QTest::newRow("a finished attempt rewritten")
        << tool << "UPDATE refund_attempts SET outcome = 'refunded', http_status = 200 WHERE operation_id = 'op_1' "
                   "AND attempt_no = 1"
        << "the login tool may not change attempt 1 of op_1: it is finished" << none << none;
    QTest::newRow("a finished attempt finished again")
        << tool << "UPDATE refund_attempts SET finished_at = 99 WHERE operation_id = 'op_1' AND attempt_no = 1"
        << "the login tool may not change attempt 1 of op_1: it is finished" << none << none;
    QTest::newRow("an attempt under way changed, not finished")
        << tool << "UPDATE refund_attempts SET error = 'x' WHERE operation_id = 'op_1' AND attempt_no = 2"
        << "the login tool may change attempt 2 of op_1 only by finishing it" << none << none;
    QTest::newRow("an attempt's start changed as it is finished")
        << tool << "UPDATE refund_attempts SET started_at = 1, finished_at = 45, outcome = 'timeout' "
                   "WHERE operation_id = 'op_1' AND attempt_no = 2"
        << "may finish attempt 2 of op_1 but not change its tool call or start" << none << none;
    QTest::newRow("an attempt renumbered")
        << tool << "UPDATE refund_attempts SET attempt_no = 9, finished_at = 45 WHERE operation_id = 'op_1' AND attempt_no = 2"
        << "the login tool may not move attempt 2 of op_1" << none << none;
    QTest::newRow("an attempt moved to another operation")
        << tool << "UPDATE refund_attempts SET operation_id = 'op_5', finished_at = 45 WHERE operation_id = 'op_1' "
                   "AND attempt_no = 2"
        << "the login tool may not move attempt 2 of op_1" << none << none;
    QTest::newRow("an attempt number skipped")
        << tool << "INSERT INTO refund_attempts (operation_id, attempt_no, started_at) VALUES ('op_1', 4, 70)"
        << "the login tool may add to op_1 only attempt 3 (the next after the last), not attempt 4" << none << none;
    QTest::newRow("an attempt number used again")
        << tool << "INSERT INTO refund_attempts (operation_id, attempt_no, started_at) VALUES ('op_1', 2, 70)"
        << "may add to op_1 only attempt 3 (the next after the last), not attempt 2" << none << none;
    QTest::newRow("an attempt deleted")
        << tool << "DELETE FROM refund_attempts WHERE operation_id = 'op_3'"
        << "permission denied for table refund_attempts" << none << none;
    QTest::newRow("the attempts emptied")
        << tool << "TRUNCATE refund_attempts" << "permission denied for table refund_attempts" << none << none;
    QTest::newRow("an event edited")
        << tool << "UPDATE webhook_events SET payload = '{\"status\":\"failed\"}'"
        << "permission denied for table webhook_events" << none << none;
    QTest::newRow("an event deleted")
        << tool << "DELETE FROM webhook_events" << "permission denied for table webhook_events" << none << none;
    QTest::newRow("an event replaced on conflict")
        << tool << "INSERT INTO webhook_events (event_id, received_at, payload) VALUES ('evt_1', 2, '{}') "
                   "ON CONFLICT (event_id) DO UPDATE SET payload = EXCLUDED.payload"
        << "permission denied for table webhook_events" << none << none;
    QTest::newRow("a support login rewriting an attempt")
        << QStringLiteral("alice") << "UPDATE refund_attempts SET http_status = 402 WHERE operation_id = 'op_3'"
        << "permission denied for table refund_attempts" << none << none;

    // What the refund tool writes goes through (fakeagent's statements, as in DESIGN.md).
    QTest::newRow("the next attempt, counted as the tool counts it")
        << tool << "BEGIN; UPDATE refund_ops SET attempts = attempts + 1, updated_at = 60, version = version + 1 "
                   "WHERE operation_id = 'op_1' AND status = 'open'; INSERT INTO refund_attempts (operation_id, "
                   "attempt_no, tool_call_id, started_at) SELECT operation_id, attempts, 'toolu_2', 60 FROM "
                   "refund_ops WHERE operation_id = 'op_1'; COMMIT;"
        << none << "op_1" << "1:20:timeout:- 2:-:-:- 3:-:-:-";
    QTest::newRow("the attempt under way finished")
        << tool << "UPDATE refund_attempts SET finished_at = 45, outcome = 'server_error', http_status = 500, "
                   "request_id = 'req_2', error = 'server_error' WHERE operation_id = 'op_1' AND attempt_no = 2"
        << none << "op_1" << "1:20:timeout:- 2:45:server_error:500";
    QTest::newRow("finished, then the operation left unknown")
        << tool << "UPDATE refund_attempts SET finished_at = 45, outcome = 'server_error', http_status = 500 "
                   "WHERE operation_id = 'op_1' AND attempt_no = 2; UPDATE refund_ops SET status = 'unknown', "
                   "updated_at = 46, version = version + 1 WHERE operation_id = 'op_1' AND status = 'open'"
        << none << "op_1" << "1:20:timeout:- 2:45:server_error:500";
    QTest::newRow("a new operation from its key to its refund")
        << tool << "INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, created_at, "
                   "updated_at) VALUES ('op_new', 'order_new', 100, 'key_new', 'open', 50, 50); "
                   "UPDATE refund_ops SET attempts = attempts + 1, version = version + 1 WHERE operation_id = 'op_new'; "
                   "INSERT INTO refund_attempts (operation_id, attempt_no, tool_call_id, started_at) SELECT "
                   "operation_id, attempts, 'toolu_new', 51 FROM refund_ops WHERE operation_id = 'op_new'; "
                   "UPDATE refund_attempts SET finished_at = 52, outcome = 'refunded', http_status = 200, "
                   "request_id = 'req_new' WHERE operation_id = 'op_new' AND attempt_no = 1; "
                   "UPDATE refund_ops SET status = 'refunded', refund_id = 're_new', updated_at = 53, "
                   "version = version + 1 WHERE operation_id = 'op_new' AND status = 'open'"
        << none << "op_new" << "1:52:refunded:200";
    QTest::newRow("an event stored")
        << tool << "INSERT INTO webhook_events (event_id, received_at, payload) VALUES ('evt_2', 2, '{}')"
        << none << "op_3" << "1:20:timeout:- 2:40:server_error:500 3:-:-:-";
}

void tst_PgStore::agentLoginsOnlyAppendToTheAttemptHistory()
{
    QFETCH(QString, login);
    QFETCH(QString, sql);
    QFETCH(QString, refusal);
    QFETCH(QString, operation);
    QFETCH(QString, attempts);
    QVERIFY(setUpRoles());
    QVERIFY2(m_server->exec(m_db, QStringLiteral(
                 "UPDATE refund_ops SET status = 'open', claimed_by = NULL, claimed_at = NULL, attempts = 2 "
                 "WHERE operation_id = 'op_1'; "
                 "INSERT INTO refund_attempts (operation_id, attempt_no, tool_call_id, started_at, finished_at, outcome, "
                 "http_status, request_id, error) VALUES "
                 "('op_1', 1, 'toolu_1', 10, 20, 'timeout', NULL, 'req_1', 'timeout'), "
                 "('op_1', 2, 'toolu_1', 30, NULL, NULL, NULL, NULL, NULL), "
                 "('op_3', 1, 'toolu_3', 10, 20, 'timeout', NULL, 'req_3a', 'timeout'), "
                 "('op_3', 2, 'toolu_3', 30, 40, 'server_error', 500, 'req_3b', 'server_error'), "
                 "('op_3', 3, 'toolu_3', 50, NULL, NULL, NULL, NULL, NULL); "
                 "INSERT INTO webhook_events (event_id, received_at, payload) VALUES ('evt_1', 1, '{}')")),
             qPrintable(m_server->lastError()));
    const QString before = m_server->query(m_db, QString::fromLatin1(WholeState));

    const bool accepted = m_server->exec(m_db, sql, login);
    if (refusal.isEmpty()) {
        QVERIFY2(accepted, qPrintable(m_server->lastError()));
        QCOMPARE(m_server->query(m_db, attemptsOf(operation)), attempts);
        return;
    }
    QVERIFY2(!accepted, "the server let it through");
    QVERIFY2(m_server->lastError().contains(refusal), qPrintable(m_server->lastError()));
    QCOMPARE(m_server->query(m_db, QString::fromLatin1(WholeState)), before);
}

void tst_PgStore::verifyWantsTheSupportRulesWhereSupportMayWrite()
{
    // A store without the roles needs none of them (its own database grants the role nothing).
    QVERIFY(setUpRoles());
    const QString other = freshStore();
    QVERIFY(!other.isEmpty());
    auto plain = open(m_server->location(other));
    QVERIFY(plain);
    auto invariants = plain->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));

    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    invariants = store->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));
    // A store whose roles came from an older roles-postgresql.sql is told to run it again:
    // a support login's rule, and the reconciler's two (its own store_meta rows, its mark
    // on the lookups it keeps).
    const std::pair<const char *, const char *> rolesTriggers[] = {
        {"refund_ops_decision_recorded", "refund_ops"},
        {"store_meta_reconciler_rows", "store_meta"},
        {"provider_lookups_reconciler_mark", "provider_lookups"},
    };
    for (const auto &[trigger, table] : rolesTriggers) {
        QVERIFY(m_server->exec(m_db, QStringLiteral("DROP TRIGGER %1 ON %2").arg(QLatin1String(trigger), QLatin1String(table))));
        invariants = store->checkInvariants();
        QVERIFY(invariants);
        QCOMPARE(invariants->size(), size_t(1));
        const QString message = invariants->front().message;
        QVERIFY2(message.contains(QStringLiteral("%1 is missing").arg(QLatin1String(trigger))), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("run roles-postgresql.sql again")), qPrintable(message));
        QVERIFY(m_server->applyRoles(m_db));
        invariants = store->checkInvariants();
        QVERIFY(invariants);
        QVERIFY(invariants->empty());
    }
}

void tst_PgStore::rolesFileBringsAnOlderStoreUpToDate()
{
    QVERIFY(setUpRoles());
    // Stores made before a temporary table was ruled out found the owner through the search path.
    QVERIFY(m_server->exec(m_db, QStringLiteral(
        "CREATE OR REPLACE FUNCTION refund_desk_may_name_others() RETURNS boolean LANGUAGE sql STABLE AS $$ "
        "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = session_user AND rolsuper) "
        "OR EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = to_regclass('resolutions') "
        "AND pg_get_userbyid(c.relowner) = session_user) $$")));
    const QString asOwnerOfATemporaryTable = QStringLiteral(
        "BEGIN; CREATE TEMP TABLE resolutions (x int); UPDATE refund_ops SET status = 'checking', claimed_by = 'bob', "
        "claimed_at = 5, version = version + 1 WHERE operation_id = '%1'; COMMIT;");
    QVERIFY2(m_server->exec(m_db, asOwnerOfATemporaryTable.arg(QLatin1String("op_3")), QStringLiteral("alice")),
             "the older function lets a temporary table make alice the owner");
    QVERIFY2(m_server->applyRoles(m_db), qPrintable(m_server->lastError()));
    QVERIFY(!m_server->exec(m_db, asOwnerOfATemporaryTable.arg(QLatin1String("op_4")), QStringLiteral("alice")));
    QVERIFY2(m_server->lastError().contains(QLatin1String("the login alice may not claim as bob")),
             qPrintable(m_server->lastError()));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_4'")),
             QStringLiteral("unknown"));
}

void tst_PgStore::readOnlyRoleOpensReadOnlyAndSaysWhy()
{
    QVERIFY(setUpRoles());
    m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE auditor LOGIN IN ROLE refund_desk_audit"));
    auto store = open(m_server->location(m_db, QStringLiteral("auditor")));
    QVERIFY(store);
    QVERIFY(store->isReadOnly());
    QVERIFY2(store->openNote().contains(QLatin1String("auditor may not record decisions")), qPrintable(store->openNote()));
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && op1->has_value());
    auto write = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false);
    QVERIFY(!write);
    QCOMPARE(write.error().kind, ErrorKind::StoreUnavailable);
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("unknown"));
    // A read-only open of a writable login refuses writes in the session too.
    auto readOnly = open(m_server->location(m_db), Store::OpenMode::ReadOnly);
    QVERIFY(readOnly && readOnly->isReadOnly());
}

void tst_PgStore::aServerThatTakesNoChangesSaysSo()
{
    // The database set read-only by its administrator (as a standby is): the login may
    // write, so the store opens for writing, and the server refuses the write itself. The
    // message says that, not "open it without --read-only", which nobody used.
    QVERIFY(m_server->exec(QStringLiteral("postgres"),
                           QStringLiteral("ALTER DATABASE %1 SET default_transaction_read_only = on").arg(m_db)));
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && op1->has_value());
    auto write = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false);
    QVERIFY(!write);
    const QString message = write.error().message;
    QVERIFY2(message.contains(QLatin1String("refused a change while")), qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("standby server, or the database or the login is set to read-only")),
             qPrintable(message));
    QVERIFY2(message.contains(QLatin1String("Nothing was written")), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("--read-only")), qPrintable(message));
    QVERIFY(m_server->exec(QStringLiteral("postgres"),
                           QStringLiteral("ALTER DATABASE %1 RESET default_transaction_read_only").arg(m_db)));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("unknown"));
}
