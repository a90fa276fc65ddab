// The panel shows what the queue selects, and the actions act on it alone, on SQLite and on
// PostgreSQL alike: a search that leaves one operation selects it; Return in the search
// goes to the first match; a view that hides the operation shown lets the panel say so and
// takes every action on it away; the status bar's count and oldest are the view's; and a
// message of the moment is never painted over the status bar's own text.

#include "consolewait.h"
#include "isolatedsettings.h"
#include "sqliteandpgteststores.h"
#include "teststore.h"

#include "items/queuemodel.h"
#include "ui/console/shell/consolemenus.h"
#include "ui/console/shell/consolestatusbar.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

constexpr qint64 Day = 24 * 3'600'000;

Operation created(const QString &id, OperationStatus status, qint64 createdAt, const QString &claimant = {})
{
    Operation o = TestStore::operation(id, status, createdAt + 1000);
    o.createdAt = createdAt;
    if (status == OperationStatus::Checking) {
        o.claimedBy = claimant;
        o.claimedAt = createdAt + 1000;
    }
    return o;
}

// The queue, oldest first:
//   op_100  unknown, 9 days, waits for a follow-up: not in Needs a person now
//   op_130  checking by bob (a colleague's claim), 7 days: the oldest that needs a person
//   op_200  unknown, 5 days
//   op_449  unknown, 3 days
//   op_450  unknown, 2 days
bool fillQueue(TestStore &store)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    for (const Operation &o : {created(QStringLiteral("op_100"), OperationStatus::Unknown, now - 9 * Day),
                               created(QStringLiteral("op_130"), OperationStatus::Checking, now - 7 * Day,
                                       QStringLiteral("bob")),
                               created(QStringLiteral("op_200"), OperationStatus::Unknown, now - 5 * Day),
                               created(QStringLiteral("op_449"), OperationStatus::Unknown, now - 3 * Day),
                               created(QStringLiteral("op_450"), OperationStatus::Unknown, now - 2 * Day)}) {
        if (!store.addOperation(o))
            return false;
    }
    return store.exec(QStringLiteral("INSERT INTO operation_notes (operation_id, text, follow_up_on, operator, "
                                     "recorded_at) VALUES ('op_100', 'Customer calls back', '%1', 'alice', %2)")
                          .arg(QDate::currentDate().addDays(4).toString(Qt::ISODate))
                          .arg(now - Day));
}

// "Queue: 4 operations", in the plural forms of the language in force.
QString queueCount(int operations)
{
    return QStringLiteral("Queue: ") + QueuePane::tr("%Ln operation(s)", nullptr, operations);
}

QAction *askStripe(MainWindow &window)
{
    return window.findChild<QAction *>(QStringLiteral("askStripeAction"));
}

} // namespace

class tst_QueueSelection : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup() { QVERIFY(QApplication::topLevelWidgets().isEmpty()); }

    void searchSelectsTheOnlyMatch_data() { SqliteAndPgTestStores::addBackendRows(); }
    void searchSelectsTheOnlyMatch();
    void returnGoesToTheFirstMatch_data() { SqliteAndPgTestStores::addBackendRows(); }
    void returnGoesToTheFirstMatch();
    void hiddenOperationIsOutOfReach_data() { SqliteAndPgTestStores::addBackendRows(); }
    void hiddenOperationIsOutOfReach();
    void statusBarSpeaksOfTheView_data() { SqliteAndPgTestStores::addBackendRows(); }
    void statusBarSpeaksOfTheView();
    void messageIsNeverPaintedOverTheStatusText();

private:
    // A console on a new store of `backend`, shown at 1366 × 768, op_130 in the panel.
    std::unique_ptr<MainWindow> openWindow(const QString &backend);

    QTemporaryDir m_settings;
    SqliteAndPgTestStores m_stores{QStringLiteral("selection")};
    OperatorIdentity m_identity;
};

void tst_QueueSelection::initTestCase()
{
    useIsolatedSettings(m_settings.path(), QStringLiteral("tst_queueselection"));
    QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError()));
    m_identity.useForThisRun(QStringLiteral("alice"));
}

std::unique_ptr<MainWindow> tst_QueueSelection::openWindow(const QString &backend)
{
    const QString location = m_stores.make(backend, fillQueue);
    if (location.isEmpty())
        return nullptr;
    auto window = std::make_unique<MainWindow>(&m_identity);
    window->setShowErrorDialogs(false);
    window->resize(1366, 768);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()) || !openInConsole(*window, location))
        return nullptr;
    // op_130 is bob's: listed in the view with colleagues' claims (the default view lists
    // what the person may take up).
    window->queuePane()->filterBar()->setView(QueueFilterBar::View::NeedsAnyoneNow);
    if (!waitForConsole(*window) || !showAndWait(*window, QStringLiteral("op_130")))
        return nullptr;
    return window;
}

void tst_QueueSelection::searchSelectsTheOnlyMatch()
{
    QFETCH(QString, backend);
    auto window = openWindow(backend);
    QVERIFY(window);
    QueuePane *queue = window->queuePane();
    QCOMPARE(queue->currentOperationId(), QStringLiteral("op_130"));

    // Typed, not even confirmed: the search leaves op_449 alone, and the panel follows.
    QTest::keyClick(window.get(), Qt::Key_F, Qt::ControlModifier);
    QLineEdit *search = queue->filterBar()->searchField();
    QTRY_VERIFY(search->hasFocus());
    QTest::keyClicks(search, QStringLiteral("op_449"));
    QTRY_COMPARE(queue->model()->rowCount(), 1);
    QVERIFY(waitForConsole(*window));
    QCOMPARE(queue->currentOperationId(), QStringLiteral("op_449"));
    QTRY_COMPARE(window->panel()->operationId(), QStringLiteral("op_449"));
    QCOMPARE(window->currentOperation()->operation.operationId, QStringLiteral("op_449"));
    // The actions are op_449's: unknown, so it may be claimed; nobody holds it to take over.
    QVERIFY(window->actions()->claim()->isEnabled());
    QVERIFY(!window->actions()->takeOver()->isEnabled());
    QVERIFY(askStripe(*window)->isEnabled());
    // The typing stays where it was: the person may go on typing.
    QVERIFY(search->hasFocus());
    window.reset();
}

void tst_QueueSelection::returnGoesToTheFirstMatch()
{
    QFETCH(QString, backend);
    auto window = openWindow(backend);
    QVERIFY(window);
    QueuePane *queue = window->queuePane();
    // Return right after typing, before the search's rows come: the first of them is meant.
    QTest::keyClick(window.get(), Qt::Key_F, Qt::ControlModifier);
    QLineEdit *search = queue->filterBar()->searchField();
    QTRY_VERIFY(search->hasFocus());
    QTest::keyClicks(search, QStringLiteral("op_4"));
    QTest::keyClick(search, Qt::Key_Return);
    QVERIFY(waitForConsole(*window));
    QCOMPARE(queue->model()->rowCount(), 2);
    QCOMPARE(queue->currentOperationId(), QStringLiteral("op_449"));
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_449"));
    QVERIFY(queue->view()->hasFocus());
    QCOMPARE(queue->selectedOperationIds(), QStringList{QStringLiteral("op_449")});

    // Return again, the rows already there: the first match, wherever the person was.
    QTest::keyClick(queue->view(), Qt::Key_Down);
    QTRY_COMPARE(window->panel()->operationId(), QStringLiteral("op_450"));
    QVERIFY(waitForConsole(*window));
    search->setFocus();
    QTest::keyClick(search, Qt::Key_Return);
    QVERIFY(waitForConsole(*window));
    QCOMPARE(queue->currentOperationId(), QStringLiteral("op_449"));
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_449"));
    QVERIFY(queue->view()->hasFocus());
    window.reset();
}

void tst_QueueSelection::hiddenOperationIsOutOfReach()
{
    QFETCH(QString, backend);
    auto window = openWindow(backend);
    QVERIFY(window);
    QueuePane *queue = window->queuePane();
    OperationActions *actions = window->actions();
    // op_130 is bob's: it may be taken over, and Stripe asked about it.
    QVERIFY(actions->takeOver()->isEnabled());
    QVERIFY(askStripe(*window)->isEnabled());

    // Free hides op_130 and leaves four: none is chosen for the person.
    queue->filterBar()->setView(QueueFilterBar::View::Free);
    QTRY_COMPARE(queue->model()->rowCount(), 4);
    QVERIFY(waitForConsole(*window));
    QVERIFY(queue->currentOperationId().isEmpty());
    QVERIFY(!window->panel()->snapshot());
    QCOMPARE(window->panel()->noticeText(),
             QStringLiteral("op_130 is not in this view of the queue. Pick an operation in the queue (Ctrl+1), or "
                            "change the search or the view to see op_130 again."));
    QVERIFY(!window->currentOperation());
    for (QAction *action : actions->all())
        QVERIFY2(!action->isEnabled(), qPrintable(action->objectName()));
    QVERIFY(!askStripe(*window)->isEnabled());
    // The shortcuts reach nothing: no dialog, no claim, no question to Stripe.
    QTest::keyClick(window.get(), Qt::Key_K, Qt::ControlModifier);
    QTest::keyClick(window.get(), Qt::Key_M, Qt::ControlModifier);
    QTest::keyClick(window.get(), Qt::Key_R, Qt::ControlModifier);
    QVERIFY(waitForConsole(*window));
    QVERIFY(!window->resolveDialog());
    QVERIFY(!window->panel()->snapshot());
    QVERIFY(!window->findChild<QWidget *>(QStringLiteral("askStripeStatus"))->isVisible());

    // The person picks a row: the panel and the actions are that row's.
    queue->focusList();
    QVERIFY(waitForConsole(*window));
    const QString first = queue->currentOperationId();
    QCOMPARE(first, QStringLiteral("op_100"));
    QTRY_COMPARE(window->panel()->operationId(), first);
    QVERIFY(waitForConsole(*window));
    QVERIFY(actions->claim()->isEnabled());
    QVERIFY(askStripe(*window)->isEnabled());

    // Back to every operation: op_100 is still listed, and still the one shown.
    queue->filterBar()->setView(QueueFilterBar::View::All);
    QTRY_COMPARE(queue->model()->rowCount(), 5);
    QVERIFY(waitForConsole(*window));
    QCOMPARE(queue->currentOperationId(), QStringLiteral("op_100"));
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_100"));
    QVERIFY(actions->claim()->isEnabled());

    // A search that finds nothing: nothing to act on, the batch included.
    QTest::keyClicks(queue->filterBar()->searchField(), QStringLiteral("nothing like it"));
    QTRY_COMPARE(queue->model()->rowCount(), 0);
    QVERIFY(waitForConsole(*window));
    QVERIFY(!window->currentOperation());
    QVERIFY(!actions->claim()->isEnabled());
    QVERIFY(!askStripe(*window)->isEnabled());
    QVERIFY(!window->menus()->batchAction()->isEnabled());
    QVERIFY(window->panel()->noticeText().startsWith(QLatin1String("op_100 is not in this view")));
    window.reset();
}

void tst_QueueSelection::statusBarSpeaksOfTheView()
{
    QFETCH(QString, backend);
    auto window = openWindow(backend);
    QVERIFY(window);
    auto *count = window->findChild<QLabel *>(QStringLiteral("countLabel"));
    QLabel *oldest = window->consoleStatusBar()->oldestLabel();
    QVERIFY(count && oldest);
    // Needs a person now: op_100 waits for its follow-up, so op_130 is the view's oldest.
    QTRY_COMPARE(count->text(), queueCount(4));
    QTRY_VERIFY(oldest->text().startsWith(QLatin1String("Oldest: op_130, 7 d")));
    QVERIFY(oldest->isVisible());

    QueuePane *queue = window->queuePane();
    QTest::keyClicks(queue->filterBar()->searchField(), QStringLiteral("op_449"));
    QTRY_COMPARE(queue->model()->rowCount(), 1);
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(count->text(), queueCount(1));
    QTRY_VERIFY(oldest->text().startsWith(QLatin1String("Oldest: op_449, 3 d")));
    QVERIFY(oldest->toolTip().contains(QLatin1String("op_449")));

    // Every view, the search cleared: op_100 is listed again, and the oldest of them.
    queue->filterBar()->searchField()->clear();
    queue->filterBar()->setView(QueueFilterBar::View::All);
    QTRY_COMPARE(queue->model()->rowCount(), 5);
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(count->text(), queueCount(5));
    QTRY_VERIFY(oldest->text().startsWith(QLatin1String("Oldest: op_100, 9 d")));

    // A view of the evidence, which the store cannot count: what is listed, and no oldest
    // that the view might hide.
    queue->filterBar()->setView(QueueFilterBar::View::NoEvidence);
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(queue->model()->rowCount(), 5);
    QTRY_VERIFY(!oldest->isVisible());
    QCOMPARE(count->text(), queueCount(5));

    // Mine: nobody here holds anything, so the view has no oldest to name.
    queue->filterBar()->setView(QueueFilterBar::View::Mine);
    QTRY_COMPARE(queue->model()->rowCount(), 0);
    QVERIFY(waitForConsole(*window));
    QTRY_COMPARE(count->text(), queueCount(0));
    QTRY_VERIFY(!oldest->isVisible());
    window.reset();
}

void tst_QueueSelection::messageIsNeverPaintedOverTheStatusText()
{
    auto window = openWindow(QStringLiteral("sqlite"));
    QVERIFY(window);
    QStatusBar *bar = window->statusBar();
    QLabel *oldest = window->consoleStatusBar()->oldestLabel();
    auto *count = window->findChild<QLabel *>(QStringLiteral("countLabel"));
    QTRY_VERIFY(oldest->isVisible());
    const QString message = QStringLiteral("Note added. Nothing was decided.");
    bar->showMessage(message, 60'000);
    // The counts are read again while the message is up, and the oldest changes with the
    // view: the label that shows it must not come up under the message.
    window->queuePane()->filterBar()->setView(QueueFilterBar::View::All);
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 5);
    QVERIFY(waitForConsole(*window));
    QTRY_VERIFY(oldest->text().startsWith(QLatin1String("Oldest: op_100")));
    QCOMPARE(bar->currentMessage(), message);

    // The status bar paints its message from its left edge up to its first permanent
    // widget shown: nothing shown may lie within the message's own width.
    const int messageEnd = 6 + bar->fontMetrics().horizontalAdvance(message);
    int permanentStart = bar->width();
    const QList<QLabel *> labels = bar->findChildren<QLabel *>();
    QVERIFY(!labels.isEmpty());
    for (QLabel *label : labels) {
        if (!label->isVisible() || label->width() == 0)
            continue;
        QVERIFY2(label->x() > messageEnd,
                 qPrintable(QStringLiteral("%1 at %2 under the message up to %3")
                                .arg(label->objectName())
                                .arg(label->x())
                                .arg(messageEnd)));
        permanentStart = qMin(permanentStart, label->x());
    }
    // The message has room of its own, whole, and the view's count and oldest stay in view.
    QVERIFY(messageEnd < permanentStart - 2);
    QVERIFY(count->isVisible());
    QVERIFY(oldest->isVisible());
    QVERIFY(!count->geometry().intersects(oldest->geometry()));
    // The operator's name gave the message its place, and comes back after it.
    auto *operatorLabel = window->findChild<QLabel *>(QStringLiteral("operatorLabel"));
    QVERIFY(!operatorLabel->isVisible());
    bar->clearMessage();
    QTRY_VERIFY(operatorLabel->isVisible());
    QVERIFY(operatorLabel->geometry().right() < count->x());
    window.reset();
}

QTEST_MAIN(tst_QueueSelection)
#include "tst_queueselection.moc"
