// A batch from evidence sent in slices (Store::decideMany), on both backends: operations
// that changed after the review (decided by another connection, claimed by another person,
// their verdict changed by a new event), wherever they fall in a slice, are skipped and
// the rest decided exactly once; the audit chain verifies after; a support login's
// decisions chain through the server's own trigger; and on PostgreSQL a slice costs a
// round trip, not one per decision.

#include "latencyproxy.h"
#include "pgtestserver.h"
#include "teststore.h"

#include "audit/auditverifier.h"
#include "demo/demostore.h"
#include "evidence/batchexecutor.h"
#include "evidence/batchplan.h"
#include "evidence/resolver.h"
#include "store/store.h"

#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using RefundDesk::Test::LatencyProxy;
using RefundDesk::Test::PgTestServer;
using RefundDesk::Test::TestStore;

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;
constexpr int SmallSlice = 4;

std::unique_ptr<Store> openStore(const QString &location)
{
    auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
    if (!store) {
        qWarning() << store.error().message;
        return nullptr;
    }
    return std::move(*store);
}

QString operatorOf(Store &store, const QString &name)
{
    return store.sessionOperator().isEmpty() ? name : store.sessionOperator();
}

qint64 resolutionsOf(Store &store, const QString &operationId)
{
    auto found = store.resolutions(operationId);
    return found ? qint64(found->size()) : -1;
}

WebhookEvent settlingEvent(const QString &operationId, const QString &refundId, const QString &status, qint64 created)
{
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_") + refundId;
    event.type = QStringLiteral("refund.updated");
    event.created = created;
    event.receivedAt = created * 1000;
    event.operationId = operationId;
    event.refundId = refundId;
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, refundId, status, 3800,
                                                  QStringLiteral("usd"), operationId,
                                                  QStringLiteral("key-") + operationId, created);
    return event;
}

} // namespace

class tst_BatchSlices : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void changedOnesAreSkippedWhereverTheyFall_data();
    void changedOnesAreSkippedWhereverTheyFall();
    void supportLoginChainsThroughTheServer();
    void sliceCostsOneRoundTripOfDecisions();

private:
    QString demoStore(bool postgres);
    void verifyIntact(Store &store);

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<QTemporaryDir> m_dir;
    int m_stores = 0;
};

void tst_BatchSlices::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

void tst_BatchSlices::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_BatchSlices::cleanup()
{
    m_dir.reset();
}

QString tst_BatchSlices::demoStore(bool postgres)
{
    QString location;
    if (postgres) {
        const QString name = QStringLiteral("slices_%1").arg(++m_stores);
        if (!m_server->createDatabase(name))
            return {};
        location = m_server->location(name);
    } else {
        location = m_dir->filePath(QStringLiteral("demo_%1.sqlite").arg(++m_stores));
    }
    SimulationOptions options;
    options.operations = 2000;
    options.seed = 7;
    options.nowMs = DemoNow;
    if (auto summary = DemoStore::generate(location, options); !summary) {
        qWarning() << summary.error().message;
        return {};
    }
    return location;
}

void tst_BatchSlices::verifyIntact(Store &store)
{
    auto report = AuditVerifier(store).run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().message));
    QVERIFY2(report->intact(), qPrintable(report->problems().join(u'\n')));
}

void tst_BatchSlices::changedOnesAreSkippedWhereverTheyFall_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::addColumn<int>("sliceSize");
    QTest::newRow("sqlite, slices of 4") << false << SmallSlice;
    QTest::newRow("sqlite, one slice") << false << BatchExecutor::DefaultSliceSize;
    QTest::newRow("postgresql, slices of 4") << true << SmallSlice;
    QTest::newRow("postgresql, one slice") << true << BatchExecutor::DefaultSliceSize;
}

void tst_BatchSlices::changedOnesAreSkippedWhereverTheyFall()
{
    QFETCH(bool, postgres);
    QFETCH(int, sliceSize);
    const QString location = demoStore(postgres);
    QVERIFY(!location.isEmpty());
    auto store = openStore(location);
    QVERIFY(store);
    auto colleague = openStore(location);
    QVERIFY(colleague);
    const QString alice = operatorOf(*store, QStringLiteral("alice"));
    BatchRequest request;
    request.operatorName = alice;
    auto plan = BatchPlanner::plan(*store, request);
    QVERIFY(plan);
    QVERIFY(plan->eligible.size() >= size_t(3 * SmallSlice));
    const qint64 before = *store->auditCount({});

    // The first of a slice, the last of one (its transaction then decides nothing, and
    // the slice must still be durable), and one in the middle of the next.
    const QString claimed = plan->eligible[0].seen.operationId;
    const QString decided = plan->eligible[SmallSlice - 1].seen.operationId;
    const QString newEvent = plan->eligible[SmallSlice + 1].seen.operationId;
    BatchExecutor executor(*store, alice, QStringLiteral("Settled"));
    executor.setSliceSize(sliceSize);
    executor.setBeforeWrite([&](const BatchCandidate &candidate) {
        const QString id = candidate.seen.operationId;
        if (id == claimed) {
            // Another person's claim: on PostgreSQL written as the owner may write it.
            if (postgres) {
                QVERIFY(m_server->exec(location.section(QLatin1String("dbname="), 1).section(u' ', 0, 0),
                                       QStringLiteral("UPDATE refund_ops SET status = 'checking', claimed_by = 'bob', "
                                                      "claimed_at = updated_at, version = version + 1 "
                                                      "WHERE operation_id = '%1'").arg(id)));
            } else {
                QVERIFY(Resolver(*colleague).claim(candidate.seen, QStringLiteral("bob"), false));
            }
        } else if (id == decided) {
            ResolutionDraft draft;
            draft.operationId = id;
            draft.outcome = candidate.outcome;
            draft.refundId = candidate.outcome == Outcome::Refunded ? candidate.refundId : QString();
            draft.evidence = candidate.evidenceText();
            draft.operatorName = operatorOf(*colleague, QStringLiteral("carol"));
            QVERIFY(Resolver(*colleague).resolve(draft, SeenState::of(candidate.seen)));
        } else if (id == newEvent) {
            WebhookEvent event = settlingEvent(id, QStringLiteral("re_slice_other"), QStringLiteral("succeeded"),
                                               candidate.seen.updatedAt / 1000 + 60);
            event.idempotencyKey = candidate.seen.idempotencyKey;
            auto inserted = colleague->insertEvents({event});
            QVERIFY(inserted);
            QCOMPARE(*inserted, 1);
        }
    });
    // Told of each operation, in order, once its slice is decided.
    std::vector<qint64> told;
    executor.setProgress([&](qint64 done, qint64) { told.push_back(done); });
    const BatchReport report = executor.run(*plan);
    QVERIFY2(!report.failure, qPrintable(report.failure ? report.failure->message : QString()));
    QCOMPARE(qint64(report.items.size()), qint64(plan->eligible.size()));
    QCOMPARE(told.size(), plan->eligible.size());
    QCOMPARE(told.back(), qint64(plan->eligible.size()));
    QCOMPARE(report.skipped(), qint64(3));
    QCOMPARE(report.decided(), qint64(plan->eligible.size()) - 3);
    QSet<qint64> ids;
    for (const BatchItemResult &item : report.items) {
        const QString id = item.candidate.seen.operationId;
        const bool changed = id == claimed || id == decided || id == newEvent;
        QCOMPARE(item.state == BatchItemResult::State::Skipped, changed);
        if (changed) {
            QVERIFY(!item.reason.isEmpty());
        } else {
            QVERIFY(item.resolution);
            QCOMPARE(item.resolution->operationId, id);
            QCOMPARE(item.resolution->note, report.note);
            QCOMPARE(item.resolution->evidence, item.candidate.evidenceText());
            ids.insert(item.resolution->resolutionId);
        }
        QCOMPARE(resolutionsOf(*store, id), id == claimed || id == newEvent ? 0 : 1);
    }
    QCOMPARE(qint64(ids.size()), report.decided()); // each its own row
    QCOMPARE(*store->auditCount({}), before + report.decided() + 1);
    for (const BatchItemResult &item : report.items) {
        if (item.candidate.seen.operationId == newEvent)
            QVERIFY2(item.reason.contains(QLatin1String("changed since it was reviewed")), qPrintable(item.reason));
        if (item.candidate.seen.operationId == claimed)
            QVERIFY2(item.reason.contains(QLatin1String("bob")), qPrintable(item.reason));
    }
    verifyIntact(*store);

    // Nothing is left to decide: a second batch over the same plan decides none again.
    const BatchReport again = BatchExecutor(*store, alice, QStringLiteral("Again")).run(*plan);
    QVERIFY(!again.failure);
    QCOMPARE(again.decided(), qint64(0));
    verifyIntact(*store);
}

void tst_BatchSlices::supportLoginChainsThroughTheServer()
{
    // A support login's resolutions get their id, time, link and hash from the server's
    // trigger (roles-postgresql.sql): decisions of one slice must still chain.
    const QString location = demoStore(true);
    QVERIFY(!location.isEmpty());
    const QString database = location.section(QLatin1String("dbname="), 1).section(u' ', 0, 0);
    QVERIFY2(m_server->applyRoles(database), qPrintable(m_server->lastError()));
    QVERIFY(m_server->exec(QStringLiteral("postgres"),
                           QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dana') "
                                          "THEN CREATE ROLE dana LOGIN IN ROLE refund_desk_support; END IF; END $$")));
    auto store = openStore(m_server->location(database, QStringLiteral("dana")));
    QVERIFY(store);
    QCOMPARE(store->sessionOperator(), QStringLiteral("dana"));
    BatchRequest request;
    request.operatorName = QStringLiteral("dana");
    auto plan = BatchPlanner::plan(*store, request);
    QVERIFY(plan);
    QVERIFY(plan->eligible.size() > size_t(SmallSlice));
    BatchExecutor executor(*store, QStringLiteral("dana"), QStringLiteral("Settled"));
    executor.setSliceSize(SmallSlice);
    const BatchReport report = executor.run(*plan);
    QVERIFY2(!report.failure, qPrintable(report.failure ? report.failure->message : QString()));
    QCOMPARE(report.decided(), qint64(plan->eligible.size()));
    for (const BatchItemResult &item : report.items)
        QCOMPARE(item.resolution->operatorName, QStringLiteral("dana"));
    auto owner = openStore(location);
    QVERIFY(owner);
    verifyIntact(*owner);
}

void tst_BatchSlices::sliceCostsOneRoundTripOfDecisions()
{
    // 500 settled operations, each with the event that settles it.
    constexpr int Operations = 500;
    const QString database = QStringLiteral("slices_trips");
    QVERIFY(m_server->createDatabase(database));
    {
        auto created = StoreFactory::create(m_server->location(database));
        QVERIFY2(created, qPrintable(created ? QString() : created.error().message));
    }
    QVERIFY(m_server->exec(database, QStringLiteral(
        "INSERT INTO refund_ops (operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, "
        "created_at, updated_at) SELECT 'op_' || i, 'order-op_' || i, 3800, 'usd', 'key-op_' || i, 'unknown', 3, "
        "1700000000000 + i, 1700000060000 + i FROM generate_series(1, %1) AS i").arg(Operations)));
    auto writer = openStore(m_server->location(database));
    QVERIFY(writer);
    std::vector<WebhookEvent> events;
    for (int i = 1; i <= Operations; ++i)
        events.push_back(settlingEvent(QStringLiteral("op_%1").arg(i), QStringLiteral("re_%1").arg(i),
                                       QStringLiteral("succeeded"), 1'700'000'100 + i));
    QCOMPARE(*writer->insertEvents(events), Operations);

    // 10 ms each way, as tst_pgroundtrips: the statements of one pipeline, sent
    // microseconds apart, never straddle an answer, so a pipeline counts once.
    LatencyProxy proxy(m_server->socketPath(), 10);
    QVERIFY(proxy.start());
    auto store = openStore(proxy.pgLocation(database, QString::fromLatin1(PgTestServer::SuperUser)));
    QVERIFY(store);
    BatchRequest request;
    request.operatorName = store->sessionOperator();
    auto plan = BatchPlanner::plan(*store, request);
    QVERIFY(plan);
    QCOMPARE(int(plan->eligible.size()), Operations);

    BatchExecutor executor(*store, request.operatorName, QStringLiteral("Settled"));
    proxy.resetCounts();
    const BatchReport report = executor.run(*plan);
    const qint64 trips = proxy.roundTrips();
    QVERIFY(!report.failure);
    QCOMPARE(report.decided(), qint64(Operations));
    const qint64 slices = (Operations + BatchExecutor::DefaultSliceSize - 1) / BatchExecutor::DefaultSliceSize;
    qInfo("%d decisions in slices of %d: %lld round trips", Operations, BatchExecutor::DefaultSliceSize, trips);
    // Each slice: its evidence read again (one), its decisions (one).
    QVERIFY2(trips <= 2 * slices + 2, qPrintable(QString::number(trips)));
    // One at a time, the same decisions cost at least a round trip each.
    QVERIFY(trips * 50 < Operations);
    verifyIntact(*store);
}

QTEST_GUILESS_MAIN(tst_BatchSlices)
#include "tst_batchslices.moc"
