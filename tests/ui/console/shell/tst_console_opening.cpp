// Opening a store in the console: read-only and snapshot stores, a store that is not one,
// the first picture painted whole, the demo store built off the UI thread.

#include "tst_console.h"

namespace {

class PaintCounter final : public QWidget
{
public:
    int paints = 0;

protected:
    void paintEvent(QPaintEvent *) override { ++paints; }
};

} // namespace

void TestConsole::readOnlyOffersNoWrite()
{
    auto window = openWindow(QStringLiteral("alice"), true);
    QVERIFY(window);
    QVERIFY(window->readOnlyBanner()->isVisible());
    QVERIFY(window->readOnlyBanner()->text().startsWith(QStringLiteral("Read-only")));
    // Saying something, the banner is a stop for Tab again (it is none while empty).
    QVERIFY(window->readOnlyBanner()->focusPolicy() & Qt::TabFocus);
    // Open beside the fixture's connection, it reads live, and the status bar says so.
    QCOMPARE(window->storeFacts()->freshness, Store::Freshness::Live);
    auto *live = window->findChild<QLabel *>(QStringLiteral("liveLabel"));
    QVERIFY(live);
    QCOMPARE(live->text(), QStringLiteral("Live"));
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521")));
    keepPicture(window.get(), QStringLiteral("read-only"));
    // A banner follows a switch of theme like the rest of the window.
    const QString lightStyle = window->readOnlyBanner()->styleSheet();
    Theme::apply(Theme::Choice::Dark);
    QTRY_COMPARE(window->readOnlyBanner()->styleSheet(),
                 Theme::bannerStyle(Theme::Tone::Warning, QApplication::palette()));
    QVERIFY(window->readOnlyBanner()->styleSheet() != lightStyle);
    Theme::apply(Theme::Choice::Light);
    QTRY_COMPARE(window->readOnlyBanner()->styleSheet(), lightStyle);
    Theme::apply(Theme::Choice::System);
    for (QAction *action : window->actions()->writes()) {
        QVERIFY2(!action->isVisible(), qPrintable(action->text()));
        QVERIFY2(!action->isEnabled(), qPrintable(action->text()));
    }
    QVERIFY(window->actions()->copyReply()->isEnabled());
    int visibleButtons = 0;
    for (QToolButton *button : window->panel()->findChildren<QToolButton *>()) {
        if (window->actions()->writes().contains(button->defaultAction()))
            QVERIFY2(!button->isVisible(), qPrintable(button->text()));
        else if (button->defaultAction() == window->actions()->copyReply())
            visibleButtons += button->isVisible() ? 1 : 0;
    }
    QCOMPARE(visibleButtons, 1);
    QTest::keyClick(window->queuePane()->view(), Qt::Key_M, Qt::ControlModifier);
    QTest::keyClick(window->queuePane()->view(), Qt::Key_R, Qt::ControlModifier);
    QVERIFY(!window->resolveDialog());
    QCOMPARE(statusOf(*m_fixture, QStringLiteral("op_5521")), QStringLiteral("unknown"));
}

void TestConsole::snapshotSaysWhatItMeansAndF5Reopens()
{
    // A store at rest, as finance finds it: no program has it open, so SQLite has removed
    // its -shm file, and --read-only can only take a snapshot of it.
    const QString path = m_fixture->path();
    m_fixture.reset();
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-shm")));
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(QStringLiteral("fiona"));
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->setShowErrorDialogs(false);
    window->refresher()->setInterval(100);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const QLocale locale;
    const QString before = locale.toString(QTime::currentTime(), QLocale::ShortFormat);
    QVERIFY2(RefundDesk::Test::openInConsole(*window, path, true), qPrintable(window->lastError()));
    const QString after = locale.toString(QTime::currentTime(), QLocale::ShortFormat);
    QCOMPARE(window->storeFacts()->freshness, Store::Freshness::Snapshot);

    // The banner says in one line what it means and what to do; the reason is on hover.
    auto bannerFor = [](const QString &time) {
        return QStringLiteral("A snapshot of the store as it was at %1; later changes do not appear. Reopen (F5) to see "
                              "them.").arg(time);
    };
    QLabel *banner = window->readOnlyBanner();
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text() == bannerFor(before) || banner->text() == bannerFor(after), qPrintable(banner->text()));
    QVERIFY2(banner->toolTip().contains(QStringLiteral("immutable")), qPrintable(banner->toolTip()));
    QVERIFY2(banner->toolTip().contains(QStringLiteral("-shm")), qPrintable(banner->toolTip()));
    // The status bar agrees with it: not "Live".
    auto *live = window->findChild<QLabel *>(QStringLiteral("liveLabel"));
    QVERIFY(live);
    QVERIFY2(live->text() == QStringLiteral("Snapshot as of %1").arg(before)
                 || live->text() == QStringLiteral("Snapshot as of %1").arg(after),
             qPrintable(live->text()));
    QVERIFY(!live->text().contains(QStringLiteral("Live")));
    QCOMPARE(live->toolTip(), banner->text());

    // Someone changes the store meanwhile: the snapshot does not show it, as it says...
    // (bob's claim is a colleague's to fiona: the view that lists those.)
    window->queuePane()->filterBar()->setView(QueueFilterBar::View::NeedsAnyoneNow);
    QVERIFY(RefundDesk::Test::waitForConsole(*window));
    QueueModel *queue = window->queuePane()->model();
    auto statusOf = [queue](const QString &operationId) {
        const int row = queue->rowOf(operationId);
        return row < 0 ? QString() : queue->index(row, 0).data(QueueModel::StatusRole).toString();
    };
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521")));
    QCOMPARE(statusOf(QStringLiteral("op_5521")), QStringLiteral("unknown"));
    {
        auto other = StoreFactory::open(path, Store::OpenMode::ReadWrite);
        QVERIFY(other.ok());
        auto current = (*other)->operation(QStringLiteral("op_5521"));
        QVERIFY(current.ok() && current->has_value());
        QVERIFY((*other)->claim(QStringLiteral("op_5521"), SeenState::of(**current), QStringLiteral("bob"), false).ok());
    }
    QTest::qWait(500); // several polls of the live refresher
    QCOMPARE(statusOf(QStringLiteral("op_5521")), QStringLiteral("unknown"));

    // ...until F5 (Refresh now) opens it again, keeping the operation shown.
    QAction *refresh = nullptr;
    for (QAction *menu : window->menuBar()->actions()) {
        for (QAction *action : menu->menu() ? menu->menu()->actions() : QList<QAction *>()) {
            if (action->shortcut() == QKeySequence(QKeySequence::Refresh))
                refresh = action;
        }
    }
    QVERIFY(refresh);
    QCOMPARE(refresh->shortcut(), QKeySequence(Qt::Key_F5));
    // The writer above was the store's last user unless another connection (a background
    // read) was open when it closed: then its -wal and -shm stay, and the store is no
    // longer at rest, so the reopened store is live, and must say so.
    const bool atRest = !QFileInfo::exists(path + QStringLiteral("-shm"));
    refresh->trigger();
    QTRY_COMPARE(statusOf(QStringLiteral("op_5521")), QStringLiteral("checking"));
    QVERIFY(RefundDesk::Test::waitForConsole(*window));
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_5521"));
    QVERIFY2(window->panel()->noticeText().contains(QStringLiteral("bob")), qPrintable(window->panel()->noticeText()));
    if (atRest) {
        QCOMPARE(window->storeFacts()->freshness, Store::Freshness::Snapshot);
        QVERIFY(live->text().startsWith(QStringLiteral("Snapshot as of ")));
        QVERIFY(banner->isVisible());
        // Taken anew, it still created no file beside the store.
        QVERIFY(!QFileInfo::exists(path + QStringLiteral("-shm")));
        QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));
    } else {
        // The status bar still agrees with the banner: live, and no snapshot banner.
        QCOMPARE(window->storeFacts()->freshness, Store::Freshness::Live);
        QCOMPARE(live->text(), QStringLiteral("Live"));
        QVERIFY(!banner->text().contains(QStringLiteral("snapshot")));
    }
    window->close();
}

void TestConsole::invalidStoreShowsItsError()
{
    const QString bogus = m_dir->filePath(QStringLiteral("not-a-store.sqlite"));
    QFile file(bogus);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("this is a text file, not a Refund Desk store\n");
    file.close();

    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(!RefundDesk::Test::openInConsole(*window, bogus, false));
    auto *box = waitForChild<QMessageBox>(window.get(), QStringLiteral("errorDialog"));
    QVERIFY(box);
    QVERIFY(box->text().contains(QStringLiteral("not-a-store.sqlite")));
    QVERIFY(box->text().size() > 40); // says what is wrong, not just "error"
    // What was open stays open.
    QCOMPARE(window->storeFacts()->location, m_fixture->path());
    QCOMPARE(window->queuePane()->model()->rowCount(), 3);
    box->accept();
}

void TestConsole::openingWaitsForTheWholeFirstPicture()
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QWidget *contents = window->centralWidget();
    QVERIFY(contents->updatesEnabled());

    // While the store opens and its first page and panel are read, the contents wait for
    // the whole picture; the status bar says what is going on meanwhile.
    window->openStore(m_fixture->path(), false);
    QVERIFY(!contents->updatesEnabled());
    QVERIFY(window->statusBar()->currentMessage().startsWith(QStringLiteral("Opening ")));
    QVERIFY(RefundDesk::Test::waitForConsole(*window));
    QCOMPARE(window->panel()->operationId(), window->queuePane()->currentOperationId());
    QVERIFY(contents->updatesEnabled());

    // A store that cannot be opened paints its old picture again at once, under the error.
    const QString missing = m_dir->filePath(QStringLiteral("nowhere/none.sqlite"));
    window->openStore(missing, false);
    QVERIFY(RefundDesk::Test::waitForConsole(*window));
    QVERIFY(contents->updatesEnabled());
    auto *box = waitForChild<QMessageBox>(window.get(), QStringLiteral("errorDialog"));
    QVERIFY(box);
    box->accept();
}

void TestConsole::paintHoldPaintsOnceReleased()
{
    PaintCounter widget;
    widget.resize(200, 100);
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    QTRY_VERIFY(widget.paints > 0);

    PaintHold longHold(&widget, 600'000);
    longHold.hold();
    widget.paints = 0;
    for (int i = 0; i < 3; ++i) {
        widget.update();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    QCOMPARE(widget.paints, 0); // held: three changes, no paint
    QVERIFY(longHold.isHolding());
    longHold.release();
    QTRY_COMPARE(widget.paints, 1); // released: one paint of the picture as it is now
    QVERIFY(!longHold.isHolding());

    // Nobody releases it: the moment passing does.
    PaintHold shortHold(&widget, 20);
    shortHold.hold();
    QVERIFY(!widget.updatesEnabled());
    QTRY_VERIFY(widget.updatesEnabled());
    QVERIFY(!shortHold.isHolding());
}

void TestConsole::demoStoreIsBuiltOffTheUiThread()
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(QStringLiteral("alice"));
    MainWindow window(m_identity.get());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy opened(&window, &MainWindow::storeOpened);
    const QString path = m_dir->filePath(QStringLiteral("demo.sqlite"));
    window.openDemoStore(300, path);
    // The window keeps answering while the simulator runs.
    QVERIFY(window.isEnabled());
    QVERIFY2(opened.wait(20'000), qPrintable(window.lastError()));
    QCOMPARE(opened.first().first().toString(), path);
    QVERIFY(RefundDesk::Test::waitForConsole(window));
    QVERIFY(window.queuePane()->model()->rowCount() > 0);
    QVERIFY(RefundDesk::Test::showAndWait(window, QStringLiteral("op_5521")));
    QCOMPARE(window.panel()->attemptView()->model()->rowCount(), 3);
}
