// Reconnecting after the server went away, and what the server's roles let a login write by
// hand.

#include "tst_pgstore.h"

void tst_PgStore::reconnectsAfterTheServerRestarts()
{
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    QVERIFY(store->dataVersion());
    const qint64 before = *store->dataVersion();
    QVERIFY2(m_server->stop(), qPrintable(m_server->lastError()));
    auto down = store->dataVersion();
    QVERIFY(!down);
    QCOMPARE(down.error().kind, ErrorKind::StoreUnavailable);
    QVERIFY2(down.error().message.contains(QStringLiteral("reconnecting…")), qPrintable(down.error().message));
    auto read = store->queuePage(QueueQuery(), std::nullopt, 10);
    QVERIFY(!read);
    QCOMPARE(read.error().kind, ErrorKind::StoreUnavailable);

    QVERIFY2(m_server->start(), qPrintable(m_server->lastError()));
    // The reconnect moves on with each poll, never waiting.
    QTRY_VERIFY_WITH_TIMEOUT(bool(store->dataVersion()), 120'000);
    auto back = store->dataVersion();
    QVERIFY(back);
    QVERIFY(*back != before); // changes made meanwhile were never announced: look again
    auto page = store->queuePage(QueueQuery(), std::nullopt, 10);
    QVERIFY(page);
    QCOMPARE(page->size(), size_t(5));
    // The session was set up again: notifications arrive.
    QVERIFY(m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET attempts = 2 WHERE operation_id = 'op_4'")));
    QTRY_VERIFY_WITH_TIMEOUT(*store->dataVersion() != *back, 60'000);
}

void tst_PgStore::reconnectsInStepsWhileTheServerIsSilent()
{
    // connect_timeout=2: libpq's shortest, so that several attempts fit in the test.
    auto store = open(m_server->location(m_db) + QStringLiteral(" connect_timeout=2"));
    QVERIFY(store);
    store->setReconnectWithoutWaiting(true);
    QVERIFY(store->dataVersion());
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && *op1);
    const Operation seen = **op1;

    // The server goes, and in its place a socket that takes connections and never answers.
    QVERIFY2(m_server->stop(), qPrintable(m_server->lastError()));
    SilentListener silent(m_server->socketPath());
    QVERIFY2(silent.isListening(), qPrintable(silent.lastError()));

    // Polls, reads and writes all come back at once while attempts wait and are given up.
    const QString givenUpText = QStringLiteral("no answer from the server for 2 seconds");
    qint64 longestMs = 0;
    int givenUp = 0;
    bool wasGivenUp = false;
    qint64 firstGivenUpAt = 0, secondGivenUpAt = 0;
    QElapsedTimer clock;
    clock.start();
    // A watchdog only (two attempts take about 6 s).
    while (givenUp < 2 && clock.elapsed() < 180'000) {
        QElapsedTimer call;
        call.start();
        auto version = store->dataVersion();
        auto page = store->queuePage(QueueQuery(), std::nullopt, 10);
        auto claimed = store->claim(QStringLiteral("op_1"), SeenState::of(seen), QString(), false);
        longestMs = std::max(longestMs, call.elapsed());
        QVERIFY(!version);
        QCOMPARE(version.error().kind, ErrorKind::StoreUnavailable);
        QVERIFY2(version.error().message.contains(QStringLiteral("reconnecting…")), qPrintable(version.error().message));
        QVERIFY(!page);
        QCOMPARE(page.error().kind, ErrorKind::StoreUnavailable);
        QVERIFY(!claimed);
        QCOMPARE(claimed.error().kind, ErrorKind::StoreUnavailable);
        const bool isGivenUp = version.error().message.contains(givenUpText);
        if (isGivenUp && !wasGivenUp)
            (++givenUp == 1 ? firstGivenUpAt : secondGivenUpAt) = clock.elapsed();
        wasGivenUp = isGivenUp;
        QTest::qWait(50);
    }
    QCOMPARE(givenUp, 2);
    const qint64 attemptMs = secondGivenUpAt - firstGivenUpAt;
    qInfo("longest poll, read and claim while reconnecting: %lld ms; from one attempt given up to the next: %lld ms",
          longestMs, attemptMs);
    // A blocking reconnect waits each attempt out (connect_timeout, 2 s) inside a call; in
    // steps a poll waits 20 ms at most. Measured against the time from one attempt given
    // up to the next, in this run, rather than in milliseconds a busy machine could cross.
    QVERIFY2(2 * longestMs < attemptMs, qPrintable(QStringLiteral("a poll, a read and a claim took %1 ms; one attempt "
                                                                  "to the next %2 ms")
                                                       .arg(longestMs).arg(attemptMs)));

    // The server back: the next attempt gets through by itself, and nothing was written meanwhile.
    silent.close();
    QVERIFY2(m_server->start(), qPrintable(m_server->lastError()));
    QTRY_VERIFY_WITH_TIMEOUT(bool(store->dataVersion()), 120'000);
    auto after = store->operation(QStringLiteral("op_1"));
    QVERIFY(after && *after);
    QCOMPARE((*after)->version, seen.version);
    QCOMPARE((*after)->status, OperationStatus::Unknown);
    auto claimed = store->claim(QStringLiteral("op_1"), SeenState::of(seen), QString(), false);
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    QCOMPARE(claimed->status, OperationStatus::Checking);
}

void tst_PgStore::rolesAreEnforcedByTheServer()
{
    QVERIFY(setUpRoles());
    const QString alice = QStringLiteral("alice");
    const QString finance = QStringLiteral("finance");
    const QString tool = QStringLiteral("tool");

    // Support: claims and decides as itself through the store...
    auto store = open(m_server->location(m_db, alice));
    QVERIFY(store);
    QVERIFY(!store->isReadOnly());
    QCOMPARE(store->sessionOperator(), alice);
    auto op1 = store->operation(QStringLiteral("op_1"));
    auto claimed = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false);
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    ResolutionDraft draft;
    draft.operationId = QStringLiteral("op_1");
    draft.outcome = Outcome::Failed;
    draft.evidence = QStringLiteral("dashboard");
    auto decided = store->recordResolution(draft, SeenState::of(*claimed));
    QVERIFY2(decided, qPrintable(decided ? QString() : decided.error().message));
    QCOMPARE(decided->operatorName, alice);
    // ...but may not edit the log, change a key or an amount, write as someone else, or
    // write attempts and events, even with SQL of its own.
    const QString refusals[] = {
        QStringLiteral("UPDATE resolutions SET note = 'x'"),
        QStringLiteral("DELETE FROM resolutions"),
        QStringLiteral("UPDATE refund_ops SET idempotency_key = 'k' WHERE operation_id = 'op_3'"),
        QStringLiteral("UPDATE refund_ops SET amount_cents = 1 WHERE operation_id = 'op_3'"),
        QStringLiteral("UPDATE refund_ops SET claimed_by = 'bob', status = 'checking' WHERE operation_id = 'op_3'"),
        QStringLiteral("INSERT INTO resolutions (resolution_id, operation_id, outcome, evidence, operator, recorded_at, "
                       "previous_status, prev_hash, hash) VALUES (9, 'op_4', 'failed', 'x', 'bob', 1, 'unknown', 'a', 'b')"),
        QStringLiteral("INSERT INTO webhook_events (event_id, received_at, payload) VALUES ('evt_s', 1, '{}')"),
        QStringLiteral("UPDATE refund_attempts SET error = 'x'"),
        QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, idempotency_key, status, "
                       "created_at, updated_at) VALUES ('op_new', 'o', 1, 'k2', 'open', 1, 1)"),
        QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_x' WHERE operation_id = 'op_3'"),
    };
    for (const QString &sql : refusals)
        QVERIFY2(!m_server->exec(m_db, sql, alice), qPrintable(sql));
    auto asBob = store->claim(QStringLiteral("op_3"), SeenState::of(**store->operation(QStringLiteral("op_3"))),
                              QStringLiteral("bob"), false);
    QVERIFY(!asBob);
    QCOMPARE(asBob.error().kind, ErrorKind::Refused);

    // Audit: reads, writes nothing.
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT count(*) FROM resolutions"), finance), QStringLiteral("1"));
    for (const QString &sql : refusals)
        QVERIFY2(!m_server->exec(m_db, sql, finance), qPrintable(sql));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET status = 'unknown' WHERE operation_id = 'op_1'"),
                            finance));

    // Agent: opens operations naming their payment, counts attempts, stores events; never
    // decides, re-keys or changes a payment once named.
    QVERIFY2(m_server->exec(m_db, QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, "
                                                 "idempotency_key, status, created_at, updated_at, payment_id) VALUES "
                                                 "('op_new', 'o', 1, 'k2', 'open', 1, 1, 'pi_new')"), tool),
             qPrintable(m_server->lastError()));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT payment_id FROM refund_ops WHERE operation_id = 'op_new'"), finance),
             QStringLiteral("pi_new"));
    for (const QString &login : {tool, QString::fromLatin1(PgTestServer::SuperUser)}) { // the agent, and the store's owner
        QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_other' WHERE operation_id = 'op_new'"),
                                login));
        QVERIFY2(m_server->lastError().contains(QLatin1String("payment_id is immutable once set")),
                 qPrintable(m_server->lastError()));
        QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET payment_id = NULL WHERE operation_id = 'op_new'"),
                                login));
    }
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT payment_id FROM refund_ops WHERE operation_id = 'op_new'")),
             QStringLiteral("pi_new"));
    // A tool that opened its row without the payment names it once, while the row is open.
    QVERIFY2(m_server->exec(m_db, QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, "
                                                 "idempotency_key, status, created_at, updated_at) VALUES ('op_late', "
                                                 "'o', 2, 'k4', 'open', 1, 1)"), tool),
             qPrintable(m_server->lastError()));
    QVERIFY2(m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET payment_id = 'ch_late', version = version + 1 "
                                                 "WHERE operation_id = 'op_late' AND status = 'open'"), tool),
             qPrintable(m_server->lastError()));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT payment_id FROM refund_ops WHERE operation_id = 'op_late'")),
             QStringLiteral("ch_late"));
    QVERIFY(m_server->exec(m_db, QStringLiteral("INSERT INTO refund_attempts (operation_id, attempt_no, started_at) "
                                                "VALUES ('op_new', 1, 1)"), tool));
    QVERIFY(m_server->exec(m_db, QStringLiteral("INSERT INTO webhook_events (event_id, received_at, payload) "
                                                "VALUES ('evt_t', 1, '{}')"), tool));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET idempotency_key = 'k3' WHERE operation_id = 'op_new'"),
                            tool));
    QVERIFY(!m_server->exec(m_db, refusals[5], tool));
}

void tst_PgStore::writesByHandAreHeldToWhatTheAppWrites_data()
{
    QTest::addColumn<QString>("setup");     // run first, as the store's owner
    QTest::addColumn<QString>("login");
    QTest::addColumn<QString>("sql");       // one transaction, as `login`, through psql
    QTest::addColumn<QString>("operation"); // the operation to look at afterwards
    QTest::addColumn<QString>("refusal");   // the server's message; empty: accepted
    QTest::addColumn<QString>("after");     // status, refund id, claimant when accepted

    const QString alice = QStringLiteral("alice");
    const QString none;
    const QString bobsClaim; // the fixture: op_2 is being checked by bob
    const QString alicesClaim = QStringLiteral("UPDATE refund_ops SET claimed_by = 'alice' WHERE operation_id = 'op_2'");

    // A decided outcome only with its resolution, in the same transaction.
    QTest::newRow("refunded without a resolution")
        << none << alice << decisionUpdate("op_1", "refunded", "re_x") << "op_1"
        << "the login alice may not set op_1 to refunded without recording the decision" << none;
    QTest::newRow("failed without a resolution")
        << none << alice << decisionUpdate("op_1", "failed", none) << "op_1"
        << "the login alice may not set op_1 to failed without recording the decision" << none;
    QTest::newRow("with the resolution of another outcome")
        << none << alice << decisionUpdate("op_1", "refunded", "re_x") + resolutionInsert(1, "op_1", "failed", none, alice, "unknown")
        << "op_1" << "without recording the decision" << none;
    QTest::newRow("with a resolution naming another refund id")
        << none << alice << decisionUpdate("op_1", "refunded", "re_x") + resolutionInsert(1, "op_1", "refunded", "re_y", alice, "unknown")
        << "op_1" << "without recording the decision" << none;
    QTest::newRow("with the resolution of another operation")
        << none << alice << decisionUpdate("op_1", "failed", none) + resolutionInsert(1, "op_3", "failed", none, alice, "unknown")
        << "op_1" << "without recording the decision" << none;
    QTest::newRow("with a resolution recorded before")
        << resolutionInsert(1, "op_1", "failed", none, alice, "unknown") << alice << decisionUpdate("op_1", "failed", none)
        << "op_1" << "may not set op_1 to failed without recording the decision" << none;
    // A temporary table comes first in a session's search path: it must not stand in for the store's.
    const QString fakeLog = QStringLiteral("CREATE TEMP TABLE resolutions (operation_id text, outcome text, refund_id "
                                           "text, operator text, previous_status text); "
                                           "INSERT INTO resolutions VALUES ('op_1', 'failed', NULL, 'alice', 'unknown');");
    QTest::newRow("with a resolution in a temporary table")
        << none << alice << fakeLog + decisionUpdate("op_1", "failed", none) << "op_1"
        << "may not set op_1 to failed without recording the decision" << none;
    QTest::newRow("as the owner of a temporary table named resolutions")
        << none << alice << "CREATE TEMP TABLE resolutions (x int); UPDATE refund_ops SET status = 'checking', "
                            "claimed_by = 'bob', claimed_at = 5, version = version + 1 WHERE operation_id = 'op_1'"
        << "op_1" << "the login alice may not claim as bob" << none;
    // Rows written in a savepoint carry its own transaction id: a decision is made outside one.
    QTest::newRow("a decision inside a savepoint")
        << none << alice << "BEGIN; SAVEPOINT s; " + decisionUpdate("op_1", "failed", none)
                            + resolutionInsert(1, "op_1", "failed", none, alice, "unknown") + " RELEASE SAVEPOINT s; COMMIT;"
        << "op_1" << "may not set op_1 to failed without recording the decision" << none;
    QTest::newRow("a resolution without the status change")
        << none << alice << resolutionInsert(1, "op_1", "failed", none, alice, "unknown") << "op_1"
        << "the login alice may not record a decision on op_1 without setting it to failed" << none;
    QTest::newRow("deciding someone else's claim")
        << bobsClaim << alice << decisionUpdate("op_2", "failed", none) + resolutionInsert(1, "op_2", "failed", none, alice, "checking")
        << "op_2" << "the login alice may not decide op_2: it is being checked by bob" << none;
    QTest::newRow("decided back to unknown")
        << none << alice << "UPDATE refund_ops SET status = 'unknown', version = version + 1 WHERE operation_id = 'op_6'"
        << "op_6" << "the login alice may not change op_6: it is refunded" << none;
    QTest::newRow("decided to another outcome")
        << none << alice << decisionUpdate("op_6", "failed", none) + resolutionInsert(1, "op_6", "failed", none, alice, "refunded")
        << "op_6" << "it is refunded" << none;
    QTest::newRow("to checking without a claim")
        << none << alice << "UPDATE refund_ops SET status = 'checking', version = version + 1 WHERE operation_id = 'op_1'"
        << "op_1" << "may set op_1 to checking only by claiming it as itself" << none;
    QTest::newRow("back to open")
        << none << alice << "UPDATE refund_ops SET status = 'open', version = version + 1 WHERE operation_id = 'op_1'"
        << "op_1" << "the login alice may not set op_1 to open" << none;
    QTest::newRow("a refund id without a decision")
        << none << alice << "UPDATE refund_ops SET refund_id = 're_x', version = version + 1 WHERE operation_id = 'op_1'"
        << "op_1" << "may not change the refund id of op_1 without recording a decision" << none;
    QTest::newRow("a claim that does not count in the version")
        << none << alice << "UPDATE refund_ops SET status = 'checking', claimed_by = 'alice', claimed_at = 5 WHERE operation_id = 'op_1'"
        << "op_1" << "only with its version counted up by one" << none;

    // Someone else's claim: taken over, never cleared or released.
    QTest::newRow("clearing another login's claim")
        << bobsClaim << alice << "UPDATE refund_ops SET claimed_by = NULL, claimed_at = NULL, version = version + 1 WHERE operation_id = 'op_2'"
        << "op_2" << "the login alice may not clear the claim bob holds on op_2" << none;
    QTest::newRow("releasing another login's claim")
        << bobsClaim << alice << "UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, claimed_at = NULL, version = version + 1 WHERE operation_id = 'op_2'"
        << "op_2" << "the login alice may not release or clear the claim bob holds on op_2" << none;

    // What Refund Desk writes goes through (these guard against refusing too much).
    QTest::newRow("claim") << none << alice << claimUpdate("op_1") << "op_1" << none << "checking - alice";
    QTest::newRow("take-over") << bobsClaim << alice << claimUpdate("op_2") << "op_2" << none << "checking - alice";
    QTest::newRow("releasing one's own claim")
        << alicesClaim << alice << "UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, claimed_at = NULL, updated_at = 5, version = version + 1 WHERE operation_id = 'op_2'"
        << "op_2" << none << "unknown - -";
    QTest::newRow("decision, update first")
        << none << alice << decisionUpdate("op_1", "refunded", "re_x") + resolutionInsert(1, "op_1", "refunded", "re_x", alice, "unknown")
        << "op_1" << none << "refunded re_x -";
    QTest::newRow("decision, resolution first")
        << none << alice << resolutionInsert(1, "op_1", "failed", none, alice, "unknown") + decisionUpdate("op_1", "failed", none)
        << "op_1" << none << "failed - -";
    QTest::newRow("decision on one's own claim")
        << alicesClaim << alice << decisionUpdate("op_2", "failed", none) + resolutionInsert(1, "op_2", "failed", none, alice, "checking")
        << "op_2" << none << "failed - -";
    // The agent's refund tool has rules of its own: it counts attempts and closes open ones.
    const QString tool = QStringLiteral("tool");
    const QString opened = QStringLiteral("UPDATE refund_ops SET status = 'open', claimed_by = NULL, claimed_at = NULL "
                                          "WHERE operation_id = 'op_1'");
    QTest::newRow("agent counts an attempt")
        << opened << tool << "UPDATE refund_ops SET attempts = attempts + 1, updated_at = 5, version = version + 1 WHERE operation_id = 'op_1' AND status = 'open'"
        << "op_1" << none << "open - -";
    QTest::newRow("agent marks unknown")
        << opened << tool << "UPDATE refund_ops SET status = 'unknown', updated_at = 5, version = version + 1 WHERE operation_id = 'op_1' AND status = 'open'"
        << "op_1" << none << "unknown - -";
    QTest::newRow("agent closes as refunded")
        << opened << tool << "UPDATE refund_ops SET status = 'refunded', refund_id = 're_t', updated_at = 5, version = version + 1 WHERE operation_id = 'op_1' AND status = 'open'"
        << "op_1" << none << "refunded re_t -";
    // Once an operation is unknown it is a person's: the tool never decides, claims or reopens.
    QTest::newRow("agent decides an unknown operation")
        << none << tool << "UPDATE refund_ops SET status = 'refunded', refund_id = 're_t', version = version + 1 WHERE operation_id = 'op_1'"
        << "op_1" << "the login tool may not change op_1: it is unknown, and the refund tool moves only open operations" << none;
    QTest::newRow("agent clears a person's claim")
        << bobsClaim << tool << "UPDATE refund_ops SET status = 'unknown', claimed_by = NULL, claimed_at = NULL, version = version + 1 WHERE operation_id = 'op_2'"
        << "op_2" << "the login tool may not change op_2: it is checking" << none;
    QTest::newRow("agent reopens a decided operation")
        << none << tool << "UPDATE refund_ops SET status = 'open', version = version + 1 WHERE operation_id = 'op_6'"
        << "op_6" << "the login tool may not change op_6: it is refunded" << none;
    QTest::newRow("agent names the payment of an open operation")
        << opened << tool << "UPDATE refund_ops SET payment_id = 'pi_1', updated_at = 5, version = version + 1 WHERE operation_id = 'op_1' AND status = 'open'"
        << "op_1" << none << "open - -";
    QTest::newRow("agent changes a payment once named")
        << opened + QStringLiteral("; UPDATE refund_ops SET payment_id = 'pi_1' WHERE operation_id = 'op_1'") << tool
        << "UPDATE refund_ops SET payment_id = 'pi_2', updated_at = 5, version = version + 1 WHERE operation_id = 'op_1' AND status = 'open'"
        << "op_1" << "payment_id is immutable once set" << none;
    QTest::newRow("support names a payment")
        << none << alice << "UPDATE refund_ops SET payment_id = 'pi_1', version = version + 1 WHERE operation_id = 'op_1'"
        << "op_1" << "permission denied" << none;
    QTest::newRow("agent claims an open operation")
        << opened << tool << "UPDATE refund_ops SET status = 'checking', claimed_by = 'tool', claimed_at = 5, version = version + 1 WHERE operation_id = 'op_1'"
        << "op_1" << "the login tool may not set op_1 to checking" << none;
}

void tst_PgStore::writesByHandAreHeldToWhatTheAppWrites()
{
    QFETCH(QString, setup);
    QFETCH(QString, login);
    QFETCH(QString, sql);
    QFETCH(QString, operation);
    QFETCH(QString, refusal);
    QFETCH(QString, after);
    QVERIFY(setUpRoles());
    if (!setup.isEmpty())
        QVERIFY2(m_server->exec(m_db, setup), qPrintable(m_server->lastError()));
    const QString state = QStringLiteral("SELECT status || ' ' || COALESCE(refund_id, '-') || ' ' || "
                                         "COALESCE(claimed_by, '-') || ' ' || version FROM refund_ops "
                                         "WHERE operation_id = '%1'").arg(operation);
    const QString before = m_server->query(m_db, state);
    const QString resolutions = QStringLiteral("SELECT count(*) FROM resolutions");
    const qint64 logged = m_server->queryInt(m_db, resolutions);

    const bool accepted = m_server->exec(m_db, sql, login);
    if (refusal.isEmpty()) {
        QVERIFY2(accepted, qPrintable(m_server->lastError()));
        const qint64 version = before.section(u' ', 3).toLongLong();
        QCOMPARE(m_server->query(m_db, state), after + QStringLiteral(" %1").arg(version + 1));
        return;
    }
    QVERIFY2(!accepted, "the server let it through");
    QVERIFY2(m_server->lastError().contains(refusal), qPrintable(m_server->lastError()));
    // Nothing of the transaction is kept.
    QCOMPARE(m_server->query(m_db, state), before);
    QCOMPARE(m_server->queryInt(m_db, resolutions), logged);
}
