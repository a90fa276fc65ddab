// Upgrades on PostgreSQL: a version 1 or 2 store made by SQL and upgraded to version 3 by
// its owner only, in one transaction, with the roles' rights (the payment column the agent's
// logins write and nobody changes); a failed upgrade leaves version 1, and an early version
// 2 gets its index back from the owner.

#include "tst_pgnotes.h"

void tst_PgNotes::ownerUpgradesVersionOneWithTheRolesRights()
{
    const QString name = makeStore(1);
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    const QString alice = m_server->location(name, QStringLiteral("alice"));

    auto support = open(alice);
    QVERIFY(support);
    QCOMPARE(support->schemaVersion(), 1);
    QVERIFY(!support->isReadOnly());
    QVERIFY(!support->mayUpgradeSchema());
    auto refused = support->upgradeSchema();
    QVERIFY(!refused);
    QCOMPARE(refused.error().exitCode(), 3);
    QVERIFY2(refused.error().message.contains(QLatin1String("owner")), qPrintable(refused.error().message));
    auto note = support->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("asked")));
    QVERIFY(!note);
    QVERIFY(note.error().message.contains(QLatin1String("refund-desk upgrade")));
    auto verified = support->checkInvariants();
    QVERIFY(verified);
    QVERIFY2(verified->empty(), qPrintable(verified->empty() ? QString() : verified->front().message));

    auto owner = open(m_server->location(name));
    QVERIFY(owner);
    QVERIFY(owner->mayUpgradeSchema());
    auto before = owner->upgradeSchema();
    QVERIFY2(before, qPrintable(before ? QString() : before.error().message));
    QCOMPARE(*before, 1);
    QCOMPARE(owner->schemaVersion(), 3);
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT value FROM store_meta WHERE key = 'schema_version'")),
             QStringLiteral("3"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM information_schema.columns WHERE "
                                                  "table_name = 'refund_ops' AND column_name = 'payment_id'")),
             QStringLiteral("1"));
    auto again = owner->upgradeSchema();
    QVERIFY(again);
    QCOMPARE(*again, 3);

    // The roles' rights came with the tables: support adds, finance reads, the agent neither.
    auto reopened = open(alice);
    QVERIFY(reopened);
    QCOMPARE(reopened->schemaVersion(), 3);
    auto added = reopened->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("asked support, case 12345")));
    QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
    QCOMPARE(added->operatorName, QStringLiteral("alice"));
    auto verifiedAfter = reopened->checkInvariants();
    QVERIFY(verifiedAfter);
    QVERIFY2(verifiedAfter->empty(), qPrintable(verifiedAfter->empty() ? QString() : verifiedAfter->front().message));
    auto finance = open(m_server->location(name, QStringLiteral("finance")), Store::OpenMode::ReadOnly);
    QVERIFY(finance);
    auto read = finance->notes(QStringLiteral("op_1"));
    QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
    QCOMPARE(read->size(), size_t(1));
    const QString insert = QStringLiteral("INSERT INTO operation_notes (operation_id, text, operator, recorded_at) "
                                          "VALUES ('op_1', 'x', session_user, 1)");
    QVERIFY(!m_server->exec(name, insert, QStringLiteral("finance")));
    QVERIFY2(m_server->lastError().contains(QLatin1String("permission denied")), qPrintable(m_server->lastError()));
    QVERIFY(!m_server->exec(name, insert, QStringLiteral("tool")));
    QVERIFY2(m_server->lastError().contains(QLatin1String("permission denied")), qPrintable(m_server->lastError()));
    QVERIFY(!m_server->exec(name, QStringLiteral("INSERT INTO provider_lookups (operation_id, provider, asked_at, "
                                                 "operator, requests, result, response_sha256) VALUES ('op_1', "
                                                 "'stripe', 1, session_user, '[]', '{}', repeat('a', 64))"),
                            QStringLiteral("finance")));
    QVERIFY(!m_server->exec(name, QStringLiteral("SELECT count(*) FROM operation_notes"), QStringLiteral("tool")));
    // The response bodies (version 3) alike: support adds, finance reads, the agent neither.
    const QString insertBody = QStringLiteral("INSERT INTO provider_bodies (body_sha256, body) VALUES (repeat('%1', 64), '{}')");
    QVERIFY2(m_server->exec(name, insertBody.arg(QStringLiteral("c")), QStringLiteral("alice")), qPrintable(m_server->lastError()));
    QVERIFY(!m_server->exec(name, insertBody.arg(QStringLiteral("d")), QStringLiteral("finance")));
    QVERIFY2(m_server->lastError().contains(QLatin1String("permission denied")), qPrintable(m_server->lastError()));
    QVERIFY(!m_server->exec(name, insertBody.arg(QStringLiteral("d")), QStringLiteral("tool")));
    QVERIFY(!m_server->exec(name, QStringLiteral("SELECT count(*) FROM provider_bodies"), QStringLiteral("tool")));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_bodies")), QStringLiteral("1"));
    QVERIFY(m_server->exec(name, QStringLiteral("SELECT count(*) FROM provider_bodies"), QStringLiteral("finance")));
    // A decision after the upgrade, as before it.
    auto operation = reopened->operation(QStringLiteral("op_2"));
    QVERIFY(operation && *operation);
    ResolutionDraft decision;
    decision.operationId = QStringLiteral("op_2");
    decision.outcome = Outcome::Failed;
    decision.evidence = QStringLiteral("dashboard");
    QVERIFY(reopened->recordResolution(decision, SeenState::of(**operation)));
}

void tst_PgNotes::ownerUpgradesVersionTwoAndTheAgentNamesPayments()
{
    const QString name = makeStore(2);
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    const QString alice = m_server->location(name, QStringLiteral("alice"));
    const QString tool = QStringLiteral("tool");
    {
        auto support = open(alice);
        QVERIFY(support);
        QCOMPARE(support->schemaVersion(), 2);
        auto read = support->operation(QStringLiteral("op_1"));
        QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
        QVERIFY(*read && (*read)->paymentId.isNull());
        QVERIFY(!support->upgradeSchema());
        // Notes work at version 2 as they did.
        QVERIFY(support->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("before"))));
    }
    // The agent of a version 2 store names no payment: there is no such column yet.
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_1' WHERE operation_id = 'op_1'"),
                            tool));

    const QString upgraded = runRefundDesk({"upgrade", "--db", m_server->location(name)}).outText();
    QVERIFY2(upgraded.contains(QLatin1String("from schema version 2 to 3 in one transaction")), qPrintable(upgraded));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT value FROM store_meta WHERE key = 'schema_version'")),
             QStringLiteral("3"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM operation_notes")), QStringLiteral("1"));

    // The agent opens an operation naming its payment, and names one it left out, once.
    QVERIFY2(m_server->exec(name, QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, "
                                                 "idempotency_key, status, attempts, created_at, updated_at, payment_id) "
                                                 "VALUES ('op_3', 'o3', 500, 'usd', 'k3', 'open', 0, 1, 1, 'pi_3')"),
                            tool),
             qPrintable(m_server->lastError()));
    QVERIFY2(m_server->exec(name, QStringLiteral("UPDATE refund_ops SET status = 'open' WHERE operation_id = 'op_2'")),
             qPrintable(m_server->lastError()));
    QVERIFY2(m_server->exec(name, QStringLiteral("UPDATE refund_ops SET payment_id = 'ch_2', version = version + 1 "
                                                 "WHERE operation_id = 'op_2' AND status = 'open'"),
                            tool),
             qPrintable(m_server->lastError()));
    // Nobody changes it then: not the agent, not a support login, not the owner.
    const QString change = QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_9' WHERE operation_id = 'op_3'");
    QVERIFY(!m_server->exec(name, change, tool));
    QVERIFY2(m_server->lastError().contains(QLatin1String("payment_id is immutable once set")), qPrintable(m_server->lastError()));
    QVERIFY(!m_server->exec(name, change, QStringLiteral("alice")));
    QVERIFY2(m_server->lastError().contains(QLatin1String("permission denied")), qPrintable(m_server->lastError()));
    QVERIFY(!m_server->exec(name, change));
    QVERIFY2(m_server->lastError().contains(QLatin1String("payment_id is immutable once set")), qPrintable(m_server->lastError()));

    auto support = open(alice);
    QVERIFY(support);
    QCOMPARE(support->schemaVersion(), 3);
    for (const auto &[operationId, payment] : {std::pair{"op_1", ""}, std::pair{"op_2", "ch_2"}, std::pair{"op_3", "pi_3"}}) {
        auto read = support->operation(QString::fromLatin1(operationId));
        QVERIFY2(read, qPrintable(read ? QString() : read.error().message));
        QVERIFY(*read);
        QCOMPARE((*read)->paymentId, QString::fromLatin1(payment).isEmpty() ? QString() : QString::fromLatin1(payment));
    }
    auto reading = support->operationReading(QStringLiteral("op_3"));
    QVERIFY(reading && reading->operation);
    QCOMPARE(reading->operation->paymentId, QStringLiteral("pi_3"));
    auto verified = support->checkInvariants();
    QVERIFY(verified);
    QVERIFY2(verified->empty(), qPrintable(verified->empty() ? QString() : verified->front().message));
    // Without the trigger, verify says what is no longer guarded.
    QVERIFY(m_server->exec(name, QStringLiteral("DROP TRIGGER refund_ops_payment_immutable ON refund_ops")));
    auto broken = support->checkInvariants();
    QVERIFY(broken);
    QCOMPARE(broken->size(), size_t(1));
    QVERIFY2(broken->front().message.contains(QLatin1String("the payment behind an operation could be changed")),
             qPrintable(broken->front().message));
}

void tst_PgNotes::failedUpgradeLeavesVersionOne()
{
    const QString name = makeStore(1);
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    // An index of that name elsewhere makes the upgrade fail after its first table.
    QVERIFY(m_server->exec(name, QStringLiteral("CREATE INDEX operation_notes_operation ON refund_ops(order_id)")));
    auto owner = open(m_server->location(name));
    QVERIFY(owner);
    auto upgraded = owner->upgradeSchema();
    QVERIFY(!upgraded);
    QCOMPARE(upgraded.error().exitCode(), 3);
    QVERIFY2(upgraded.error().message.contains(QLatin1String("still version 1")), qPrintable(upgraded.error().message));
    QCOMPARE(owner->schemaVersion(), 1);
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT value FROM store_meta WHERE key = 'schema_version'")),
             QStringLiteral("1"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM pg_class WHERE relname IN "
                                                  "('operation_notes', 'provider_lookups')")),
             QStringLiteral("0"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM information_schema.columns WHERE "
                                                  "table_name = 'refund_ops' AND column_name = 'payment_id'")),
             QStringLiteral("0"));
    // The same connection still reads and writes.
    auto operation = owner->operation(QStringLiteral("op_1"));
    QVERIFY(operation && *operation);
    QVERIFY(open(m_server->location(name)));
}

void tst_PgNotes::earlyVersionTwoGetsItsIndexBackFromTheOwner()
{
    // A version 2 store made before the follow-up index joined version 2: the upgrade to
    // version 3 gives it the index as well.
    const QString name = makeStore(2);
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    const QString present = QStringLiteral("SELECT count(*) FROM pg_indexes WHERE indexname = 'operation_notes_follow_up' "
                                           "AND indexdef LIKE '%WHERE (follow_up_on IS NOT NULL)'");
    QCOMPARE(m_server->queryInt(name, present), 1);
    QVERIFY(m_server->exec(name, QStringLiteral("DROP INDEX operation_notes_follow_up")));
    QCOMPARE(m_server->queryInt(name, present), 0);

    // A support login sees it missing and may not add it.
    const QString alice = m_server->location(name, QStringLiteral("alice"));
    {
        auto support = open(alice);
        QVERIFY(support);
        auto missing = support->missingIndexes();
        QVERIFY2(missing, qPrintable(missing ? QString() : missing.error().message));
        QCOMPARE(*missing, QStringList{"operation_notes_follow_up"});
        auto refused = support->addMissingIndexes();
        QVERIFY(!refused);
        QCOMPARE(refused.error().exitCode(), 3);
        QVERIFY2(refused.error().message.contains(QLatin1String("owner")), qPrintable(refused.error().message));
    }
    CliRun run = runRefundDesk({"upgrade", "--db", alice});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("owner")), qPrintable(run.err));
    QCOMPARE(m_server->queryInt(name, present), 0);

    // The owner adds it, once.
    run = runRefundDesk({"upgrade", "--db", m_server->location(name)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("from schema version 2 to 3")), qPrintable(run.outText()));
    QVERIFY2(run.outText().contains(QLatin1String("Added index operation_notes_follow_up")), qPrintable(run.outText()));
    QCOMPARE(m_server->queryInt(name, present), 1);
    run = runRefundDesk({"upgrade", "--db", m_server->location(name)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("already up to date")), qPrintable(run.outText()));
    QVERIFY(!run.outText().contains(QLatin1String("Added")));
    QCOMPARE(m_server->queryInt(name, QStringLiteral("SELECT count(*) FROM pg_indexes WHERE indexname = "
                                                     "'operation_notes_follow_up'")),
             1);
    auto owner = open(m_server->location(name));
    QVERIFY(owner);
    auto none = owner->missingIndexes();
    QVERIFY(none);
    QVERIFY(none->isEmpty());
    auto again = owner->addMissingIndexes();
    QVERIFY(again);
    QVERIFY(again->isEmpty());
    auto invariants = owner->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));
}
