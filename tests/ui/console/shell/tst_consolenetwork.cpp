// The console over a slow network: a support agent 20 ms or 200 ms (round trip) from the
// PostgreSQL server (a LatencyProxy in between) opens the store, scrolls, filters, selects
// and decides, and the UI thread never waits on the network: every read and write goes
// through a store worker. The proxy hands each answer on only once the UI thread's event
// loop has turned since the answer came, so an answer the UI thread itself waited for
// would never come; the answers that went without a turn, after the proxy's patience, are
// counted, and there are none. Then the server stops answering mid-session: what is on
// screen can still be read, typing still works, and the window picks up where it was once
// the server answers again.

#include "isolatedsettings.h"
#include "latencyproxy.h"
#include "loopticker.h"
#include "pgtestserver.h"
#include "consolewait.h"

#include "demo/demostore.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/deciding/resolvedialog.h"

#include <QAction>
#include <QApplication>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;

namespace {

// Enough for more than one page of the queue (about one operation in fifty needs a person).
constexpr int Operations = 8000;

// Lets the event loop run until `done` or the watchdog (a generous "it finished at all").
template<typename Condition>
bool runUntil(Condition done, int watchdogMs = 120'000)
{
    const QDeadlineTimer watchdog(watchdogMs);
    while (!done()) {
        if (watchdog.hasExpired())
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    return true;
}

// Lets the event loop alone run for `ms`: unlike QTest::qWait, which sleeps the thread
// between turns, so that a stall seen here is the window's own.
void idleFor(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

bool statusBarSays(MainWindow &window, const QString &start)
{
    return window.statusBar()->currentMessage().startsWith(start);
}

} // namespace

class tst_ConsoleNetwork : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void workingOverASlowNetworkNeverBlocksTheWindow_data();
    void workingOverASlowNetworkNeverBlocksTheWindow();
    void aStoreReadOnTheUiThreadIsCounted();

private:
    // The session: open, scroll, filter, select, decide, a silent server; after each phase,
    // no answer went to the window without its loop turning.
    void work(int roundTripMs);

    QTemporaryDir m_settings;
    std::unique_ptr<PgTestServer> m_server;
};

void tst_ConsoleNetwork::initTestCase()
{
    useIsolatedSettings(m_settings.path(), QStringLiteral("tst_consolenetwork"));
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
    QVERIFY2(m_server->createDatabase(QStringLiteral("network")), qPrintable(m_server->lastError()));
    SimulationOptions options;
    options.operations = Operations;
    options.seed = 11;
    options.nowMs = 1'767'225'600'000;
    auto demo = DemoStore::generate(m_server->location(QStringLiteral("network")), options, {});
    QVERIFY2(demo, qPrintable(demo ? QString() : demo.error().message));
}

void tst_ConsoleNetwork::workingOverASlowNetworkNeverBlocksTheWindow_data()
{
    QTest::addColumn<int>("roundTripMs");
    QTest::newRow("20 ms") << 20;
    QTest::newRow("200 ms") << 200;
}

void tst_ConsoleNetwork::workingOverASlowNetworkNeverBlocksTheWindow()
{
    QFETCH(int, roundTripMs);
    work(roundTripMs);
}

// The count sees what it is there for: a store opened on this, the UI, thread through the
// proxy waits for each answer with the loop standing still, and so each answer goes only
// after the proxy's patience, counted.
void tst_ConsoleNetwork::aStoreReadOnTheUiThreadIsCounted()
{
    QVERIFY2(m_server->exec(QStringLiteral("postgres"), QStringLiteral("CREATE DATABASE network_counted TEMPLATE network")),
             qPrintable(m_server->lastError()));
    LoopTicker ticker;
    ticker.start();
    LatencyProxy proxy(m_server->socketPath(), 1);
    proxy.holdAnswersForTurns(ticker.sharedTicks(), 100);
    QVERIFY(proxy.start());
    auto store = StoreFactory::open(proxy.pgLocation(QStringLiteral("network_counted"),
                                                     QString::fromLatin1(PgTestServer::SuperUser)),
                                    Store::OpenMode::ReadOnly);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    QVERIFY2(proxy.answersWithoutATurn() > 0, qPrintable(QString::number(proxy.answersWithoutATurn())));
    QCOMPARE(ticker.ticks(), qint64(0));
    proxy.releaseAnswers();
}

void tst_ConsoleNetwork::work(int roundTripMs)
{
    // A copy of the store for each row: the decision below is made once per store.
    static int copies = 0;
    const QString database = QStringLiteral("network_%1").arg(++copies);
    QVERIFY2(m_server->exec(QStringLiteral("postgres"),
                            QStringLiteral("CREATE DATABASE %1 TEMPLATE network").arg(database)),
             qPrintable(m_server->lastError()));

    // Every answer waits for the UI thread's loop to turn (LatencyProxy::holdAnswersForTurns).
    LoopTicker ticker;
    ticker.start();
    LatencyProxy proxy(m_server->socketPath(), roundTripMs / 2);
    proxy.holdAnswersForTurns(ticker.sharedTicks());
    QVERIFY(proxy.start());
    // After each phase: the answers the UI thread waited for itself, its loop standing still.
    const auto noAnswerWithoutATurn = [&proxy, roundTripMs](const char *phase) {
        qInfo("%d ms round trips: %s; %lld round trips so far, %lld answers without a turn of the UI thread's loop",
              roundTripMs, phase, proxy.roundTrips(), proxy.answersWithoutATurn());
        return proxy.answersWithoutATurn() == 0;
    };

    OperatorIdentity identity;
    MainWindow window(&identity);
    window.setShowErrorDialogs(false);
    window.resize(1366, 768);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QueuePane *queue = window.queuePane();
    QueueModel *model = queue->model();
    QLineEdit *search = queue->filterBar()->searchField();

    // Opening: the connection, the first page with its verdicts and the first panel, all
    // on the worker; the window is up and says what it is doing meanwhile.
    window.openStore(proxy.pgLocation(database, QString::fromLatin1(PgTestServer::SuperUser)), false);
    QVERIFY2(statusBarSays(window, QStringLiteral("Connecting to")), "the status bar did not say it was connecting");
    QVERIFY(waitForConsole(window));
    QVERIFY2(window.hasStore(), qPrintable(window.lastError()));
    QVERIFY(model->rowCount() > 0);
    QVERIFY(!window.panel()->operationId().isEmpty());
    QVERIFY(noAnswerWithoutATurn("opened"));

    // Scrolling to the end, a page at a time, as fast as the window lets it.
    QTableView *view = queue->view();
    QScrollBar *bar = view->verticalScrollBar();
    QVERIFY(runUntil([&] {
        if (!model->canFetchMore({}) && !model->isLoading() && bar->value() == bar->maximum())
            return true;
        bar->setValue(bar->maximum());
        return false;
    }));
    QVERIFY2(model->rowCount() > 100, qPrintable(QString::number(model->rowCount()))); // more than one page
    QVERIFY(noAnswerWithoutATurn("scrolled to the end"));

    // Filtering while typing: the box never waits, and what was typed is what is there.
    QTest::keyClicks(search, QStringLiteral("op_55"));
    QCOMPARE(search->text(), QStringLiteral("op_55"));
    // The filter applies once typing pauses.
    QVERIFY(runUntil([&] {
        return model->query().searchText == QLatin1String("op_55") && window.isIdle() && !model->isLoading();
    }));
    QVERIFY(model->rowCount() > 0);
    for (int row = 0; row < model->rowCount(); ++row)
        QVERIFY(model->index(row, 0).data(QueueModel::OperationIdRole).toString().contains(QLatin1String("op_55")));
    QVERIFY(noAnswerWithoutATurn("filtered"));

    // Selecting: each row's panel comes from the worker; moving on drops what was asked before.
    for (int row = 0; row < std::min(3, model->rowCount()); ++row)
        view->setCurrentIndex(model->index(row, 0));
    const QString chosen = queue->currentOperationId();
    QVERIFY(runUntil([&] { return window.isIdle() && window.panel()->operationId() == chosen; }));
    QVERIFY(noAnswerWithoutATurn("selected"));

    // Deciding op_5521 (its provider says refunded) through the dialog.
    // Found by its id: the queue selects the one match, so the actions act on it.
    search->setText(QStringLiteral("op_5521"));
    QVERIFY(runUntil([&] {
        return model->query().searchText == QLatin1String("op_5521") && window.isIdle() && !model->isLoading()
            && window.panel()->operationId() == QLatin1String("op_5521");
    }));
    QVERIFY(window.actions()->record()->isEnabled());
    window.actions()->record()->trigger();
    ResolveDialog *dialog = nullptr;
    QVERIFY(runUntil([&] { return (dialog = window.findChild<ResolveDialog *>()) != nullptr; }));
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QVERIFY(dialog->recordButton()->isEnabled());
    QTest::mouseClick(dialog->recordButton(), Qt::LeftButton);
    QVERIFY(runUntil([&] { return !window.resolveDialog() && window.isIdle(); }));
    QVERIFY(runUntil([&] { return model->rowOf(QStringLiteral("op_5521")) < 0; }));
    QVERIFY(window.panel()->noticeText().startsWith(QStringLiteral("You recorded refunded")));
    QVERIFY(noAnswerWithoutATurn("decided op_5521"));
    search->clear();
    QVERIFY(runUntil([&] { return model->query().searchText.isEmpty() && window.isIdle() && !model->isLoading(); }));

    // The server stops answering: the window can still be read and typed in.
    const QString shown = window.panel()->operationId();
    proxy.setSilent(true);
    QVERIFY(model->rowCount() > 1);
    const QString next = model->index(1, 0).data(QueueModel::OperationIdRole).toString();
    view->setCurrentIndex(model->index(1, 0));
    QTest::keyClicks(search, QStringLiteral("op_1"));
    idleFor(1500);
    QCOMPARE(search->text(), QStringLiteral("op_1"));
    // What it showed stays, with the read it is waiting for said above it.
    QCOMPARE(window.panel()->operationId(), shown);
    QVERIFY(window.panel()->isShowingLoading());
    QVERIFY(!window.isIdle());
    QVERIFY(noAnswerWithoutATurn("a silent server for 1.5 s"));

    // It answers again: the reads waiting go through, the newest selection wins.
    proxy.setSilent(false);
    QVERIFY(runUntil([&] {
        return model->query().searchText == QLatin1String("op_1") && window.isIdle() && !model->isLoading();
    }));
    QCOMPARE(search->text(), QStringLiteral("op_1"));
    QVERIFY(!window.panel()->isShowingLoading());
    // The newest selection is not among the matches: the panel says so rather than show it.
    QVERIFY(!next.contains(QLatin1String("op_1")));
    QVERIFY2(window.panel()->noticeText().startsWith(next + QStringLiteral(" is not in this view")),
             qPrintable(window.panel()->noticeText()));
    for (int row = 0; row < model->rowCount(); ++row)
        QVERIFY(model->index(row, 0).data(QueueModel::OperationIdRole).toString().contains(QLatin1String("op_1")));

    QVERIFY(noAnswerWithoutATurn("the server back"));
    // Nothing waits for the ticks from here on: closing is not counted.
    proxy.releaseAnswers();
    ticker.stop();
    window.close();
    // Checked with psql only now: running it blocks this thread, and that is no stall of the window's.
    QCOMPARE(m_server->query(database, QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_5521'")),
             QStringLiteral("refunded"));
}

QTEST_MAIN(tst_ConsoleNetwork)
#include "tst_consolenetwork.moc"
