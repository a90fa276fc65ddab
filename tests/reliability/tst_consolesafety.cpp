// The console under faults and hostile names (docs/RELIABILITY.md): operator names are
// shown as the text they are, never as markup (a name like <b>x</b><img src=...> must not
// turn bold or load anything), and a store whose write lock another program holds does
// not freeze the window.

// First: its QTest::toString specialisations must see only the domain names.
#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"

#include "reliability.h"

#include "ui/console/shell/mainwindow.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/shell/writerunner.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTextEdit>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace RefundDesk;
using namespace RefundDesk::Reliability;
using RefundDesk::Test::TestStore;

namespace {

const QString MarkupOperator = QStringLiteral("<b>Mallory</b><img src=\"file:///etc/hostname\"><a href=\"x\">y</a>");
const QString MarkupColleague = QStringLiteral("<i>Trudy</i><font color=red>!</font>");

// Whether Qt would render `text` in a widget of that format as rich text.
bool rendersRich(Qt::TextFormat format, const QString &text)
{
    return format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text));
}

// Every place under `root` where one of `names` would be taken for markup: labels in rich
// text, tooltips (which Qt renders rich when they look like it), item data shown as
// tooltips, and text documents that swallowed the tags.
QStringList markupLeaks(QWidget *root, const QStringList &names, int *placesShowingAName)
{
    QStringList leaks;
    auto mentions = [&](const QString &text) {
        for (const QString &name : names) {
            if (text.contains(name))
                return true;
        }
        return false;
    };
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *widget : widgets) {
        const QString where = QStringLiteral("%1 (%2)").arg(QString::fromLatin1(widget->metaObject()->className()),
                                                           widget->objectName());
        if (mentions(widget->toolTip()) && Qt::mightBeRichText(widget->toolTip()))
            leaks << where + QStringLiteral(" tooltip: ") + widget->toolTip();
        if (auto *label = qobject_cast<QLabel *>(widget)) {
            if (mentions(label->text())) {
                ++*placesShowingAName;
                if (rendersRich(label->textFormat(), label->text()))
                    leaks << where + QStringLiteral(" label: ") + label->text();
            }
        }
        if (auto *edit = qobject_cast<QTextEdit *>(widget)) {
            // Shown as text, the tags are in the document's plain text; swallowed as
            // markup, the name's letters are there without them.
            const QString plain = edit->toPlainText();
            if (plain.contains(QLatin1String("Mallory")) || plain.contains(QLatin1String("Trudy"))) {
                ++*placesShowingAName;
                if (!mentions(plain))
                    leaks << where + QStringLiteral(" document: ") + plain.left(200);
            }
        }
        if (auto *view = qobject_cast<QAbstractItemView *>(widget); view && !qobject_cast<QHeaderView *>(widget)) {
            QAbstractItemModel *model = view->model();
            if (!model)
                continue;
            for (int row = 0; row < qMin(model->rowCount(), 200); ++row) {
                for (int column = 0; column < model->columnCount(); ++column) {
                    const QModelIndex index = model->index(row, column);
                    if (mentions(index.data(Qt::DisplayRole).toString()))
                        ++*placesShowingAName;
                    const QString tip = index.data(Qt::ToolTipRole).toString();
                    if (mentions(tip) && Qt::mightBeRichText(tip))
                        leaks << where + QStringLiteral(" item tooltip: ") + tip;
                }
            }
        }
    }
    return leaks;
}

} // namespace

class tst_ConsoleSafety : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void operatorNamesAreNeverMarkup();
    void heldLockDoesNotFreezeTheWindow();

private:
    std::unique_ptr<MainWindow> openWindow(const QString &operatorName);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_db;
    std::unique_ptr<OperatorIdentity> m_identity;
};

void tst_ConsoleSafety::initTestCase()
{
    QVERIFY(m_settingsDir.isValid());
    Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_consolesafety"));
}

void tst_ConsoleSafety::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_db = m_dir->filePath(QStringLiteral("desk.sqlite"));
    TestStore store(m_db);
    QVERIFY2(store.isValid(), qPrintable(store.lastError()));
    QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_5521"))));
    Operation claimed = TestStore::operation(QStringLiteral("op_claimed"), OperationStatus::Checking,
                                             1'700'000'100'000);
    claimed.claimedBy = MarkupColleague;
    QVERIFY(store.addOperation(claimed));
    QVERIFY(store.addOperation(TestStore::operation(QStringLiteral("op_done"), OperationStatus::Unknown,
                                                    1'700'000'200'000)));
}

void tst_ConsoleSafety::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    m_identity.reset();
    m_dir.reset();
}

std::unique_ptr<MainWindow> tst_ConsoleSafety::openWindow(const QString &operatorName)
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(operatorName);
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->setShowErrorDialogs(false);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    if (!RefundDesk::Test::openInConsole(*window, m_db, false))
        return {};
    return window;
}

void tst_ConsoleSafety::operatorNamesAreNeverMarkup()
{
    // A decision recorded by the hostile name, for the history.
    const Run resolved = refundDesk({"resolve", "op_done", "--db", m_db, "--operator", MarkupColleague, "--outcome",
                                     "failed", "--evidence", "dashboard", "--note", MarkupOperator});
    QVERIFY2(resolved.exitCode == 0, qPrintable(resolved.err));

    auto window = openWindow(MarkupOperator);
    QVERIFY(window);
    // op_claimed is a colleague's: listed in the view with colleagues' claims (the default
    // view lists what the person may take up).
    window->queuePane()->filterBar()->setView(RefundDesk::QueueFilterBar::View::NeedsAnyoneNow);
    QVERIFY(RefundDesk::Test::waitForConsole(*window));
    const QStringList names = {MarkupOperator, MarkupColleague};
    int shown = 0;
    QStringList leaks;
    // The status bar with the operator; an operation claimed by the other name; the
    // history of one decided by it; one claimed by the operator.
    for (const char *operationId : {"op_claimed", "op_done", "op_5521"}) {
        QVERIFY(RefundDesk::Test::showAndWait(*window, QLatin1String(operationId)));
        QTest::qWait(50);
        leaks << markupLeaks(window.get(), names, &shown);
    }
    window->actions()->claim()->trigger();
    QTRY_COMPARE(queryCount(m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE claimed_by LIKE '<b>%'")), 1);
    window->refreshNow();
    leaks << markupLeaks(window.get(), names, &shown);

    // The take-over question names whoever holds the operation.
    // The actions act on the queue's selected row: the refresh above lists it again first.
    QVERIFY(RefundDesk::Test::waitForConsole(*window));
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_claimed")));
    QTRY_VERIFY(window->actions()->takeOver()->isEnabled());
    window->actions()->takeOver()->trigger();
    QMessageBox *question = nullptr;
    QTRY_VERIFY((question = window->findChild<QMessageBox *>(QStringLiteral("takeOverDialog"))));
    QVERIFY(QTest::qWaitForWindowExposed(question));
    leaks << markupLeaks(question, names, &shown);
    question->reject();
    QTRY_VERIFY(!window->findChild<QMessageBox *>(QStringLiteral("takeOverDialog")));

    // Item tooltips, counted apart so that the figures say where a leak would be.
    QStringList itemToolTips;
    for (const QString &leak : std::as_const(leaks)) {
        if (leak.contains(QLatin1String(" item tooltip: ")))
            itemToolTips << leak;
    }
    for (const QString &leak : std::as_const(itemToolTips))
        leaks.removeAll(leak);
    QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(u'\n')));
    QVERIFY2(shown >= 3, qPrintable(QStringLiteral("the names were shown in only %1 places").arg(shown)));

    Figures figures(QStringLiteral("console-markup"));
    figures.add(QStringLiteral("hostile names"), qint64(names.size()));
    figures.add(QStringLiteral("places in the console showing them (labels, item views, dialogs)"), shown);
    figures.add(QStringLiteral("labels, dialogs, documents rendering them as markup"), 0);
    figures.add(QStringLiteral("item tooltips rendering user text as markup"), qint64(itemToolTips.size()));
    figures.write();
    QVERIFY2(itemToolTips.isEmpty(), qPrintable(itemToolTips.join(u'\n')));
}

void tst_ConsoleSafety::heldLockDoesNotFreezeTheWindow()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521")));
    QVERIFY(window->actions()->claim()->isEnabled());

    // A heartbeat on the UI thread: the longest gap between its ticks is how long the
    // window could not repaint or take a click.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, longestGap = 0;
    QTimer heartbeat;
    heartbeat.setInterval(20);
    connect(&heartbeat, &QTimer::timeout, this, [&] {
        longestGap = qMax(longestGap, clock.elapsed() - last);
        last = clock.elapsed();
    });

    // Held well past the claim's busy timeout (5 s), so that the claim gives up on its own.
    constexpr int HoldMs = 12000;
    LockHolder holder(m_db, HoldMs);
    QVERIFY(holder.waitUntilLocked());
    last = clock.elapsed();
    heartbeat.start();
    // Reading goes on while another program writes.
    window->refreshNow();
    QTest::qWait(300);
    const qint64 readingGap = longestGap;
    // A claim must wait for the lock; the window must not wait with it.
    const qint64 claimedAt = clock.elapsed();
    QTimer::singleShot(0, window->actions()->claim(), &QAction::trigger);
    QTest::qWait(300);
    // While it waits: the window says so, and the operation takes no second write.
    QVERIFY(window->writes()->isWriting(QStringLiteral("op_5521")));
    QVERIFY(!window->actions()->claim()->isEnabled());
    QVERIFY(!window->actions()->record()->isEnabled());
    QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("waiting for the store")),
             qPrintable(window->statusBar()->currentMessage()));
    bool secondRan = false;
    QVERIFY(!window->writes()->start(
        m_db, QStringLiteral("op_5521"), [&secondRan](Store &) -> std::optional<Error> {
            secondRan = true;
            return std::nullopt;
        },
        {}));
    // A watchdog only: the claim gives up after its busy timeout.
    QTRY_VERIFY_WITH_TIMEOUT(window->writes()->isIdle(), 120'000);
    const qint64 claimWaitedMs = clock.elapsed() - claimedAt;
    heartbeat.stop();
    QVERIFY(!secondRan);
    QVERIFY(holder.releaseNow());
    QCOMPARE(queryCount(m_db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = 'checking'")), 1);
    QVERIFY2(window->lastError().contains(QStringLiteral("busy")), qPrintable(window->lastError()));

    // A window that waited with the write would have stalled for the whole wait. Measured
    // against that wait, in this run, rather than in milliseconds a busy machine could
    // cross: no stall came near half of it.
    const bool stalled = 2 * longestGap >= claimWaitedMs;
    Figures figures(QStringLiteral("console-busy-store"));
    figures.add(QStringLiteral("write lock held by another program ms"), HoldMs);
    figures.add(QStringLiteral("the claim waited for the lock, then gave up, ms"), claimWaitedMs);
    figures.add(QStringLiteral("longest event-loop stall while reading ms"), readingGap);
    figures.add(QStringLiteral("longest event-loop stall while a claim waited for the lock ms"), longestGap);
    figures.add(QStringLiteral("the window stalls while a write waits for the lock"),
                stalled ? QStringLiteral("yes") : QStringLiteral("no"));
    QVERIFY2(!stalled, qPrintable(QStringLiteral("the window froze for %1 ms while the claim waited %2 ms")
                                      .arg(longestGap).arg(claimWaitedMs)));
    figures.write();
}

QTEST_MAIN(tst_ConsoleSafety)
#include "tst_consolesafety.moc"
