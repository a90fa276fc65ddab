// The store on a real PostgreSQL server: the same answers as on SQLite, the writes' rules,
// live notifications and reconnecting, the roles the server enforces, and bad locations.

#include "pgtestserver.h"
#include "silentlistener.h"
#include "teststore.h"
#include "idlists.h"

#include "demo/demostore.h"
#include "domain/auditchain.h"
#include "store/store.h"
#include "store/storebuilder.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;
constexpr qint64 Base = 1'700'000'000'000;

// Every page of the queue under `query`, `pageSize` rows at a time, by key.
QStringList wholeQueue(Store &store, const QueueQuery &query, int pageSize)
{
    QStringList ids;
    std::optional<QueueCursor> cursor;
    for (int guard = 0; guard < 10'000; ++guard) {
        auto page = store.queuePage(query, cursor, pageSize);
        if (!page) {
            ids << QStringLiteral("error: ") + page.error().message;
            return ids;
        }
        ids << idsOf(*page);
        if (int(page->size()) < pageSize)
            return ids;
        cursor = cursorAfter(query, page->back());
    }
    return ids;
}

// A resolution row as `psql` would append it (its hash is not the chain's: these tests
// are about what the server lets a login write, not about the chain).
QString resolutionInsert(int id, const QString &operationId, const QString &outcome, const QString &refundId,
                         const QString &operatorName, const QString &previousStatus)
{
    return QStringLiteral("INSERT INTO resolutions (resolution_id, operation_id, outcome, refund_id, evidence, operator, "
                          "recorded_at, previous_status, prev_hash, hash) VALUES (%1, '%2', '%3', %4, 'dashboard', '%5', "
                          "5, '%6', 'prev-%1', 'hash-%1');")
        .arg(id)
        .arg(operationId, outcome, refundId.isEmpty() ? QStringLiteral("NULL") : u'\'' + refundId + u'\'',
             operatorName, previousStatus);
}

QString decisionUpdate(const QString &operationId, const QString &outcome, const QString &refundId)
{
    return QStringLiteral("UPDATE refund_ops SET status = '%1', refund_id = %2, claimed_by = NULL, claimed_at = NULL, "
                          "updated_at = 5, version = version + 1 WHERE operation_id = '%3';")
        .arg(outcome, refundId.isEmpty() ? QStringLiteral("refund_id") : u'\'' + refundId + u'\'', operationId);
}

QString claimUpdate(const QString &operationId)
{
    return QStringLiteral("UPDATE refund_ops SET status = 'checking', claimed_by = session_user, claimed_at = 5, "
                          "updated_at = 5, version = version + 1 WHERE operation_id = '%1';").arg(operationId);
}

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

class tst_PgStore : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void locationsAreDispatchedAndShownWithoutPassword();
    void badLocationsGiveTheirOwnError_data();
    void badLocationsGiveTheirOwnError();
    void createNeverOverwrites();
    void answersAreTheSameAsOnSqlite_data();
    void answersAreTheSameAsOnSqlite();
    void candidateEventsFollowAllThreeRoutes();
    void claimReleaseAndTakeOverRecordTheLogin();
    void resolutionIsAtomicChainedAndHappensOnce();
    void dataVersionFollowsOtherSessionsCommits();
    void snapshotSeesOneMomentAndRefusesWrites();
    void reconnectsAfterTheServerRestarts();
    void reconnectsInStepsWhileTheServerIsSilent();
    void rolesAreEnforcedByTheServer();
    void writesByHandAreHeldToWhatTheAppWrites_data();
    void writesByHandAreHeldToWhatTheAppWrites();
    void supportLoginsLeaveTheChainAndTheTimesToTheServer_data();
    void supportLoginsLeaveTheChainAndTheTimesToTheServer();
    void decisionsByHandAtOnceAreChainedOneAfterAnother();
    void agentLoginsOnlyAppendToTheAttemptHistory_data();
    void agentLoginsOnlyAppendToTheAttemptHistory();
    void verifyWantsTheSupportRulesWhereSupportMayWrite();
    void rolesFileBringsAnOlderStoreUpToDate();
    void readOnlyRoleOpensReadOnlyAndSaysWhy();
    void aServerThatTakesNoChangesSaysSo();

private:
    // A fresh database with the store's schema and op_1..op_6 as in tst_store.
    QString freshStore();
    // roles-postgresql.sql run on the current database (twice: it is run again on existing
    // stores), and the logins alice and bob (support), finance (audit) and tool (agent).
    bool setUpRoles();
    std::unique_ptr<Store> open(const QString &location, Store::OpenMode mode = Store::OpenMode::ReadWrite);
    // Whether the audit log of the current database, read by its owner, is one unbroken
    // chain, every hash that of its row's content; what broke it otherwise.
    QString chainProblem();

    std::unique_ptr<PgTestServer> m_server;
    int m_databases = 0;
    QString m_db; // the current test's database
};

void tst_PgStore::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY2(m_server->exec(QStringLiteral("postgres"),
                            QStringLiteral("CREATE ROLE %1 LOGIN PASSWORD 'right-secret'")
                                .arg(QLatin1String(PgTestServer::PasswordUser))),
             qPrintable(m_server->lastError()));
}

void tst_PgStore::init()
{
    m_db = freshStore();
    QVERIFY(!m_db.isEmpty());
}

void tst_PgStore::cleanup()
{
    // A test that failed while the server was stopped leaves it running for the next.
    if (!m_server->isRunning())
        QVERIFY2(m_server->start(), qPrintable(m_server->lastError()));
}

QString tst_PgStore::freshStore()
{
    const QString name = QStringLiteral("store_%1").arg(++m_databases);
    if (!m_server->createDatabase(name)) {
        qWarning() << m_server->lastError();
        return {};
    }
    auto builder = StoreBuilder::createNew(m_server->location(name));
    if (!builder) {
        qWarning() << builder.error().message;
        return {};
    }
    // op_1..op_5 in the queue (op_3 and op_4 share an updated_at), op_2 claimed, op_6 closed.
    const qint64 times[] = {Base + 1000, Base + 2000, Base + 3000, Base + 3000, Base + 5000};
    for (int i = 1; i <= 5; ++i) {
        Operation o = TestStore::operation(QStringLiteral("op_%1").arg(i),
                                           i == 2 ? OperationStatus::Checking : OperationStatus::Unknown, times[i - 1]);
        if (i == 2)
            o.claimedBy = QStringLiteral("bob");
        if (!(*builder)->addOperation(o))
            return {};
    }
    Operation closed = TestStore::operation(QStringLiteral("op_6"), OperationStatus::Refunded, Base);
    closed.orderId = QStringLiteral("order-op_1");
    closed.refundId = QStringLiteral("re_old");
    if (!(*builder)->addOperation(closed) || !(*builder)->finish())
        return {};
    return name;
}

bool tst_PgStore::setUpRoles()
{
    for (int run = 0; run < 2; ++run) {
        if (!m_server->applyRoles(m_db)) {
            qWarning() << m_server->lastError();
            return false;
        }
    }
    return m_server->exec(QStringLiteral("postgres"),
                          QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'alice') "
                                         "THEN CREATE ROLE alice LOGIN IN ROLE refund_desk_support; "
                                         "CREATE ROLE bob LOGIN IN ROLE refund_desk_support; "
                                         "CREATE ROLE finance LOGIN IN ROLE refund_desk_audit; "
                                         "CREATE ROLE tool LOGIN IN ROLE refund_desk_agent; END IF; END $$"));
}

std::unique_ptr<Store> tst_PgStore::open(const QString &location, Store::OpenMode mode)
{
    auto store = StoreFactory::open(location, mode);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(store.value());
}

QString tst_PgStore::chainProblem()
{
    auto store = open(m_server->location(m_db), Store::OpenMode::ReadOnly);
    if (!store)
        return QStringLiteral("the store does not open");
    auto log = store->resolutionsAfter(0, 1000);
    if (!log)
        return log.error().message;
    ChainVerifier chain;
    for (const Resolution &r : *log) {
        if (!chain.add(r))
            return QStringLiteral("#%1: %2").arg(chain.firstBreak()->resolutionId).arg(chain.firstBreak()->reason);
    }
    return {};
}

void tst_PgStore::locationsAreDispatchedAndShownWithoutPassword()
{
    // A path with '=' in it is still a file; keywords and both URI schemes are servers.
    QVERIFY(!StoreFactory::recordsLoginAsOperator(QStringLiteral("/tmp/a=b.sqlite")));
    QVERIFY(!StoreFactory::recordsLoginAsOperator(QStringLiteral("refunds.sqlite")));
    QVERIFY(StoreFactory::recordsLoginAsOperator(QStringLiteral("postgres://x@/y")));
    QVERIFY(StoreFactory::recordsLoginAsOperator(QStringLiteral("postgresql://x@/y")));
    QVERIFY(StoreFactory::recordsLoginAsOperator(QStringLiteral("host=/tmp dbname=y")));
    QCOMPARE(StoreFactory::displayLocation(QStringLiteral("/tmp/a=b.sqlite")), QStringLiteral("/tmp/a=b.sqlite"));
    QCOMPARE(StoreFactory::displayLocation(QStringLiteral("host=/tmp dbname=y password=hush user=ann")),
             QStringLiteral("host=/tmp dbname=y user=ann"));

    // A store opened with the password in the URI never shows it, and reopens by what it shows.
    const QString user = QString::fromLatin1(PgTestServer::PasswordUser);
    QVERIFY(m_server->exec(m_db, QStringLiteral("GRANT SELECT, INSERT, UPDATE ON ALL TABLES IN SCHEMA public TO %1")
                                     .arg(user)));
    const QString uri = m_server->uri(m_db, user, QStringLiteral("right-secret"));
    auto store = open(uri);
    QVERIFY(store);
    QVERIFY2(!store->location().contains(QLatin1String("right-secret")), qPrintable(store->location()));
    QVERIFY(store->location().contains(QLatin1String("user=") + user));
    QCOMPARE(store->sessionOperator(), user);
    auto again = open(store->location(), Store::OpenMode::ReadOnly);
    QVERIFY2(again, "a location as shown opens again in the same process");
}

void tst_PgStore::badLocationsGiveTheirOwnError_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("database"); // a database that must stay without tables

    const QString user = QString::fromLatin1(PgTestServer::PasswordUser);
    QVERIFY(m_server);
    QTest::newRow("malformed URI") << QStringLiteral("postgresql://u:secret@[::1/db") << QStringLiteral("not valid")
                                   << QString();
    QTest::newRow("unknown keyword") << QStringLiteral("host=/tmp colour=blue") << QStringLiteral("not valid")
                                     << QString();
    QTest::newRow("server down") << QStringLiteral("host=%1/nowhere dbname=x").arg(m_server->socketDir())
                                 << QStringLiteral("not running") << QString();
    QTest::newRow("wrong password") << m_server->uri(QStringLiteral("postgres"), user, QStringLiteral("wrong-secret"))
                                    << QStringLiteral("refused the password") << QString();
    QTest::newRow("unknown login") << m_server->location(QStringLiteral("postgres"), QStringLiteral("nobody_here"))
                                   << QStringLiteral("no such login") << QString();
    QTest::newRow("missing database") << m_server->location(QStringLiteral("no_such_db"))
                                      << QStringLiteral("no such database") << QString();
    QTest::newRow("no schema") << m_server->location(QStringLiteral("empty_db")) << QStringLiteral("holds no Refund Desk store")
                               << QStringLiteral("empty_db");
    QTest::newRow("newer schema") << m_server->location(QStringLiteral("newer_db"))
                                  << QStringLiteral("newer than this Refund Desk") << QString();
    QTest::newRow("login without rights") << m_server->location(QStringLiteral("newer_db"), QStringLiteral("no_rights"))
                                          << QStringLiteral("may not read the store") << QString();
}

void tst_PgStore::badLocationsGiveTheirOwnError()
{
    QFETCH(QString, location);
    QFETCH(QString, expected);
    QFETCH(QString, database);
    static bool prepared = false;
    if (!prepared) {
        prepared = true;
        QVERIFY(m_server->createDatabase(QStringLiteral("empty_db")));
        QVERIFY(m_server->createDatabase(QStringLiteral("newer_db")));
        QVERIFY(StoreFactory::create(m_server->location(QStringLiteral("newer_db"))));
        QVERIFY(m_server->exec(QStringLiteral("newer_db"),
                               QStringLiteral("UPDATE store_meta SET value = '3' WHERE key = 'schema_version'")));
        QVERIFY(m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE no_rights LOGIN")));
        QVERIFY(m_server->exec(QStringLiteral("newer_db"),
                               QStringLiteral("UPDATE store_meta SET value = '2' WHERE key = 'schema_version'")));
    }
    // The newer-schema row needs version 3, the rights row a readable-looking store.
    const bool newer = QTest::currentDataTag() == QLatin1String("newer schema");
    QVERIFY(m_server->exec(QStringLiteral("newer_db"),
                           QStringLiteral("UPDATE store_meta SET value = '%1' WHERE key = 'schema_version'")
                               .arg(newer ? 3 : 2)));

    for (auto mode : {Store::OpenMode::ReadWrite, Store::OpenMode::ReadOnly}) {
        auto store = StoreFactory::open(location, mode);
        QVERIFY(!store);
        QCOMPARE(store.error().kind, ErrorKind::StoreUnavailable);
        QCOMPARE(store.error().exitCode(), 3);
        QVERIFY2(store.error().message.contains(expected), qPrintable(store.error().message));
        QVERIFY2(!store.error().message.contains(u'\n'), qPrintable(store.error().message));
        QVERIFY2(!store.error().message.contains(QLatin1String("secret")), qPrintable(store.error().message));
    }
    if (!database.isEmpty())
        QCOMPARE(m_server->query(database, QStringLiteral("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")),
                 QStringLiteral("0"));
}

void tst_PgStore::createNeverOverwrites()
{
    auto again = StoreFactory::create(m_server->location(m_db));
    QVERIFY(!again);
    QCOMPARE(again.error().kind, ErrorKind::StoreUnavailable);
    QVERIFY2(again.error().message.contains(QLatin1String("already holds a Refund Desk store")),
             qPrintable(again.error().message));
    auto builder = StoreBuilder::createNew(m_server->location(m_db));
    QVERIFY(!builder);
    QCOMPARE(m_server->queryInt(m_db, QStringLiteral("SELECT count(*) FROM refund_ops")), qint64(6));
}

void tst_PgStore::answersAreTheSameAsOnSqlite_data()
{
    QTest::addColumn<int>("sortKey");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<int>("filter");
    QTest::addColumn<QString>("search");
    const std::pair<const char *, QueueQuery::SortKey> keys[] = {
        {"age", QueueQuery::SortKey::UpdatedAt},      {"id", QueueQuery::SortKey::OperationId},
        {"order", QueueQuery::SortKey::OrderId},      {"amount", QueueQuery::SortKey::Amount},
        {"status", QueueQuery::SortKey::Status},      {"attempts", QueueQuery::SortKey::Attempts},
        {"created", QueueQuery::SortKey::CreatedAt},  {"claimant", QueueQuery::SortKey::ClaimedBy},
    };
    for (const auto &[name, key] : keys) {
        for (bool descending : {false, true})
            QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(name), descending ? "desc" : "asc")))
                << int(key) << descending << int(QueueQuery::StatusFilter::NeedsPerson) << QString();
    }
    QTest::newRow("unknown only") << int(QueueQuery::SortKey::UpdatedAt) << false
                                  << int(QueueQuery::StatusFilter::Unknown) << QString();
    QTest::newRow("checking only") << int(QueueQuery::SortKey::Amount) << true
                                   << int(QueueQuery::StatusFilter::Checking) << QString();
    QTest::newRow("search") << int(QueueQuery::SortKey::UpdatedAt) << false
                            << int(QueueQuery::StatusFilter::NeedsPerson) << QStringLiteral("44");
    QTest::newRow("search with a wildcard") << int(QueueQuery::SortKey::OrderId) << false
                                            << int(QueueQuery::StatusFilter::NeedsPerson) << QStringLiteral("p_55");
}

void tst_PgStore::answersAreTheSameAsOnSqlite()
{
    QFETCH(int, sortKey);
    QFETCH(bool, descending);
    QFETCH(int, filter);
    QFETCH(QString, search);

    // The same simulated store on both backends (the simulator is deterministic).
    static QTemporaryDir dir;
    static QString sqlitePath;
    static QString pgLocation;
    if (sqlitePath.isEmpty()) {
        SimulationOptions options;
        options.operations = 1500;
        options.seed = 7;
        options.nowMs = DemoNow;
        sqlitePath = dir.filePath(QStringLiteral("demo.sqlite"));
        QVERIFY(m_server->createDatabase(QStringLiteral("demo_same")));
        pgLocation = m_server->location(QStringLiteral("demo_same"));
        auto onSqlite = DemoStore::generate(sqlitePath, options, {});
        QVERIFY2(onSqlite, qPrintable(onSqlite ? QString() : onSqlite.error().message));
        auto onPg = DemoStore::generate(pgLocation, options, {});
        QVERIFY2(onPg, qPrintable(onPg ? QString() : onPg.error().message));
    }
    auto sqlite = open(sqlitePath, Store::OpenMode::ReadOnly);
    auto pg = open(pgLocation, Store::OpenMode::ReadOnly);
    QVERIFY(sqlite && pg);

    QueueQuery query;
    query.sortKey = QueueQuery::SortKey(sortKey);
    query.descending = descending;
    query.statusFilter = QueueQuery::StatusFilter(filter);
    query.searchText = search;
    const QStringList expected = wholeQueue(*sqlite, query, 1'000'000);
    QVERIFY(expected.size() > 0);
    QCOMPARE(wholeQueue(*pg, query, 1'000'000), expected);
    QCOMPARE(wholeQueue(*pg, query, 7), expected); // paged by key, 7 at a time
    auto sqliteKeys = sqlite->queueKeys(query, 50);
    auto pgKeys = pg->queueKeys(query, 50);
    QVERIFY(sqliteKeys && pgKeys);
    QCOMPARE(pgKeys->size(), sqliteKeys->size());
    for (size_t i = 0; i < pgKeys->size(); ++i) {
        QCOMPARE((*pgKeys)[i].operationId, (*sqliteKeys)[i].operationId);
        QCOMPARE((*pgKeys)[i].sortValue.toString(), (*sqliteKeys)[i].sortValue.toString());
    }

    if (QTest::currentDataTag() != QLatin1String("age asc"))
        return;
    // Once: evidence, history, the audit block and the invariants agree too.
    auto page = sqlite->queuePage(QueueQuery(), std::nullopt, 400);
    QVERIFY(page);
    auto sqliteEvents = sqlite->candidateEventsOfEach(*page);
    auto pgEvents = pg->candidateEventsOfEach(*page);
    QVERIFY(sqliteEvents && pgEvents);
    int withEvents = 0;
    for (size_t i = 0; i < page->size(); ++i) {
        QCOMPARE(eventIdsOf((*pgEvents)[i]), eventIdsOf((*sqliteEvents)[i]));
        withEvents += (*pgEvents)[i].empty() ? 0 : 1;
        if (i < 5) {
            const QString id = (*page)[i].operationId;
            QCOMPARE(pg->attempts(id)->size(), sqlite->attempts(id)->size());
            QCOMPARE(idsOf(*pg->orderOperations((*page)[i].orderId)), idsOf(*sqlite->orderOperations((*page)[i].orderId)));
        }
    }
    QVERIFY(withEvents > 0);
    auto sqliteLog = sqlite->resolutionsAfter(0, 100'000);
    auto pgLog = pg->resolutionsAfter(0, 100'000);
    QVERIFY(sqliteLog && pgLog && !sqliteLog->empty());
    QCOMPARE(pgLog->size(), sqliteLog->size());
    ChainVerifier chain;
    for (size_t i = 0; i < pgLog->size(); ++i) {
        QCOMPARE((*pgLog)[i].hash, (*sqliteLog)[i].hash);
        QVERIFY(chain.add((*pgLog)[i]));
    }
    AuditQuery audit;
    audit.newestFirst = true;
    QCOMPARE(*pg->auditCount(audit), *sqlite->auditCount(audit));
    QCOMPARE(pg->auditPage(audit, std::nullopt, 5)->front().resolution.hash,
             sqlite->auditPage(audit, std::nullopt, 5)->front().resolution.hash);
    QCOMPARE(*pg->auditOperators(), *sqlite->auditOperators());
    auto pgTotals = pg->auditTotals(audit);
    auto sqliteTotals = sqlite->auditTotals(audit);
    QCOMPARE(pgTotals->size(), sqliteTotals->size());
    for (size_t i = 0; i < pgTotals->size(); ++i) {
        QCOMPARE((*pgTotals)[i].amountCents, (*sqliteTotals)[i].amountCents);
        QCOMPARE((*pgTotals)[i].count, (*sqliteTotals)[i].count);
    }
    auto pgExposure = pg->exposureChanges();
    auto sqliteExposure = sqlite->exposureChanges();
    QVERIFY(pgExposure && sqliteExposure);
    QCOMPARE(pgExposure->size(), sqliteExposure->size());
    for (size_t i = 0; i < pgExposure->size(); ++i) {
        QCOMPARE((*pgExposure)[i].day, (*sqliteExposure)[i].day);
        QCOMPARE((*pgExposure)[i].amountDelta, (*sqliteExposure)[i].amountDelta);
    }
    QCOMPARE(pg->decisionsByDay()->size(), sqlite->decisionsByDay()->size());
    auto invariants = pg->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));
    QCOMPARE(*pg->meta(QStringLiteral("demo_seed")), QStringLiteral("7"));
}

void tst_PgStore::candidateEventsFollowAllThreeRoutes()
{
    auto event = [](const QString &id, const QString &operationId, const QString &key, const QString &refundId,
                    qint64 created) {
        WebhookEvent e;
        e.eventId = id;
        e.type = QStringLiteral("refund.updated");
        e.created = created;
        e.receivedAt = created * 1000;
        e.payload = QStringLiteral("{\"tab\":\"\t\",\"slash\":\"\\\\\"}\n");
        e.operationId = operationId;
        e.idempotencyKey = key;
        e.refundId = refundId;
        return e;
    };
    const QString none;
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    auto added = store->insertEvents({event("evt_meta", "op_1", none, "re_a", 3), event("evt_key", none, "key-op_1", "re_b", 2),
                                      event("evt_lost_metadata", none, none, "re_a", 5),
                                      event("evt_other_op", "op_3", "key-op_3", "re_c", 1),
                                      event("evt_unrelated", none, none, "re_z", 1),
                                      event("evt_recorded_refund", none, none, "re_old", 4)});
    QVERIFY2(added, qPrintable(added ? QString() : added.error().message));
    QCOMPARE(*added, 6);
    auto twice = store->insertEvents({event("evt_meta", "op_1", none, "re_a", 3)});
    QVERIFY(twice);
    QCOMPARE(*twice, 0); // known ids are left alone

    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && op1->has_value());
    auto events = store->candidateEvents(**op1);
    QVERIFY(events);
    QCOMPARE(eventIdsOf(*events), QStringList({"evt_key", "evt_meta", "evt_lost_metadata"}));
    QCOMPARE(events->front().payload, QStringLiteral("{\"tab\":\"\t\",\"slash\":\"\\\\\"}\n")); // as delivered
    auto op6 = store->operation(QStringLiteral("op_6"));
    QVERIFY(op6 && op6->has_value());
    QCOMPARE(eventIdsOf(*store->candidateEvents(**op6)), QStringList({"evt_recorded_refund"}));
}

void tst_PgStore::claimReleaseAndTakeOverRecordTheLogin()
{
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    QCOMPARE(store->sessionOperator(), QStringLiteral("postgres"));
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(op1 && op1->has_value());

    // Another name than the login is refused, and nothing is written.
    auto asBob = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QStringLiteral("bob"), false);
    QVERIFY(!asBob);
    QCOMPARE(asBob.error().kind, ErrorKind::Refused);
    QVERIFY2(asBob.error().message.contains(QLatin1String("logged in as postgres")), qPrintable(asBob.error().message));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("unknown"));

    auto claimed = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false);
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    QCOMPARE(claimed->claimedBy, QStringLiteral("postgres"));
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT claimed_by || ' ' || version FROM refund_ops "
                                                  "WHERE operation_id = 'op_1'")),
             QStringLiteral("postgres 1"));
    // The state seen before the claim is stale now.
    auto stale = store->release(QStringLiteral("op_1"), SeenState::of(**op1), QString());
    QVERIFY(!stale);
    QCOMPARE(stale.error().kind, ErrorKind::Conflict);
    auto released = store->release(QStringLiteral("op_1"), SeenState::of(*claimed), QStringLiteral("postgres"));
    QVERIFY(released);
    QCOMPARE(released->status, OperationStatus::Unknown);

    // bob's claim on op_2 needs a take-over, which records the login.
    auto op2 = store->operation(QStringLiteral("op_2"));
    QVERIFY(op2 && op2->has_value());
    auto refused = store->claim(QStringLiteral("op_2"), SeenState::of(**op2), QString(), false);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, ErrorKind::Conflict);
    QVERIFY2(refused.error().message.contains(QLatin1String("being checked by bob")), qPrintable(refused.error().message));
    auto taken = store->claim(QStringLiteral("op_2"), SeenState::of(**op2), QString(), true);
    QVERIFY(taken);
    QCOMPARE(taken->claimedBy, QStringLiteral("postgres"));
}

void tst_PgStore::resolutionIsAtomicChainedAndHappensOnce()
{
    auto first = open(m_server->location(m_db));
    auto second = open(m_server->location(m_db));
    QVERIFY(first && second);
    auto op1 = first->operation(QStringLiteral("op_1"));
    auto op3 = first->operation(QStringLiteral("op_3"));
    QVERIFY(op1 && op1->has_value() && op3 && op3->has_value());

    ResolutionDraft draft;
    draft.operationId = QStringLiteral("op_1");
    draft.outcome = Outcome::Refunded;
    draft.refundId = QStringLiteral("re_1");
    draft.evidence = QStringLiteral("dashboard");
    draft.note = QStringLiteral("  seen ünïcode  ");
    auto r1 = first->recordResolution(draft, SeenState::of(**op1));
    QVERIFY2(r1, qPrintable(r1 ? QString() : r1.error().message));
    QCOMPARE(r1->resolutionId, qint64(1));
    QCOMPARE(r1->prevHash, AuditChain::genesisHash());
    QCOMPARE(r1->operatorName, QStringLiteral("postgres"));
    QCOMPARE(r1->note, QStringLiteral("seen ünïcode"));

    // The second session saw op_1 as it was: one decision, one clean conflict.
    auto again = second->recordResolution(draft, SeenState::of(**op1));
    QVERIFY(!again);
    QCOMPARE(again.error().kind, ErrorKind::Conflict);
    QVERIFY2(again.error().message.contains(QLatin1String("already resolved as refunded by postgres")),
             qPrintable(again.error().message));

    ResolutionDraft other = draft;
    other.operationId = QStringLiteral("op_3");
    other.outcome = Outcome::Failed;
    other.refundId.clear();
    other.note.clear();
    auto r2 = second->recordResolution(other, SeenState::of(**op3));
    QVERIFY(r2);
    QCOMPARE(r2->resolutionId, qint64(2));
    QCOMPARE(r2->prevHash, r1->hash);

    // What the server holds hashes back to the same chain, byte for byte.
    auto log = first->resolutionsAfter(0, 10);
    QVERIFY(log);
    QCOMPARE(log->size(), size_t(2));
    ChainVerifier chain;
    for (const Resolution &r : *log) {
        QCOMPARE(AuditChain::hashOf(r), r.hash);
        QVERIFY(chain.add(r));
    }
    QCOMPARE(m_server->query(m_db, QStringLiteral("SELECT status || ' ' || refund_id || ' ' || version FROM refund_ops "
                                                  "WHERE operation_id = 'op_1'")),
             QStringLiteral("refunded re_1 1"));
    auto invariants = first->checkInvariants();
    QVERIFY(invariants);
    QVERIFY2(invariants->empty(), qPrintable(invariants->empty() ? QString() : invariants->front().message));

    // The log is append-only on the server, even for the store's owner.
    QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE resolutions SET note = 'edited'")));
    QVERIFY(m_server->lastError().contains(QLatin1String("append-only")));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("DELETE FROM resolutions")));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("TRUNCATE resolutions CASCADE")));
    QVERIFY(!m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET idempotency_key = 'new' WHERE operation_id = 'op_5'")));
    QVERIFY(m_server->lastError().contains(QLatin1String("immutable")));

    // A missing guard is an invariant broken.
    QVERIFY(m_server->exec(m_db, QStringLiteral("ALTER TABLE resolutions DISABLE TRIGGER resolutions_no_update")));
    invariants = first->checkInvariants();
    QVERIFY(invariants);
    QCOMPARE(invariants->size(), size_t(1));
    QVERIFY2(invariants->front().message.contains(QLatin1String("resolutions_no_update is disabled")),
             qPrintable(invariants->front().message));
}

void tst_PgStore::dataVersionFollowsOtherSessionsCommits()
{
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    auto before = store->dataVersion();
    QVERIFY(before);
    QCOMPARE(*store->dataVersion(), *before);

    // Its own writes are not someone else's change.
    auto op1 = store->operation(QStringLiteral("op_1"));
    QVERIFY(store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false));
    QTest::qWait(200);
    QCOMPARE(*store->dataVersion(), *before);

    QVERIFY(m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET attempts = 4 WHERE operation_id = 'op_3'")));
    QTRY_VERIFY_WITH_TIMEOUT(*store->dataVersion() != *before, 60'000);
    auto operation = store->operation(QStringLiteral("op_3"));
    QVERIFY(operation && operation->has_value());
    QCOMPARE((*operation)->attempts, 4);
    const qint64 afterUpdate = *store->dataVersion();
    // Events and attempts notify too.
    QVERIFY(m_server->exec(m_db, QStringLiteral("INSERT INTO webhook_events (event_id, received_at, payload) "
                                                "VALUES ('evt_x', 1, '{}')")));
    QTRY_VERIFY_WITH_TIMEOUT(*store->dataVersion() != afterUpdate, 60'000);
}

void tst_PgStore::snapshotSeesOneMomentAndRefusesWrites()
{
    auto store = open(m_server->location(m_db));
    QVERIFY(store);
    {
        ReadSnapshot snapshot(*store);
        QVERIFY(!snapshot.error());
        const int attempts = (*store->operation(QStringLiteral("op_1")))->attempts;
        QVERIFY(m_server->exec(m_db, QStringLiteral("UPDATE refund_ops SET attempts = %1 WHERE operation_id = 'op_1'")
                                         .arg(attempts + 5)));
        QCOMPARE((*store->operation(QStringLiteral("op_1")))->attempts, attempts);
        auto op1 = store->operation(QStringLiteral("op_1"));
        auto write = store->claim(QStringLiteral("op_1"), SeenState::of(**op1), QString(), false);
        QVERIFY(!write);
        QVERIFY2(write.error().message.contains(QLatin1String("snapshot")), qPrintable(write.error().message));
    }
    QVERIFY((*store->operation(QStringLiteral("op_1")))->attempts >= 5);
}

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

    // Agent: opens operations, counts attempts, stores events; never decides or re-keys.
    QVERIFY2(m_server->exec(m_db, QStringLiteral("INSERT INTO refund_ops (operation_id, order_id, amount_cents, "
                                                 "idempotency_key, status, created_at, updated_at) VALUES ('op_new', "
                                                 "'o', 1, 'k2', 'open', 1, 1)"), tool),
             qPrintable(m_server->lastError()));
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
    // A store whose roles came from an older roles-postgresql.sql is told to run it again.
    QVERIFY(m_server->exec(m_db, QStringLiteral("DROP TRIGGER refund_ops_decision_recorded ON refund_ops")));
    invariants = store->checkInvariants();
    QVERIFY(invariants);
    QCOMPARE(invariants->size(), size_t(1));
    QVERIFY2(invariants->front().message.contains(QLatin1String("refund_ops_decision_recorded is missing")),
             qPrintable(invariants->front().message));
    QVERIFY2(invariants->front().message.contains(QLatin1String("run roles-postgresql.sql again")),
             qPrintable(invariants->front().message));
    QVERIFY(m_server->applyRoles(m_db));
    invariants = store->checkInvariants();
    QVERIFY(invariants);
    QVERIFY(invariants->empty());
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

QTEST_GUILESS_MAIN(tst_PgStore)
#include "tst_pgstore.moc"
