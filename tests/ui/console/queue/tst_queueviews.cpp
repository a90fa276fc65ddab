// The queue's views and their counts: the store counts the views it can tell apart in one
// statement, on SQLite and on PostgreSQL alike; the queue model lists each view; the
// evidence's views are counted from the verdicts the model worked out; and the console's
// filter bar shows every view with its count, following changes.

#include "consolewait.h"
#include "sqliteandpgteststores.h"
#include "teststore.h"
#include "workerwait.h"

#include "items/queuemodel.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "items/queuereads.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/queue/queueviewcounts.h"

#include <QComboBox>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QDate Today(2026, 12, 4);

// op_a unknown, refunded by its event (settled); op_b unknown, waiting until after today;
// op_c checking by alice; op_d checking by bob; op_e unknown, its follow-up day passed;
// op_f refunded (not in the queue).
bool fillStore(TestStore &store, const QDate &today)
{
    Operation a = TestStore::operation(QStringLiteral("op_a"));
    Operation c = TestStore::operation(QStringLiteral("op_c"), OperationStatus::Checking);
    c.claimedBy = QStringLiteral("alice");
    c.claimedAt = 1'700'000'000'000;
    Operation d = TestStore::operation(QStringLiteral("op_d"), OperationStatus::Checking);
    d.claimedBy = QStringLiteral("bob");
    d.claimedAt = 1'700'000'000'000;
    if (!store.addOperation(a) || !store.addOperation(TestStore::operation(QStringLiteral("op_b")))
        || !store.addOperation(c) || !store.addOperation(d)
        || !store.addOperation(TestStore::operation(QStringLiteral("op_e")))
        || !store.addOperation(TestStore::operation(QStringLiteral("op_f"), OperationStatus::Refunded)))
        return false;
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_a");
    event.type = QStringLiteral("refund.updated");
    event.created = a.createdAt / 1000 + 10;
    event.receivedAt = a.createdAt + 10'000;
    event.operationId = a.operationId;
    event.refundId = QStringLiteral("re_a");
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId, QStringLiteral("succeeded"),
                                                  a.amountCents, a.currency, a.operationId, a.idempotencyKey,
                                                  *event.created);
    if (!store.addEvent(event))
        return false;
    const QString note = QStringLiteral("INSERT INTO operation_notes (operation_id, text, follow_up_on, operator, "
                                        "recorded_at) VALUES ('%1', '%2', '%3', 'alice', 1700000000000)");
    return store.exec(note.arg(QStringLiteral("op_b"), QStringLiteral("Customer calls back\nafter the weekend"),
                               today.addDays(3).toString(Qt::ISODate)))
        && store.exec(note.arg(QStringLiteral("op_e"), QStringLiteral("Wait a day"),
                               today.addDays(-1).toString(Qt::ISODate)))
        && store.exec(note.arg(QStringLiteral("op_e"), QStringLiteral("Today is the day"),
                               today.toString(Qt::ISODate)));
}

QStringList listed(const QueueModel &model)
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.index(row, 0).data(QueueModel::OperationIdRole).toString();
    ids.sort();
    return ids;
}

} // namespace

class TestQueueViews : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void storeCountsAndModelLists_data() { SqliteAndPgTestStores::addBackendRows(); }
    void storeCountsAndModelLists();
    void consoleShowsViewsWithCounts();

private:
    // The store's location on the backend asked for ("sqlite", "postgresql").
    QString makeStore(const QString &backend, const QDate &today = Today);

    SqliteAndPgTestStores m_stores{QStringLiteral("views")};
};

void TestQueueViews::initTestCase()
{
    QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError()));
}

QString TestQueueViews::makeStore(const QString &backend, const QDate &today)
{
    return m_stores.make(backend, [today](TestStore &store) { return fillStore(store, today); });
}

void TestQueueViews::storeCountsAndModelLists()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend);
    QVERIFY(!location.isEmpty());

    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    auto counts = (*store)->queueCounts(QStringLiteral("alice"), Today);
    QVERIFY2(counts, counts ? "" : qPrintable(counts.error().message));
    QCOMPARE(counts->all, 5);
    QCOMPARE(counts->free, 3);
    QCOMPARE(counts->mine, 1);
    QCOMPARE(counts->waiting, 1);
    QCOMPARE(counts->needsPersonNow(), 4);
    // The day comes: op_b needs a person again by itself.
    QCOMPARE((*store)->queueCounts(QStringLiteral("alice"), Today.addDays(3))->waiting, 0);
    QCOMPARE((*store)->queueCounts(QStringLiteral("bob"), Today)->mine, 1);

    StoreWorker worker;
    QVERIFY(openWorker(worker, location));
    QueueModel model;
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(listed(model), (QStringList{"op_a", "op_b", "op_c", "op_d", "op_e"}));
    // Every row of the whole queue read: the evidence's counts are complete.
    QCOMPARE(model.verdictTally().size(), 5);
    QCOMPARE(model.verdictTally().settled(), 1);
    QCOMPARE(model.verdictTally().withVerdict(QStringLiteral("none")), 4);

    QueueQuery query;
    query.today = Today;
    query.followUp = QueueQuery::FollowUp::NotWaiting;
    model.setQuery(query, QString());
    QVERIFY(waitForWorker(worker));
    QCOMPARE(listed(model), (QStringList{"op_a", "op_c", "op_d", "op_e"}));

    query.followUp = QueueQuery::FollowUp::Waiting;
    model.setQuery(query, QString());
    QVERIFY(waitForWorker(worker));
    QCOMPARE(listed(model), QStringList{"op_b"});

    query.followUp = QueueQuery::FollowUp::Any;
    model.setQuery(query, SettledVerdictFilter);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(listed(model), QStringList{"op_a"});
}

void TestQueueViews::consoleShowsViewsWithCounts()
{
    // The console counts as of the local date: the follow-ups are set from it.
    const QString location = makeStore(QStringLiteral("sqlite"), QDate::currentDate());
    QVERIFY(!location.isEmpty());
    OperatorIdentity identity;
    identity.useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(&identity);
    window->setShowErrorDialogs(false);
    window->openStore(location, false);
    QVERIFY(waitForConsole(*window));
    QueueFilterBar *bar = window->queuePane()->filterBar();
    QComboBox *views = bar->statusBox();
    const auto text = [views, bar](QueueFilterBar::View view) { return views->itemText(views->findData(int(view))); };
    // The store's counts do not depend on the view listed.
    QCOMPARE(bar->view(), QueueFilterBar::View::NeedsPersonNow);
    QTRY_COMPARE(text(QueueFilterBar::View::All), QStringLiteral("All (5)"));
    QCOMPARE(text(QueueFilterBar::View::Mine), QStringLiteral("Mine (1)"));
    QCOMPARE(text(QueueFilterBar::View::Free), QStringLiteral("Free (nobody on it) (3)"));
    // Needs a person now is what alice may take up: op_a, op_e and her op_c; not bob's op_d,
    // not op_b that waits. The view with colleagues' claims keeps op_d.
    QCOMPARE(text(QueueFilterBar::View::NeedsPersonNow), QStringLiteral("Needs a person now (3)"));
    QCOMPARE(text(QueueFilterBar::View::NeedsAnyoneNow),
             QStringLiteral("Needs a person now, colleagues' claims too (4)"));
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 3);
    QVERIFY(waitForConsole(*window));
    QStringList shown;
    for (int row = 0; row < 3; ++row)
        shown << window->queuePane()->model()->index(row, 0).data(QueueModel::OperationIdRole).toString();
    shown.sort();
    QCOMPARE(shown, (QStringList{"op_a", "op_c", "op_e"}));
    // Counted from this view's rows only: a lower bound, said as one.
    QTRY_COMPARE(text(QueueFilterBar::View::Settled), QStringLiteral("Ready to record from evidence (at least 1)"));
    bar->setView(QueueFilterBar::View::NeedsAnyoneNow);
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 4);

    // The whole queue listed: the evidence's counts are complete.
    bar->setView(QueueFilterBar::View::All);
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 5);
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(text(QueueFilterBar::View::Settled), QStringLiteral("Ready to record from evidence (1)"));
    QCOMPARE(text(QueueFilterBar::View::NoEvidence), QStringLiteral("No evidence (4)"));

    // A refresh (as a change elsewhere makes) counts again, in one read.
    const int readsBefore = window->queuePane()->viewCounts()->reads();
    window->refreshNow();
    QVERIFY(waitForConsole(*window));
    QCOMPARE(window->queuePane()->viewCounts()->reads(), readsBefore + 1);

    bar->setView(QueueFilterBar::View::Mine);
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 1);
    QCOMPARE(window->queuePane()->model()->index(0, 0).data(QueueModel::OperationIdRole).toString(),
             QStringLiteral("op_c"));
    bar->setView(QueueFilterBar::View::Settled);
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 1);
    QCOMPARE(window->queuePane()->model()->index(0, 0).data(QueueModel::OperationIdRole).toString(),
             QStringLiteral("op_a"));
    window.reset();
}

QTEST_MAIN(TestQueueViews)
#include "tst_queueviews.moc"
