// What a Waiting row shows: the follow-up day and the first line of the note that set it,
// read with the queue's page in the same statement on SQLite and on PostgreSQL; and the
// row comes back to Needs a person now by itself on the day, in a console left open past
// midnight too.

#include "consolewait.h"
#include "sqliteandpgteststores.h"
#include "teststore.h"
#include "workerwait.h"

#include "items/queuemodel.h"
#include "store/store.h"
#include "store/storeworker.h"
#include "ui/console/shell/daywatch.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/queue/queueviewcounts.h"

#include <QSignalSpy>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

const QDate Today(2026, 12, 4);

// op_a: a note without a follow-up day; op_b: one note, its day tomorrow; op_c: two notes,
// the later one asking for an earlier day (the row waits until the latest day of all).
bool fillStore(TestStore &store)
{
    for (const char *id : {"op_a", "op_b", "op_c"}) {
        if (!store.addOperation(TestStore::operation(QString::fromLatin1(id))))
            return false;
    }
    const QString note = QStringLiteral("INSERT INTO operation_notes (operation_id, text, follow_up_on, operator, "
                                        "recorded_at) VALUES ('%1', '%2', %3, 'alice', 1700000000000)");
    const auto day = [](int days) { return u'\'' + Today.addDays(days).toString(Qt::ISODate) + u'\''; };
    return store.exec(note.arg(QStringLiteral("op_a"), QStringLiteral("Looked at it"), QStringLiteral("NULL")))
        && store.exec(note.arg(QStringLiteral("op_b"),
                               QStringLiteral("  Asked Stripe support, case 12345\nThey answer within two days"),
                               day(1)))
        && store.exec(note.arg(QStringLiteral("op_c"), QStringLiteral("Customer is travelling"), day(5)))
        && store.exec(note.arg(QStringLiteral("op_c"), QStringLiteral("Stripe answered"), day(2)));
}

QStringList listed(const QueueModel &model)
{
    QStringList ids;
    for (int row = 0; row < model.rowCount(); ++row)
        ids << model.index(row, 0).data(QueueModel::OperationIdRole).toString();
    ids.sort();
    return ids;
}

QString cell(const QueueModel &model, const QString &operationId, int column, int role = Qt::DisplayRole)
{
    return model.index(model.rowOf(operationId), column).data(role).toString();
}

} // namespace

class TestQueueFollowUp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void pageCarriesFollowUp_data() { SqliteAndPgTestStores::addBackendRows(); }
    void pageCarriesFollowUp();
    void rowsShowFollowUp_data() { SqliteAndPgTestStores::addBackendRows(); }
    void rowsShowFollowUp();
    void dayWatchFiresAtMidnight();
    void consoleLeftOpenPastMidnight();

private:
    QString makeStore(const QString &backend) { return m_stores.make(backend, fillStore); }

    SqliteAndPgTestStores m_stores{QStringLiteral("followup")};
};

void TestQueueFollowUp::initTestCase()
{
    QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError()));
}

// The store's page: each row with the day it waits for and that note, whatever the view.
void TestQueueFollowUp::pageCarriesFollowUp()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));

    QueueQuery query;
    query.today = Today;
    query.sortKey = QueueQuery::SortKey::OperationId;
    for (auto view : {QueueQuery::FollowUp::Any, QueueQuery::FollowUp::Waiting}) {
        query.followUp = view;
        auto reading = (*store)->queuePageWithEvents(query, std::nullopt, 10);
        QVERIFY2(reading, reading ? "" : qPrintable(reading.error().message));
        QCOMPARE(reading->details.size(), reading->operations.size());
        QStringList seen;
        for (size_t i = 0; i < reading->operations.size(); ++i) {
            const QString id = reading->operations[i].operationId;
            const auto &followUp = reading->details[i].followUp;
            seen << id;
            if (id == QLatin1String("op_a")) {
                QVERIFY(!followUp);
            } else if (id == QLatin1String("op_b")) {
                QVERIFY(followUp);
                QCOMPARE(followUp->day, Today.addDays(1));
                QCOMPARE(followUp->note, QStringLiteral("  Asked Stripe support, case 12345\nThey answer within two days"));
            } else {
                QVERIFY(followUp);
                QCOMPARE(followUp->day, Today.addDays(5));
                QCOMPARE(followUp->note, QStringLiteral("Customer is travelling"));
            }
        }
        QCOMPARE(seen, view == QueueQuery::FollowUp::Any ? (QStringList{"op_a", "op_b", "op_c"})
                                                          : (QStringList{"op_b", "op_c"}));
    }
    // queueRows() gives the same without the events.
    query.followUp = QueueQuery::FollowUp::Any;
    auto rows = (*store)->queueRows(query, std::nullopt, 10);
    QVERIFY(rows);
    QCOMPARE(rows->operations.size(), size_t(3));
    QCOMPARE(rows->details.size(), size_t(3));
    QCOMPARE(rows->details[1].followUp->day, Today.addDays(1));

    // On the day: nothing waits for tomorrow any more; op_c still waits for its latest day.
    query.today = Today.addDays(1);
    auto next = (*store)->queueRows(query, std::nullopt, 10);
    QVERIFY(next);
    QVERIFY(!next->details[1].followUp);
    QCOMPARE(next->details[2].followUp->day, Today.addDays(5));
    QCOMPARE(next->details[2].followUp->note, QStringLiteral("Customer is travelling"));
}

// The queue model: the row reads "Waiting until 5 Dec — …" in its Follow-up column and in
// its sentence; in Waiting, not in Needs a person now; and back on the day.
void TestQueueFollowUp::rowsShowFollowUp()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend);
    QVERIFY(!location.isEmpty());
    StoreWorker worker;
    QVERIFY(openWorker(worker, location));
    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setClock([] { return QDateTime(Today, QTime(9, 0)).toMSecsSinceEpoch(); });
    QueueQuery query;
    query.today = Today;
    query.followUp = QueueQuery::FollowUp::Waiting;
    model.setQuery(query);
    model.setStore(&worker);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(listed(model), (QStringList{"op_b", "op_c"}));
    const QString waiting = QStringLiteral("Waiting until 5 Dec — Asked Stripe support, case 12345");
    QCOMPARE(cell(model, QStringLiteral("op_b"), QueueModel::FollowUpColumn), waiting);
    QCOMPARE(cell(model, QStringLiteral("op_c"), QueueModel::FollowUpColumn),
             QStringLiteral("Waiting until 9 Dec — Customer is travelling"));
    const QString sentence = cell(model, QStringLiteral("op_b"), 0, Qt::AccessibleDescriptionRole);
    QVERIFY2(sentence.endsWith(QStringLiteral(", ") + waiting), qPrintable(sentence));
    // The tooltip holds the whole note.
    QVERIFY(cell(model, QStringLiteral("op_b"), QueueModel::FollowUpColumn, Qt::ToolTipRole)
                .contains(QStringLiteral("They answer within two days")));

    query.followUp = QueueQuery::FollowUp::NotWaiting;
    model.setQuery(query);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(listed(model), QStringList{"op_a"});
    QVERIFY(cell(model, QStringLiteral("op_a"), QueueModel::FollowUpColumn).isEmpty());
    QVERIFY(!cell(model, QStringLiteral("op_a"), 0, Qt::AccessibleDescriptionRole).contains(QStringLiteral("Waiting")));

    // The day comes: op_b needs a person again, and says nothing of waiting.
    model.setToday(Today.addDays(1));
    QVERIFY(waitForWorker(worker));
    QTRY_COMPARE(listed(model), (QStringList{"op_a", "op_b"}));
    QVERIFY(waitForWorker(worker));
    QTRY_VERIFY(model.operationAt(model.rowOf(QStringLiteral("op_b"))) != nullptr);
    QVERIFY(cell(model, QStringLiteral("op_b"), QueueModel::FollowUpColumn).isEmpty());
}

// The timer is set for the next local midnight and fires after it, once.
void TestQueueFollowUp::dayWatchFiresAtMidnight()
{
    QDateTime now(Today, QTime(23, 59, 59, 500));
    DayWatch watch;
    watch.setClock([&now] { return now; });
    QCOMPARE(watch.today(), Today);
    QVERIFY2(watch.remainingMs() > 0 && watch.remainingMs() <= 1500, qPrintable(QString::number(watch.remainingMs())));
    QSignalSpy changed(&watch, &DayWatch::dayChanged);
    now = QDateTime(Today.addDays(1), QTime(0, 0, 1));
    QTRY_COMPARE(changed.size(), 1);
    QCOMPARE(changed.first().first().toDate(), Today.addDays(1));
    QCOMPARE(watch.today(), Today.addDays(1));
    // Set again for the midnight after, at most an hour away (then looked at again); a
    // coarse timer may be moved by up to 5 %.
    QVERIFY2(watch.remainingMs() > 1500 && watch.remainingMs() <= 3'780'000, qPrintable(QString::number(watch.remainingMs())));
    QCOMPARE(changed.size(), 1);
}

// A console open on the day before: op_b waits; past midnight it is back in Needs a person
// now, and the views' counts follow, with no change in the store.
void TestQueueFollowUp::consoleLeftOpenPastMidnight()
{
    const QString location = makeStore(QStringLiteral("sqlite"));
    QVERIFY(!location.isEmpty());
    OperatorIdentity identity;
    identity.useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(&identity);
    window->setShowErrorDialogs(false);
    QDateTime now(Today, QTime(23, 59, 59, 500));
    DayWatch *watch = window->queuePane()->dayWatch();
    watch->setClock([&now] { return now; });
    QVERIFY(openInConsole(*window, location));
    QueueModel *model = window->queuePane()->model();
    QCOMPARE(window->queuePane()->filterBar()->view(), QueueFilterBar::View::NeedsPersonNow);
    QTRY_COMPARE(listed(*model), QStringList{"op_a"});
    QTRY_VERIFY(window->queuePane()->viewCounts()->counts().has_value());
    QCOMPARE(window->queuePane()->viewCounts()->counts()->waiting, 2);

    now = QDateTime(Today.addDays(1), QTime(0, 0, 1));
    QTRY_COMPARE(watch->today(), Today.addDays(1));
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(listed(*model), (QStringList{"op_a", "op_b"}));
    QTRY_COMPARE(window->queuePane()->viewCounts()->counts()->waiting, 1);
    window.reset();
}

QTEST_MAIN(TestQueueFollowUp)
#include "tst_queuefollowup.moc"
