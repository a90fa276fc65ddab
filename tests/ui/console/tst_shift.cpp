// A support agent's shift in one run of the console, on SQLite and on PostgreSQL alike,
// driven with the keys a person uses and checked by what the person reads: Ctrl+F finds
// one operation and Return shows it with its actions; Ask Stripe (Ctrl+K) answers once,
// from one request to the fake Stripe; a note written on an operation the evidence would
// settle holds it out of the batch, the review saying why; the batch records the rest and
// its report lists them, and nothing for the noted one.

#include "consolewait.h"
#include "fakestripe.h"
#include "isolatedsettings.h"
#include "sqliteandpgteststores.h"
#include "stripefixtures.h"
#include "teststore.h"

#include "items/queuemodel.h"
#include "ui/common/bannerlabel.h"
#include "ui/console/stripe/askstripeflow.h"
#include "ui/console/batch/batchcolumns.h"
#include "ui/console/batch/batchreportdialog.h"
#include "ui/console/batch/batchreviewdialog.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/notedialog.h"
#include "ui/console/panel/operationheader.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"

#include <QAction>
#include <QApplication>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Testing::FakeStripe;

namespace {

const QByteArray TestKey = "rk_test_51QxShiftConsoleKeyNeverShown0123456789";
const QString NoteText = QStringLiteral("do not record refunded");

// The store of the shift, its operations two hours old:
//   op_ask      timed out, no word from Stripe yet: Stripe has its refund, succeeded
//   op_settled  timed out, then Stripe's event said its refund succeeded
//   op_noted    the same, but the person learns otherwise and writes a note
bool fillShift(TestStore &store)
{
    const qint64 startedMs = (QDateTime::currentSecsSinceEpoch() - 7200) * 1000;
    if (!addTimedOutOperation(store, QStringLiteral("op_ask"), startedMs))
        return false;
    for (const QString &id : {QStringLiteral("op_settled"), QStringLiteral("op_noted")}) {
        if (!addTimedOutOperation(store, id, startedMs)
            || !addRefundEvent(store, id, QStringLiteral("re_") + id.mid(3), startedMs + 60'000))
            return false;
    }
    return true;
}

// The one action of the window that `keys` trigger.
QAction *actionOf(MainWindow &window, const QKeySequence &keys)
{
    QAction *found = nullptr;
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->shortcut() == keys) {
            if (found)
                return nullptr; // two actions on one shortcut: Qt would trigger neither
            found = action;
        }
    }
    return found;
}

// The labels shown in `root` whose text contains `text`.
int shownLabelsWith(QWidget *root, const QString &text)
{
    int shown = 0;
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (label->isVisible() && label->text().contains(text))
            ++shown;
    }
    return shown;
}

// The texts of a table's column, top to bottom.
QStringList column(QTableWidget *table, int column)
{
    QStringList texts;
    for (int row = 0; row < table->rowCount(); ++row)
        texts << table->item(row, column)->text();
    return texts;
}

// Ctrl+F, what was there replaced by `text`, and Return: the queue goes to its first match.
// False when the search field did not take the keys or the console did not settle.
bool search(MainWindow &window, const QString &text)
{
    // Back from a dialog, the window is the active one again before it takes shortcuts.
    window.activateWindow();
    if (!QTest::qWaitForWindowActive(&window))
        return false;
    QTest::keyClick(&window, Qt::Key_F, Qt::ControlModifier);
    QLineEdit *field = window.queuePane()->filterBar()->searchField();
    if (!QTest::qWaitFor([field] { return field->hasFocus(); }))
        return false;
    QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
        QTest::keyClick(field, Qt::Key_Backspace);
    else
        QTest::keyClicks(field, text);
    QTest::keyClick(field, Qt::Key_Return);
    return waitForConsole(window);
}

} // namespace

class tst_Shift : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void aShiftFromSearchToReport_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aShiftFromSearchToReport();

private:
    QTemporaryDir m_settings;
    SqliteAndPgTestStores m_stores{QStringLiteral("shift")};
    OperatorIdentity m_identity;
    std::unique_ptr<FakeStripe> m_fake;
};

void tst_Shift::initTestCase()
{
    QVERIFY(m_settings.isValid());
    useIsolatedSettings(m_settings.path(), QStringLiteral("tst_shift"));
    QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError()));
    m_identity.useForThisRun(QStringLiteral("alice"));
}

void tst_Shift::init()
{
    m_fake = std::make_unique<FakeStripe>();
    QVERIFY(m_fake->listenOnLoopback());
    m_fake->setAcceptedKey(TestKey);
    qputenv("STRIPE_API_KEY", TestKey);
    qputenv("STRIPE_API_BASE", m_fake->baseUrl().toUtf8());
    const qint64 created = QDateTime::currentSecsSinceEpoch() - 7200 + 3;
    QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_ask"), QStringLiteral("op_ask"), created)), QString());
}

void tst_Shift::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    QCOMPARE(m_fake->refusedRequests(), QStringList()); // nothing but GET
    m_fake.reset();
    qunsetenv("STRIPE_API_KEY");
    qunsetenv("STRIPE_API_BASE");
}

void tst_Shift::aShiftFromSearchToReport()
{
    QFETCH(QString, backend);
    const QString location = m_stores.make(backend, fillShift);
    QVERIFY(!location.isEmpty());
    auto window = std::make_unique<MainWindow>(&m_identity);
    window->setShowErrorDialogs(false);
    window->resize(1366, 768);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    QVERIFY2(openInConsole(*window, location), qPrintable(window->lastError()));
    QueuePane *queue = window->queuePane();

    // Ctrl+F, the operation's id, Return: the queue selects it and the panel shows it, with
    // what may be done about it.
    QVERIFY(search(*window, QStringLiteral("op_ask")));
    QCOMPARE(queue->selectedOperationIds(), QStringList{QStringLiteral("op_ask")});
    QTRY_VERIFY2(window->panel()->header()->titleText().startsWith(QLatin1String("op_ask")),
                 qPrintable(window->panel()->header()->titleText()));
    QAction *ask = actionOf(*window, QKeySequence(Qt::CTRL | Qt::Key_K));
    QAction *claim = actionOf(*window, QKeySequence(Qt::CTRL | Qt::Key_M));
    QAction *record = actionOf(*window, QKeySequence(Qt::CTRL | Qt::Key_R));
    QVERIFY(ask && claim && record);
    QVERIFY(ask->isEnabled());
    QVERIFY(claim->isEnabled());
    QVERIFY(record->isEnabled());
    QVERIFY2(window->panel()->evidenceView()->verdictText().startsWith(QLatin1String("Evidence: NONE")),
             qPrintable(window->panel()->evidenceView()->verdictText()));

    // Ctrl+K: Stripe is asked once, and its answer is said once, in the evidence's place.
    QTest::keyClick(window.get(), Qt::Key_K, Qt::ControlModifier);
    AskStripeFlow *flow = window->findChild<AskStripeFlow *>();
    QVERIFY(flow);
    QTRY_VERIFY_WITH_TIMEOUT(ask->isEnabled(), 60'000);
    QVERIFY(waitForConsole(*window));
    QTRY_VERIFY2(window->panel()->evidenceView()->verdictText().startsWith(QLatin1String("Evidence: REFUNDED")),
                 qPrintable(window->panel()->evidenceView()->verdictText()));
    QCOMPARE(shownLabelsWith(window.get(), QStringLiteral("Evidence: REFUNDED")), 1);
    QVERIFY2(window->panel()->evidenceView()->verdictText().contains(QLatin1String("re_ask")),
             qPrintable(window->panel()->evidenceView()->verdictText()));
    QCOMPARE(m_fake->requestCount(), 1);
    QVERIFY2(m_fake->requests().front().pathAndQuery.startsWith(QLatin1String("/v1/refunds?")),
             qPrintable(m_fake->requests().front().pathAndQuery));

    // Another operation, one the evidence settles: the person writes a note on it.
    QVERIFY(search(*window, QStringLiteral("op_noted")));
    QTRY_VERIFY(window->panel()->header()->titleText().startsWith(QLatin1String("op_noted")));
    QVERIFY(window->panel()->evidenceView()->verdictText().startsWith(QLatin1String("Evidence: REFUNDED")));
    QTest::keyClick(window.get(), Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY(window->noteDialog() && window->noteDialog()->isVisible());
    QTest::keyClicks(window->noteDialog()->textField(), NoteText);
    QTest::mouseClick(window->noteDialog()->addButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->noteDialog());
    QVERIFY(waitForConsole(*window));
    QTRY_VERIFY2(window->panel()->header()->noteText().contains(NoteText),
                 qPrintable(window->panel()->header()->noteText()));

    // The whole queue again, every row selected, Ctrl+Shift+R: the review holds the noted
    // operation out and says why; the others are in the plan.
    QVERIFY(search(*window, QString()));
    QTRY_COMPARE(queue->model()->rowCount(), 3);
    queue->view()->setFocus();
    QTest::keyClick(queue->view(), Qt::Key_A, Qt::ControlModifier);
    QCOMPARE(queue->selectedOperationIds().size(), 3);
    QTest::keyClick(window.get(), Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    BatchReviewDialog *review = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((review = window->findChild<BatchReviewDialog *>()) && review->isVisible(), 60'000);
    QVERIFY(QTest::qWaitForWindowExposed(review));
    const QStringList planned = column(review->eligibleTable(), BatchColumns::Operation);
    QCOMPARE(QSet<QString>(planned.begin(), planned.end()),
             QSet<QString>({QStringLiteral("op_ask"), QStringLiteral("op_settled")}));
    QTableWidget *held = review->leftOutTable();
    QCOMPARE(column(held, BatchColumns::Operation), QStringList{QStringLiteral("op_noted")});
    QCOMPARE(held->item(0, held->columnCount() - 1)->text(), QStringLiteral("a note since the evidence: ") + NoteText);

    // A note for the batch, Return: recorded on its worker, then the report.
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(review->noteEdit()));
    QTest::keyClicks(review->noteEdit(), QStringLiteral("Settled by Stripe's word"));
    QVERIFY(review->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
    QTest::keyClick(review->noteEdit(), Qt::Key_Return);
    BatchReportDialog *report = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((report = window->findChild<BatchReportDialog *>()) && report->isVisible(), 60'000);
    QVERIFY2(report->summary()->text().startsWith(QLatin1String("Recorded 2 of 2 from their evidence; 0 skipped")),
             qPrintable(report->summary()->text()));
    QTableWidget *table = report->table();
    const QStringList reported = column(table, BatchColumns::Operation);
    QCOMPARE(QSet<QString>(reported.begin(), reported.end()),
             QSet<QString>({QStringLiteral("op_ask"), QStringLiteral("op_settled")}));
    for (const QString &became : column(table, table->columnCount() - 1))
        QVERIFY2(became.startsWith(QLatin1String("recorded, decision #")), qPrintable(became));
    report->close();

    // The queue follows: what was recorded is gone from it, the noted one waits there.
    QTRY_COMPARE(queue->model()->rowCount(), 1);
    QVERIFY(waitForConsole(*window));
    QCOMPARE(queue->model()->index(0, 0).data().toString(), QStringLiteral("op_noted"));
    window.reset();
}

QTEST_MAIN(tst_Shift)
#include "tst_shift.moc"
