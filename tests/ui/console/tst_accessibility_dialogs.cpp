// The audit window and every dialog named and with a Tab chain that goes round; every tone
// reads at WCAG AA contrast in both themes, and each coloured state has its word.

#include "tst_accessibility.h"

namespace {

template<typename T>
T *waitForTopLevel(const QString &name)
{
    QDeadlineTimer watchdog(std::chrono::minutes(2)); // a watchdog, not a speed limit
    while (!watchdog.hasExpired()) {
        for (QWidget *widget : QApplication::topLevelWidgets()) {
            if (auto *found = qobject_cast<T *>(widget); found && found->objectName() == name && found->isVisible())
                return found;
        }
        QTest::qWait(20);
    }
    return nullptr;
}

} // namespace

void TestAccessibility::auditWindowIsNamedAndTabGoesRound()
{
    auto window = openWindow(true); // read-only: the audit window opens by itself
    QVERIFY(window);
    auto *integration = window->findChild<AuditIntegration *>();
    QVERIFY(integration);
    QTRY_VERIFY(integration->auditWindow() && integration->auditWindow()->isVisible());
    AuditWindow *audit = integration->auditWindow();
    QTRY_VERIFY(audit->chainReport().has_value());
    checkWindow(audit, {QStringLiteral("chainLabel"), QStringLiteral("fromCheck"), QStringLiteral("operatorBox"),
                        QStringLiteral("outcomeBox"), QStringLiteral("newestFirstCheck"), QStringLiteral("auditTable"),
                        QStringLiteral("totalsTable")});
    // The chart's page too.
    audit->tabs()->setCurrentIndex(1);
    checkWindow(audit);
    audit->close();
    window->close();
}

void TestAccessibility::dialogsAreNamedAndTabGoesRound()
{
    auto window = openWindow();
    QVERIFY(window);

    // Record outcome, with every field shown (provider support asks for a case reference).
    window->actions()->claim()->trigger();
    QVERIFY(Test::waitForConsole(*window));
    QTRY_VERIFY(window->actions()->record()->isEnabled());
    window->actions()->record()->trigger();
    ResolveDialog *resolve = window->resolveDialog();
    QVERIFY(resolve);
    QVERIFY(QTest::qWaitForWindowExposed(resolve));
    resolve->evidenceBox()->setCurrentIndex(resolve->evidenceBox()->findData(QStringLiteral("provider_support")));
    resolve->failedButton()->setChecked(true); // contradicts the evidence: the override shows
    checkWindow(resolve, {QStringLiteral("intro"), QStringLiteral("outcomeRefunded"), QStringLiteral("evidenceSource"),
                          QStringLiteral("caseReference"), QStringLiteral("note"), QStringLiteral("operatorName"),
                          QStringLiteral("contradiction"), QStringLiteral("overrideEvidence"), QStringLiteral("problem"),
                          QStringLiteral("summary")});
    resolve->reject();
    QTRY_VERIFY(!window->resolveDialog());
    window->actions()->release()->trigger();
    QVERIFY(Test::waitForConsole(*window));

    // Take over: bob's operation, in the view with colleagues' claims (the default view
    // lists what alice may take up).
    window->queuePane()->filterBar()->setView(QueueFilterBar::View::NeedsAnyoneNow);
    QTRY_VERIFY(window->queuePane()->model()->rowOf(QStringLiteral("op_7000")) >= 0);
    QVERIFY(Test::showAndWait(*window, QStringLiteral("op_7000")));
    QTRY_VERIFY(window->actions()->takeOver()->isEnabled());
    window->actions()->takeOver()->trigger();
    auto *takeOver = waitForTopLevel<QMessageBox>(QStringLiteral("takeOverDialog"));
    if (!takeOver) // a window-modal box is a child of the console
        takeOver = window->findChild<QMessageBox *>(QStringLiteral("takeOverDialog"));
    QVERIFY(takeOver);
    QVERIFY(QTest::qWaitForWindowExposed(takeOver));
    checkWindow(takeOver);
    takeOver->reject();

    // The keyboard shortcuts.
    for (QAction *action : window->findChildren<QAction *>()) {
        if (action->shortcut() == QKeySequence(QKeySequence::HelpContents))
            action->trigger();
    }
    ShortcutsDialog *keys = nullptr;
    QTRY_VERIFY(keys = window->findChild<ShortcutsDialog *>(QStringLiteral("keyboardShortcuts")));
    QVERIFY(QTest::qWaitForWindowExposed(keys));
    checkWindow(keys);
    // Every key of every menu is in the list, with what its entry says it does.
    QStringList listed;
    for (int row = 0; row < keys->table()->rowCount(); ++row)
        listed << keys->table()->item(row, 0)->text() + u' ' + keys->table()->item(row, 1)->text();
    QStringList missing;
    for (QAction *menu : window->menuBar()->actions()) {
        for (QAction *action : menu->menu()->actions()) {
            const QString key = action->shortcut().toString(QKeySequence::NativeText);
            const QString does = QString(action->text()).remove(u'&').remove(QChar(0x2026));
            if (!key.isEmpty() && action->isVisible() && !listed.contains(key + u' ' + does))
                missing << key + u' ' + does;
        }
    }
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral(", "))));
    QVERIFY2(listed.contains(QStringLiteral("Ctrl+N Add note")), qPrintable(listed.join(QStringLiteral(", "))));
    keys->close();

    // An error.
    showError(window.get(), QStringLiteral("Cannot claim"), QStringLiteral("The store is busy."));
    QMessageBox *error = nullptr;
    QTRY_VERIFY(error = window->findChild<QMessageBox *>(QStringLiteral("errorDialog")));
    QVERIFY(QTest::qWaitForWindowExposed(error));
    checkWindow(error);
    error->close();

    // Who is at the desk: a dialog of its own event loop, looked at from inside it.
    QString operatorProblems = QStringLiteral("the dialog did not open");
    QTimer::singleShot(0, this, [&operatorProblems, &window] {
        auto *dialog = window->findChild<QInputDialog *>(QStringLiteral("operatorDialog"));
        QDeadlineTimer watchdog(std::chrono::minutes(2));
        while ((!dialog || !dialog->isVisible()) && !watchdog.hasExpired()) {
            QTest::qWait(20);
            dialog = window->findChild<QInputDialog *>(QStringLiteral("operatorDialog"));
        }
        if (!dialog)
            return;
        operatorProblems = unnamedControls(dialog).join(QStringLiteral("; "));
        QString chain;
        walkTabChain(dialog, &chain);
        if (!chain.isEmpty())
            operatorProblems += QStringLiteral(" ") + chain;
        dialog->reject();
    });
    m_identity->ask(window.get());
    QVERIFY2(operatorProblems.trimmed().isEmpty(), qPrintable(operatorProblems));
    window->close();
}

void TestAccessibility::tonesReadAtAaContrast_data()
{
    QTest::addColumn<Theme::Choice>("choice");
    QTest::newRow("light") << Theme::Choice::Light;
    QTest::newRow("dark") << Theme::Choice::Dark;
}

void TestAccessibility::tonesReadAtAaContrast()
{
    QFETCH(Theme::Choice, choice);
    Theme::apply(choice);
    const QPalette palette = QApplication::palette();
    QStringList failures;
    auto check = [&failures](const QString &what, const QColor &fg, const QColor &bg, double least) {
        const double ratio = Theme::contrastRatio(fg, bg);
        if (ratio < least)
            failures << QStringLiteral("%1: %2 on %3 is %4:1, needs %5:1")
                            .arg(what, fg.name(), bg.name())
                            .arg(ratio, 0, 'f', 2)
                            .arg(least);
    };
    const std::pair<Theme::Tone, const char *> tones[] = {
        {Theme::Tone::Neutral, "neutral"}, {Theme::Tone::Good, "good"}, {Theme::Tone::Warning, "warning"},
        {Theme::Tone::Danger, "danger"},   {Theme::Tone::Info, "info"}, {Theme::Tone::Muted, "muted"},
    };
    const QColor focus = Theme::focusMark(palette);
    for (const auto &[tone, name] : tones) {
        const QString what = QString::fromLatin1(name);
        const QColor fg = Theme::foreground(tone, palette);
        // A banner: its text (a neutral one's is the window's text) on its own background.
        const QColor bannerText = tone == Theme::Tone::Neutral ? palette.color(QPalette::WindowText) : fg;
        check(what + QStringLiteral(" banner"), bannerText, Theme::background(tone, palette), 4.5);
        // A status word in a table, on either of the alternating rows, and on the window.
        check(what + QStringLiteral(" cell"), fg, palette.color(QPalette::Base), 4.5);
        check(what + QStringLiteral(" alternate cell"), fg, palette.color(QPalette::AlternateBase), 4.5);
        check(what + QStringLiteral(" on the window"), fg, palette.color(QPalette::Window), 4.5);
        // The focus mark around a banner of this tone.
        check(what + QStringLiteral(" banner's focus mark"), focus, Theme::background(tone, palette), 3.0);
    }
    check(QStringLiteral("selected row"), palette.color(QPalette::HighlightedText), palette.color(QPalette::Highlight),
          4.5);
    check(QStringLiteral("window text"), palette.color(QPalette::WindowText), palette.color(QPalette::Window), 4.5);
    check(QStringLiteral("button text"), palette.color(QPalette::ButtonText), palette.color(QPalette::Button), 4.5);
    check(QStringLiteral("placeholder"), palette.color(QPalette::PlaceholderText), palette.color(QPalette::Base), 4.5);
    for (const QPalette::ColorRole role : {QPalette::Window, QPalette::Base, QPalette::AlternateBase, QPalette::Button})
        check(QStringLiteral("focus mark on role %1").arg(int(role)), focus, palette.color(role), 3.0);
    Theme::apply(Theme::Choice::Light);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
}

void TestAccessibility::everyColouredStateHasAWord()
{
    // The queue colours the status and the verdict: each has its own word as well.
    QStringList words;
    for (const Verdict verdict : {Verdict::None, Verdict::Refunded, Verdict::Failed, Verdict::Pending, Verdict::Conflict})
        words << displayName(verdict);
    for (const OperationStatus status : {OperationStatus::Open, OperationStatus::Unknown, OperationStatus::Checking,
                                         OperationStatus::Refunded, OperationStatus::Failed})
        words << displayName(status);
    for (const QString &word : std::as_const(words))
        QVERIFY(!word.trimmed().isEmpty());
    QCOMPARE(QSet<QString>(words.begin(), words.begin() + 5).size(), 5);
    QCOMPARE(QSet<QString>(words.begin() + 5, words.end()).size(), 5);

    // And the window shows them: the verdict banner and the status badge say it in words.
    auto window = openWindow();
    QVERIFY(window);
    QVERIFY(window->panel()->evidenceView()->verdictText().contains(displayName(Verdict::Refunded).toUpper()));
    QVERIFY(window->findChild<QLabel *>(QStringLiteral("operationStatus"))
                ->text()
                .contains(displayName(OperationStatus::Unknown).toUpper()));
    window->close();
}
