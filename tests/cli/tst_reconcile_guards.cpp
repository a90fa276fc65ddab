// What keeps a reconcile pass to its own work: a pass that finds the lease held asks
// nothing; on PostgreSQL a pass runs whole as a refund_desk_reconciler login, which may
// decide, claim, note or touch other store_meta rows neither through Refund Desk nor by SQL
// of its own; two passes started together ask each operation once.

#include "tst_reconcile.h"

void TestReconcile::aLeaseHeldElsewhereAsksNothing()
{
    QFETCH(QString, backend);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const QString db = m_stores.make(backend, [&](TestStore &store) {
        return addTimedOutOperation(store, QStringLiteral("op_a"), now - 3600'000)
            && store.exec(QStringLiteral("INSERT INTO store_meta (key, value) VALUES ('reconcile_lease', '%1 elsewhere pid 7')")
                              .arg(now + 100'000));
    });
    QVERIFY(!db.isEmpty());
    const Run held = m_command->run({QStringLiteral("reconcile"), QStringLiteral("--db"), db});
    QCOMPARE(held.exitCode, 0);
    QVERIFY2(held.out.contains(QLatin1String("Another reconcile pass is running on this store (elsewhere pid 7")),
             qPrintable(held.out));
    QCOMPARE(m_fake->requestCount(), 0);
    QCOMPARE(lookupCount(db), 0);

    // A lease whose holder died (it expired) is taken over, and released at the end.
    auto store = StoreFactory::open(db, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    QVERIFY((*store)->setMeta(QStringLiteral("reconcile_lease"), QStringLiteral("%1 elsewhere pid 7").arg(now - 1)));
    const Run taken = pass(db);
    QVERIFY2(taken.exitCode == 0, qPrintable(taken.err));
    QCOMPARE(summaryOf(taken).value(QLatin1String("first_asks")).toInteger(), 1);
    QCOMPARE(lookupCount(db), 1);
    QCOMPARE(*(*store)->meta(QStringLiteral("reconcile_lease")), QStringLiteral("released"));
}

// The whole pass as a refund_desk_reconciler login, and what that login may not do.
void TestReconcile::aPassRunsAsTheReconcilerRoleAndDoesNothingElse()
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 started = now - 3 * 3600'000;
    const QString location = m_stores.make(QStringLiteral("postgresql"), [&](TestStore &store) {
        return addTimedOutOperation(store, QStringLiteral("op_a"), started)
            && addTimedOutOperation(store, QStringLiteral("op_b"), started + 60'000)
            && store.exec(QStringLiteral("INSERT INTO store_meta (key, value) VALUES ('queue_target_hours', '4')"));
    });
    QVERIFY(!location.isEmpty());
    QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_a"), QStringLiteral("op_a"), started / 1000 + 3)),
             QString());
    PgTestServer &server = m_stores.server();
    const QString database = m_stores.lastDatabase();
    QVERIFY2(server.applyRoles(database), qPrintable(server.lastError()));
    QVERIFY2(server.exec(database, QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = "
                                                  "'stripe_sync') THEN CREATE ROLE stripe_sync LOGIN IN ROLE "
                                                  "refund_desk_reconciler; END IF; IF NOT EXISTS (SELECT 1 FROM "
                                                  "pg_roles WHERE rolname = 'dana') THEN CREATE ROLE dana LOGIN IN "
                                                  "ROLE refund_desk_support; END IF; END $$")),
             qPrintable(server.lastError()));
    const QString reconciler = server.location(database, QStringLiteral("stripe_sync"));
    const QString before = decisions(location);

    // A pass, twice: its events' cursor, its lease, its lookups and its record are all
    // the login's to write.
    const Run first = pass(reconciler);
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QCOMPARE(summaryOf(first).value(QLatin1String("first_asks")).toInteger(), 2);
    QCOMPARE(summaryOf(first).value(QLatin1String("answers")).toInteger(), 2);
    QCOMPARE(verdictOf(location, QStringLiteral("op_a")), QStringLiteral("refunded"));
    QCOMPARE(verdictOf(location, QStringLiteral("op_b")), QStringLiteral("not_found"));
    QCOMPARE(lookupAskers(location), QStringList{QStringLiteral("stripe_sync marked")});
    QVERIFY(lastPass(location) && lastPass(location)->ok);
    QCOMPARE(server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = 'reconcile_lease'")),
             QStringLiteral("released"));
    QVERIFY(!server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = "
                                                   "'stripe_undelivered_events_synced_until'")).isEmpty());
    const Run second = pass(reconciler);
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    QCOMPARE(summaryOf(second).value(QLatin1String("operations_asked")).toInteger(), 0);
    QCOMPARE(decisions(location), before);

    // Through Refund Desk: read-only for everything but what it keeps, and it says why.
    auto opened = StoreFactory::open(reconciler, Store::OpenMode::ReadWrite);
    QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
    Store &store = **opened;
    QVERIFY(store.isReadOnly());
    QVERIFY(store.keepsProviderAnswers());
    QVERIFY2(store.openNote().contains(QLatin1String("refund_desk_reconciler")), qPrintable(store.openNote()));
    const Operation opB = **store.operation(QStringLiteral("op_b"));
    QVERIFY(!store.claim(QStringLiteral("op_b"), SeenState::of(opB), QString(), false));
    ResolutionDraft decision;
    decision.operationId = QStringLiteral("op_b");
    decision.outcome = Outcome::Failed;
    decision.evidence = QStringLiteral("dashboard");
    QVERIFY(!store.recordResolution(decision, SeenState::of(opB)));
    NoteDraft note;
    note.operationId = QStringLiteral("op_b");
    note.text = QStringLiteral("checked");
    QVERIFY(!store.addNote(note));
    auto target = store.setMeta(QStringLiteral("queue_target_hours"), QStringLiteral("1"));
    QVERIFY(!target);
    QVERIFY2(target.error().message.contains(QLatin1String("only its own rows")), qPrintable(target.error().message));
    QVERIFY(!store.setMeta(QStringLiteral("schema_version"), QStringLiteral("9")));
    QVERIFY(store.setMeta(QStringLiteral("reconcile_lease"), QStringLiteral("released")));
    opened->reset();

    // By SQL of its own, the server refuses each of them too.
    struct Refused
    {
        const char *sql;
        const char *says;
    };
    const Refused refused[] = {
        {"UPDATE refund_ops SET status = 'checking', claimed_by = 'stripe_sync', version = version + 1 "
         "WHERE operation_id = 'op_b'", "permission denied"},
        {"INSERT INTO resolutions (resolution_id, operation_id, outcome, evidence, operator, recorded_at, "
         "previous_status, prev_hash, hash) VALUES (1, 'op_b', 'failed', 'dashboard', 'stripe_sync', 0, 'unknown', "
         "repeat('0', 64), repeat('1', 64))", "permission denied"},
        {"INSERT INTO operation_notes (operation_id, text, operator, recorded_at) VALUES ('op_b', 'checked', "
         "'stripe_sync', 0)", "permission denied"},
        {"UPDATE store_meta SET value = '1' WHERE key = 'queue_target_hours'", "only its own rows"},
        {"INSERT INTO store_meta (key, value) VALUES ('queue_target_hours', '1') ON CONFLICT (key) DO UPDATE SET "
         "value = EXCLUDED.value", "only its own rows"},
        {"UPDATE store_meta SET value = '9' WHERE key = 'schema_version'", "only its own rows"},
        {"UPDATE store_meta SET value = '48' WHERE key = 'key_retention_hours'", "only its own rows"},
        {"UPDATE store_meta SET key = 'reconcile_lease' WHERE key = 'queue_target_hours'", "only its own rows"},
        {"UPDATE store_meta SET key = 'queue_target_hours' WHERE key = 'reconcile_lease'", "only its own rows"},
        {"INSERT INTO store_meta (key, value) VALUES ('team_setting', 'x')", "only its own rows"},
        {"DELETE FROM store_meta WHERE key = 'reconcile_lease'", "permission denied"},
    };
    for (const Refused &attempt : refused) {
        QVERIFY2(!server.exec(database, QString::fromLatin1(attempt.sql), QStringLiteral("stripe_sync")), attempt.sql);
        QVERIFY2(server.lastError().contains(QLatin1String(attempt.says)), qPrintable(server.lastError()));
    }
    // Its own rows it may move.
    QVERIFY2(server.exec(database, QStringLiteral("UPDATE store_meta SET value = 'released' WHERE key = 'reconcile_lease'"),
                         QStringLiteral("stripe_sync")),
             qPrintable(server.lastError()));
    QCOMPARE(server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = 'queue_target_hours'")),
             QStringLiteral("4"));
    QCOMPARE(server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = 'schema_version'")),
             QStringLiteral("3"));
    QCOMPARE(server.query(database, QStringLiteral("SELECT count(*) FROM store_meta WHERE key = 'team_setting'")),
             QStringLiteral("0"));
    QCOMPARE(decisions(location), before);

    // Its lookups' time and operator are the server's, and carry the mark whatever the
    // INSERT said; no other login may put the mark on a lookup.
    const QString lookupSql = QStringLiteral(
        "INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, requests, result, response_sha256) "
        "VALUES ('op_b', 'stripe', 5, '%1', '[]', '%2', repeat('a', 64))");
    QVERIFY2(server.exec(database, lookupSql.arg(QStringLiteral("stripe_sync"), QStringLiteral("{\"complete\":false}")),
                         QStringLiteral("stripe_sync")),
             qPrintable(server.lastError()));
    QCOMPARE(server.query(database, QStringLiteral("SELECT asked_at > 5, result::jsonb ->> 'asked_by' FROM provider_lookups "
                                                   "ORDER BY lookup_id DESC LIMIT 1")),
             QStringLiteral("t|reconciler"));
    QVERIFY(!server.exec(database, lookupSql.arg(QStringLiteral("stripe_sync"), QStringLiteral("{}")),
                         QStringLiteral("dana")));
    QVERIFY2(!server.exec(database, lookupSql.arg(QStringLiteral("dana"), QStringLiteral("{\"asked_by\":\"reconciler\"}")),
                          QStringLiteral("dana")),
             "a support login marked a lookup as the reconciler's");
    QVERIFY2(server.lastError().contains(QLatin1String("only refund_desk_reconciler logins")), qPrintable(server.lastError()));
    QVERIFY2(server.exec(database, lookupSql.arg(QStringLiteral("dana"), QStringLiteral("{\"complete\":false}")),
                         QStringLiteral("dana")),
             qPrintable(server.lastError()));
}

void TestReconcile::twoPassesStartedTogetherAskEachOperationOnce()
{
    const qint64 base = QDateTime::currentMSecsSinceEpoch() - 86'400'000;
    QStringList ids;
    const QString db = m_stores.make(QStringLiteral("sqlite"), [&](TestStore &store) {
        // Windows hours apart, each busy with others' refunds: a listing each.
        for (int i = 0; i < 6; ++i) {
            const QString id = QStringLiteral("op_apart%1").arg(i);
            const qint64 started = base - qint64(i) * 3 * 3600'000;
            if (!addTimedOutOperation(store, id, started))
                return false;
            m_fake->truth().addRefund(refundJson(QStringLiteral("re_apart%1").arg(i), id, started / 1000 + 3));
            for (int k = 0; k < 50; ++k) {
                m_fake->truth().addRefund(refundJson(QStringLiteral("re_busy%1_%2").arg(i).arg(k),
                                                     QStringLiteral("op_busy%1_%2").arg(i).arg(k), started / 1000 + 5 + k));
            }
            ids.append(id);
        }
        return true;
    });
    QVERIFY(!db.isEmpty());
    m_fake->setDelayMs(250); // a slow Stripe: the first pass still asks when the second starts
    QProcess one;
    QProcess two;
    startRefundDesk(one, passArguments(db), m_command->environment());
    startRefundDesk(two, passArguments(db), m_command->environment());
    const Run first = finishServing(one);
    const Run second = finishServing(two);
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    QVERIFY2(second.exitCode == 0, qPrintable(second.err));
    const bool firstRan = !summaryOf(first).value(QLatin1String("already_running")).toBool();
    const bool secondRan = !summaryOf(second).value(QLatin1String("already_running")).toBool();
    QVERIFY2(firstRan != secondRan, qPrintable(first.out + second.out));
    // One listing of the events, and each operation asked once.
    QCOMPARE(requestsTo(QStringLiteral("/v1/events?")), 1);
    QCOMPARE(summaryOf(firstRan ? first : second).value(QLatin1String("first_asks")).toInteger(), 6);
    auto store = open(db);
    QVERIFY(store);
    for (const QString &id : ids)
        QCOMPARE((*store->providerLookups(id)).size(), size_t(1));
}
