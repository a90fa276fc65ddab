// Schema versions 2 and 3 on PostgreSQL: a version 1 or 2 store made by SQL and upgraded to
// version 3 by its owner only (in one transaction, with the roles' rights; the payment
// column the agent's logins write and nobody changes), notes whose author and time are the
// server's, refused to the agent and audit roles, the commands that write and show them,
// and copies that carry them both ways. Version 3's response bodies: kept once, in one
// pipeline with the lookups that name them, append-only, with the lookups' rights.

#include "clirun.h"
#include "pgtestserver.h"
#include "versiononestore.h"

#include "audit/auditverifier.h"
#include "domain/lookupbodies.h"
#include "store/store.h"
#include "store/storebuilder.h"
#include "store/storecopier.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

NoteDraft draftFor(const QString &operationId, const QString &text, const QString &operatorName = {})
{
    NoteDraft draft;
    draft.operationId = operationId;
    draft.text = text;
    draft.operatorName = operatorName;
    return draft;
}

} // namespace

class tst_PgNotes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void ownerUpgradesVersionOneWithTheRolesRights();
    void ownerUpgradesVersionTwoAndTheAgentNamesPayments();
    void failedUpgradeLeavesVersionOne();
    void earlyVersionTwoGetsItsIndexBackFromTheOwner();
    void serverKeepsTheAuthorAndTheTime();
    void commandsWriteAndShowNotes();
    void copiesCarryNotesBothWays();

private:
    // A new database with a store of op_1 and op_2 (unknown), the roles applied, at schema
    // `version`.
    QString makeStore(int version = 3);
    std::unique_ptr<Store> open(const QString &location, Store::OpenMode mode = Store::OpenMode::ReadWrite);

    std::unique_ptr<PgTestServer> m_server;
    QTemporaryDir m_dir;
    int m_databases = 0;
};

void tst_PgNotes::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

std::unique_ptr<Store> tst_PgNotes::open(const QString &location, Store::OpenMode mode)
{
    auto store = StoreFactory::open(location, mode);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(store.value());
}

QString tst_PgNotes::makeStore(int version)
{
    const QString name = QStringLiteral("notes_%1").arg(++m_databases);
    if (!m_server->createDatabase(name) || !StoreFactory::create(m_server->location(name)))
        return {};
    const QString rows = QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, "
        "created_at, updated_at) VALUES ('op_1', 'o1', 3800, 'usd', 'k1', 'unknown', 3, 1, 1), "
        "('op_2', 'o2', 1200, 'usd', 'k2', 'unknown', 1, 1, 1);");
    const QString older = version == 1 ? versionOnePostgres() : version == 2 ? versionTwoPostgres() : QString();
    if (!m_server->exec(name, rows + older))
        return {};
    if (!m_server->applyRoles(name))
        return {};
    const bool made = m_server->exec(
        QStringLiteral("postgres"),
        QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'alice') "
                       "THEN CREATE ROLE alice LOGIN IN ROLE refund_desk_support; "
                       "CREATE ROLE finance LOGIN IN ROLE refund_desk_audit; "
                       "CREATE ROLE tool LOGIN IN ROLE refund_desk_agent; END IF; END $$"));
    return made ? name : QString();
}

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

void tst_PgNotes::serverKeepsTheAuthorAndTheTime()
{
    const QString name = makeStore();
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    auto alice = open(m_server->location(name, QStringLiteral("alice")));
    QVERIFY(alice);
    QVERIFY(!alice->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("x"), QStringLiteral("mallory"))));
    const qint64 before = QDateTime::currentMSecsSinceEpoch();
    auto note = alice->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("asked")));
    QVERIFY2(note, qPrintable(note ? QString() : note.error().message));
    QCOMPARE(note->operatorName, QStringLiteral("alice"));
    QVERIFY(note->recordedAt >= before - 60'000);
    QVERIFY(!alice->addNote(draftFor(QStringLiteral("op_404"), QStringLiteral("x"))));

    // Past Refund Desk, in SQL of one's own: another name is refused, another time replaced.
    QVERIFY(!m_server->exec(name, QStringLiteral("INSERT INTO operation_notes (operation_id, text, operator, "
                                                 "recorded_at) VALUES ('op_1', 'forged', 'mallory', 1)"),
                            QStringLiteral("alice")));
    QVERIFY2(m_server->lastError().contains(QLatin1String("may not write to operation_notes as mallory")),
             qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(name, QStringLiteral("INSERT INTO operation_notes (operation_id, text, operator, recorded_at) "
                                                "VALUES ('op_1', 'backdated', 'alice', 1)"),
                           QStringLiteral("alice")));
    QVERIFY(m_server->queryInt(name, QStringLiteral("SELECT recorded_at FROM operation_notes WHERE text = 'backdated'"))
            >= before - 60'000);
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE operation_notes SET text = 'rewritten'"),
                            QStringLiteral("alice")));
    QVERIFY(!m_server->exec(name, QStringLiteral("DELETE FROM operation_notes")));
    QVERIFY(!m_server->exec(name, QStringLiteral("TRUNCATE operation_notes")));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM operation_notes")), QStringLiteral("2"));

    // Lookups alike.
    ProviderLookupDraft lookup;
    lookup.operationId = QStringLiteral("op_2");
    lookup.requests = QStringLiteral("[]");
    lookup.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
    lookup.responseSha256 = QString(64, u'b');
    auto kept = alice->addProviderLookup(lookup);
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    QCOMPARE(kept->operatorName, QStringLiteral("alice"));
    auto lookups = alice->providerLookups(QStringLiteral("op_2"));
    QVERIFY(lookups);
    QCOMPARE(lookups->size(), size_t(1));
    QCOMPARE(lookups->front().result, lookup.result);
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE provider_lookups SET result = '{}'")));

    // Answers kept in one pipeline: each body once, the lookups naming them; the bodies
    // append-only for every login, the owner too.
    const QByteArray shared = R"({"object":"list","data":[{"id":"re_shared","object":"refund"}],"has_more":false})";
    const QByteArray own = R"({"object":"list","data":[{"id":"re_own","object":"refund"}],"has_more":false})";
    const auto answered = [](const QString &operationId, const QList<QByteArray> &pages) {
        ProviderLookupDraft draft;
        draft.operationId = operationId;
        draft.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
        QJsonArray requests;
        for (const QByteArray &page : pages) {
            draft.bodies.push_back(LookupBodies::bodyOf(page));
            requests.append(LookupBodies::request(QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"),
                                                  draft.bodies.back()));
        }
        draft.requests = QString::fromUtf8(QJsonDocument(requests).toJson(QJsonDocument::Compact));
        draft.responseSha256 = LookupBodies::digest(draft.bodies);
        return draft;
    };
    auto added = alice->addProviderLookups({answered(QStringLiteral("op_1"), {shared}),
                                             answered(QStringLiteral("op_2"), {shared, own}),
                                             answered(QStringLiteral("op_1"), {own})});
    QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
    QCOMPARE(added->size(), size_t(3));
    QCOMPARE(added->at(1).operationId, QStringLiteral("op_2"));
    QCOMPARE(added->at(1).operatorName, QStringLiteral("alice"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_bodies")), QStringLiteral("2"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_lookups WHERE requests LIKE '%re_shared%'")),
             QStringLiteral("0"));
    std::vector<ProviderLookup> named{added->at(1)};
    QVERIFY(alice->readBodiesInto(named));
    QCOMPARE(named.front().bodies.size(), size_t(2));
    QCOMPARE(named.front().bodies.back().text, own);
    // A pipeline that fails keeps nothing, the bodies it brought included.
    auto failed = alice->addProviderLookups({answered(QStringLiteral("op_1"), {QByteArray("{\"new\":1}")}),
                                             answered(QStringLiteral("op_404"), {own})});
    QVERIFY(!failed);
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_bodies")), QStringLiteral("2"));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_lookups")), QStringLiteral("4"));
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE provider_bodies SET body = '{}'"), QStringLiteral("alice")));
    QVERIFY(!m_server->exec(name, QStringLiteral("UPDATE provider_bodies SET body = '{}'")));
    QVERIFY(!m_server->exec(name, QStringLiteral("DELETE FROM provider_bodies")));
    QVERIFY(!m_server->exec(name, QStringLiteral("TRUNCATE provider_bodies")));
    QCOMPARE(m_server->query(name, QStringLiteral("SELECT count(*) FROM provider_bodies")), QStringLiteral("2"));
    {
        AuditVerifier verifier(*alice);
        auto report = verifier.run();
        QVERIFY(report);
        QVERIFY2(report->intact(), qPrintable(report->violations.empty() ? QString() : report->violations.front().message));
    }
    // An edited body is found.
    QVERIFY(m_server->exec(name, QStringLiteral("ALTER TABLE provider_bodies DISABLE TRIGGER provider_bodies_no_update; "
                                                "UPDATE provider_bodies SET body = replace(body, 're_own', 're_own2'); "
                                                "ALTER TABLE provider_bodies ENABLE TRIGGER provider_bodies_no_update;")));
    {
        AuditVerifier verifier(*alice);
        auto report = verifier.run();
        QVERIFY(report);
        QCOMPARE(report->violations.size(), size_t(1));
        QCOMPARE(report->violations.front().invariant, QStringLiteral("each response body is as the provider sent it"));
    }

    // verify notices a note's guard gone.
    auto before2 = alice->checkInvariants();
    QVERIFY(before2);
    QVERIFY2(before2->empty(), qPrintable(before2->empty() ? QString() : before2->front().message));
    QVERIFY(m_server->exec(name, QStringLiteral("DROP TRIGGER operation_notes_no_update ON operation_notes")));
    auto broken = alice->checkInvariants();
    QVERIFY(broken);
    QCOMPARE(broken->size(), size_t(1));
    QVERIFY2(broken->front().message.contains(QLatin1String("operation_notes_no_update")),
             qPrintable(broken->front().message));
}

void tst_PgNotes::commandsWriteAndShowNotes()
{
    const QString name = makeStore(1);
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    const QString alice = m_server->location(name, QStringLiteral("alice"));
    CliRun run = runRefundDesk({"note", "op_1", "--db", alice, "--text", "asked"});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("refund-desk upgrade")), qPrintable(run.err));
    run = runRefundDesk({"upgrade", "--db", alice});
    QCOMPARE(run.exitCode, 3);
    run = runRefundDesk({"upgrade", "--db", m_server->location(name)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY2(run.outText().contains(QLatin1String("from schema version 1 to 3")), qPrintable(run.outText()));
    run = runRefundDesk({"upgrade", "--db", m_server->location(name)});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.outText().contains(QLatin1String("already")));
    run = runRefundDesk({"note", "op_1", "--db", alice, "--text", "Asked Stripe support, case 12345", "--follow-up",
                         "2031-03-14"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    run = runRefundDesk({"note", "op_1", "--db", alice, "--text", "x", "--operator", "mallory"});
    QCOMPARE(run.exitCode, 5);
    run = runRefundDesk({"show", "op_1", "--db", alice, "--json"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    const QJsonArray notes = QJsonDocument::fromJson(run.out).object().value("notes").toArray();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes.at(0).toObject().value("operator").toString(), QStringLiteral("alice"));
    QCOMPARE(notes.at(0).toObject().value("follow_up_on").toString(), QStringLiteral("2031-03-14"));
    QCOMPARE(notes.at(0).toObject().value("text").toString(), QStringLiteral("Asked Stripe support, case 12345"));
}

void tst_PgNotes::copiesCarryNotesBothWays()
{
    const QString name = makeStore();
    QVERIFY2(!name.isEmpty(), qPrintable(m_server->lastError()));
    {
        auto alice = open(m_server->location(name, QStringLiteral("alice")));
        QVERIFY(alice);
        NoteDraft first = draftFor(QStringLiteral("op_1"), QStringLiteral("one"));
        first.followUpOn = QDate(2031, 1, 2);
        QVERIFY(alice->addNote(first));
        QVERIFY(alice->addNote(draftFor(QStringLiteral("op_2"), QStringLiteral("two"))));
        ProviderLookupDraft lookup;
        lookup.operationId = QStringLiteral("op_2");
        lookup.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
        lookup.bodies.push_back(LookupBodies::bodyOf(R"({"object":"list","data":[],"has_more":false})"));
        lookup.requests = QString::fromUtf8(QJsonDocument(QJsonArray{LookupBodies::request(
            QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"), lookup.bodies.back())}).toJson(QJsonDocument::Compact));
        lookup.responseSha256 = LookupBodies::digest(lookup.bodies);
        QVERIFY(alice->addProviderLookup(lookup));
    }
    const QString file = m_dir.filePath(QStringLiteral("copy.sqlite"));
    CliRun run = runRefundDesk({"copy", "--from", m_server->location(name), "--to", file});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    auto copy = open(file, Store::OpenMode::ReadOnly);
    QVERIFY(copy);
    auto notes = copy->notesAfter(0, 10);
    QVERIFY(notes);
    QCOMPARE(notes->size(), size_t(2));
    QCOMPARE(notes->front().operatorName, QStringLiteral("alice"));
    QCOMPARE(notes->front().followUpOn, QDate(2031, 1, 2));
    QVERIFY2(run.outText().contains(QRegularExpression(QStringLiteral("\nprovider_bodies +1 +1\n"))), qPrintable(run.outText()));
    auto bodies = copy->responseBodiesAfter(QString(), 10);
    QVERIFY(bodies);
    QCOMPARE(bodies->size(), size_t(1));
    QCOMPARE(bodies->front().text, QByteArray(R"({"object":"list","data":[],"has_more":false})"));

    // And back to a server: the ids, names and times as they were; new ones follow.
    const QString back = QStringLiteral("notes_back");
    QVERIFY(m_server->createDatabase(back));
    run = runRefundDesk({"copy", "--from", file, "--to", m_server->location(back)});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(back, QStringLiteral("SELECT string_agg(note_id || ' ' || operator || ' ' || text, ', ' "
                                                  "ORDER BY note_id) FROM operation_notes")),
             QStringLiteral("1 alice one, 2 alice two"));
    QCOMPARE(m_server->query(back, QStringLiteral("SELECT body_sha256 FROM provider_bodies")), bodies->front().sha256);
    QCOMPARE(m_server->query(back, QStringLiteral("SELECT recorded_at FROM operation_notes WHERE note_id = 1")),
             QString::number(notes->front().recordedAt));
    auto owner = open(m_server->location(back));
    QVERIFY(owner);
    auto next = owner->addNote(draftFor(QStringLiteral("op_1"), QStringLiteral("three")));
    QVERIFY2(next, qPrintable(next ? QString() : next.error().message));
    QCOMPARE(next->noteId, 3);
}

QTEST_GUILESS_MAIN(tst_PgNotes)
#include "tst_pgnotes.moc"
