// The console's status bar names the operation unknown the longest and its age (since its
// last attempt's end, as the queue's Age column counts), read with the views' counts; it follows a decision that takes the oldest out, and says nothing of
// an empty queue.

#include "consolewait.h"
#include "teststore.h"

#include "items/queuemodel.h"
#include "items/timetext.h"
#include "ui/console/shell/consolestatusbar.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/queue/queueviewcounts.h"

#include <QDateTime>
#include <QLabel>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Minute = 60'000;
constexpr qint64 Hour = 60 * Minute;
constexpr qint64 Day = 24 * Hour;

Operation created(const QString &id, OperationStatus status, qint64 createdAt)
{
    Operation o = TestStore::operation(id, status, createdAt + Hour);
    o.createdAt = createdAt;
    return o;
}

} // namespace

class tst_OldestInStatus : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void cleanup() { QVERIFY(QApplication::topLevelWidgets().isEmpty()); }
    void statusBarShowsTheOldest();
    void emptyQueueShowsNoOldest();

private:
    QTemporaryDir m_dir;
};

void tst_OldestInStatus::statusBarShowsTheOldest()
{
    const QString path = m_dir.filePath(QStringLiteral("oldest.sqlite"));
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    // Kept open: it writes as the refund tool would while the console watches.
    TestStore store(path);
    QVERIFY2(store.isValid(), qPrintable(store.lastError()));
    // op_b is the oldest of the queue: unknown for 3 days and 2 hours; op_done, older, is
    // decided; op_retried was created before op_b, but its last attempt ended 30 minutes ago:
    // the age counts from then, as the queue's Age column does.
    QVERIFY(store.addOperation(created(QStringLiteral("op_a"), OperationStatus::Unknown, now - Hour)));
    QVERIFY(store.addOperation(created(QStringLiteral("op_b"), OperationStatus::Unknown, now - 3 * Day - 2 * Hour)));
    QVERIFY(store.addOperation(created(QStringLiteral("op_done"), OperationStatus::Refunded, now - 9 * Day)));
    QVERIFY(store.addOperation(created(QStringLiteral("op_retried"), OperationStatus::Unknown, now - 5 * Day)));
    Attempt retried;
    retried.operationId = QStringLiteral("op_retried");
    retried.attemptNo = 1;
    retried.toolCallId = QStringLiteral("toolu_1");
    retried.startedAt = now - 31 * Minute;
    retried.finishedAt = now - 30 * Minute;
    retried.outcome = AttemptOutcome::Timeout;
    QVERIFY(store.addAttempt(retried));
    OperatorIdentity identity;
    identity.useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(&identity);
    window->setShowErrorDialogs(false);
    window->openStore(path, false);
    QVERIFY(waitForConsole(*window));
    QLabel *label = window->consoleStatusBar()->oldestLabel();
    QTRY_VERIFY(label->isVisibleTo(window.get()));
    QCOMPARE(label->text(), QStringLiteral("Oldest: op_b, 3 d 2 h"));
    // The queue's Age says the same of the same row.
    QueueModel *model = window->queuePane()->model();
    QTRY_VERIFY(model->rowOf(QStringLiteral("op_b")) >= 0);
    QTRY_COMPARE(model->index(model->rowOf(QStringLiteral("op_b")), QueueModel::AgeColumn).data().toString(),
                 QStringLiteral("3 d 2 h"));
    QCOMPARE(label->accessibleName(), QStringLiteral("Oldest operation in the queue"));
    QVERIFY(label->toolTip().contains(QLatin1String("op_b")));

    // The oldest leaves the queue (decided elsewhere): the next one is shown once the
    // console reads the queue again.
    QVERIFY(store.exec(QStringLiteral("UPDATE refund_ops SET status = 'refunded', refund_id = 're_b', "
                                      "version = version + 1 WHERE operation_id = 'op_b'")));
    window->refreshNow();
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(label->text(), QStringLiteral("Oldest: op_a, %1").arg(TimeText::span(Hour)));
    QVERIFY(label->text().startsWith(QLatin1String("Oldest: op_a, 1 h")));
    window.reset();
}

void tst_OldestInStatus::emptyQueueShowsNoOldest()
{
    const QString path = m_dir.filePath(QStringLiteral("empty.sqlite"));
    {
        TestStore store(path);
        QVERIFY2(store.isValid(), qPrintable(store.lastError()));
        QVERIFY(store.addOperation(created(QStringLiteral("op_done"), OperationStatus::Refunded,
                                           QDateTime::currentMSecsSinceEpoch() - Day)));
    }
    OperatorIdentity identity;
    identity.useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(&identity);
    window->setShowErrorDialogs(false);
    window->openStore(path, false);
    QVERIFY(waitForConsole(*window));
    QTRY_VERIFY(window->queuePane()->viewCounts()->counts().has_value());
    QCOMPARE(window->queuePane()->viewCounts()->counts()->all, 0);
    QLabel *label = window->consoleStatusBar()->oldestLabel();
    QVERIFY(!label->isVisibleTo(window.get()));
    QVERIFY(label->text().isEmpty());
    window.reset();
}

QTEST_MAIN(tst_OldestInStatus)
#include "tst_oldestinstatus.moc"
