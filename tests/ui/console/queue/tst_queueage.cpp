// The queue's age against the store's target: the age counts from the moment the
// operation became unknown (its last attempt's end), and past store_meta's
// queue_target_hours (24 unless set) the row is marked overdue by an icon in its age, the
// word in the age's tooltip and in what a screen reader hears; on SQLite and on PostgreSQL.
#include "sqliteandpgteststores.h"
#include "teststore.h"
#include "workerwait.h"

#include "items/queuemodel.h"
#include "store/store.h"
#include "store/storefacts.h"
#include "store/storeworker.h"
#include "ui/common/tonedelegate.h"
#include "ui/console/queue/queuepane.h"

#include <QTableView>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Now = 1'800'000'000'000;
constexpr qint64 Minute = 60'000;
constexpr qint64 Hour = 60 * Minute;

// op_fresh: its last attempt ended 30 min ago; op_old: 3 h ago (created two days ago: the
// age is not counted from creation); op_bare: no attempt, created 90 min ago.
bool fillStore(TestStore &store, const QString &target)
{
    const auto add = [&store](const QString &id, qint64 createdAt, std::optional<qint64> lastEnd) {
        Operation operation = TestStore::operation(id, OperationStatus::Unknown, Now - 5 * Minute);
        operation.createdAt = createdAt;
        if (!store.addOperation(operation))
            return false;
        if (!lastEnd)
            return true;
        for (int number = 1; number <= 2; ++number) {
            Attempt attempt;
            attempt.operationId = id;
            attempt.attemptNo = number;
            attempt.toolCallId = QStringLiteral("toolu_%1").arg(number);
            attempt.startedAt = *lastEnd - (3 - number) * Minute;
            attempt.finishedAt = *lastEnd - (2 - number) * Minute;
            attempt.outcome = AttemptOutcome::Timeout;
            if (!store.addAttempt(attempt))
                return false;
        }
        return true;
    };
    if (!add(QStringLiteral("op_fresh"), Now - 40 * Minute, Now - 30 * Minute)
        || !add(QStringLiteral("op_old"), Now - 48 * Hour, Now - 3 * Hour)
        || !add(QStringLiteral("op_bare"), Now - 90 * Minute, std::nullopt))
        return false;
    return target.isNull()
        || store.exec(QStringLiteral("INSERT INTO store_meta (key, value) VALUES ('queue_target_hours', '%1')").arg(target));
}

} // namespace

class TestQueueAge : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void targetReadWithFacts_data();
    void targetReadWithFacts();
    void overdueRowsMarked_data() { SqliteAndPgTestStores::addBackendRows(); }
    void overdueRowsMarked();
    void paneShowsTheIcon();

private:
    QString makeStore(const QString &backend, const QString &target);

    SqliteAndPgTestStores m_stores{QStringLiteral("age")};
};

void TestQueueAge::initTestCase()
{
    QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError()));
}

QString TestQueueAge::makeStore(const QString &backend, const QString &target)
{
    return m_stores.make(backend, [&target](TestStore &store) { return fillStore(store, target); });
}

void TestQueueAge::targetReadWithFacts_data()
{
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("stored");
    QTest::addColumn<int>("hours");
    QTest::addColumn<bool>("logged");
    for (const char *backend : {"sqlite", "postgresql"}) {
        const QString name = QString::fromLatin1(backend);
        QTest::addRow("%s, unset", backend) << name << QString() << 24 << false;
        QTest::addRow("%s, 1", backend) << name << QStringLiteral("1") << 1 << false;
        QTest::addRow("%s, 48", backend) << name << QStringLiteral("48") << 48 << false;
        QTest::addRow("%s, not a number", backend) << name << QStringLiteral("a day") << 24 << true;
        QTest::addRow("%s, zero", backend) << name << QStringLiteral("0") << 24 << true;
    }
}

// Read once with the store's facts; a bad value counts as 24 and says so in the log.
void TestQueueAge::targetReadWithFacts()
{
    QFETCH(QString, backend);
    QFETCH(QString, stored);
    QFETCH(int, hours);
    QFETCH(bool, logged);
    const QString location = makeStore(backend, stored);
    QVERIFY(!location.isEmpty());
    auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    if (logged)
        QTest::ignoreMessage(QtWarningMsg, QRegularExpression(QStringLiteral("queue_target_hours .*24 hours")));
    const StoreFacts facts = StoreFacts::of(**store);
    QCOMPARE(facts.queueTargetHours, hours);
    QCOMPARE(facts.keyRetentionHours, 24);
}

// queue_target_hours = 1: the row unknown for 3 h is overdue (its age's words, its
// sentence, OverdueRole), the 30 min one is not; the age counts from the last attempt.
void TestQueueAge::overdueRowsMarked()
{
    QFETCH(QString, backend);
    const QString location = makeStore(backend, QStringLiteral("1"));
    QVERIFY(!location.isEmpty());
    StoreWorker worker;
    StoreFacts facts;
    QString error;
    QVERIFY2(openWorker(worker, location, Store::OpenMode::ReadOnly, &error, &facts), qPrintable(error));
    QCOMPARE(facts.queueTargetHours, 1);
    QueueModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setClock([] { return Now; });
    model.setQueueTargetHours(facts.queueTargetHours);
    model.setStore(&worker, facts.keyRetentionHours);
    QVERIFY(waitForWorker(worker));
    QCOMPARE(model.rowCount(), 3);
    const auto index = [&model](const char *id, int column) {
        return model.index(model.rowOf(QString::fromLatin1(id)), column);
    };
    // The cell shows the span; the icon (OverdueRole) marks it, and the word is in what a
    // screen reader hears of the cell and of the row, and in the tooltip.
    QCOMPARE(index("op_old", QueueModel::AgeColumn).data().toString(), QStringLiteral("3 h 00 m"));
    QCOMPARE(index("op_old", QueueModel::AgeColumn).data(Qt::AccessibleTextRole).toString(),
             QStringLiteral("3 h 00 m · overdue"));
    QVERIFY(index("op_old", 0).data(QueueModel::OverdueRole).toBool());
    const QString sentence = index("op_old", 0).data(Qt::AccessibleDescriptionRole).toString();
    QVERIFY2(sentence.contains(QStringLiteral(", 3 h 00 m · overdue, ")), qPrintable(sentence));
    QVERIFY(index("op_old", QueueModel::AgeColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Overdue")));

    QCOMPARE(index("op_fresh", QueueModel::AgeColumn).data().toString(), QStringLiteral("30 min"));
    QCOMPARE(index("op_fresh", QueueModel::AgeColumn).data(Qt::AccessibleTextRole).toString(), QStringLiteral("30 min"));
    QVERIFY(!index("op_fresh", QueueModel::AgeColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Overdue")));
    QVERIFY(!index("op_fresh", 0).data(QueueModel::OverdueRole).toBool());
    QVERIFY(!index("op_fresh", 0).data(Qt::AccessibleDescriptionRole).toString().contains(QStringLiteral("overdue")));
    // Without an attempt, from its creation.
    QCOMPARE(index("op_bare", QueueModel::AgeColumn).data().toString(), QStringLiteral("1 h 30 m"));
    QCOMPARE(index("op_bare", QueueModel::AgeColumn).data(Qt::AccessibleTextRole).toString(),
             QStringLiteral("1 h 30 m · overdue"));

    // With the default target nothing of these is overdue.
    model.setQueueTargetHours(24);
    QCOMPARE(index("op_old", QueueModel::AgeColumn).data(Qt::AccessibleTextRole).toString(), QStringLiteral("3 h 00 m"));
    QVERIFY(!index("op_old", 0).data(QueueModel::OverdueRole).toBool());
}

// The console's queue: the overdue age shows the warning icon before its span.
void TestQueueAge::paneShowsTheIcon()
{
    const QString location = makeStore(QStringLiteral("sqlite"), QStringLiteral("1"));
    QVERIFY(!location.isEmpty());
    StoreWorker worker;
    QVERIFY(openWorker(worker, location));
    QueuePane pane;
    pane.model()->setClock([] { return Now; });
    pane.setStore(&worker, 24, 1);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QVERIFY(waitForWorker(worker));
    QTRY_COMPARE(pane.model()->rowCount(), 3);
    auto *delegate = qobject_cast<ToneDelegate *>(pane.view()->itemDelegate());
    QVERIFY(delegate);
    const auto age = [&pane](const char *id) {
        return pane.model()->index(pane.model()->rowOf(QString::fromLatin1(id)), QueueModel::AgeColumn);
    };
    QTRY_VERIFY(age("op_old").data(QueueModel::OverdueRole).toBool());
    QVERIFY(!delegate->iconOf(age("op_old")).isNull());
    QVERIFY(delegate->iconOf(age("op_fresh")).isNull());
    QCOMPARE(age("op_old").data().toString(), QStringLiteral("3 h 00 m"));
    // Not elsewhere in the row.
    QVERIFY(delegate->iconOf(pane.model()->index(age("op_old").row(), QueueModel::OperationColumn)).isNull());
}

QTEST_MAIN(TestQueueAge)
#include "tst_queueage.moc"
