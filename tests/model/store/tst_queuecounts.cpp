// The queue's counts and its oldest operation (Store::queueCounts): right on SQLite and on
// PostgreSQL alike, whatever the notes and claims, and one round trip on PostgreSQL. With a
// view (a status, a follow-up, a search), the view's count and its oldest, in the same
// statement.

#include "latencyproxy.h"
#include "pgtestserver.h"
#include "sqliteandpgteststores.h"
#include "teststore.h"
#include "versiononestore.h"

#include "demo/demostore.h"
#include "store/store.h"

#include <QRegularExpression>
#include <QThread>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QDate Today(2026, 12, 4);
constexpr qint64 Hour = 3'600'000;
constexpr qint64 T0 = 1'700'000'000'000;

Operation operation(const QString &id, OperationStatus status, qint64 createdAt, const QString &claimant = {})
{
    Operation o = TestStore::operation(id, status, createdAt + 5 * Hour);
    o.createdAt = createdAt;
    if (status == OperationStatus::Checking) {
        o.claimedBy = claimant;
        o.claimedAt = createdAt + 5 * Hour;
    }
    return o;
}

// The queue (unknown and checking), oldest first by creation:
//   op_m  unknown, created T0 + 1 h, the oldest: the first of two created then, by id
//   op_z  unknown, created T0 + 1 h, claimed never; two follow-ups after today (waits once)
//   op_c  checking by alice, created T0 + 2 h; its updated_at is the latest of all (the claim)
//   op_d  checking by bob, created T0 + 3 h
//   op_e  unknown, created T0 + 4 h, its follow-up today (needs a person again)
// Outside it: op_old refunded (created first of all), op_late failed with a follow-up after
// today (a note on a decided operation waits for nothing).
bool fillQueue(TestStore &store)
{
    for (const Operation &o : {operation(QStringLiteral("op_z"), OperationStatus::Unknown, T0 + Hour),
                               operation(QStringLiteral("op_m"), OperationStatus::Unknown, T0 + Hour),
                               operation(QStringLiteral("op_c"), OperationStatus::Checking, T0 + 2 * Hour,
                                         QStringLiteral("alice")),
                               operation(QStringLiteral("op_d"), OperationStatus::Checking, T0 + 3 * Hour,
                                         QStringLiteral("bob")),
                               operation(QStringLiteral("op_e"), OperationStatus::Unknown, T0 + 4 * Hour),
                               operation(QStringLiteral("op_old"), OperationStatus::Refunded, T0 - 10 * Hour),
                               operation(QStringLiteral("op_late"), OperationStatus::Failed, T0 + 6 * Hour)}) {
        if (!store.addOperation(o))
            return false;
    }
    // The claim moved op_c's updated_at past every other: the oldest is by creation.
    if (!store.exec(QStringLiteral("UPDATE refund_ops SET updated_at = %1 WHERE operation_id = 'op_c'").arg(T0 - 20 * Hour)))
        return false;
    const QString note = QStringLiteral("INSERT INTO operation_notes (operation_id, text, follow_up_on, operator, "
                                        "recorded_at) VALUES ('%1', 'Asked support', '%2', 'alice', 1700000000000)");
    const auto day = [](int days) { return Today.addDays(days).toString(Qt::ISODate); };
    return store.exec(note.arg(QStringLiteral("op_z"), day(2))) && store.exec(note.arg(QStringLiteral("op_z"), day(5)))
        && store.exec(note.arg(QStringLiteral("op_e"), day(0))) && store.exec(note.arg(QStringLiteral("op_e"), day(-3)))
        && store.exec(note.arg(QStringLiteral("op_late"), day(4)))
        && store.exec(QStringLiteral("INSERT INTO operation_notes (operation_id, text, operator, recorded_at) "
                                     "VALUES ('op_m', 'No follow-up', 'bob', 1700000000000)"));
}

// What waits, held by whom:
//   op_p  checking by alice, a follow-up after today
//   op_q  checking by bob, a follow-up after today
//   op_r  unknown
bool fillClaimsThatWait(TestStore &store)
{
    for (const Operation &o : {operation(QStringLiteral("op_p"), OperationStatus::Checking, T0, QStringLiteral("alice")),
                               operation(QStringLiteral("op_q"), OperationStatus::Checking, T0 + Hour,
                                         QStringLiteral("bob")),
                               operation(QStringLiteral("op_r"), OperationStatus::Unknown, T0 + 2 * Hour)}) {
        if (!store.addOperation(o))
            return false;
    }
    const QString note = QStringLiteral("INSERT INTO operation_notes (operation_id, text, follow_up_on, operator, "
                                        "recorded_at) VALUES ('%1', 'Asked support', '%2', 'alice', 1700000000000)");
    const QString later = Today.addDays(3).toString(Qt::ISODate);
    return store.exec(note.arg(QStringLiteral("op_p"), later)) && store.exec(note.arg(QStringLiteral("op_q"), later));
}

// The oldest by the end of the last attempt, as the queue's Age counts:
//   op_first  unknown, created T0, its attempts ended T0 + 1 h and T0 + 6 h (the last counts)
//   op_long   checking, created T0 + 1 h, its attempt ended T0 + 2 h: the oldest
//   op_open   unknown, created T0 + 90 min, its attempt started T0 + 3 h and never ended
//   op_bare   unknown, created T0 + 4 h, no attempt: from its creation
//   op_late   unknown, created T0 + 7 h: created after op_long became unknown
// Outside it: op_done, refunded, its attempt ended before all of them.
bool fillAttempts(TestStore &store)
{
    const auto add = [&store](const char *id, OperationStatus status, qint64 createdAt) {
        return store.addOperation(operation(QString::fromLatin1(id), status, createdAt, QStringLiteral("alice")));
    };
    const auto attempt = [&store](const char *id, int number, qint64 startedAt, std::optional<qint64> finishedAt) {
        Attempt a;
        a.operationId = QString::fromLatin1(id);
        a.attemptNo = number;
        a.toolCallId = QStringLiteral("toolu_%1").arg(number);
        a.startedAt = startedAt;
        a.finishedAt = finishedAt;
        a.outcome = finishedAt ? AttemptOutcome::Timeout : AttemptOutcome::Unfinished;
        return store.addAttempt(a);
    };
    return add("op_first", OperationStatus::Unknown, T0) && add("op_long", OperationStatus::Checking, T0 + Hour)
        && add("op_open", OperationStatus::Unknown, T0 + 90 * 60'000) && add("op_bare", OperationStatus::Unknown, T0 + 4 * Hour)
        && add("op_late", OperationStatus::Unknown, T0 + 7 * Hour) && add("op_done", OperationStatus::Refunded, T0 - Hour)
        && attempt("op_first", 1, T0, T0 + Hour) && attempt("op_first", 2, T0 + 5 * Hour, T0 + 6 * Hour)
        && attempt("op_long", 1, T0 + Hour, T0 + 2 * Hour) && attempt("op_open", 1, T0 + 3 * Hour, std::nullopt)
        && attempt("op_done", 1, T0 - Hour, T0 - Hour + 1000);
}

} // namespace

class tst_QueueCounts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void countsAndOldest_data() { SqliteAndPgTestStores::addBackendRows(); }
    void countsAndOldest();
    void oldestByTheLastAttempt_data() { SqliteAndPgTestStores::addBackendRows(); }
    void oldestByTheLastAttempt();
    void emptyQueueHasNoOldest_data() { SqliteAndPgTestStores::addBackendRows(); }
    void emptyQueueHasNoOldest();
    void versionOneStoreWaitsForNothing_data() { SqliteAndPgTestStores::addBackendRows(); }
    void versionOneStoreWaitsForNothing();
    void freeOrMineLeavesColleaguesOut_data() { SqliteAndPgTestStores::addBackendRows(); }
    void freeOrMineLeavesColleaguesOut();
    void viewCountAndOldest_data() { SqliteAndPgTestStores::addBackendRows(); }
    void viewCountAndOldest();
    void oneRoundTripOnPostgresql();
    void readsOnlyIndexesOnSqlite_data();
    void readsOnlyIndexesOnSqlite();

private:
    // A store filled by `fill` on the backend asked for ("sqlite", "postgresql"), by SQL
    // made a version 1 store when `versionOne`; its location, or empty.
    QString makeStore(const QString &backend, bool (*fill)(TestStore &), bool versionOne = false);

    SqliteAndPgTestStores m_stores{QStringLiteral("counts")};
};

void tst_QueueCounts::initTestCase()
{
    QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError()));
}

QString tst_QueueCounts::makeStore(const QString &backend, bool (*fill)(TestStore &), bool versionOne)
{
    const bool onSqlite = backend == QLatin1String("sqlite");
    const QString location = m_stores.make(backend, [&](TestStore &store) {
        return fill(store) && (!versionOne || !onSqlite || store.exec(versionOneSqlite()));
    });
    if (location.isEmpty() || !versionOne || onSqlite)
        return location;
    return m_stores.server().exec(m_stores.lastDatabase(), versionOnePostgres()) ? location : QString();
}

void tst_QueueCounts::countsAndOldest()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, fillQueue);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));

    auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today);
    QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
    QCOMPARE(counts->all, 5);
    QCOMPARE(counts->free, 3);
    QCOMPARE(counts->mine, 1);
    QCOMPARE(counts->waiting, 1); // op_z, once for its two follow-ups; not op_late (failed)
    QCOMPARE(counts->needsPersonNow(), 4);
    // Free or alice's, not waiting: op_m, op_e and op_c; bob's op_d is not hers to take.
    QCOMPARE(counts->waitingFreeOrMine, 1);
    QCOMPARE(counts->freeOrMineNow(), 3);
    QCOMPARE(counts->oldestOperationId, QStringLiteral("op_m"));
    QCOMPARE(counts->oldestUnknownSince, T0 + Hour);

    // op_z's first follow-up day comes: it still waits for the second.
    QCOMPARE((*store)->queueCounts(QStringLiteral("alice"), Today.addDays(2))->waiting, 1);
    QCOMPARE((*store)->queueCounts(QStringLiteral("alice"), Today.addDays(5))->waiting, 0);
    // op_e's past follow-ups never made it wait; a later day does not either.
    QCOMPARE((*store)->queueCounts(QStringLiteral("alice"), Today.addDays(-1))->waiting, 2);
    QCOMPARE((*store)->queueCounts(QStringLiteral("bob"), Today)->mine, 1);
    QCOMPARE((*store)->queueCounts(QStringLiteral("carol"), Today)->mine, 0);
    // No name: nobody's claims, not the free operations (whose claimant is empty).
    QCOMPARE((*store)->queueCounts(QString(), Today)->mine, 0);
}

// The status bar's oldest is the operation unknown the longest, counted as the Age column
// counts: not op_first, created first but tried again later, but op_long.
void tst_QueueCounts::oldestByTheLastAttempt()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, fillAttempts);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today);
    QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
    QCOMPARE(counts->all, 5);
    QCOMPARE(counts->oldestOperationId, QStringLiteral("op_long"));
    QCOMPARE(counts->oldestUnknownSince, T0 + 2 * Hour);
}

void tst_QueueCounts::emptyQueueHasNoOldest()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, [](TestStore &store) {
        return store.addOperation(operation(QStringLiteral("op_done"), OperationStatus::Refunded, T0));
    });
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today);
    QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
    QCOMPARE(*counts, QueueCounts());
    QVERIFY(counts->oldestOperationId.isNull());
}

void tst_QueueCounts::versionOneStoreWaitsForNothing()
{
    QFETCH(QString, backend);
    const QString location = makeStore(
        backend,
        [](TestStore &store) {
            return store.addOperation(operation(QStringLiteral("op_b"), OperationStatus::Unknown, T0 + Hour))
                && store.addOperation(operation(QStringLiteral("op_a"), OperationStatus::Checking, T0 + 2 * Hour,
                                                QStringLiteral("alice")));
        },
        true);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    QCOMPARE((*store)->schemaVersion(), 1);
    auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today);
    QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
    QCOMPARE(counts->all, 2);
    QCOMPARE(counts->free, 1);
    QCOMPARE(counts->mine, 1);
    QCOMPARE(counts->waiting, 0);
    QCOMPARE(counts->oldestOperationId, QStringLiteral("op_b"));
    QCOMPARE(counts->oldestUnknownSince, T0 + Hour);
}

// The status bar speaks of the view the person looks at: its count and its oldest, while
// the views' own counts stay the whole queue's.
void tst_QueueCounts::freeOrMineLeavesColleaguesOut()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, fillClaimsThatWait);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    QueueQuery view;
    view.statusFilter = QueueQuery::StatusFilter::FreeOrClaimedBy;
    view.followUp = QueueQuery::FollowUp::NotWaiting;
    view.today = Today;
    // Each waits for their own follow-up: what is left to take up now is op_r alone.
    for (const QString &name : {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}) {
        view.claimedBy = name;
        auto counts = (*store)->queueCounts(name, Today, view);
        QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
        QCOMPARE(counts->waiting, 2);
        QCOMPARE(counts->waitingFreeOrMine, name == QLatin1String("carol") ? 0 : 1);
        QCOMPARE(counts->freeOrMineNow(), 1);
        QCOMPARE(counts->inView, 1);
        QCOMPARE(counts->oldestOperationId, QStringLiteral("op_r"));
    }
    // Once the day comes, each sees their own claim and the free one, never the colleague's.
    view.today = Today.addDays(3);
    view.claimedBy = QStringLiteral("alice");
    auto counts = (*store)->queueCounts(QStringLiteral("alice"), view.today, view);
    QVERIFY(counts);
    QCOMPARE(counts->freeOrMineNow(), 2);
    QCOMPARE(counts->inView, 2);
    QCOMPARE(counts->oldestOperationId, QStringLiteral("op_p"));
}

void tst_QueueCounts::viewCountAndOldest()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, fillQueue);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));

    const auto view = [](QueueQuery::StatusFilter status, QueueQuery::FollowUp followUp, const QString &search,
                         const QString &claimant = {}) {
        QueueQuery query;
        query.statusFilter = status;
        query.followUp = followUp;
        query.searchText = search;
        query.claimedBy = claimant;
        query.today = Today;
        return query;
    };
    using Status = QueueQuery::StatusFilter;
    using FollowUp = QueueQuery::FollowUp;
    struct Expected
    {
        const char *name;
        QueueQuery view;
        qint64 inView;
        QString oldest;
        qint64 since;
    };
    const Expected cases[] = {
        {"the whole queue", view(Status::NeedsPerson, FollowUp::Any, {}), 5, QStringLiteral("op_m"), T0 + Hour},
        // op_z waits: op_m is still the oldest, the view holds four.
        {"needs a person now", view(Status::NeedsPerson, FollowUp::NotWaiting, {}), 4, QStringLiteral("op_m"),
         T0 + Hour},
        {"waiting", view(Status::NeedsPerson, FollowUp::Waiting, {}), 1, QStringLiteral("op_z"), T0 + Hour},
        {"free", view(Status::Unknown, FollowUp::Any, {}), 3, QStringLiteral("op_m"), T0 + Hour},
        {"checking", view(Status::Checking, FollowUp::Any, {}), 2, QStringLiteral("op_c"), T0 + 2 * Hour},
        {"mine", view(Status::ClaimedBy, FollowUp::Any, {}, QStringLiteral("bob")), 1, QStringLiteral("op_d"),
         T0 + 3 * Hour},
        // A search that finds one: the oldest is that one, not the queue's.
        {"a search", view(Status::NeedsPerson, FollowUp::NotWaiting, QStringLiteral("op_e")), 1,
         QStringLiteral("op_e"), T0 + 4 * Hour},
        {"a search within mine", view(Status::ClaimedBy, FollowUp::NotWaiting, QStringLiteral("op_"),
                                       QStringLiteral("alice")),
         1, QStringLiteral("op_c"), T0 + 2 * Hour},
        {"a search that finds nothing", view(Status::NeedsPerson, FollowUp::Any, QStringLiteral("zzz")), 0, QString(),
         0},
    };
    for (const Expected &expected : cases) {
        auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today, expected.view);
        QVERIFY2(counts, counts ? expected.name : qPrintable(counts.error().message));
        QVERIFY2(counts->inView == expected.inView,
                 qPrintable(QStringLiteral("%1: %2 in view").arg(QLatin1String(expected.name)).arg(counts->inView)));
        QVERIFY2(counts->oldestOperationId == expected.oldest,
                 qPrintable(QStringLiteral("%1: oldest %2").arg(QLatin1String(expected.name), counts->oldestOperationId)));
        QVERIFY2(counts->oldestUnknownSince == expected.since, expected.name);
        // The views' own counts are the whole queue's, whatever the view.
        QVERIFY2(counts->all == 5 && counts->free == 3 && counts->mine == 1 && counts->waiting == 1, expected.name);
    }
}

void tst_QueueCounts::oneRoundTripOnPostgresql()
{
    const QString location = makeStore(QStringLiteral("postgresql"), fillQueue);
    QVERIFY(!location.isEmpty());
    LatencyProxy proxy(m_stores.server().socketPath(), 5);
    QVERIFY(proxy.start());
    auto store = StoreFactory::open(proxy.pgLocation(m_stores.lastDatabase(),
                                                     QString::fromLatin1(PgTestServer::SuperUser)),
                                    Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    // Counted from the first call: a statement prepared on the way costs no trip of its own.
    for (int call = 0; call < 3; ++call) {
        QThread::msleep(20); // what the connection sent before reaches the proxy first
        proxy.resetCounts();
        auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today);
        QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
        QCOMPARE(counts->all, 5);
        QCOMPARE(counts->oldestOperationId, QStringLiteral("op_m"));
        QCOMPARE(proxy.roundTrips(), 1);
    }
    // A view with a search and a follow-up: its count and oldest ride the same statement.
    QueueQuery view;
    view.followUp = QueueQuery::FollowUp::NotWaiting;
    view.searchText = QStringLiteral("op_");
    view.statusFilter = QueueQuery::StatusFilter::ClaimedBy;
    view.claimedBy = QStringLiteral("bob");
    for (int call = 0; call < 3; ++call) {
        QThread::msleep(20);
        proxy.resetCounts();
        auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today, view);
        QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
        QCOMPARE(counts->inView, 1);
        QCOMPARE(counts->oldestOperationId, QStringLiteral("op_d"));
        QCOMPARE(proxy.roundTrips(), 1);
    }
}

void tst_QueueCounts::readsOnlyIndexesOnSqlite_data()
{
    QTest::addColumn<QString>("store");
    QTest::newRow("notes and claims by SQL, no statistics") << QStringLiteral("fixture");
    QTest::newRow("simulated, with the builder's statistics") << QStringLiteral("demo");
}

// The cost follows the queue, not the store: the statement reads the queue's partial
// indexes and the notes with a follow-up, and probes the queue once per such note, never
// once per queue row.
void tst_QueueCounts::readsOnlyIndexesOnSqlite()
{
    QFETCH(QString, store);
    QString path;
    if (store == QLatin1String("fixture")) {
        path = makeStore(QStringLiteral("sqlite"), fillQueue);
    } else {
        path = m_stores.filePath(QStringLiteral("demo.sqlite"));
        SimulationOptions options;
        options.operations = 2000;
        options.seed = 3;
        options.nowMs = T0;
        auto built = DemoStore::generate(path, options);
        QVERIFY2(built, built ? "" : qPrintable(built.error().message));
    }
    QVERIFY(!path.isEmpty());
    auto opened = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
    Store &s = **opened;
    s.setRecordingQueryPlans(true);
    QVERIFY(s.queueCounts(QStringLiteral("alice"), Today));
    auto plans = s.recordedQueryPlans();
    QVERIFY2(plans, plans ? "" : qPrintable(plans.error().message));
    const auto counts = std::find_if(plans->begin(), plans->end(), [](const QueryPlan &plan) {
        return plan.sql.contains(QLatin1String("COUNT(DISTINCT n.operation_id)"));
    });
    QVERIFY(counts != plans->end());
    const QString described = counts->steps.join(u'\n');
    qInfo("%s", qPrintable(described));
    static const QRegularExpression scan(QStringLiteral("^\\s*SCAN (\\S+)(?: USING (?:COVERING )?INDEX (\\S+))?"));
    // The waiting count walks the notes with a follow-up, and only they probe the queue.
    QVERIFY2(described.contains(QLatin1String("SEARCH n USING COVERING INDEX operation_notes_follow_up")),
             qPrintable(described));
    // The claimant's count reads the claimant's entries.
    QVERIFY2(described.contains(QLatin1String("SEARCH refund_ops USING INDEX refund_ops_queue_by_claimant")),
             qPrintable(described));
    for (qsizetype i = 0; i < counts->steps.size(); ++i) {
        const QString &step = counts->steps.at(i);
        // A correlated probe: a note's operation in the queue's index, or an oldest
        // candidate's attempts by their primary key.
        if (step.contains(QLatin1String("CORRELATED"))) {
            QVERIFY2(i + 1 < counts->steps.size(), qPrintable(described));
            const QString probe = counts->steps.at(i + 1);
            QVERIFY2(probe.contains(QLatin1String("SEARCH r USING COVERING INDEX refund_ops_queue_by_operation"))
                         // the operator's own: by the claimant's entries and the note's id
                         // (the row read for the claimant, as the claimant's count does)
                         || probe.contains(QLatin1String("SEARCH refund_ops USING INDEX refund_ops_queue_by_claimant "
                                                         "(<expr>=? AND operation_id=?"))
                         || probe.contains(QLatin1String("SEARCH a USING PRIMARY KEY (operation_id=?)")),
                     qPrintable(described));
        }
        const auto match = scan.match(step);
        if (!match.hasMatch())
            continue;
        const QString table = match.captured(1);
        // Never all the notes; a pass over the whole queue (the total and the free) reads a
        // partial index of it; q and o are the statement's own subqueries.
        QVERIFY2(table != QLatin1String("n") && table != QLatin1String("operation_notes"), qPrintable(described));
        // f is the first of the queue by creation, o the oldest's candidates; a its attempts.
        if (table == QLatin1String("refund_ops") || table == QLatin1String("r") || table == QLatin1String("f")
            || table == QLatin1String("o"))
            QVERIFY2(match.captured(2).startsWith(QLatin1String("refund_ops_queue")), qPrintable(described));
        QVERIFY2(table != QLatin1String("a") && table != QLatin1String("refund_attempts"), qPrintable(described));
    }
    // The oldest's candidates: a range of the queue by creation, up to the first one's end.
    static const QRegularExpression candidates(
        QStringLiteral("SEARCH o USING (COVERING )?INDEX refund_ops_queue_by_created \\(created_at<\\?\\)"));
    QVERIFY2(described.contains(candidates), qPrintable(described));
}

QTEST_GUILESS_MAIN(tst_QueueCounts)
#include "tst_queuecounts.moc"
