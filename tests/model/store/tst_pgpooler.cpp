// The PostgreSQL backend through PgBouncer in session and in transaction mode, with a pool
// smaller than the number of clients: commands racing on the same server connections,
// decisions and claims under each person's own login, imports, verify, live changes found
// without LISTEN, no session state left behind for other clients; statement mode and a
// pooler that forces its own user are refused by name.

#include "clirun.h"
#include "pgbouncertestserver.h"
#include "pgtestserver.h"
#include "testpaths.h"

#include "store/store.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <vector>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QString Database = QStringLiteral("pooled");
const QStringList Logins = {QStringLiteral("postgres"), QStringLiteral("carol"), QStringLiteral("dave")};

// Runs every command at once and waits for all of them.
std::vector<CliRun> runTogether(const std::vector<QStringList> &commands)
{
    std::vector<std::unique_ptr<QProcess>> processes;
    for (const QStringList &arguments : commands) {
        auto process = std::make_unique<QProcess>();
        process->start(Test::appPath(), arguments);
        processes.push_back(std::move(process));
    }
    std::vector<CliRun> runs;
    for (auto &process : processes) {
        CliRun run;
        if (process->waitForFinished(120'000) && process->exitStatus() == QProcess::NormalExit)
            run.exitCode = process->exitCode();
        run.out = process->readAllStandardOutput();
        run.err = QString::fromUtf8(process->readAllStandardError());
        runs.push_back(run);
    }
    return runs;
}

} // namespace

class tst_PgPooler : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void concurrentReadsShareFewServerConnections_data();
    void concurrentReadsShareFewServerConnections();
    void eightRacersGiveOneDecision_data();
    void eightRacersGiveOneDecision();
    void claimsAndDecisionsCarryTheirOwnLogin_data();
    void claimsAndDecisionsCarryTheirOwnLogin();
    void importsThroughThePooler();
    void nothingOfASessionIsLeftForOthers();
    void changesAreFoundWithoutListen();
    void directConnectionListens();
    void listenLocationHearsChangesBehindATransactionPooler();
    void statementModeIsRefusedByName();
    void forcedUserIsRefusedForWriting();

private:
    PgBouncerTestServer &pooler(PgBouncerTestServer::PoolMode mode);
    // Unknown operations nobody has decided or claimed yet, `count` of them.
    QStringList freeOperations(int count);

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<PgBouncerTestServer> m_session;
    std::unique_ptr<PgBouncerTestServer> m_transaction;
    QStringList m_unknown; // unknown operations no test has used yet
};

void tst_PgPooler::initTestCase()
{
    QVERIFY2(PgBouncerTestServer::isInstalled(), "PgBouncer is not installed; run scripts/ensure-deps");
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY(m_server->createDatabase(Database));
    const CliRun demo = runRefundDesk({"demo", "--db", m_server->location(Database), "--operations", "3000", "--seed", "5"},
                                      300'000);
    QVERIFY2(demo.exitCode == 0, qPrintable(demo.err));
    m_unknown = queueIds(runRefundDesk({"queue", "--db", m_server->location(Database), "--json"}),
                         QStringLiteral("unknown"));
    QVERIFY2(m_unknown.size() >= 12, qPrintable(m_unknown.join(u' ')));
    QVERIFY2(m_server->applyRoles(Database), qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE ROLE carol LOGIN IN ROLE refund_desk_support; "
                                                                      "CREATE ROLE dave LOGIN IN ROLE refund_desk_support")));
    m_session = std::make_unique<PgBouncerTestServer>(
        *m_server, PgBouncerTestServer::Options{PgBouncerTestServer::PoolMode::Session, 3, Logins, {}});
    QVERIFY2(m_session->isRunning(), qPrintable(m_session->lastError()));
    m_transaction = std::make_unique<PgBouncerTestServer>(
        *m_server, PgBouncerTestServer::Options{PgBouncerTestServer::PoolMode::Transaction, 3, Logins, {}});
    QVERIFY2(m_transaction->isRunning(), qPrintable(m_transaction->lastError()));
}

PgBouncerTestServer &tst_PgPooler::pooler(PgBouncerTestServer::PoolMode mode)
{
    return mode == PgBouncerTestServer::PoolMode::Session ? *m_session : *m_transaction;
}

QStringList tst_PgPooler::freeOperations(int count)
{
    const QStringList free = m_unknown.mid(0, count);
    m_unknown = m_unknown.mid(free.size());
    return free;
}

void tst_PgPooler::concurrentReadsShareFewServerConnections_data()
{
    QTest::addColumn<PgBouncerTestServer::PoolMode>("mode");
    QTest::newRow("session") << PgBouncerTestServer::PoolMode::Session;
    QTest::newRow("transaction") << PgBouncerTestServer::PoolMode::Transaction;
}

void tst_PgPooler::concurrentReadsShareFewServerConnections()
{
    // Each server connection serves many commands in turn: a statement left prepared by
    // one of them would break the next ("prepared statement already exists").
    QFETCH(PgBouncerTestServer::PoolMode, mode);
    const QString location = pooler(mode).location(Database, QStringLiteral("carol"));
    std::vector<QStringList> commands;
    for (int i = 0; i < 24; ++i)
        commands.push_back(i % 2 ? QStringList{"show", "op_5521", "--db", location, "--json"}
                                 : QStringList{"queue", "--db", location, "--json"});
    const std::vector<CliRun> runs = runTogether(commands);
    for (const CliRun &run : runs)
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QVERIFY(queueIds(runs[0]).contains(QLatin1String("op_5521")));
    QVERIFY(pooler(mode).serverConnections() <= 3);
}

void tst_PgPooler::eightRacersGiveOneDecision_data()
{
    concurrentReadsShareFewServerConnections_data();
}

void tst_PgPooler::eightRacersGiveOneDecision()
{
    QFETCH(PgBouncerTestServer::PoolMode, mode);
    const QStringList ids = freeOperations(1);
    QCOMPARE(ids.size(), 1);
    std::vector<QStringList> commands;
    for (int i = 0; i < 8; ++i) {
        const QString login = i % 2 ? QStringLiteral("carol") : QStringLiteral("dave");
        commands.push_back({"resolve", ids[0], "--db", pooler(mode).location(Database, login), "--outcome", "failed",
                            "--evidence", "dashboard", "--override-evidence", "--note", QStringLiteral("racer %1").arg(i)});
    }
    int decided = 0;
    int conflicts = 0;
    for (const CliRun &run : runTogether(commands)) {
        decided += run.exitCode == 0 ? 1 : 0;
        conflicts += run.exitCode == 4 ? 1 : 0;
        if (run.exitCode != 0 && run.exitCode != 4)
            qWarning() << run.exitCode << run.err;
    }
    QCOMPARE(decided, 1);
    QCOMPARE(conflicts, 7);
    QCOMPARE(m_server->query(Database, QStringLiteral("SELECT count(*) FROM resolutions WHERE operation_id = '%1'")
                                           .arg(ids[0])),
             QStringLiteral("1"));
    const CliRun verify = runRefundDesk({"verify", "--db", pooler(mode).location(Database, QStringLiteral("carol"))});
    QVERIFY2(verify.exitCode == 0, qPrintable(verify.err + verify.outText()));
}

void tst_PgPooler::claimsAndDecisionsCarryTheirOwnLogin_data()
{
    concurrentReadsShareFewServerConnections_data();
}

void tst_PgPooler::claimsAndDecisionsCarryTheirOwnLogin()
{
    QFETCH(PgBouncerTestServer::PoolMode, mode);
    const QStringList ids = freeOperations(1);
    QCOMPARE(ids.size(), 1);
    const QString carol = pooler(mode).location(Database, QStringLiteral("carol"));
    const QString dave = pooler(mode).location(Database, QStringLiteral("dave"));
    const QString claimant = QStringLiteral("SELECT status || ' ' || COALESCE(claimed_by, '-') FROM refund_ops "
                                            "WHERE operation_id = '%1'").arg(ids[0]);
    CliRun run = runRefundDesk({"claim", ids[0], "--db", carol});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(Database, claimant), QStringLiteral("checking carol"));
    QCOMPARE(runRefundDesk({"claim", ids[0], "--db", dave}).exitCode, 4);
    run = runRefundDesk({"resolve", ids[0], "--db", carol, "--outcome", "failed", "--evidence", "dashboard",
                         "--override-evidence", "--note", "checked"});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->query(Database, QStringLiteral("SELECT operator FROM resolutions WHERE operation_id = '%1'")
                                           .arg(ids[0])),
             QStringLiteral("carol"));
}

void tst_PgPooler::importsThroughThePooler()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray lines;
    for (int i = 0; i < 450; ++i) {
        lines += R"({"id":"evt_pooled_)" + QByteArray::number(i)
                 + R"(","object":"event","type":"charge.updated","created":1717000000,"data":{"object":)"
                   R"({"object":"charge","id":"ch_)" + QByteArray::number(i) + "\"}}}\n";
    }
    QFile file(dir.filePath(QStringLiteral("events.jsonl")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(lines);
    file.close();
    const QString owner = m_transaction->location(Database, QStringLiteral("postgres"));
    CliRun run = runRefundDesk({"import-events", file.fileName(), "--db", owner});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->queryInt(Database, QStringLiteral("SELECT count(*) FROM webhook_events "
                                                         "WHERE event_id LIKE 'evt_pooled_%'")),
             450);
    // Again: nothing twice.
    run = runRefundDesk({"import-events", file.fileName(), "--db", owner});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(m_server->queryInt(Database, QStringLiteral("SELECT count(*) FROM webhook_events "
                                                         "WHERE event_id LIKE 'evt_pooled_%'")),
             450);
}

void tst_PgPooler::nothingOfASessionIsLeftForOthers()
{
    // One server connection for every client: whatever a command left on it, the next
    // client finds.
    PgBouncerTestServer single(*m_server, {PgBouncerTestServer::PoolMode::Transaction, 1, Logins, {}});
    QVERIFY2(single.isRunning(), qPrintable(single.lastError()));
    const QString carol = single.location(Database, QStringLiteral("carol"));
    const QStringList ids = freeOperations(1);
    QCOMPARE(ids.size(), 1);
    QCOMPARE(runRefundDesk({"queue", "--db", carol}).exitCode, 0);
    QCOMPARE(runRefundDesk({"claim", ids[0], "--db", carol}).exitCode, 0);
    QCOMPARE(runRefundDesk({"release", ids[0], "--db", carol}).exitCode, 0);
    QCOMPARE(runRefundDesk({"show", ids[0], "--db", carol}).exitCode, 0);

    QProcess psql;
    psql.start(QStringLiteral("psql"),
               {"-X", "-At", "-d", carol, "-c",
                "SELECT current_setting('lock_timeout') || ' ' || current_setting('transaction_read_only') || ' ' || "
                "(SELECT count(*) FROM pg_listening_channels()) || ' ' || (SELECT count(*) FROM pg_prepared_statements)"});
    QVERIFY(psql.waitForFinished(30'000));
    QCOMPARE(QString::fromUtf8(psql.readAllStandardOutput()).trimmed(), QStringLiteral("0 off 0 0"));
}

void tst_PgPooler::changesAreFoundWithoutListen()
{
    auto opened = StoreFactory::open(m_transaction->location(Database, QStringLiteral("carol")), Store::OpenMode::ReadWrite);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Store &store = **opened;
    QVERIFY(store.pollsForChanges());
    auto before = store.dataVersion();
    QVERIFY(before);
    const QStringList ids = freeOperations(1);
    QCOMPARE(ids.size(), 1);
    const CliRun claim = runRefundDesk({"claim", ids[0], "--db", m_server->location(Database, QStringLiteral("dave"))});
    QVERIFY2(claim.exitCode == 0, qPrintable(claim.err));
    // Polled once a second: the change shows within two.
    const auto moved = [&] {
        const auto now = store.dataVersion();
        return now && *now != *before;
    };
    QTRY_VERIFY_WITH_TIMEOUT(moved(), 10'000);
    QCOMPARE(runRefundDesk({"release", ids[0], "--db", m_server->location(Database, QStringLiteral("dave"))}).exitCode, 0);
}

void tst_PgPooler::directConnectionListens()
{
    auto opened = StoreFactory::open(m_server->location(Database, QStringLiteral("carol")), Store::OpenMode::ReadWrite);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    QVERIFY(!(*opened)->pollsForChanges());
}

void tst_PgPooler::listenLocationHearsChangesBehindATransactionPooler()
{
    // Reads and writes through the transaction pooler; LISTEN on a connection of its own
    // to the server itself, named by listen= in the location.
    const QString location = m_transaction->location(Database, QStringLiteral("carol")) + QStringLiteral(" listen='")
                             + m_server->location(Database, QStringLiteral("carol")) + u'\'';
    auto opened = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Store &store = **opened;
    QVERIFY(!store.isReadOnly());
    QVERIFY2(!store.pollsForChanges(), "the listening connection should take the notifications");
    QVERIFY2(store.location().contains(QLatin1String(" listen=")), qPrintable(store.location()));
    // The location as shown opens the same store again (as the console's write worker does).
    auto again = StoreFactory::open(store.location(), Store::OpenMode::ReadOnly);
    QVERIFY2(again, qPrintable(again ? QString() : again.error().message));
    QVERIFY(!(*again)->pollsForChanges());

    auto before = store.dataVersion();
    QVERIFY(before);
    const QStringList ids = freeOperations(1);
    QCOMPARE(ids.size(), 1);
    const CliRun claim = runRefundDesk({"claim", ids[0], "--db", m_server->location(Database, QStringLiteral("dave"))});
    QVERIFY2(claim.exitCode == 0, qPrintable(claim.err));
    // No WAL position is polled (pollsForChanges is false): only the notification moves it.
    const auto moved = [&] {
        const auto now = store.dataVersion();
        return now && *now != *before;
    };
    QTRY_VERIFY_WITH_TIMEOUT(moved(), 10'000);
    QVERIFY(!store.pollsForChanges());
    QCOMPARE(runRefundDesk({"release", ids[0], "--db", m_server->location(Database, QStringLiteral("dave"))}).exitCode, 0);

    // A listening location that cannot be reached is refused in one line naming it.
    auto broken = StoreFactory::open(m_transaction->location(Database, QStringLiteral("carol"))
                                         + QStringLiteral(" listen='host=/nonexistent dbname=x'"),
                                     Store::OpenMode::ReadOnly);
    QVERIFY(!broken);
    QVERIFY2(broken.error().message.contains(QLatin1String("listening connection")), qPrintable(broken.error().message));
}

void tst_PgPooler::statementModeIsRefusedByName()
{
    PgBouncerTestServer statements(*m_server, {PgBouncerTestServer::PoolMode::Statement, 3, Logins, {}});
    QVERIFY2(statements.isRunning(), qPrintable(statements.lastError()));
    const QStringList ids = freeOperations(1);
    QCOMPARE(ids.size(), 1);
    const CliRun run = runRefundDesk({"claim", ids[0], "--db", statements.location(Database, QStringLiteral("carol"))});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("pool_mode")), qPrintable(run.err));
    QCOMPARE(m_server->query(Database, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = '%1'").arg(ids[0])),
             QStringLiteral("unknown"));
}

void tst_PgPooler::forcedUserIsRefusedForWriting()
{
    PgBouncerTestServer forced(*m_server, {PgBouncerTestServer::PoolMode::Transaction, 3, Logins, QStringLiteral("dave")});
    QVERIFY2(forced.isRunning(), qPrintable(forced.lastError()));
    const QString carol = forced.location(Database, QStringLiteral("carol"));
    const QStringList ids = freeOperations(1);
    QCOMPARE(ids.size(), 1);
    // Reading is fine; a claim would be recorded as dave.
    QCOMPARE(runRefundDesk({"show", ids[0], "--db", carol}).exitCode, 0);
    const CliRun run = runRefundDesk({"claim", ids[0], "--db", carol});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QLatin1String("user=")), qPrintable(run.err));
    QCOMPARE(m_server->query(Database, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = '%1'").arg(ids[0])),
             QStringLiteral("unknown"));
}

QTEST_GUILESS_MAIN(tst_PgPooler)
#include "tst_pgpooler.moc"
