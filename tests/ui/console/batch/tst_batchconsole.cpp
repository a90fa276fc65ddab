// Recording outcomes from evidence in the console, through its real widgets: many
// operations selected in the queue, Ctrl+Shift+R, the review with its totals and left-out
// operations, the note that has the focus and the line that says what Record waits for,
// the typed count above 50, rows unticked with Space and left out by the reviewer, the
// batch on a worker and the report as a table copied as tab-separated values; every
// ticked operation decided once, every unticked one not at all.

#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"

#include "demo/demostore.h"
#include "evidence/batchplan.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "ui/console/batch/batchcolumns.h"
#include "ui/console/batch/batchreportdialog.h"
#include "ui/console/batch/batchreviewdialog.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuepane.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace RefundDesk;

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;

QPushButton *okButton(QDialog *dialog)
{
    return dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

template<typename Dialog>
Dialog *openDialog(QWidget *window)
{
    for (Dialog *dialog : window->findChildren<Dialog *>()) {
        if (dialog->isVisible())
            return dialog;
    }
    return nullptr;
}

// A plan of `count` refunded operations, made without a store, for the dialog alone.
BatchPlan planOf(int count)
{
    BatchPlan plan;
    plan.operatorName = QStringLiteral("alice");
    for (int i = 0; i < count; ++i) {
        BatchCandidate candidate;
        candidate.seen = Test::TestStore::operation(QStringLiteral("op_%1").arg(i));
        candidate.seen.amountCents = 1000;
        candidate.verdict = Verdict::Refunded;
        candidate.outcome = Outcome::Refunded;
        candidate.refundId = QStringLiteral("re_%1").arg(i);
        candidate.eventId = QStringLiteral("evt_%1").arg(i);
        plan.eligible.push_back(candidate);
    }
    BatchLeftOut left;
    left.operation = Test::TestStore::operation(QStringLiteral("op_held"), OperationStatus::Checking);
    left.operation.claimedBy = QStringLiteral("grace");
    left.verdict = Verdict::Refunded;
    left.reason = LeftOutReason::ClaimedByOther;
    plan.leftOut.push_back(left);
    return plan;
}

} // namespace

class TestBatchConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();

    void reviewListsAndNeedsANote();
    void whenTheEvidenceSettlesNoneTheLeftOutComeFirst();
    void reviewSaysTheEvidenceInWords();
    void untickedRowsAreLeftOutByTheReviewer();
    void reviewWritesMoneyAsTheLocaleDoes_data();
    void reviewWritesMoneyAsTheLocaleDoes();
    void aboveFiftyTheCountIsTypedToConfirm();
    void selectedOperationsAreRecordedFromTheirEvidence();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
};

void TestBatchConsole::initTestCase()
{
    QVERIFY(m_dir.isValid());
    Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_batchconsole"));
}

void TestBatchConsole::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
}

void TestBatchConsole::reviewListsAndNeedsANote()
{
    BatchReviewDialog dialog(planOf(3));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.eligibleTable()->rowCount(), 3);
    QCOMPARE(dialog.eligibleTable()->item(1, BatchColumns::RefundId)->text(), QStringLiteral("re_1"));
    QVERIFY(dialog.eligibleTable()->item(1, BatchColumns::Evidence)->text().contains(QLatin1String("evt_1")));
    QCOMPARE(dialog.leftOutTable()->rowCount(), 1);
    const int why = dialog.leftOutTable()->columnCount() - 1;
    QVERIFY(dialog.leftOutTable()->item(0, why)->text().contains(QLatin1String("grace")));
    const QString totals = dialog.findChild<QLabel *>(QStringLiteral("batchTotals"))->text();
    QVERIFY2(totals.contains(QLatin1String("30.00")), qPrintable(totals));
    QVERIFY(!dialog.confirmEdit()->isVisible());
    // The note has the focus; the line beside Record says it waits for one, and Return
    // records nothing until then.
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(dialog.noteEdit()));
    QVERIFY(!okButton(&dialog)->isEnabled());
    QVERIFY2(dialog.waitingLabel()->text().contains(QLatin1String("note")), qPrintable(dialog.waitingLabel()->text()));
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("Settled by webhooks"));
    QCOMPARE(dialog.note(), QStringLiteral("Settled by webhooks"));
    QVERIFY(okButton(&dialog)->isEnabled());
    QCOMPARE(dialog.waitingLabel()->text(), QString());
}

void TestBatchConsole::whenTheEvidenceSettlesNoneTheLeftOutComeFirst()
{
    // A conflict alone selected, say: nothing to tick, nothing for a note to explain.
    BatchReviewDialog dialog(planOf(0));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QCOMPARE(dialog.findChild<QTabWidget *>(QStringLiteral("batchTabs"))->currentWidget(),
             static_cast<QWidget *>(dialog.leftOutTable()));
    QTRY_COMPARE(QApplication::focusWidget(), static_cast<QWidget *>(dialog.leftOutTable()));
    QVERIFY(!dialog.noteEdit()->isEnabled());
    QVERIFY(!okButton(&dialog)->isEnabled());
    const QString summary = dialog.findChild<QLabel *>(QStringLiteral("batchSummary"))->text();
    QVERIFY2(summary.startsWith(QLatin1String("The evidence settles none of these: 1 operation needs a person")),
             qPrintable(summary));
    QVERIFY2(dialog.waitingLabel()->text().startsWith(QLatin1String("Nothing to record")),
             qPrintable(dialog.waitingLabel()->text()));
}

void TestBatchConsole::reviewSaysTheEvidenceInWords()
{
    // A failure Stripe sent, one a complete listing found, and a refund a lookup found.
    BatchPlan plan = planOf(3);
    plan.eligible[0].verdict = Verdict::Failed;
    plan.eligible[0].outcome = Outcome::Failed;
    plan.eligible[1].verdict = Verdict::NotFound;
    plan.eligible[1].outcome = Outcome::Failed;
    plan.eligible[1].eventId.clear();
    plan.eligible[1].lookupId = 17;
    plan.eligible[2].eventId.clear();
    plan.eligible[2].lookupId = 18;
    BatchReviewDialog dialog(plan);
    const auto evidence = [&dialog](int row) {
        return dialog.eligibleTable()->item(row, BatchColumns::Evidence)->text();
    };
    QCOMPARE(evidence(0), QStringLiteral("Stripe's event evt_0 says the refund failed"));
    QCOMPARE(evidence(1), QStringLiteral("Stripe lookup 17 listed every refund: none for this operation"));
    QCOMPARE(evidence(2), QStringLiteral("Stripe lookup 18 found the refund succeeded"));
    // The same outcome, told apart by what it rests on.
    QCOMPARE(dialog.eligibleTable()->item(0, BatchColumns::Outcome)->text(),
             dialog.eligibleTable()->item(1, BatchColumns::Outcome)->text());
    // Ids are cut in the middle where they do not fit; the tooltip has the whole.
    QCOMPARE(dialog.eligibleTable()->textElideMode(), Qt::ElideMiddle);
    QCOMPARE(dialog.eligibleTable()->item(2, BatchColumns::RefundId)->toolTip(), QStringLiteral("re_2"));
}

void TestBatchConsole::untickedRowsAreLeftOutByTheReviewer()
{
    BatchReviewDialog dialog(planOf(52));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTableWidget *table = dialog.eligibleTable();
    QVERIFY(dialog.confirmEdit()->isVisible());
    // Rows 0 and 1 selected, Space unticks both: 50 left, no count to type.
    table->setFocus();
    table->selectRow(0);
    QTest::keyClick(table, Qt::Key_Down, Qt::ShiftModifier);
    QTest::keyClick(table, Qt::Key_Space);
    QCOMPARE(table->item(0, BatchReviewDialog::TickColumn)->checkState(), Qt::Unchecked);
    QCOMPARE(table->item(1, BatchReviewDialog::TickColumn)->checkState(), Qt::Unchecked);
    QCOMPARE(table->item(2, BatchReviewDialog::TickColumn)->checkState(), Qt::Checked);
    QCOMPARE(dialog.tickedCount(), qint64(50));
    QVERIFY(!dialog.confirmEdit()->isVisible());
    QVERIFY2(okButton(&dialog)->text().contains(QLatin1String("50")), qPrintable(okButton(&dialog)->text()));
    const QString totals = dialog.findChild<QLabel *>(QStringLiteral("batchTotals"))->text();
    QVERIFY2(totals.contains(QLatin1String("50 operation")), qPrintable(totals));

    const BatchPlan reviewed = dialog.reviewedPlan();
    QCOMPARE(reviewed.eligible.size(), size_t(50));
    const std::vector<BatchLeftOut> unticked = reviewed.leftOutByReviewer();
    QCOMPARE(unticked.size(), size_t(2));
    QCOMPARE(unticked[0].operation.operationId, QStringLiteral("op_0"));
    QCOMPARE(describe(unticked[1]), QStringLiteral("left out by the reviewer"));

    // Space again ticks them back.
    QTest::keyClick(table, Qt::Key_Space);
    QCOMPARE(dialog.tickedCount(), qint64(52));
    QVERIFY(dialog.confirmEdit()->isVisible());
}

void TestBatchConsole::reviewWritesMoneyAsTheLocaleDoes_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("amount");
    QTest::addColumn<QString>("total");

    // Three operations of 1000 minor units each.
    const QString nbsp(QChar(0x00A0));
    const QLocale english(QLocale::English, QLocale::UnitedStates);
    const QLocale russian(QLocale::Russian, QLocale::Russia);
    const QLocale chinese(QLocale::Chinese, QLocale::China);
    QTest::newRow("en USD") << english << "usd" << "$10.00" << "$30.00";
    QTest::newRow("ru USD") << russian << "usd" << "10,00" + nbsp + "USD" << "30,00" + nbsp + "USD";
    QTest::newRow("zh_CN USD") << chinese << "usd" << "USD" + nbsp + "10.00" << "USD" + nbsp + "30.00";
    QTest::newRow("en JPY, never divided") << english << "jpy" << "JPY" + nbsp + "1,000" << "JPY" + nbsp + "3,000";
    QTest::newRow("ru MGA, never divided") << russian << "mga" << "1" + nbsp + "000" + nbsp + "MGA"
                                           << "3" + nbsp + "000" + nbsp + "MGA";
    QTest::newRow("zh_CN KWD, three decimals") << chinese << "kwd" << "KWD" + nbsp + "1.000" << "KWD" + nbsp + "3.000";
}

void TestBatchConsole::reviewWritesMoneyAsTheLocaleDoes()
{
    QFETCH(QLocale, locale);
    QFETCH(QString, currency);
    QFETCH(QString, amount);
    QFETCH(QString, total);
    BatchPlan plan = planOf(3);
    for (BatchCandidate &candidate : plan.eligible)
        candidate.seen.currency = currency;
    const QLocale before;
    QLocale::setDefault(locale);
    BatchReviewDialog dialog(plan);
    QLocale::setDefault(before);
    // Qt writes Russian groups with U+00A0 or U+202F depending on its CLDR data.
    const auto spaced = [](QString text) { return text.replace(QChar(0x202F), QChar(0x00A0)); };
    QCOMPARE(spaced(dialog.eligibleTable()->item(0, BatchColumns::Amount)->text()), amount);
    const QString totals = spaced(dialog.findChild<QLabel *>(QStringLiteral("batchTotals"))->text());
    QVERIFY2(totals.endsWith(total), qPrintable(totals));
}

void TestBatchConsole::aboveFiftyTheCountIsTypedToConfirm()
{
    BatchReviewDialog dialog(planOf(51));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.confirmEdit()->isVisible());
    QTest::keyClicks(dialog.noteEdit(), QStringLiteral("Settled"));
    QVERIFY(!okButton(&dialog)->isEnabled());
    QTest::keyClicks(dialog.confirmEdit(), QStringLiteral("50"));
    QVERIFY(!okButton(&dialog)->isEnabled());
    dialog.confirmEdit()->clear();
    QTest::keyClicks(dialog.confirmEdit(), QStringLiteral("51"));
    QVERIFY(okButton(&dialog)->isEnabled());
}

void TestBatchConsole::selectedOperationsAreRecordedFromTheirEvidence()
{
    const QString path = m_dir.filePath(QStringLiteral("demo.sqlite"));
    SimulationOptions options;
    options.operations = 2000;
    options.seed = 7;
    options.nowMs = DemoNow;
    auto generated = DemoStore::generate(path, options);
    QVERIFY2(generated, qPrintable(generated ? QString() : generated.error().message));

    OperatorIdentity identity;
    identity.useForThisRun(QStringLiteral("alice"));
    MainWindow window(&identity);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(Test::openInConsole(window, path));

    // What the evidence settles, as the planner tells it from a connection of its own.
    auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    QVERIFY(store);
    BatchRequest request;
    request.operatorName = QStringLiteral("alice");
    auto expected = BatchPlanner::plan(**store, request);
    QVERIFY(expected);
    const int eligible = int(expected->eligible.size());
    QVERIFY(eligible > 0 && eligible <= BatchReviewDialog::ConfirmAbove);

    // Queue › Select all that the evidence settles: the eligible ones, and nothing pending,
    // in conflict or held by a colleague.
    QTableView *queue = window.queuePane()->view();
    window.findChild<QAction *>(QStringLiteral("selectSettledAction"))->trigger();
    const QStringList settled = window.queuePane()->selectedOperationIds();
    for (const BatchCandidate &candidate : expected->eligible)
        QVERIFY2(settled.contains(candidate.seen.operationId), qPrintable(candidate.seen.operationId));
    for (const BatchLeftOut &left : expected->leftOut) {
        if (left.reason != LeftOutReason::NoNamedEvent && left.reason != LeftOutReason::OverrideNeeded)
            QVERIFY2(!settled.contains(left.operation.operationId), qPrintable(left.operation.operationId));
    }

    // Everything the filter shows, selected with Ctrl+A.
    queue->setFocus();
    QTest::keyClick(queue, Qt::Key_A, Qt::ControlModifier);
    const QStringList selected = window.queuePane()->selectedOperationIds();
    QCOMPARE(selected.size(), queue->model()->rowCount());
    QVERIFY(selected.size() > eligible);

    QTest::keyClick(&window, Qt::Key_R, Qt::ControlModifier | Qt::ShiftModifier);
    BatchReviewDialog *review = nullptr;
    QTRY_VERIFY((review = openDialog<BatchReviewDialog>(&window)));
    QCOMPARE(review->eligibleTable()->rowCount(), eligible);
    // The default view lists what alice may take up: a colleague's claim is not among the
    // rows selected, so not among those left out either.
    const auto colleagues = std::count_if(expected->leftOut.begin(), expected->leftOut.end(), [](const BatchLeftOut &left) {
        return left.operation.status == OperationStatus::Checking
            && left.operation.claimedBy != QLatin1String("alice");
    });
    QVERIFY(colleagues > 0);
    QCOMPARE(review->leftOutTable()->rowCount(), int(expected->leftOut.size() - size_t(colleagues)));
    for (int row = 0; row < eligible; ++row)
        QCOMPARE(review->eligibleTable()->item(row, 0)->text(), expected->eligible[size_t(row)].seen.operationId);
    // The first row unticked with Space: left out by the reviewer, never recorded.
    const QString leftOut = expected->eligible.front().seen.operationId;
    review->eligibleTable()->setFocus();
    review->eligibleTable()->selectRow(0);
    QTest::keyClick(review->eligibleTable(), Qt::Key_Space);
    QCOMPARE(review->tickedCount(), qint64(eligible - 1));
    review->noteEdit()->setFocus();
    QTest::keyClicks(review->noteEdit(), QStringLiteral("Settled by their webhooks"));
    QVERIFY(okButton(review)->isEnabled());
    QTest::keyClick(review->noteEdit(), Qt::Key_Return);

    // The batch runs on its worker; the report comes at the end.
    BatchReportDialog *report = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((report = openDialog<BatchReportDialog>(&window)), 60'000);
    const QString summary = report->summary()->text();
    QVERIFY2(summary.startsWith(QStringLiteral("Recorded %1 of %1 from their evidence; 0 skipped").arg(eligible - 1)),
             qPrintable(summary));
    QVERIFY2(summary.contains(QLatin1String("1 left out by the reviewer")), qPrintable(summary));
    // The report is a table with the review's columns: each recorded row, then the one
    // left out by the reviewer.
    QTableWidget *table = report->table();
    QCOMPARE(table->rowCount(), eligible);
    const int became = table->columnCount() - 1;
    QCOMPARE(table->item(eligible - 1, BatchColumns::Operation)->text(), leftOut);
    QCOMPARE(table->item(eligible - 1, became)->text(), QStringLiteral("left out by the reviewer"));
    QVERIFY(table->item(0, became)->text().startsWith(QLatin1String("recorded, decision #")));
    QVERIFY(table->item(0, BatchColumns::Evidence)->text().contains(QLatin1String("evt_")));
    QTest::mouseClick(report->findChild<QPushButton *>(QStringLiteral("copyReport")), Qt::LeftButton);
    const QString copied = QApplication::clipboard()->text();
    QVERIFY2(copied.startsWith(summary + QStringLiteral("\n\nOperation\tOutcome\tAmount\tRefund id\tEvidence\t")),
             qPrintable(copied));
    QCOMPARE(copied.count(u'\n'), summary.count(u'\n') + 2 + 1 + eligible);
    QVERIFY(copied.contains(leftOut + u'\t'));
    report->close();

    for (const BatchCandidate &candidate : expected->eligible) {
        auto resolutions = (*store)->resolutions(candidate.seen.operationId);
        QVERIFY(resolutions);
        if (candidate.seen.operationId == leftOut) {
            QCOMPARE(resolutions->size(), size_t(0));
            continue;
        }
        QCOMPARE(resolutions->size(), size_t(1));
        QCOMPARE(resolutions->front().evidence, candidate.evidenceText());
        QVERIFY(resolutions->front().note.startsWith(QLatin1String("Settled by their webhooks [batch from evidence: ")));
    }
    // The queue follows: the decided ones are gone from it, the one left out stays.
    QTRY_COMPARE(queue->model()->rowCount(), int(selected.size()) - eligible + 1);
    QVERIFY(Test::waitForConsole(window));
}

QTEST_MAIN(TestBatchConsole)
#include "tst_batchconsole.moc"
