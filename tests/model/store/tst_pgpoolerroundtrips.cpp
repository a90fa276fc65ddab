// The round-trip budgets of tst_pgroundtrips through PgBouncer, in session and in
// transaction mode, with a slow network (a LatencyProxy) between the store and the
// pooler: behind a pooler statements are unnamed, and each is parsed in the pipeline that
// runs it, so the budgets stay what they are on a direct connection: a panel one round
// trip, a page of the queue with its verdict inputs two, a queue page with its events
// one, a claim, a release and a decision three at most. Every count is printed.

#include "idlists.h"
#include "latencyproxy.h"
#include "pgbouncertestserver.h"
#include "pgtestserver.h"

#include "demo/demostore.h"
#include "evidence/resolver.h"
#include "items/operationsnapshot.h"
#include "store/store.h"

#include <QDeadlineTimer>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <memory>

using namespace RefundDesk;
using namespace RefundDesk::Test;

using PoolMode = PgBouncerTestServer::PoolMode;

namespace {

constexpr int DelayMs = 10; // each way: a 20 ms round trip, as in tst_pgroundtrips
const QString Database = QStringLiteral("pooled_trips");
const QString User = QString::fromLatin1(PgTestServer::SuperUser);

const char *nameOf(PoolMode mode)
{
    return mode == PoolMode::Session ? "session" : "transaction";
}

} // namespace

class tst_PgPoolerRoundTrips : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void budgetsHoldThroughThePooler_data();
    void budgetsHoldThroughThePooler();

private:
    // The round trips `work` takes through `proxy`.
    template<typename Work>
    qint64 count(LatencyProxy &proxy, Work &&work)
    {
        QThread::msleep(20); // a goodbye sent just before reaches the proxy a moment later
        const int openBefore = proxy.openClients();
        proxy.resetCounts();
        work();
        const QDeadlineTimer watchdog(5000);
        while (proxy.openClients() > openBefore && !watchdog.hasExpired())
            QThread::msleep(5);
        return proxy.roundTrips();
    }

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<PgBouncerTestServer> m_session;
    std::unique_ptr<PgBouncerTestServer> m_transaction;
};

void tst_PgPoolerRoundTrips::initTestCase()
{
    QVERIFY2(PgBouncerTestServer::isInstalled(), "PgBouncer is not installed; run scripts/ensure-deps");
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY(m_server->createDatabase(Database));
    SimulationOptions options;
    options.operations = 2000;
    options.seed = 11;
    options.nowMs = 1'767'225'600'000;
    auto built = DemoStore::generate(m_server->location(Database), options, {});
    QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    m_session = std::make_unique<PgBouncerTestServer>(*m_server,
                                                      PgBouncerTestServer::Options{PoolMode::Session, 3, {User}, {}});
    QVERIFY2(m_session->isRunning(), qPrintable(m_session->lastError()));
    m_transaction = std::make_unique<PgBouncerTestServer>(
        *m_server, PgBouncerTestServer::Options{PoolMode::Transaction, 3, {User}, {}});
    QVERIFY2(m_transaction->isRunning(), qPrintable(m_transaction->lastError()));
}

void tst_PgPoolerRoundTrips::budgetsHoldThroughThePooler_data()
{
    QTest::addColumn<PoolMode>("mode");
    QTest::newRow("session") << PoolMode::Session;
    QTest::newRow("transaction") << PoolMode::Transaction;
}

void tst_PgPoolerRoundTrips::budgetsHoldThroughThePooler()
{
    QFETCH(PoolMode, mode);
    PgBouncerTestServer &pooler = mode == PoolMode::Session ? *m_session : *m_transaction;
    LatencyProxy proxy(pooler.socketPath(), DelayMs);
    QVERIFY(proxy.start());
    auto opened = StoreFactory::open(proxy.pgLocation(Database, User), Store::OpenMode::ReadWrite);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Store &store = **opened;
    QVERIFY(!store.isReadOnly());

    // A page of the queue and its verdict inputs, as the console reads them.
    std::vector<Operation> page;
    const qint64 queueTrips = count(proxy, [&] {
        const ReadSnapshot snapshot(store);
        auto rows = store.queuePage(QueueQuery(), std::nullopt, 100);
        QVERIFY(rows);
        page = std::move(*rows);
        QVERIFY(store.candidateEventsOfEach(page));
    });
    QVERIFY(!page.empty());

    Result<QueuePageReading> reading = Error::internal(QString());
    const qint64 withEventsTrips = count(proxy, [&] { reading = store.queuePageWithEvents(QueueQuery(), std::nullopt, 40); });
    QVERIFY2(reading, qPrintable(reading ? QString() : reading.error().message));
    QVERIFY(!reading->operations.empty());

    // The panel of an operation with events, twice: a statement's text is sent each time
    // behind the pooler, and costs no round trip of its own either time.
    const auto withEvents = std::find_if(reading->candidates.begin(), reading->candidates.end(),
                                         [](const auto &events) { return !events.empty(); });
    QVERIFY(withEvents != reading->candidates.end());
    const QString busy = reading->operations[size_t(withEvents - reading->candidates.begin())].operationId;
    Result<OperationSnapshot> snapshot = Error::internal(QString());
    const qint64 panelTrips = count(proxy, [&] { snapshot = OperationSnapshot::load(store, busy); });
    QVERIFY2(snapshot, qPrintable(snapshot ? QString() : snapshot.error().message));
    QVERIFY(!snapshot->evidence.events.empty());
    const qint64 panelAgainTrips = count(proxy, [&] { snapshot = OperationSnapshot::load(store, busy); });
    QVERIFY(snapshot);

    // Claim, release and decide an operation nobody has looked at.
    const auto unknown = std::find_if(page.begin(), page.end(),
                                      [](const Operation &o) { return o.status == OperationStatus::Unknown; });
    QVERIFY(unknown != page.end());
    Resolver resolver(store);
    Result<Operation> claimed = Error::internal(QString());
    const qint64 claimTrips = count(proxy, [&] { claimed = resolver.claim(*unknown, User, false); });
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    Result<Operation> released = Error::internal(QString());
    const qint64 releaseTrips = count(proxy, [&] { released = resolver.release(*claimed, User); });
    QVERIFY2(released, qPrintable(released ? QString() : released.error().message));
    ResolutionDraft draft;
    draft.operationId = released->operationId;
    draft.outcome = Outcome::Failed;
    draft.evidence = QStringLiteral("dashboard");
    draft.note = QStringLiteral("checked with the provider");
    draft.operatorName = User;
    draft.overridesEvidence = true;
    Result<Resolution> recorded = Error::internal(QString());
    const qint64 decideTrips = count(proxy, [&] { recorded = resolver.resolve(draft, SeenState::of(*released)); });
    QVERIFY2(recorded, qPrintable(recorded ? QString() : recorded.error().message));
    auto after = store.operation(draft.operationId);
    QVERIFY(after && *after);
    QCOMPARE((*after)->status, OperationStatus::Failed);

    qInfo("through PgBouncer in %s mode: queue page with verdict inputs %lld, queue page with events %lld, "
          "panel %lld (again %lld), claim %lld, release %lld, decision %lld round trip(s)",
          nameOf(mode), queueTrips, withEventsTrips, panelTrips, panelAgainTrips, claimTrips, releaseTrips, decideTrips);
    QVERIFY2(queueTrips <= 2, qPrintable(QString::number(queueTrips)));
    QCOMPARE(withEventsTrips, 1);
    QCOMPARE(panelTrips, 1);
    QCOMPARE(panelAgainTrips, 1);
    QVERIFY2(claimTrips <= 3, qPrintable(QString::number(claimTrips)));
    QVERIFY2(releaseTrips <= 3, qPrintable(QString::number(releaseTrips)));
    QVERIFY2(decideTrips <= 3, qPrintable(QString::number(decideTrips)));
    QVERIFY(pooler.serverConnections() <= 3);
}

QTEST_GUILESS_MAIN(tst_PgPoolerRoundTrips)
#include "tst_pgpoolerroundtrips.moc"
