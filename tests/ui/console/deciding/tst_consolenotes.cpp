// Notes in the console, driven through its real widgets offscreen: Operation › Add note…
// (Ctrl+N) writes a note with its follow-up date without deciding anything, the History
// tab (the first) shows it in the timeline, the panel's header and the queue's row show the
// latest note, and a version 1 store offers its upgrade.

// First: its QTest::toString specialisations must see only the domain names.
#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"
#include "versiononestore.h"

#include "items/historymodel.h"
#include "items/queuemodel.h"
#include "items/timetext.h"
#include "ui/console/panel/operationheader.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/panel/historyview.h"
#include "ui/console/shell/liverefresher.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/notedialog.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/storeopening/upgradebanner.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDateEdit>
#include <QDeadlineTimer>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

namespace {

template<typename T>
T *waitForChild(QWidget *parent)
{
    // A watchdog, not a speed limit: a busy machine may take its time to open a dialog.
    QDeadlineTimer watchdog(std::chrono::minutes(2));
    T *found = nullptr;
    while (!(found = parent->findChild<T *>()) && !watchdog.hasExpired())
        QTest::qWait(20);
    return found;
}

// The rows of the History tab of this kind, as "who: what | details".
QStringList historyRows(MainWindow &window, const QString &kind)
{
    const HistoryModel *model = window.panel()->historyView()->model();
    QStringList rows;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, 0).data(HistoryModel::KindRole).toString() != kind)
            continue;
        rows << QStringLiteral("%1: %2 | %3")
                    .arg(model->index(row, HistoryModel::WhoColumn).data().toString(),
                         model->index(row, HistoryModel::WhatColumn).data().toString(),
                         model->index(row, HistoryModel::DetailsColumn).data().toString());
    }
    return rows;
}

} // namespace

class tst_ConsoleNotes : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void addNoteWithAFollowUpDate();
    void noteOnSomeoneElsesClaimDecidesNothing();
    void versionOneStoreOffersTheUpgrade();

private:
    std::unique_ptr<MainWindow> openWindow(const QString &operatorName);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_fixture;
    std::unique_ptr<OperatorIdentity> m_identity;
};

void tst_ConsoleNotes::initTestCase()
{
    QVERIFY(m_settingsDir.isValid());
    Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_consolenotes"));
}

void tst_ConsoleNotes::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_fixture = std::make_unique<TestStore>(m_dir->filePath(QStringLiteral("desk.sqlite")));
    QVERIFY2(m_fixture->isValid(), qPrintable(m_fixture->lastError()));
    Operation claimed = TestStore::operation(QStringLiteral("op_2"), OperationStatus::Checking, 1'700'000'100'000);
    claimed.claimedBy = QStringLiteral("bob");
    claimed.claimedAt = 1'700'000'100'000;
    QVERIFY(m_fixture->addOperation(TestStore::operation(QStringLiteral("op_1"))));
    QVERIFY(m_fixture->addOperation(claimed));
}

void tst_ConsoleNotes::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    m_identity.reset();
    m_fixture.reset();
    m_dir.reset();
}

std::unique_ptr<MainWindow> tst_ConsoleNotes::openWindow(const QString &operatorName)
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(operatorName);
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->setShowErrorDialogs(false);
    window->refresher()->setInterval(100);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    if (!Test::openInConsole(*window, m_fixture->path()))
        return {};
    return window;
}

void tst_ConsoleNotes::addNoteWithAFollowUpDate()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(window->upgradeBanner()->isHidden());
    QVERIFY(Test::showAndWait(*window, QStringLiteral("op_1")));
    QVERIFY(window->actions()->addNote()->isEnabled());
    QCOMPARE(window->actions()->addNote()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_N));

    QTest::keyClick(window.get(), Qt::Key_N, Qt::ControlModifier);
    NoteDialog *dialog = waitForChild<NoteDialog>(window.get());
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    // Nothing to add until something is written; the date waits for its box.
    QVERIFY(!dialog->addButton()->isEnabled());
    QVERIFY(!dialog->followUpDate()->isEnabled());
    QTest::keyClicks(dialog->textField(), QStringLiteral("Asked Stripe support, case 12345"));
    QVERIFY(dialog->addButton()->isEnabled());
    QTest::mouseClick(dialog->followUpBox(), Qt::LeftButton);
    QVERIFY(dialog->followUpDate()->isEnabled());
    const QDate followUp = QDate::currentDate().addDays(5);
    dialog->followUpDate()->setDate(followUp);
    QTest::mouseClick(dialog->addButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->noteDialog());
    QVERIFY(Test::waitForConsole(*window));

    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT operation_id || ' ' || operator || ' ' || follow_up_on || ' ' "
                                                 "|| text FROM operation_notes")),
             QStringLiteral("op_1 alice %1 Asked Stripe support, case 12345").arg(followUp.toString(Qt::ISODate)));
    // Nothing was decided or claimed.
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_1'")),
             QStringLiteral("unknown"));
    QCOMPARE(m_fixture->queryInt(QStringLiteral("SELECT count(*) FROM resolutions")), 0);
    // The History tab shows it beside the creation.
    QTRY_COMPARE(historyRows(*window, QStringLiteral("noted")).size(), 1);
    const QString row = historyRows(*window, QStringLiteral("noted")).front();
    QVERIFY2(row.startsWith(QStringLiteral("alice: Note; follow up on ")), qPrintable(row));
    QVERIFY2(row.endsWith(QStringLiteral("| Asked Stripe support, case 12345")), qPrintable(row));
    QCOMPARE(historyRows(*window, QStringLiteral("created")).size(), 1);
    // The History comes first among the tabs, the raw payload last.
    auto *tabs = window->panel()->findChild<QTabWidget *>(QStringLiteral("detailTabs"));
    QVERIFY(tabs);
    QCOMPARE(tabs->currentIndex(), 0);
    QVERIFY(tabs->tabText(0).startsWith(QStringLiteral("History")));
    QCOMPARE(tabs->tabText(tabs->count() - 1), QStringLiteral("Payload"));

    // The header says what was written last, by whom, and the day it waits for.
    QTRY_VERIFY(!window->panel()->header()->noteText().isEmpty());
    const QString note = window->panel()->header()->noteText();
    QVERIFY2(note.startsWith(QStringLiteral("Latest note, alice at ")), qPrintable(note));
    QVERIFY2(note.contains(QStringLiteral(": Asked Stripe support, case 12345 · follow-up on %1")
                               .arg(TimeText::day(followUp, QDate::currentDate()))),
             qPrintable(note));

    // The queue's row carries it: a mark, its tooltip and the sentence a screen reader says.
    // It waits for its follow-up now: the view of all shows it beside the other.
    window->queuePane()->filterBar()->setView(QueueFilterBar::View::All);
    QueueModel *model = window->queuePane()->model();
    const auto rowOf = [model](const QString &id) {
        for (int row = 0; row < model->rowCount(); ++row) {
            if (model->index(row, 0).data(QueueModel::OperationIdRole).toString() == id)
                return row;
        }
        return -1;
    };
    QTRY_VERIFY(rowOf(QStringLiteral("op_1")) >= 0 && rowOf(QStringLiteral("op_2")) >= 0);
    QTRY_COMPARE(model->index(rowOf(QStringLiteral("op_1")), QueueModel::OperationColumn).data(QueueModel::LatestNoteRole).toString(),
                 QStringLiteral("Asked Stripe support, case 12345"));
    const int noted = rowOf(QStringLiteral("op_1"));
    for (const int column : {int(QueueModel::OperationColumn), int(QueueModel::OrderColumn), int(QueueModel::AmountColumn)}) {
        const QString tip = model->index(noted, column).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Note: Asked Stripe support, case 12345")), qPrintable(tip));
    }
    // The note that set the follow-up is said once in the row's sentence, with its day.
    const QString sentence = model->index(noted, 0).data(Qt::AccessibleDescriptionRole).toString();
    QVERIFY2(sentence.endsWith(QStringLiteral(" — Asked Stripe support, case 12345")), qPrintable(sentence));
    QCOMPARE(sentence.count(QStringLiteral("Asked Stripe support, case 12345")), 1);
    QCOMPARE(model->index(noted, QueueModel::OperationColumn).data(Qt::AccessibleTextRole).toString(),
             QStringLiteral("op_1, Note: Asked Stripe support, case 12345"));
    const int other = rowOf(QStringLiteral("op_2"));
    QVERIFY(other >= 0);
    QVERIFY(model->index(other, QueueModel::OperationColumn).data(QueueModel::LatestNoteRole).toString().isEmpty());
    QVERIFY(!model->index(other, QueueModel::OrderColumn).data(Qt::ToolTipRole).isValid());
}

void tst_ConsoleNotes::noteOnSomeoneElsesClaimDecidesNothing()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    // bob's claim: listed in the view with colleagues' claims.
    window->queuePane()->filterBar()->setView(QueueFilterBar::View::NeedsAnyoneNow);
    QVERIFY(Test::waitForConsole(*window));
    QVERIFY(Test::showAndWait(*window, QStringLiteral("op_2")));
    // bob holds the claim: alice may not decide, but may leave a note.
    QVERIFY(!window->actions()->record()->isEnabled());
    QVERIFY(window->actions()->addNote()->isEnabled());
    window->actions()->addNote()->trigger();
    NoteDialog *dialog = waitForChild<NoteDialog>(window.get());
    QVERIFY(dialog);
    QTest::keyClicks(dialog->textField(), QStringLiteral("customer wrote again"));
    QVERIFY(dialog->draft().followUpOn.isNull());
    QTest::mouseClick(dialog->addButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->noteDialog());
    QVERIFY(Test::waitForConsole(*window));
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT operator || ' ' || IFNULL(follow_up_on, '-') || ' ' || text "
                                                 "FROM operation_notes")),
             QStringLiteral("alice - customer wrote again"));
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT status || ' ' || claimed_by FROM refund_ops "
                                                 "WHERE operation_id = 'op_2'")),
             QStringLiteral("checking bob"));
    QTRY_COMPARE(historyRows(*window, QStringLiteral("noted")), QStringList({"alice: Note | customer wrote again"}));
    QCOMPARE(historyRows(*window, QStringLiteral("claimed")).size(), 1);
}

void tst_ConsoleNotes::versionOneStoreOffersTheUpgrade()
{
    QVERIFY(m_fixture->exec(Test::versionOneSqlite()));
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QCOMPARE(window->storeFacts()->schemaVersion, 1);
    QVERIFY(window->upgradeBanner()->isVisible());
    QVERIFY(window->upgradeBanner()->text().contains(QStringLiteral("schema version 1")));
    QVERIFY(Test::showAndWait(*window, QStringLiteral("op_1")));
    // Notes wait for the upgrade.
    QVERIFY(!window->actions()->addNote()->isEnabled());
    QVERIFY(window->actions()->claim()->isEnabled());

    QTest::mouseClick(window->upgradeBanner()->upgradeButton(), Qt::LeftButton);
    QTRY_VERIFY(window->upgradeBanner()->isHidden());
    QVERIFY(Test::waitForConsole(*window));
    QCOMPARE(m_fixture->queryInt(QStringLiteral("PRAGMA user_version")), 3);
    QCOMPARE(window->storeFacts()->schemaVersion, 3);
    QTRY_COMPARE(window->panel()->operationId(), QStringLiteral("op_1"));
    QTRY_VERIFY(window->actions()->addNote()->isEnabled());
}

QTEST_MAIN(tst_ConsoleNotes)
#include "tst_consolenotes.moc"
