// What the console keeps between runs: its layout, the operator's name, the stores opened
// lately; and the platform's colours.

#include "tst_console.h"

void TestConsole::layoutSurvivesARestart()
{
    // Everything a person can drag: the window, both splitters and the tables' columns (in a
    // window wide enough for the columns widened: where the panel has no room, its tables'
    // columns narrow to fit again).
    const auto headers = [](MainWindow &window) {
        return std::array<QHeaderView *, 3>{window.queuePane()->view()->horizontalHeader(),
                                            window.panel()->attemptView()->table()->horizontalHeader(),
                                            window.panel()->evidenceView()->table()->horizontalHeader()};
    };
    std::array<int, 3> widths{};
    QList<int> mainSizes;
    QList<int> panelSizes;
    {
        auto window = openWindow(QStringLiteral("alice"));
        QVERIFY(window);
        window->resize(1800, 900);
        const auto dragged = headers(*window);
        for (size_t i = 0; i < dragged.size(); ++i) {
            widths[i] = dragged[i]->sectionSize(0) + 37;
            dragged[i]->resizeSection(0, widths[i]);
        }
        auto *mainSplitter = window->findChild<QSplitter *>(QStringLiteral("mainSplitter"));
        QVERIFY(mainSplitter);
        const int total = mainSplitter->sizes().at(0) + mainSplitter->sizes().at(1);
        mainSplitter->setSizes({total / 3, total - total / 3});
        mainSizes = mainSplitter->sizes();
        QSplitter *panelSplitter = window->panel()->splitter();
        const QList<int> before = panelSplitter->sizes();
        QList<int> moved = before;
        moved[0] += 40;
        moved[1] -= 40;
        panelSplitter->setSizes(moved);
        panelSizes = panelSplitter->sizes();
        QVERIFY(mainSizes.at(0) < total / 2);
        QVERIFY(panelSizes != before);
        window->close();
    }
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QCOMPARE(window->size(), QSize(1800, 900));
    const auto restored = headers(*window);
    for (size_t i = 0; i < restored.size(); ++i)
        QCOMPARE(restored[i]->sectionSize(0), widths[i]);
    QCOMPARE(window->findChild<QSplitter *>(QStringLiteral("mainSplitter"))->sizes(), mainSizes);
    QCOMPARE(window->panel()->splitter()->sizes(), panelSizes);
    window->close();
    // Leave the default layout for the other tests.
    QSettings().remove(QStringLiteral("window"));
}

void TestConsole::systemColoursAreThePlatforms()
{
    const QPalette platform = QApplication::palette();
    Theme::apply(Theme::Choice::Dark);
    QVERIFY(Theme::isDark(QApplication::palette()));
    Theme::apply(Theme::Choice::System);
    // No colour of the application's own is left: every role falls back to the platform
    // theme's palette, so a dark desktop gives a dark console. (The style's standard
    // palette, set explicitly, would hide the desktop's colours.)
    QCOMPARE(QApplication::palette().resolveMask(), QPalette::ResolveMask(0));
    QCOMPARE(QApplication::palette().color(QPalette::Window), platform.color(QPalette::Window));
    QCOMPARE(QApplication::palette().color(QPalette::Text), platform.color(QPalette::Text));
}

void TestConsole::operatorIsAskedOnceAndRemembered()
{
    QSettings().remove(QStringLiteral("operator"));
    qputenv("USER", "tester");
    OperatorIdentity first;
    QVERIFY(!first.loadSaved());
    QString offered;
    QTimer::singleShot(0, this, [&offered] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        offered = dialog->textValue();
        dialog->setTextValue(QStringLiteral("dana"));
        dialog->accept();
    });
    QVERIFY(first.ask(nullptr));
    QCOMPARE(offered, QStringLiteral("tester"));
    QCOMPARE(first.name(), QStringLiteral("dana"));

    OperatorIdentity next;
    QVERIFY(next.loadSaved());
    QCOMPARE(next.name(), QStringLiteral("dana"));
    // --operator wins and is remembered too.
    next.setFromCommandLine(QStringLiteral("  erin "));
    QCOMPARE(next.name(), QStringLiteral("erin"));
    OperatorIdentity third;
    QVERIFY(third.loadSaved());
    QCOMPARE(third.name(), QStringLiteral("erin"));
    QSettings().remove(QStringLiteral("operator"));
}

// A fresh console can work at once: the operator is the login name, shown as such, until
// --operator or File › Change operator name… gives another name.
void TestConsole::operatorDefaultsToTheLoginName()
{
    QSettings().remove(QStringLiteral("operator"));
    qputenv("USER", "tester");
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->chooseAtStart(QString());
    QCOMPARE(m_identity->name(), QStringLiteral("tester"));
    QVERIFY(m_identity->isLoginName());
    QVERIFY(!QSettings().contains(QStringLiteral("operator/name"))); // nothing saved for a default

    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY(RefundDesk::Test::openInConsole(*window, m_fixture->path(), false));
    auto *label = window->findChild<QLabel *>(QStringLiteral("operatorLabel"));
    QVERIFY(label);
    QCOMPARE(label->text(), QStringLiteral("Operator: tester (your login name)"));
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521")));
    QVERIFY(window->actions()->claim()->isEnabled());
    QVERIFY(window->actions()->record()->isEnabled());
    window->actions()->claim()->trigger();
    QTRY_COMPARE(m_fixture->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id='op_5521'")),
                 QStringLiteral("tester"));
    QTRY_VERIFY(window->writes()->isIdle());

    // File › Change operator name… sets a display name: shown, saved, and recorded.
    QAction *change = nullptr;
    for (QAction *action : window->findChildren<QAction *>()) {
        if (action->text() == QStringLiteral("Change o&perator name…"))
            change = action;
    }
    QVERIFY(change);
    QTimer::singleShot(0, this, [] {
        if (auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget())) {
            dialog->setTextValue(QStringLiteral("Dana Smith"));
            dialog->accept();
        }
    });
    change->trigger();
    QCOMPARE(m_identity->name(), QStringLiteral("Dana Smith"));
    QVERIFY(!m_identity->isLoginName());
    QCOMPARE(label->text(), QStringLiteral("Operator: Dana Smith"));
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_6000")));
    window->actions()->claim()->trigger();
    QTRY_COMPARE(m_fixture->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id='op_6000'")),
                 QStringLiteral("Dana Smith"));
    QTRY_VERIFY(window->writes()->isIdle());
    window.reset();

    // The next start takes the saved display name; --operator wins over it.
    OperatorIdentity next;
    next.chooseAtStart(QString());
    QCOMPARE(next.name(), QStringLiteral("Dana Smith"));
    OperatorIdentity fromCommandLine;
    fromCommandLine.chooseAtStart(QStringLiteral(" erin "));
    QCOMPARE(fromCommandLine.name(), QStringLiteral("erin"));
    QVERIFY(!fromCommandLine.isLoginName());
    QSettings().remove(QStringLiteral("operator"));
}

void TestConsole::recentStoresAreOffered()
{
    RecentStores recent;
    recent.clear();
    QMenu menu;
    recent.attach(&menu);
    recent.add(m_dir->filePath(QStringLiteral("a&b.sqlite")));
    recent.add(m_fixture->path());
    recent.add(m_dir->filePath(QStringLiteral("a&b.sqlite")));
    QCOMPARE(recent.paths().size(), 2);
    QCOMPARE(recent.paths().first(), m_dir->filePath(QStringLiteral("a&b.sqlite")));
    QVERIFY(menu.actions().first()->text().endsWith(QStringLiteral("a&&b.sqlite")));

    QSignalSpy requested(&recent, &RecentStores::openRequested);
    menu.actions().at(1)->trigger();
    QCOMPARE(requested.size(), 1);
    QCOMPARE(requested.first().first().toString(), m_fixture->path());

    // Saved off the UI thread, and there for the next start.
    SettingsWriter::waitForWrites();
    QCOMPARE(RecentStores().paths(), recent.paths());
    recent.clear();
    QVERIFY(recent.paths().isEmpty());
    SettingsWriter::waitForWrites();
    QVERIFY(RecentStores().paths().isEmpty());
}
