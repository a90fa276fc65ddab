// The console's item models against real stores built by explicit SQL: paging by key,
// SQL sorting and filtering, refresh that keeps persistent indexes, and
// QAbstractItemModelTester on every model.

// First: its QTest::toString specialisations must see only the domain names.
#include "teststore.h"
#include "workerwait.h"

#include "domain/attempt.h"
#include "evidence/evidenceanalyzer.h"
#include "items/attemptsmodel.h"
#include "items/eventsmodel.h"
#include "items/historymodel.h"
#include "items/operationsnapshot.h"
#include "items/orderoperationsmodel.h"
#include "items/queuemodel.h"
#include "items/timetext.h"
#include "items/tooltiptext.h"
#include "store/store.h"
#include "store/storeworker.h"

#include <QAbstractItemModelTester>
#include <QPersistentModelIndex>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using RefundDesk::Test::openWorker;
using RefundDesk::Test::waitForWorker;
using RefundDesk::Test::TestStore;

namespace {

constexpr qint64 baseTime = 1'700'000'000'000;

// `count` operations in unknown (every third checking by bob), op_0000 oldest.
std::unique_ptr<TestStore> makeQueueStore(const QString &path, int count)
{
    auto store = std::make_unique<TestStore>(path);
    if (!store->isValid())
        return store;
    store->exec(QStringLiteral("BEGIN"));
    for (int i = 0; i < count; ++i) {
        const auto status = i % 3 == 2 ? OperationStatus::Checking : OperationStatus::Unknown;
        Operation op = TestStore::operation(QStringLiteral("op_%1").arg(i, 4, 10, QLatin1Char('0')), status,
                                            baseTime + i * 1000);
        op.amountCents = 1000 + (i * 37) % 5000;
        if (status == OperationStatus::Checking)
            op.claimedBy = QStringLiteral("bob");
        store->addOperation(op);
    }
    store->exec(QStringLiteral("COMMIT"));
    return store;
}

Store *openStore(std::unique_ptr<Store> &holder, const QString &path)
{
    auto opened = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    if (!opened)
        qWarning("%s", qPrintable(opened.error().message));
    else
        holder = std::move(*opened);
    return holder.get();
}

// Asks for every row's operation, as a view showing them all would, and waits for them.
bool readEveryRow(const QueueModel &model, const StoreWorker &worker)
{
    for (int row = 0; row < model.rowCount(); ++row)
        model.data(model.index(row, QueueModel::StatusColumn));
    return waitForWorker(worker);
}

} // namespace

class TestItemModels : public QObject
{
    Q_OBJECT

private slots:
    void queuePagesByKey();
    void queueSortsInSql_data();
    void queueSortsInSql();
    void queueFilters();
    void queueVerdictFilter();
    void queueRefreshKeepsPersistentIndexes();
    void panelModels();
    void timeText_data();
    void timeText();
    void toolTipText_data();
    void toolTipText();
    void historyToolTipsShowUserTextAsText();
    void historyIsOneTimelineOfNotesLookupsClaimAndDecisions();
    void queueTimeColumns();
};

void TestItemModels::queuePagesByKey()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 250);
    QVERIFY2(fixture->isValid(), qPrintable(fixture->lastError()));
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPageSize(100);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 100);
    QVERIFY(model.canFetchMore({}));
    QCOMPARE(model.data(model.index(0, QueueModel::OperationColumn)).toString(), QStringLiteral("op_0000"));
    model.fetchMore({});
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 200);
    model.fetchMore({});
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 250);
    QVERIFY(!model.canFetchMore({}));
    QVERIFY(model.isAtEnd());
    // Oldest first, no row twice across page boundaries.
    QCOMPARE(model.data(model.index(99, 0)).toString(), QStringLiteral("op_0099"));
    QCOMPARE(model.data(model.index(100, 0)).toString(), QStringLiteral("op_0100"));
    QCOMPARE(model.data(model.index(249, 0)).toString(), QStringLiteral("op_0249"));
    QCOMPARE(model.data(model.index(0, QueueModel::AmountColumn)).toString(), QStringLiteral("10.00 USD"));
    QCOMPARE(model.data(model.index(2, QueueModel::ClaimedByColumn)).toString(), QStringLiteral("bob"));
    QCOMPARE(model.data(model.index(0, QueueModel::VerdictColumn)).toString(), QStringLiteral("none"));
}

void TestItemModels::queueSortsInSql_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<QString>("first");

    QTest::newRow("operation descending") << int(QueueModel::OperationColumn) << Qt::DescendingOrder << "op_0149";
    QTest::newRow("age ascending: youngest first") << int(QueueModel::AgeColumn) << Qt::AscendingOrder << "op_0149";
    QTest::newRow("key window ascending: closing first") << int(QueueModel::KeyWindowColumn) << Qt::AscendingOrder
                                                         << "op_0000";
    // 1000 + (i*37) % 5000 is largest (5995) at i = 135.
    QTest::newRow("amount descending") << int(QueueModel::AmountColumn) << Qt::DescendingOrder << "op_0135";
}

void TestItemModels::queueSortsInSql()
{
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    QFETCH(QString, first);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 150);
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPageSize(40);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    model.sort(column, order);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 40);
    QCOMPARE(model.data(model.index(0, 0)).toString(), first);
    while (model.canFetchMore({})) {
        model.fetchMore({});
        QVERIFY(waitForWorker(worker));
    }
    QCOMPARE(model.rowCount(), 150);
    QSet<QString> seen;
    for (int row = 0; row < model.rowCount(); ++row)
        seen.insert(model.data(model.index(row, 0)).toString());
    QCOMPARE(seen.size(), 150);
}

void TestItemModels::queueFilters()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 30);
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 30);

    QueueQuery query;
    query.statusFilter = QueueQuery::StatusFilter::Checking;
    model.setQuery(query);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 10);

    query.statusFilter = QueueQuery::StatusFilter::ClaimedBy;
    query.claimedBy = QStringLiteral("bob");
    model.setOperatorName(QStringLiteral("bob"));
    model.setQuery(query);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 10);
    QVERIFY(model.data(model.index(0, 0), QueueModel::MineRole).toBool());

    query = {};
    query.searchText = QStringLiteral("op_0017");
    model.setQuery(query);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("op_0017"));
}

void TestItemModels::queueVerdictFilter()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 60);
    // op_0040 has a succeeded refund event.
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_1");
    event.type = QStringLiteral("refund.updated");
    event.created = baseTime / 1000;
    event.receivedAt = baseTime;
    event.operationId = QStringLiteral("op_0040");
    event.refundId = QStringLiteral("re_1");
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId, QStringLiteral("succeeded"),
                                                  1000 + (40 * 37) % 5000, QStringLiteral("usd"), event.operationId,
                                                  QStringLiteral("key-op_0040"), *event.created);
    QVERIFY2(fixture->addEvent(event), qPrintable(fixture->lastError()));
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setPageSize(10); // the match sits on the fifth page
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    model.setVerdictFilter(QStringLiteral("refunded"));
    QVERIFY(waitForWorker(worker));
    while (model.rowCount() == 0 && model.canFetchMore({})) {
        model.fetchMore({});
        QVERIFY(waitForWorker(worker));
    }
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.data(model.index(0, 0)).toString(), QStringLiteral("op_0040"));
    QCOMPARE(model.data(model.index(0, QueueModel::VerdictColumn)).toString(), QStringLiteral("refunded"));
    QVERIFY(!model.data(model.index(0, QueueModel::VerdictColumn), Qt::ToolTipRole).toString().isEmpty());
}

void TestItemModels::queueRefreshKeepsPersistentIndexes()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 20);
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));

    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 20);
    const QPersistentModelIndex watched = model.index(10, QueueModel::StatusColumn);
    QCOMPARE(watched.data(QueueModel::OperationIdRole).toString(), QStringLiteral("op_0010"));

    // Elsewhere: two rows above leave the queue, one row is claimed (and moves to the
    // end: updated_at changes), and a new one arrives.
    QVERIFY(fixture->exec(QStringLiteral("UPDATE refund_ops SET status='failed', version=version+1 "
                                         "WHERE operation_id IN ('op_0001','op_0003')")));
    QVERIFY(fixture->exec(QStringLiteral("UPDATE refund_ops SET status='checking', claimed_by='carol', "
                                         "claimed_at=%1, updated_at=%1, version=version+1 "
                                         "WHERE operation_id='op_0010'")
                              .arg(baseTime + 100'000)));
    Operation arrived = TestStore::operation(QStringLiteral("op_new"), OperationStatus::Unknown, baseTime + 50'000);
    QVERIFY(fixture->addOperation(arrived));

    model.refresh();

    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 19);
    QVERIFY(watched.isValid());
    QCOMPARE(watched.data(QueueModel::OperationIdRole).toString(), QStringLiteral("op_0010"));
    QCOMPARE(watched.row(), 18);
    QCOMPARE(watched.data().toString(), QStringLiteral("checking"));
    QCOMPARE(model.data(model.index(18, QueueModel::ClaimedByColumn)).toString(), QStringLiteral("carol"));
    QCOMPARE(model.data(model.index(17, 0)).toString(), QStringLiteral("op_new"));
    QCOMPARE(model.rowOf(QStringLiteral("op_0001")), -1);
}

void TestItemModels::panelModels()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("panel.sqlite"));
    TestStore fixture(path);
    QVERIFY(fixture.isValid());
    Operation op = TestStore::operation(QStringLiteral("op_5521"));
    op.orderId = QStringLiteral("4417");
    QVERIFY(fixture.addOperation(op));
    Operation earlier = TestStore::operation(QStringLiteral("op_5000"), OperationStatus::Refunded);
    earlier.orderId = QStringLiteral("4417");
    earlier.amountCents = 1200;
    earlier.refundId = QStringLiteral("re_old");
    QVERIFY(fixture.addOperation(earlier));
    const AttemptOutcome outcomes[] = {AttemptOutcome::Timeout, AttemptOutcome::KeyInProgress, AttemptOutcome::ServerError};
    for (int i = 0; i < 3; ++i) {
        Attempt attempt;
        attempt.operationId = op.operationId;
        attempt.attemptNo = i + 1;
        attempt.toolCallId = QStringLiteral("toolu_0%1").arg(i < 2 ? 1 : 2);
        attempt.startedAt = op.createdAt + i * 10'000;
        attempt.finishedAt = attempt.startedAt + 30'000;
        attempt.outcome = outcomes[i];
        QVERIFY(fixture.addAttempt(attempt));
    }
    WebhookEvent good;
    good.eventId = QStringLiteral("evt_good");
    good.type = QStringLiteral("refund.updated");
    good.created = op.createdAt / 1000 + 5;
    good.receivedAt = op.createdAt + 6000;
    good.operationId = op.operationId;
    good.refundId = QStringLiteral("re_1");
    good.payload = TestStore::refundEventPayload(good.eventId, good.type, good.refundId, QStringLiteral("succeeded"), 3800,
                                                 QStringLiteral("usd"), op.operationId, op.idempotencyKey, *good.created);
    QVERIFY(fixture.addEvent(good));
    WebhookEvent broken;
    broken.eventId = QStringLiteral("evt_broken");
    broken.type = QStringLiteral("refund.updated");
    broken.receivedAt = op.createdAt + 7000;
    broken.operationId = op.operationId;
    broken.payload = QStringLiteral("{\"id\": \"evt_broken\", truncated");
    QVERIFY(fixture.addEvent(broken));

    std::unique_ptr<Store> store;
    QVERIFY(openStore(store, path));
    auto snapshot = OperationSnapshot::load(*store, op.operationId);
    QVERIFY2(snapshot.ok(), snapshot.ok() ? "" : qPrintable(snapshot.error().message));
    QVERIFY(!OperationSnapshot::load(*store, QStringLiteral("op_missing")).ok());

    AttemptsModel attempts;
    QAbstractItemModelTester attemptsTester(&attempts, QAbstractItemModelTester::FailureReportingMode::QtTest);
    attempts.setAttempts(snapshot->attempts, op.updatedAt);
    QCOMPARE(attempts.rowCount(), 3);
    QCOMPARE(attempts.data(attempts.index(0, AttemptsModel::OutcomeColumn)).toString(), QStringLiteral("timed out"));
    QCOMPARE(attempts.data(attempts.index(1, AttemptsModel::OutcomeColumn)).toString(),
             QStringLiteral("409: the same key was still in flight"));
    QCOMPARE(attempts.data(attempts.index(2, AttemptsModel::OutcomeColumn)).toString(),
             QStringLiteral("saved 500: outcome unknown"));
    QVERIFY(attempts.data(attempts.index(2, 0), AttemptsModel::OutcomeUncertainRole).toBool());

    EventsModel events;
    QAbstractItemModelTester eventsTester(&events, QAbstractItemModelTester::FailureReportingMode::QtTest);
    events.setEvents(snapshot->evidence.events, op.updatedAt);
    QCOMPARE(events.rowCount(), 2);
    const int goodRow = events.rowOfEvent(QStringLiteral("evt_good"));
    const int brokenRow = events.rowOfEvent(QStringLiteral("evt_broken"));
    QVERIFY(goodRow >= 0 && brokenRow >= 0);
    QCOMPARE(events.data(events.index(goodRow, EventsModel::RefundIdColumn)).toString(), QStringLiteral("re_1"));
    QCOMPARE(events.data(events.index(goodRow, EventsModel::StatusColumn)).toString(), QStringLiteral("succeeded"));
    QCOMPARE(events.data(events.index(goodRow, EventsModel::AmountColumn)).toString(), QStringLiteral("38.00 USD"));
    QCOMPARE(events.data(events.index(goodRow, EventsModel::MatchedByColumn)).toString(), QStringLiteral("metadata"));
    QVERIFY(events.data(events.index(brokenRow, 0), EventsModel::UnreadableRole).toBool());
    QCOMPARE(events.data(events.index(brokenRow, EventsModel::StatusColumn)).toString(), QStringLiteral("unreadable"));
    QCOMPARE(toString(snapshot->evidence.verdict), QStringLiteral("refunded"));

    OrderOperationsModel order;
    QAbstractItemModelTester orderTester(&order, QAbstractItemModelTester::FailureReportingMode::QtTest);
    order.setOperations(snapshot->orderOperations, op.operationId, op.updatedAt);
    QCOMPARE(order.rowCount(), 2);
    QCOMPARE(order.otherCount(), 1);
    QCOMPARE(order.totalRefundedText(), QStringLiteral("12.00 USD"));

    HistoryModel history;
    QAbstractItemModelTester historyTester(&history, QAbstractItemModelTester::FailureReportingMode::QtTest);
    ResolutionDraft draft;
    draft.operationId = op.operationId;
    draft.outcome = Outcome::Refunded;
    draft.refundId = QStringLiteral("re_1");
    draft.evidence = QStringLiteral("webhook:evt_good");
    draft.operatorName = QStringLiteral("alice");
    QVERIFY(store->recordResolution(draft, SeenState::of(snapshot->operation)).ok());
    auto after = OperationSnapshot::load(*store, op.operationId);
    QVERIFY(after.ok());
    history.setHistory(after->operation, after->resolutions, op.updatedAt);
    QCOMPARE(history.rowCount(), 2);
    QCOMPARE(history.data(history.index(1, HistoryModel::WhoColumn)).toString(), QStringLiteral("alice"));
    QVERIFY(history.data(history.index(1, HistoryModel::WhatColumn)).toString().contains(QStringLiteral("re_1")));
}

void TestItemModels::timeText_data()
{
    QTest::addColumn<qint64>("milliseconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("seconds") << qint64(45'000) << "45 s";
    QTest::newRow("negative is zero") << qint64(-5'000) << "0 s";
    QTest::newRow("minutes") << qint64(12 * 60'000) << "12 min";
    QTest::newRow("hours") << qint64((3 * 60 + 5) * 60'000) << "3 h 05 m";
    QTest::newRow("days") << qint64((52 * 60 + 59) * 60'000) << "2 d 4 h";
}

void TestItemModels::timeText()
{
    QFETCH(qint64, milliseconds);
    QFETCH(QString, text);
    QCOMPARE(TimeText::span(milliseconds), text);
}

void TestItemModels::toolTipText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("toolTip");
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("plain") << "evidence: dashboard" << "<qt>evidence: dashboard</qt>";
    QTest::newRow("markup") << "<b>x</b><img src=\"f\">" << "<qt>&lt;b&gt;x&lt;/b&gt;&lt;img src=&quot;f&quot;&gt;</qt>";
    QTest::newRow("entities") << "a &amp; b" << "<qt>a &amp;amp; b</qt>";
    QTest::newRow("line breaks") << "timed out\nProvider said: <none>" << "<qt>timed out<br>Provider said: &lt;none&gt;</qt>";
}

void TestItemModels::toolTipText()
{
    QFETCH(QString, text);
    QFETCH(QString, toolTip);
    QCOMPARE(ToolTipText::fromPlainText(text), toolTip);
}

void TestItemModels::historyIsOneTimelineOfNotesLookupsClaimAndDecisions()
{
    Operation operation;
    operation.operationId = QStringLiteral("op_1");
    operation.createdAt = 1'700'000'000'000;
    operation.status = OperationStatus::Checking;
    operation.claimedBy = QStringLiteral("bob");
    operation.claimedAt = operation.createdAt + 3000;
    const auto noteAt = [&](qint64 at, const QString &who, const QString &text, const QDate &followUp = {}) {
        OperationNote note;
        note.operationId = operation.operationId;
        note.text = text;
        note.followUpOn = followUp;
        note.operatorName = who;
        note.recordedAt = at;
        return note;
    };
    ProviderLookup lookup;
    lookup.operationId = operation.operationId;
    lookup.provider = QStringLiteral("stripe");
    lookup.operatorName = QStringLiteral("carol");
    lookup.askedAt = operation.createdAt + 2000;
    lookup.windowFrom = operation.createdAt;
    lookup.windowTo = operation.createdAt + 600'000;
    lookup.result = QStringLiteral(R"({"complete":true,"method":"list","refunds":[],"missing":[]})");
    Resolution earlier;
    earlier.operationId = operation.operationId;
    earlier.outcome = Outcome::Failed;
    earlier.evidence = QStringLiteral("dashboard");
    earlier.operatorName = QStringLiteral("dave");
    earlier.recordedAt = operation.createdAt + 500;

    HistoryModel history;
    QAbstractItemModelTester tester(&history, QAbstractItemModelTester::FailureReportingMode::QtTest);
    history.setHistory(operation, {earlier}, operation.createdAt + 10'000,
                       {noteAt(operation.createdAt + 4000, QStringLiteral("alice"), QStringLiteral("still nothing")),
                        noteAt(operation.createdAt + 1000, QStringLiteral("alice"),
                               QStringLiteral("Asked Stripe support, case 12345"), QDate(2031, 3, 14))},
                       {lookup});
    QStringList kinds;
    QStringList who;
    for (int row = 0; row < history.rowCount(); ++row) {
        kinds << history.index(row, 0).data(HistoryModel::KindRole).toString();
        who << history.index(row, HistoryModel::WhoColumn).data().toString();
    }
    // Oldest first, whatever list each came in.
    QCOMPARE(kinds, QStringList({"created", "resolved", "noted", "asked", "claimed", "noted"}));
    QCOMPARE(who, QStringList({"refund tool", "dave", "alice", "carol", "bob", "alice"}));
    QVERIFY(history.index(2, HistoryModel::WhatColumn).data().toString().startsWith(QStringLiteral("Note; follow up on")));
    QCOMPARE(history.index(2, HistoryModel::DetailsColumn).data().toString(),
             QStringLiteral("Asked Stripe support, case 12345"));
    QCOMPARE(history.index(5, HistoryModel::WhatColumn).data().toString(), QStringLiteral("Note"));
    QCOMPARE(history.index(3, HistoryModel::WhatColumn).data().toString(), QStringLiteral("Asked Stripe"));
    const QString answered = history.index(3, HistoryModel::DetailsColumn).data().toString();
    QVERIFY2(answered.startsWith(QStringLiteral("no refund for this operation created between")), qPrintable(answered));
    QVERIFY2(answered.endsWith(QStringLiteral("the listing was complete")), qPrintable(answered));

    // What was found is shown from the result, refund by refund.
    lookup.windowFrom.reset();
    lookup.windowTo.reset();
    lookup.result = QStringLiteral(R"({"complete":true,"method":"retrieve","missing":["re_gone"],)"
                                   R"("refunds":[{"id":"re_1","status":"succeeded","amount":3800,"currency":"usd"}]})");
    history.setHistory(operation, {}, operation.createdAt + 10'000, {}, {lookup});
    const QString found = history.index(1, HistoryModel::DetailsColumn).data().toString();
    QVERIFY2(found.startsWith(QStringLiteral("found: re_1 succeeded, ")), qPrintable(found));
    QVERIFY2(found.contains(QStringLiteral("38")), qPrintable(found));
    QVERIFY2(found.endsWith(QStringLiteral("re_gone unknown to the provider")), qPrintable(found));
}

void TestItemModels::historyToolTipsShowUserTextAsText()
{
    Operation operation;
    operation.operationId = QStringLiteral("op_1");
    operation.createdAt = 1'700'000'000'000;
    Resolution resolution;
    resolution.operationId = operation.operationId;
    resolution.outcome = Outcome::Failed;
    resolution.evidence = QStringLiteral("dashboard");
    resolution.note = QStringLiteral("<b>checked</b><img src=\"file:///etc/hostname\">");
    resolution.operatorName = QStringLiteral("<i>Trudy</i>");
    resolution.recordedAt = operation.createdAt + 1000;
    HistoryModel history;
    QAbstractItemModelTester tester(&history, QAbstractItemModelTester::FailureReportingMode::QtTest);
    history.setHistory(operation, {resolution}, resolution.recordedAt);
    QCOMPARE(history.rowCount(), 2);
    // Shown as written in the cells; in the tooltips escaped, so no tag of the user's survives.
    QCOMPARE(history.data(history.index(1, HistoryModel::WhoColumn)).toString(), QStringLiteral("<i>Trudy</i>"));
    QVERIFY(history.data(history.index(1, HistoryModel::DetailsColumn)).toString().contains(resolution.note));
    for (int column : {int(HistoryModel::WhoColumn), int(HistoryModel::WhatColumn), int(HistoryModel::DetailsColumn)}) {
        const QString tip = history.data(history.index(1, column), Qt::ToolTipRole).toString();
        QVERIFY2(!tip.contains(QLatin1String("<b>")) && !tip.contains(QLatin1String("<i>"))
                     && !tip.contains(QLatin1String("<img")),
                 qPrintable(tip));
    }
    const QString details = history.data(history.index(1, HistoryModel::DetailsColumn), Qt::ToolTipRole).toString();
    QVERIFY2(details.contains(QStringLiteral("note: &lt;b&gt;checked&lt;/b&gt;&lt;img src=&quot;file:///etc/hostname&quot;&gt;")),
             qPrintable(details));
    QCOMPARE(history.data(history.index(1, HistoryModel::WhoColumn), Qt::ToolTipRole).toString(),
             QStringLiteral("<qt>&lt;i&gt;Trudy&lt;/i&gt;</qt>"));
}

void TestItemModels::queueTimeColumns()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("queue.sqlite"));
    auto fixture = makeQueueStore(path, 2); // op_0000 created at baseTime - 60 s
    StoreWorker worker;
    QVERIFY(openWorker(worker, path));
    QueueModel model;
    qint64 now = baseTime + 2 * 3600'000;
    model.setClock([&now] { return now; });
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.data(model.index(0, QueueModel::AgeColumn)).toString(), QStringLiteral("2 h 01 m"));
    // 24 hours of key retention from creation: 21 h 59 m left.
    QCOMPARE(model.data(model.index(0, QueueModel::KeyWindowColumn)).toString(), QStringLiteral("21 h 59 m"));
    QVERIFY(!model.data(model.index(0, 0), QueueModel::KeyClosedRole).toBool());
    now = baseTime + 25 * 3600'000;
    QCOMPARE(model.data(model.index(0, QueueModel::KeyWindowColumn)).toString(), QStringLiteral("closed"));
    QVERIFY(model.data(model.index(0, 0), QueueModel::KeyClosedRole).toBool());
}

QTEST_GUILESS_MAIN(TestItemModels)
#include "tst_itemmodels.moc"
