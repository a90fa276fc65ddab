// Round trips to a PostgreSQL server through a slow network (a LatencyProxy): what an
// operator over a VPN waits for. Each reading and write has a budget (DESIGN.md: a panel
// is one, a page of the queue with its verdict inputs at most two), and the commands cost
// a constant plus at most one per page. Every count is printed, so the figures can be
// quoted.

#include "clirun.h"
#include "latencyproxy.h"
#include "pgtestserver.h"
#include "queuejsonprinter.h"
#include "idlists.h"

#include "demo/demostore.h"
#include "domain/lookupbodies.h"
#include "evidence/resolver.h"
#include "items/operationsnapshot.h"
#include "store/store.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QDeadlineTimer>
#include <QTest>

#include <atomic>
#include <cstdio>
#include <thread>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;
// A 20 ms round trip, as over a VPN: the statements of one pipeline, sent microseconds
// apart, never straddle an answer even on a loaded machine, and a statement answered
// before the next is sent always shows as a round trip of its own.
constexpr int DelayMs = 10;
const QString User = QString::fromLatin1(PgTestServer::SuperUser);

QStringList resolutionHashesOf(const std::vector<Resolution> &resolutions)
{
    QStringList hashes;
    for (const Resolution &r : resolutions)
        hashes << r.hash;
    return hashes;
}

QStringList attemptsOf(const std::vector<Attempt> &attempts)
{
    QStringList numbers;
    for (const Attempt &a : attempts)
        numbers << a.operationId + u'#' + QString::number(a.attemptNo);
    return numbers;
}

} // namespace

class tst_PgRoundTrips : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();

    void proxyDelaysEachWay();
    void silentProxyHoldsTheAnswer();

    void panelIsOneRoundTrip();
    void panelReadsWhatSeparateReadsRead();
    void queuePageWithVerdictsIsTwo();
    void queuePageWithEventsIsOne();
    void queueJsonCostsTwoPerPageBeyondTheFirst();
    void firstPictureAfterConnecting();
    void writesTakeThreeAtMost();
    void aBatchOfLookupsIsOneRoundTrip();
    void commandsCostOnePerPage_data();
    void commandsCostOnePerPage();

private:
    std::unique_ptr<Store> openThroughProxy(const QString &database, Store::OpenMode mode = Store::OpenMode::ReadOnly);
    // The round trips `work` takes through the proxy.
    template<typename Work>
    qint64 count(Work &&work)
    {
        // What a connection closed just before sent (its goodbye) reaches the proxy's
        // thread a moment later: let it pass before counting starts.
        QThread::msleep(20);
        const int openBefore = m_proxy->openClients();
        m_proxy->resetCounts();
        work();
        // A client that went away during the work (a command run) said goodbye on its way
        // out: counted once the proxy has seen it leave, so every run counts it alike.
        const QDeadlineTimer watchdog(5000);
        while (m_proxy->openClients() > openBefore && !watchdog.hasExpired())
            QThread::msleep(5);
        return m_proxy->roundTrips();
    }
    // An operation of the queue's first page with events, attempts and a long order.
    QString busyOperation(Store &store);

    std::unique_ptr<PgTestServer> m_server;
    std::unique_ptr<LatencyProxy> m_proxy;
    QString m_small = QStringLiteral("roundtrips_small");
    QString m_large = QStringLiteral("roundtrips_large");
    int m_operationsSmall = 400;
    int m_operationsLarge = 6000; // a queue of more than a page of 100
};

void tst_PgRoundTrips::initTestCase()
{
    if (!PgTestServer::isInstalled())
        QSKIP("PostgreSQL 15 is not installed here");
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    for (const auto &[name, operations] : {std::pair{m_small, m_operationsSmall}, std::pair{m_large, m_operationsLarge}}) {
        QVERIFY(m_server->createDatabase(name));
        SimulationOptions options;
        options.operations = operations;
        options.seed = 11;
        options.nowMs = DemoNow;
        auto built = DemoStore::generate(m_server->location(name), options, {});
        QVERIFY2(built, qPrintable(built ? QString() : built.error().message));
    }
    m_proxy = std::make_unique<LatencyProxy>(m_server->socketPath(), DelayMs);
    QVERIFY(m_proxy->start());
}

void tst_PgRoundTrips::init()
{
    m_proxy->setDelayMs(DelayMs);
    m_proxy->setSilent(false);
}

std::unique_ptr<Store> tst_PgRoundTrips::openThroughProxy(const QString &database, Store::OpenMode mode)
{
    auto store = StoreFactory::open(m_proxy->pgLocation(database, User), mode);
    if (!store) {
        qWarning() << store.error().message;
        return {};
    }
    return std::move(*store);
}

QString tst_PgRoundTrips::busyOperation(Store &store)
{
    auto page = store.queuePage(QueueQuery(), std::nullopt, 100);
    if (!page)
        return {};
    auto events = store.candidateEventsOfEach(*page);
    if (!events)
        return {};
    QString best;
    size_t most = 0;
    for (size_t i = 0; i < page->size(); ++i) {
        if ((*events)[i].size() > most) {
            most = (*events)[i].size();
            best = (*page)[i].operationId;
        }
    }
    return best;
}

// ---- The proxy itself ----

void tst_PgRoundTrips::proxyDelaysEachWay()
{
    m_proxy->setDelayMs(10);
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    QElapsedTimer clock;
    clock.start();
    const qint64 trips = count([&] { QVERIFY(store->meta(QStringLiteral("provider")).ok()); });
    const qint64 elapsed = clock.elapsed();
    qInfo("a simple query through a proxy with 10 ms each way: %lld ms, %lld round trip(s)", elapsed, trips);
    QVERIFY2(elapsed >= 20, qPrintable(QString::number(elapsed)));
    QCOMPARE(trips, 1);
    QVERIFY(m_proxy->connections() >= 1);
}

void tst_PgRoundTrips::silentProxyHoldsTheAnswer()
{
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    m_proxy->setSilent(true);
    std::atomic<bool> done{false};
    bool answered = false;
    std::thread asking([&] {
        answered = store->meta(QStringLiteral("provider")).ok();
        done = true;
    });
    QTest::qWait(300);
    const bool doneWhileSilent = done;
    m_proxy->setSilent(false);
    QElapsedTimer clock;
    clock.start();
    while (!done && clock.elapsed() < 10'000)
        QThread::msleep(5);
    asking.join();
    QVERIFY2(!doneWhileSilent, "the query was answered while the proxy held everything");
    QVERIFY(done);
    QVERIFY(answered);
}

// ---- Budgets ----

void tst_PgRoundTrips::panelIsOneRoundTrip()
{
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    const QString id = busyOperation(*store);
    QVERIFY(!id.isEmpty());
    Result<OperationSnapshot> snapshot = Error::internal(QString());
    const qint64 trips = count([&] { snapshot = OperationSnapshot::load(*store, id); });
    QVERIFY2(snapshot, qPrintable(snapshot ? QString() : snapshot.error().message));
    QVERIFY(!snapshot->evidence.events.empty());
    qInfo("panel of %s (%zu events, %zu attempts): %lld round trip(s)", qPrintable(id),
          snapshot->evidence.events.size(), snapshot->attempts.size(), trips);
    QVERIFY2(trips <= 1, qPrintable(QString::number(trips)));

    // A missing operation says so, in one round trip too.
    Result<OperationSnapshot> missing = Error::internal(QString());
    QCOMPARE(count([&] { missing = OperationSnapshot::load(*store, QStringLiteral("op_missing")); }), 1);
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind, ErrorKind::Usage);
    QVERIFY(missing.error().message.contains(QLatin1String("There is no operation op_missing")));
}

void tst_PgRoundTrips::panelReadsWhatSeparateReadsRead()
{
    auto store = openThroughProxy(m_small);
    QVERIFY(store);
    auto page = store->queuePage(QueueQuery(), std::nullopt, 60);
    QVERIFY(page);
    QStringList ids = idsOf(*page);
    ids << QStringLiteral("op_5521");
    for (const QString &id : ids) {
        auto pipelined = store->operationReading(id);
        auto separate = store->Store::operationReading(id); // the reads one by one
        QVERIFY(pipelined && separate);
        QVERIFY(pipelined->operation && separate->operation);
        QCOMPARE(pipelined->operation->version, separate->operation->version);
        QCOMPARE(pipelined->operation->idempotencyKey, separate->operation->idempotencyKey);
        QCOMPARE(attemptsOf(pipelined->attempts), attemptsOf(separate->attempts));
        QCOMPARE(eventIdsOf(pipelined->candidates), eventIdsOf(separate->candidates));
        QCOMPARE(idsOf(pipelined->orderOperations), idsOf(separate->orderOperations));
        QCOMPARE(resolutionHashesOf(pipelined->resolutions), resolutionHashesOf(separate->resolutions));
        QCOMPARE(pipelined->keyRetentionHours, separate->keyRetentionHours);
    }
    // Decided operations have resolutions to compare too.
    auto decided = store->resolutionsAfter(0, 20);
    QVERIFY(decided && !decided->empty());
    for (const Resolution &r : *decided) {
        auto pipelined = store->operationReading(r.operationId);
        auto separate = store->Store::operationReading(r.operationId);
        QVERIFY(pipelined && separate);
        QCOMPARE(resolutionHashesOf(pipelined->resolutions), resolutionHashesOf(separate->resolutions));
        QCOMPARE(eventIdsOf(pipelined->candidates), eventIdsOf(separate->candidates));
    }
}

void tst_PgRoundTrips::queuePageWithVerdictsIsTwo()
{
    auto store = openThroughProxy(m_large);
    QVERIFY(store);
    std::vector<Operation> page;
    std::vector<std::vector<WebhookEvent>> events;
    const qint64 trips = count([&] {
        // As the console and queue --json read them: one snapshot around both.
        const ReadSnapshot snapshot(*store);
        auto rows = store->queuePage(QueueQuery(), std::nullopt, 100);
        QVERIFY(rows);
        page = std::move(*rows);
        auto candidates = store->candidateEventsOfEach(page);
        QVERIFY(candidates);
        events = std::move(*candidates);
    });
    const auto withEvents = std::count_if(events.begin(), events.end(), [](const auto &list) { return !list.empty(); });
    qInfo("queue page of %zu rows (%lld with events) and their verdict inputs: %lld round trip(s)", page.size(),
          qint64(withEvents), trips);
    QCOMPARE(page.size(), size_t(100));
    QVERIFY(withEvents >= 20);
    QVERIFY2(trips <= 2, qPrintable(QString::number(trips)));

    // One statement for the whole page: the same events as asked one operation at a time.
    for (size_t i = 0; i < page.size(); ++i) {
        auto one = store->candidateEvents(page[i]);
        QVERIFY(one);
        QCOMPARE(eventIdsOf(events[i]), eventIdsOf(*one));
    }
}

void tst_PgRoundTrips::queuePageWithEventsIsOne()
{
    auto store = openThroughProxy(m_large);
    QVERIFY(store);
    QueueQuery byAmount;
    byAmount.sortKey = QueueQuery::SortKey::Amount;
    byAmount.descending = true;
    for (const QueueQuery &query : {QueueQuery(), byAmount}) {
        std::optional<QueueCursor> cursor;
        for (int page = 0; page < 3; ++page) {
            Result<QueuePageReading> reading = Error::internal(QString());
            const qint64 trips = count([&] { reading = store->queuePageWithEvents(query, cursor, 40); });
            QVERIFY2(reading, qPrintable(reading ? QString() : reading.error().message));
            QCOMPARE(trips, 1);
            // The same as the two reads one after the other.
            auto separate = store->Store::queuePageWithEvents(query, cursor, 40);
            QVERIFY(separate);
            QCOMPARE(idsOf(reading->operations), idsOf(separate->operations));
            QCOMPARE(reading->candidates.size(), separate->candidates.size());
            for (size_t i = 0; i < reading->candidates.size(); ++i)
                QCOMPARE(eventIdsOf(reading->candidates[i]), eventIdsOf(separate->candidates[i]));
            if (reading->operations.empty())
                break;
            cursor = cursorAfter(query, reading->operations.back());
        }
    }
    qInfo("a queue page with the candidate events of its rows (queuePageWithEvents): 1 round trip");
}

void tst_PgRoundTrips::queueJsonCostsTwoPerPageBeyondTheFirst()
{
    // queue --json as the command prints it, with pages small enough to make many.
    auto store = openThroughProxy(m_large);
    QVERIFY(store);
    const qint64 rows = m_server->queryInt(m_large, QStringLiteral("SELECT count(*) FROM refund_ops "
                                                                   "WHERE status IN ('unknown', 'checking')"));
    constexpr int PageSize = 20;
    const qint64 pages = rows / PageSize + 1;
    std::FILE *out = std::tmpfile();
    QVERIFY(out);
    std::optional<Error> failure;
    const int connectionsBefore = m_proxy->connections();
    const qint64 trips = count([&] { failure = Cli::QueueJsonPrinter(*store, 24, PageSize).print(out); });
    std::rewind(out);
    QByteArray printed;
    char buffer[65536];
    while (const size_t read = std::fread(buffer, 1, sizeof buffer, out))
        printed.append(buffer, qsizetype(read));
    std::fclose(out);
    QVERIFY2(!failure, qPrintable(failure ? failure->message : QString()));
    QCOMPARE(QJsonDocument::fromJson(printed).array().size(), qsizetype(rows));
    // Beyond one page the worker threads read each page's events and its provider lookups
    // in one pipeline on connections of their own (opened once each), beside the reading
    // connection's page: two a page, in parallel.
    const qint64 workers = m_proxy->connections() - connectionsBefore;
    qInfo("queue --json of %lld rows in %lld pages of %d: %lld round trip(s), %lld worker connection(s) opened",
          rows, pages, PageSize, trips, workers);
    QVERIFY2(trips <= 2 * pages + workers * 4, qPrintable(QString::number(trips)));
}

void tst_PgRoundTrips::firstPictureAfterConnecting()
{
    // Everything from connecting to the first panel. The connection's handshake is not
    // Refund Desk's to save, so it is counted apart.
    std::unique_ptr<Store> store;
    QList<qint64> steps;
    const qint64 all = count([&] {
        store = openThroughProxy(m_large);
        QVERIFY(store);
        steps << m_proxy->roundTrips();
        const ReadSnapshot snapshot(*store);
        auto page = store->queuePage(QueueQuery(), std::nullopt, 100);
        QVERIFY(page && !page->empty());
        steps << m_proxy->roundTrips();
        QVERIFY(store->candidateEventsOfEach(*page));
        steps << m_proxy->roundTrips();
        QVERIFY(OperationSnapshot::load(*store, page->front().operationId));
        steps << m_proxy->roundTrips();
    });
    // What the open alone cost, handshake included, then the handshake alone: a store that
    // fails on a database that does not exist goes no further than the handshake.
    std::unique_ptr<Store> second;
    const qint64 opening = count([&] { second = openThroughProxy(m_large); }); // closing would count
    QVERIFY(second);
    const qint64 handshake = count([&] {
        QVERIFY(!StoreFactory::open(m_proxy->pgLocation(QStringLiteral("no_such_database"), User),
                                    Store::OpenMode::ReadOnly));
    });
    qInfo("first picture: %lld round trip(s) in all; the connection's handshake %lld, opening the store %lld "
          "(setup, LISTEN, schema and rights), the rest the first page, its verdicts and the first panel",
          all, handshake, opening - handshake);
    qInfo() << "after each step:" << steps;
    QVERIFY2(opening - handshake <= 1, qPrintable(QString::number(opening - handshake)));
    QVERIFY2(all - handshake <= 6, qPrintable(QString::number(all - handshake)));

    // The session listens: another session's commit reaches it.
    auto before = store->dataVersion();
    QVERIFY(before);
    QVERIFY(m_server->exec(m_large, QStringLiteral("UPDATE refund_ops SET attempts = attempts WHERE operation_id = 'op_none'")));
    auto moved = [&] {
        auto now = store->dataVersion();
        return now && *now != *before;
    };
    QTRY_VERIFY_WITH_TIMEOUT(moved(), 5000);
}

void tst_PgRoundTrips::aBatchOfLookupsIsOneRoundTrip()
{
    auto store = openThroughProxy(m_small, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    auto page = store->operationsAfter(std::nullopt, 64);
    QVERIFY(page);
    QCOMPARE(page->size(), size_t(64));
    // The answers of a queue-wide ask: one listing page shared by all, and a page of each.
    const ResponseBody shared = LookupBodies::bodyOf(R"({"object":"list","data":[],"has_more":true})");
    std::vector<ProviderLookupDraft> drafts;
    for (size_t i = 0; i < 64; ++i) {
        ProviderLookupDraft draft;
        draft.operationId = page->at(i).operationId;
        draft.operatorName = User;
        draft.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
        draft.bodies = {shared, LookupBodies::bodyOf(QStringLiteral(R"({"page":%1})").arg(i).toUtf8())};
        QJsonArray requests;
        for (const ResponseBody &body : draft.bodies)
            requests.append(LookupBodies::request(QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"), body));
        draft.requests = QString::fromUtf8(QJsonDocument(requests).toJson(QJsonDocument::Compact));
        draft.responseSha256 = LookupBodies::digest(draft.bodies);
        drafts.push_back(std::move(draft));
    }
    const QString bodies = QStringLiteral("SELECT count(*) FROM provider_bodies");
    const qint64 before = m_server->queryInt(m_small, bodies);
    Result<std::vector<ProviderLookup>> kept = Error::internal(QString());
    const qint64 trips = count([&] { kept = store->addProviderLookups(drafts); });
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    QCOMPARE(kept->size(), size_t(64));
    QCOMPARE(kept->back().operationId, drafts.back().operationId);
    QCOMPARE(m_server->queryInt(m_small, bodies) - before, 65);
    qInfo("64 lookups with 65 bodies kept in %lld round trip(s)", trips);
    QCOMPARE(trips, 1);
}

void tst_PgRoundTrips::writesTakeThreeAtMost()
{
    auto store = openThroughProxy(m_small, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    QVERIFY(!store->isReadOnly());
    auto page = store->queuePage(QueueQuery(), std::nullopt, 100);
    QVERIFY(page);
    const auto unknown = std::find_if(page->begin(), page->end(),
                                      [](const Operation &o) { return o.status == OperationStatus::Unknown; });
    QVERIFY(unknown != page->end());
    Resolver resolver(*store);

    Result<Operation> claimed = Error::internal(QString());
    const qint64 claim = count([&] { claimed = resolver.claim(*unknown, User, false); });
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    QCOMPARE(claimed->status, OperationStatus::Checking);

    Result<Operation> released = Error::internal(QString());
    const qint64 release = count([&] { released = resolver.release(*claimed, User); });
    QVERIFY2(released, qPrintable(released ? QString() : released.error().message));
    QCOMPARE(released->status, OperationStatus::Unknown);

    // A conflict costs no more: the write sees the operation changed and says by whom.
    Result<Operation> stale = Error::internal(QString());
    const qint64 conflict = count([&] { stale = resolver.claim(*unknown, User, false); });
    QVERIFY(!stale);
    QCOMPARE(stale.error().kind, ErrorKind::Conflict);

    ResolutionDraft draft;
    draft.operationId = released->operationId;
    draft.outcome = Outcome::Failed;
    draft.evidence = QStringLiteral("dashboard");
    draft.note = QStringLiteral("checked with the provider");
    draft.operatorName = User;
    draft.overridesEvidence = true;
    Result<Resolution> recorded = Error::internal(QString());
    const qint64 decide = count([&] { recorded = resolver.resolve(draft, SeenState::of(*released)); });
    QVERIFY2(recorded, qPrintable(recorded ? QString() : recorded.error().message));
    auto after = store->operation(draft.operationId);
    QVERIFY(after && *after);
    QCOMPARE((*after)->status, OperationStatus::Failed);
    QCOMPARE((*after)->updatedAt, recorded->recordedAt);

    qInfo("claim: %lld round trip(s); release: %lld; a claim that conflicts: %lld; a decision through the "
          "Resolver (its evidence read again, then the write): %lld", claim, release, conflict, decide);
    QVERIFY2(claim <= 3, qPrintable(QString::number(claim)));
    QVERIFY2(release <= 3, qPrintable(QString::number(release)));
    QVERIFY2(conflict <= 3, qPrintable(QString::number(conflict)));
    QVERIFY2(decide <= 3, qPrintable(QString::number(decide)));
}

void tst_PgRoundTrips::commandsCostOnePerPage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("pageSize");
    QTest::addColumn<QString>("rowsSql"); // how many rows the command pages through
    const QString queueRows = QStringLiteral("SELECT count(*) FROM refund_ops WHERE status IN ('unknown', 'checking')");
    const QString resolutionRows = QStringLiteral("SELECT count(*) FROM resolutions");
    QTest::newRow("show") << QStringList{"show", "op_5521"} << 0 << QString();
    QTest::newRow("show --json") << QStringList{"show", "op_5521", "--json"} << 0 << QString();
    QTest::newRow("queue") << QStringList{"queue"} << 1000 << queueRows;
    QTest::newRow("queue --json") << QStringList{"queue", "--json"} << 500 << queueRows;
    QTest::newRow("export") << QStringList{"export"} << 1000 << resolutionRows;
    QTest::newRow("export --format json") << QStringList{"export", "--format", "json"} << 1000 << resolutionRows;
    QTest::newRow("verify") << QStringList{"verify"} << 2000 << resolutionRows;
}

void tst_PgRoundTrips::commandsCostOnePerPage()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, pageSize);
    QFETCH(QString, rowsSql);
    qint64 trips[2] = {};
    qint64 pages[2] = {};
    const QString databases[2] = {m_small, m_large};
    for (int i = 0; i < 2; ++i) {
        const qint64 rows = rowsSql.isEmpty() ? 0 : m_server->queryInt(databases[i], rowsSql);
        // A page short of pageSize ends the listing; a full last page needs one more read.
        pages[i] = pageSize == 0 ? 1 : rows / pageSize + 1;
        CliRun run;
        trips[i] = count([&] {
            run = runRefundDesk(arguments + QStringList{"--db", m_proxy->pgLocation(databases[i], User)}, 300'000);
        });
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        qInfo("%s on %d operations (%lld page(s)): %lld round trip(s), the connection's handshake included",
              qPrintable(arguments.join(u' ')), i == 0 ? m_operationsSmall : m_operationsLarge, pages[i], trips[i]);
    }
    QVERIFY2(trips[1] - trips[0] <= pages[1] - pages[0],
             qPrintable(QStringLiteral("%1 more round trips for %2 more pages").arg(trips[1] - trips[0]).arg(pages[1] - pages[0])));
}

QTEST_GUILESS_MAIN(tst_PgRoundTrips)
#include "tst_pgroundtrips.moc"
