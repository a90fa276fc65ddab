// What a screen reader and a keyboard find in the console, the audit window and every
// dialog, walked in-process through QAccessible offscreen: every control that takes the
// focus has a name, tables say their headers and each cell as shown, the queue's rows read
// as sentences, Tab visits every control in reading order and comes back, the texts that
// change are stops for Tab and read as they are now, and every tone the console uses reads at WCAG 2.1 AA contrast in the
// light and the dark theme. tests/ui/accessibility/ walks the same from outside, over AT-SPI.
#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"

#include "evidence/evidence.h"
#include "items/queuemodel.h"
#include "ui/audit/auditwindow.h"
#include "ui/common/errordialog.h"
#include "ui/common/theme.h"
#include "ui/console/auditintegration.h"
#include "ui/console/evidenceview.h"
#include "ui/console/mainwindow.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/queuepane.h"
#include "ui/console/resolvedialog.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QPalette>
#include <QPushButton>
#include <QRadioButton>
#include <QSet>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

namespace {

constexpr qint64 baseTime = 1'700'000'000'000;

bool fillStore(TestStore &fixture)
{
    Operation op = TestStore::operation(QStringLiteral("op_5521"), OperationStatus::Unknown, baseTime);
    op.orderId = QStringLiteral("4417");
    bool ok = fixture.addOperation(op);
    for (int i = 0; i < 3; ++i) {
        Attempt attempt;
        attempt.operationId = op.operationId;
        attempt.attemptNo = i + 1;
        attempt.toolCallId = QStringLiteral("toolu_01");
        attempt.startedAt = op.createdAt + i * 20'000;
        attempt.finishedAt = attempt.startedAt + 10'000;
        attempt.outcome = AttemptOutcome::Timeout;
        ok = ok && fixture.addAttempt(attempt);
    }
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_ok");
    event.type = QStringLiteral("refund.updated");
    event.created = op.createdAt / 1000 + 30;
    event.receivedAt = op.createdAt + 31'000;
    event.operationId = op.operationId;
    event.idempotencyKey = op.idempotencyKey;
    event.refundId = QStringLiteral("re_3Kx9");
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId, QStringLiteral("succeeded"),
                                                  3800, QStringLiteral("usd"), op.operationId, op.idempotencyKey,
                                                  *event.created);
    ok = ok && fixture.addEvent(event);
    Operation claimed = TestStore::operation(QStringLiteral("op_7000"), OperationStatus::Checking, baseTime + 2000);
    claimed.claimedBy = QStringLiteral("bob");
    return ok && fixture.addOperation(claimed);
}

QString describe(QAccessibleInterface *iface)
{
    QObject *object = iface->object();
    QString where = object ? QString::fromLatin1(object->metaObject()->className()) : QStringLiteral("?");
    if (object && !object->objectName().isEmpty())
        where += QLatin1Char('#') + object->objectName();
    for (QAccessibleInterface *parent = iface->parent(); parent; parent = parent->parent()) {
        QObject *up = parent->object();
        if (up && !up->objectName().isEmpty()) {
            where += QStringLiteral(" in ") + up->objectName();
            break;
        }
    }
    return QStringLiteral("%1 (role %2)").arg(where).arg(int(iface->role()));
}

// Every focusable, showing object under `iface` without a name. A table's cells and
// headers are the table's text, checked on their own (an empty cell is not a control).
void collectUnnamed(QAccessibleInterface *iface, QStringList &unnamed, int depth = 0)
{
    if (!iface || depth > 40)
        return;
    const QAccessible::State state = iface->state();
    if (state.invisible || state.offscreen)
        return;
    const QAccessible::Role role = iface->role();
    if (role == QAccessible::Cell || role == QAccessible::ColumnHeader || role == QAccessible::RowHeader)
        return;
    if (state.focusable && iface->text(QAccessible::Name).trimmed().isEmpty())
        unnamed << describe(iface);
    for (int i = 0; i < iface->childCount(); ++i)
        collectUnnamed(iface->child(i), unnamed, depth + 1);
}

QStringList unnamedControls(QWidget *window)
{
    QStringList unnamed;
    collectUnnamed(QAccessible::queryAccessibleInterface(window), unnamed);
    return unnamed;
}

// The widgets Tab should reach: shown, enabled, taking focus by Tab, of this window.
QList<QWidget *> tabStops(QWidget *window)
{
    QList<QWidget *> stops;
    for (QWidget *widget = window->nextInFocusChain(); widget != window; widget = widget->nextInFocusChain()) {
        if (widget->window() != window || !widget->isVisible() || !widget->isEnabled() || widget->focusProxy()
            || !(widget->focusPolicy() & Qt::TabFocus) || stops.contains(widget))
            continue;
        stops << widget;
    }
    return stops;
}

QString nameOf(QWidget *widget)
{
    return widget ? (widget->objectName().isEmpty() ? QString::fromLatin1(widget->metaObject()->className())
                                                    : widget->objectName())
                  : QStringLiteral("(none)");
}

// Presses Tab from where the focus starts until it comes back there. Returns the
// widgets visited in order, or fails (a trap, or a stop never reached).
QList<QWidget *> walkTabChain(QWidget *window, QString *problem)
{
    const QList<QWidget *> stops = tabStops(window);
    if (stops.isEmpty()) {
        *problem = QStringLiteral("nothing takes the focus");
        return {};
    }
    window->activateWindow();
    if (!QTest::qWaitForWindowActive(window)) {
        *problem = QStringLiteral("the window did not become active");
        return {};
    }
    // From where the keyboard starts in this window (the chain is a ring).
    QWidget *start = stops.contains(window->focusWidget()) ? window->focusWidget() : stops.first();
    start->setFocus(Qt::TabFocusReason);
    QList<QWidget *> visited{QApplication::focusWidget()};
    for (int press = 0; press < 4 * stops.size(); ++press) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *now = QApplication::focusWidget();
        if (now == visited.first())
            break;
        if (!now || now->window() != window) {
            *problem = QStringLiteral("Tab left the window from %1").arg(nameOf(visited.last()));
            return visited;
        }
        visited << now;
    }
    if (QApplication::focusWidget() != visited.first()) {
        *problem = QStringLiteral("Tab never came back to %1; it cycles after %2")
                       .arg(nameOf(visited.first()), nameOf(visited.last()));
        return visited;
    }
    QStringList missed;
    for (QWidget *stop : stops) {
        // Tab visits one button of a group of radio buttons; the arrow keys the others.
        const auto *radio = qobject_cast<QRadioButton *>(stop);
        const bool groupVisited = radio && std::any_of(visited.cbegin(), visited.cend(), [radio](QWidget *seen) {
            return qobject_cast<QRadioButton *>(seen) && seen->parentWidget() == radio->parentWidget();
        });
        if (!visited.contains(stop) && !groupVisited)
            missed << nameOf(stop);
    }
    if (!missed.isEmpty()) {
        QStringList seen;
        for (QWidget *widget : std::as_const(visited))
            seen << nameOf(widget);
        *problem = QStringLiteral("Tab never reached: %1 (it went %2)")
                       .arg(missed.join(QStringLiteral(", ")), seen.join(QStringLiteral(" → ")));
    }
    return visited;
}

// The objects named come in this order in `visited` (others may be between them).
bool inOrder(const QList<QWidget *> &visited, const QStringList &names, QString *problem)
{
    int at = -1;
    for (const QString &name : names) {
        int found = -1;
        for (int i = 0; i < visited.size(); ++i) {
            if (visited[i]->objectName() == name) {
                found = i;
                break;
            }
        }
        if (found < 0 || found < at) {
            QStringList seen;
            for (QWidget *widget : visited)
                seen << nameOf(widget);
            *problem = QStringLiteral("%1 out of reading order in: %2").arg(name, seen.join(QStringLiteral(" → ")));
            return false;
        }
        at = found;
    }
    return true;
}

QString accessibleName(QWidget *widget)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget);
    return iface ? iface->text(QAccessible::Name) : QString();
}

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

class TestAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void consoleControlsAreNamedAndTabGoesRound();
    void tablesSayTheirHeadersAndCells();
    void changingTextsAreReachableAndHeard();
    void auditWindowIsNamedAndTabGoesRound();
    void dialogsAreNamedAndTabGoesRound();
    void tonesReadAtAaContrast_data();
    void tonesReadAtAaContrast();
    void everyColouredStateHasAWord();

private:
    std::unique_ptr<MainWindow> openWindow(bool readOnly = false);
    void checkWindow(QWidget *window, const QStringList &readingOrder = {});

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_fixture;
    std::unique_ptr<OperatorIdentity> m_identity;
};

void TestAccessibility::initTestCase()
{
    QVERIFY(m_settingsDir.isValid());
    Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_accessibility"));
    Theme::apply(Theme::Choice::Light);
}

void TestAccessibility::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_fixture = std::make_unique<TestStore>(m_dir->filePath(QStringLiteral("desk.sqlite")));
    QVERIFY2(m_fixture->isValid(), qPrintable(m_fixture->lastError()));
    QVERIFY2(fillStore(*m_fixture), qPrintable(m_fixture->lastError()));
}

void TestAccessibility::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    m_identity.reset();
    m_fixture.reset();
    m_dir.reset();
}

std::unique_ptr<MainWindow> TestAccessibility::openWindow(bool readOnly)
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(QStringLiteral("alice"));
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->setShowErrorDialogs(false);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    if (!Test::openInConsole(*window, m_fixture->path(), readOnly, QStringLiteral("op_5521")))
        return {};
    if (!Test::showAndWait(*window, QStringLiteral("op_5521")))
        return {};
    return window;
}

void TestAccessibility::checkWindow(QWidget *window, const QStringList &readingOrder)
{
    const QStringList unnamed = unnamedControls(window);
    QVERIFY2(unnamed.isEmpty(), qPrintable(QStringLiteral("%1: focusable without a name: %2")
                                               .arg(nameOf(window), unnamed.join(QStringLiteral("; ")))));
    QString problem;
    const QList<QWidget *> visited = walkTabChain(window, &problem);
    QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(nameOf(window), problem)));
    if (!readingOrder.isEmpty())
        QVERIFY2(inOrder(visited, readingOrder, &problem), qPrintable(problem));
}

void TestAccessibility::consoleControlsAreNamedAndTabGoesRound()
{
    auto window = openWindow();
    QVERIFY(window);
    checkWindow(window.get(), {QStringLiteral("searchField"), QStringLiteral("statusFilter"),
                               QStringLiteral("verdictFilter"), QStringLiteral("queueView"),
                               QStringLiteral("operationTitle"), QStringLiteral("operationStatus"),
                               QStringLiteral("idempotencyKey"), QStringLiteral("panelNotice"),
                               QStringLiteral("attemptTable"), QStringLiteral("verdictBanner"),
                               QStringLiteral("eventTable"), QStringLiteral("jsonSearch"), QStringLiteral("jsonText"),
                               QStringLiteral("liveLabel")});
    // The names say what the control is, in words.
    QAccessibleInterface *search = QAccessible::queryAccessibleInterface(window->findChild<QWidget *>(
        QStringLiteral("searchField")));
    QVERIFY(search);
    QCOMPARE(search->text(QAccessible::Name), QStringLiteral("Find an operation"));
    QVERIFY(!search->text(QAccessible::Description).isEmpty()); // which ids it matches
    window->close();
}

void TestAccessibility::tablesSayTheirHeadersAndCells()
{
    auto window = openWindow();
    QVERIFY(window);
    QTableView *view = window->queuePane()->view();
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(view);
    QVERIFY(iface);
    QCOMPARE(iface->text(QAccessible::Name), QStringLiteral("Queue"));
    QAccessibleTableInterface *table = iface->tableInterface();
    QVERIFY(table);
    QCOMPARE(table->columnCount(), int(QueueModel::ColumnCount));
    QCOMPARE(table->rowCount(), view->model()->rowCount());
    QAbstractItemModel *model = view->model();
    const int row = window->queuePane()->model()->rowOf(QStringLiteral("op_5521"));
    QVERIFY(row >= 0);
    for (int column = 0; column < table->columnCount(); ++column) {
        QAccessibleInterface *cell = table->cellAt(row, column);
        QVERIFY(cell);
        // The text as shown, under its header.
        QCOMPARE(cell->text(QAccessible::Name), model->index(row, column).data().toString());
        QAccessibleTableCellInterface *cellInfo = cell->tableCellInterface();
        QVERIFY(cellInfo);
        const QList<QAccessibleInterface *> headers = cellInfo->columnHeaderCells();
        // Qt 6.4 hands the header cells over unregistered; registering them gives them to
        // the accessibility cache, which deletes them.
        for (QAccessibleInterface *header : headers)
            QAccessible::uniqueId(header);
        QCOMPARE(headers.size(), 1);
        QCOMPARE(headers.first()->text(QAccessible::Name), model->headerData(column, Qt::Horizontal).toString());
    }
    // The row as one sentence, in the order a person reads the row.
    const QString sentence = table->cellAt(row, 0)->text(QAccessible::Description);
    const QString tries = QCoreApplication::translate("RefundDesk::QueueModel", "%n try(s)", nullptr, 3);
    QVERIFY2(sentence.startsWith(QStringLiteral("op_5521, order 4417, 38.00 USD, unknown, verdict refunded, %1, ")
                                     .arg(tries)),
             qPrintable(sentence));
    QVERIFY2(sentence.endsWith(QStringLiteral("key window closed")), qPrintable(sentence));
    // The claimed operation says who is on it.
    const int claimed = window->queuePane()->model()->rowOf(QStringLiteral("op_7000"));
    QVERIFY(table->cellAt(claimed, 0)->text(QAccessible::Description).contains(QStringLiteral("claimed by bob")));

    // The evidence's table too.
    QTableView *events = window->panel()->evidenceView()->table();
    QAccessibleInterface *eventTable = QAccessible::queryAccessibleInterface(events);
    QCOMPARE(eventTable->text(QAccessible::Name), QStringLiteral("Webhook events"));
    QCOMPARE(eventTable->tableInterface()->cellAt(0, 0)->text(QAccessible::Name),
             events->model()->index(0, 0).data().toString());
    window->close();
}

void TestAccessibility::changingTextsAreReachableAndHeard()
{
    auto window = openWindow();
    QVERIFY(window);
    // The verdict, the notice and the banners are stops for Tab, named by what they say.
    const QStringList readable{QStringLiteral("verdictBanner"), QStringLiteral("panelNotice"),
                               QStringLiteral("operationStatus"), QStringLiteral("readOnlyBanner"),
                               QStringLiteral("liveLabel")};
    for (const QString &name : readable) {
        auto *label = window->findChild<QLabel *>(name);
        QVERIFY2(label, qPrintable(name));
        QVERIFY2(label->focusPolicy() & Qt::TabFocus, qPrintable(name));
        QVERIFY2(label->textInteractionFlags() & Qt::TextSelectableByKeyboard, qPrintable(name));
    }
    auto *verdict = window->findChild<QLabel *>(QStringLiteral("verdictBanner"));
    QVERIFY(verdict->text().contains(QStringLiteral("REFUNDED")));
    QCOMPARE(accessibleName(verdict), verdict->text());

    // What a screen reader reads follows the text: the notice, the verdict, the status
    // line. (Offscreen there is no bridge to hear the change events; tst_atspi does.)
    auto *notice = window->findChild<QLabel *>(QStringLiteral("panelNotice"));
    window->panel()->setNotice(QStringLiteral("Changed elsewhere."), Theme::Tone::Warning);
    QCOMPARE(accessibleName(notice), QStringLiteral("Changed elsewhere."));
    QVERIFY(Test::showAndWait(*window, QStringLiteral("op_7000")));
    QVERIFY(!accessibleName(verdict).contains(QStringLiteral("REFUNDED")));
    QCOMPARE(accessibleName(verdict), verdict->text());
    window->statusBar()->showMessage(QStringLiteral("Recorded: refunded. No new key was issued."));
    QCOMPARE(accessibleName(window->statusBar()), QStringLiteral("Recorded: refunded. No new key was issued."));
    window->statusBar()->clearMessage();
    QCOMPARE(accessibleName(window->statusBar()), QStringLiteral("Status"));

    // A finished decision says what was recorded, and the keyboard waits on the notice.
    QVERIFY(Test::showAndWait(*window, QStringLiteral("op_5521")));
    window->actions()->claim()->trigger();
    QVERIFY(Test::waitForConsole(*window));
    QTRY_VERIFY(window->actions()->record()->isEnabled());
    window->actions()->record()->trigger();
    ResolveDialog *dialog = window->resolveDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->refundedButton()->isChecked()); // the evidence's refunded
    dialog->recordButton()->click();
    QTRY_VERIFY(!window->resolveDialog());
    QVERIFY(Test::waitForConsole(*window));
    QVERIFY2(window->statusBar()->currentMessage().startsWith(QStringLiteral("Recorded: refunded.")),
             qPrintable(window->statusBar()->currentMessage()));
    QTRY_VERIFY2(window->focusWidget() == notice, qPrintable(nameOf(window->focusWidget())));
    QVERIFY2(notice->text().startsWith(QStringLiteral("You recorded refunded")), qPrintable(notice->text()));
    window->close();
}

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

    // Take over: bob's operation.
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
    QMessageBox *keys = nullptr;
    QTRY_VERIFY(keys = window->findChild<QMessageBox *>(QStringLiteral("keyboardShortcuts")));
    QVERIFY(QTest::qWaitForWindowExposed(keys));
    checkWindow(keys);
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

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
