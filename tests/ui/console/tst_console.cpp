// The console driven through its real widgets, offscreen: reading an operation, recording
// outcomes through the dialog, changes made by another connection, read-only mode and
// a store that cannot be opened.

// First: its QTest::toString specialisations must see only the domain names.
#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"

#include "evidence/resolver.h"
#include "items/attemptsmodel.h"
#include "items/eventsmodel.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "ui/common/jsonviewer.h"
#include "ui/common/painthold.h"
#include "ui/common/settingswriter.h"
#include "ui/common/theme.h"
#include "ui/console/attempttimelineview.h"
#include "ui/console/evidenceview.h"
#include "ui/console/liverefresher.h"
#include "ui/console/mainwindow.h"
#include "ui/console/operationactions.h"
#include "ui/console/operationheader.h"
#include "ui/console/operationpanel.h"
#include "ui/console/operatoridentity.h"
#include "ui/console/queuefilterbar.h"
#include "ui/console/queuepane.h"
#include "ui/console/recentstores.h"
#include "ui/console/resolvedialog.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QFile>
#include <QFileInfo>
#include <QHeaderView>
#include <QInputDialog>
#include <QTimer>
#include <QSignalSpy>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTime>
#include <QToolButton>

#include <array>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

namespace {

constexpr qint64 baseTime = 1'700'000'000'000;

// The reference case with a succeeded refund event, one with a failed refund, and one
// claimed by bob.
bool fillStore(TestStore &fixture)
{
    Operation op = TestStore::operation(QStringLiteral("op_5521"), OperationStatus::Unknown, baseTime);
    op.orderId = QStringLiteral("4417");
    op.idempotencyKey = QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa");
    bool ok = fixture.addOperation(op);
    const AttemptOutcome outcomes[] = {AttemptOutcome::Timeout, AttemptOutcome::KeyInProgress,
                                       AttemptOutcome::ServerError};
    for (int i = 0; i < 3; ++i) {
        Attempt attempt;
        attempt.operationId = op.operationId;
        attempt.attemptNo = i + 1;
        attempt.toolCallId = QStringLiteral("toolu_0%1").arg(i + 1);
        attempt.startedAt = op.createdAt + i * 20'000;
        attempt.finishedAt = attempt.startedAt + 10'000;
        attempt.outcome = outcomes[i];
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

    Operation failed = TestStore::operation(QStringLiteral("op_6000"), OperationStatus::Unknown, baseTime + 1000);
    ok = ok && fixture.addOperation(failed);
    WebhookEvent failedEvent = event;
    failedEvent.eventId = QStringLiteral("evt_failed");
    failedEvent.operationId = failed.operationId;
    failedEvent.idempotencyKey = failed.idempotencyKey;
    failedEvent.refundId = QStringLiteral("re_F");
    failedEvent.payload = TestStore::refundEventPayload(failedEvent.eventId, failedEvent.type, failedEvent.refundId,
                                                        QStringLiteral("failed"), 3800, QStringLiteral("usd"),
                                                        failed.operationId, failed.idempotencyKey, *event.created);
    ok = ok && fixture.addEvent(failedEvent);

    Operation claimed = TestStore::operation(QStringLiteral("op_7000"), OperationStatus::Checking, baseTime + 2000);
    claimed.claimedBy = QStringLiteral("bob");
    ok = ok && fixture.addOperation(claimed);
    return ok;
}

QString statusOf(TestStore &fixture, const QString &operationId)
{
    return fixture.queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id='%1'").arg(operationId));
}

// With RD_SCREENSHOT_DIR set, keeps a picture of the widget for a person to look at.
void keepPicture(QWidget *widget, const QString &name)
{
    const QString folder = qEnvironmentVariable("RD_SCREENSHOT_DIR");
    if (!folder.isEmpty())
        widget->grab().save(folder + QLatin1Char('/') + name + QStringLiteral(".png"));
}

template<typename T>
T *waitForChild(QWidget *parent, const QString &name = {})
{
    // A watchdog, not a speed limit: a busy machine may take its time to open a dialog.
    QDeadlineTimer watchdog(std::chrono::minutes(2));
    T *found = nullptr;
    while (!(found = parent->findChild<T *>(name)) && !watchdog.hasExpired())
        QTest::qWait(20);
    return found;
}

} // namespace

class TestConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void selectingShowsAttemptsAndEvents();
    void recordOutcomeThroughTheDialog();
    void contradictionNeedsOverrideAndNote();
    void keyboardClaimAndRelease();
    void claimedElsewhereShows();
    void resolvedElsewhereShows();
    void changedOperationIsAConflictWhateverTheEvidence_data();
    void changedOperationIsAConflictWhateverTheEvidence();
    void readOnlyOffersNoWrite();
    void snapshotSaysWhatItMeansAndF5Reopens();
    void invalidStoreShowsItsError();
    void openingWaitsForTheWholeFirstPicture();
    void paintHoldPaintsOnceReleased();
    void searchFindsAnOperation();
    void takeOverAsksFirst();
    void demoStoreIsBuiltOffTheUiThread();
    void layoutSurvivesARestart();
    void systemColoursAreThePlatforms();
    void operatorIsAskedOnceAndRemembered();
    void operatorDefaultsToTheLoginName();
    void liveRefreshKeepsThePlace();
    void recentStoresAreOffered();

private:
    std::unique_ptr<MainWindow> openWindow(const QString &operatorName, bool readOnly = false);

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_fixture;
    std::unique_ptr<OperatorIdentity> m_identity;
};

void TestConsole::initTestCase()
{
    QVERIFY(m_settingsDir.isValid());
    Test::useIsolatedSettings(m_settingsDir.path(), QStringLiteral("tst_console"));
}

void TestConsole::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_fixture = std::make_unique<TestStore>(m_dir->filePath(QStringLiteral("desk.sqlite")));
    QVERIFY2(m_fixture->isValid(), qPrintable(m_fixture->lastError()));
    QVERIFY2(fillStore(*m_fixture), qPrintable(m_fixture->lastError()));
}

void TestConsole::cleanup()
{
    QTRY_VERIFY2(QApplication::topLevelWidgets().isEmpty(), "a window or dialog was left open");
    m_identity.reset();
    m_fixture.reset();
    m_dir.reset();
}

std::unique_ptr<MainWindow> TestConsole::openWindow(const QString &operatorName, bool readOnly)
{
    m_identity = std::make_unique<OperatorIdentity>();
    m_identity->useForThisRun(operatorName);
    auto window = std::make_unique<MainWindow>(m_identity.get());
    window->refresher()->setInterval(100);
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return {};
    if (!RefundDesk::Test::openInConsole(*window, m_fixture->path(), readOnly))
        return {};
    return window;
}

void TestConsole::selectingShowsAttemptsAndEvents()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QTableView *queue = window->queuePane()->view();
    QCOMPARE(queue->model()->rowCount(), 3);

    // Click the reference case's row.
    const int row = window->queuePane()->model()->rowOf(QStringLiteral("op_5521"));
    QVERIFY(row >= 0);
    const QRect cell = queue->visualRect(queue->model()->index(row, QueueModel::OrderColumn));
    QTest::mouseClick(queue->viewport(), Qt::LeftButton, {}, cell.center());
    QTRY_COMPARE(window->panel()->operationId(), QStringLiteral("op_5521"));

    OperationPanel *panel = window->panel();
    QVERIFY(panel->header()->titleText().contains(QStringLiteral("38.00 USD")));
    QCOMPARE(panel->header()->keyField()->text(), QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"));
    QVERIFY(panel->header()->keyField()->isReadOnly());

    AttemptsModel *attempts = panel->attemptView()->model();
    QCOMPARE(attempts->rowCount(), 3);
    QCOMPARE(attempts->index(0, AttemptsModel::OutcomeColumn).data().toString(), QStringLiteral("timed out"));
    QCOMPARE(attempts->index(2, AttemptsModel::OutcomeColumn).data().toString(),
             QStringLiteral("saved 500: outcome unknown"));

    EventsModel *events = panel->evidenceView()->model();
    QCOMPARE(events->rowCount(), 1);
    QCOMPARE(events->index(0, EventsModel::RefundIdColumn).data().toString(), QStringLiteral("re_3Kx9"));
    QVERIFY(panel->evidenceView()->verdictText().contains(QStringLiteral("REFUNDED")));
    // The payload of the event the verdict rests on is shown, pretty and searchable.
    JsonViewer *json = panel->evidenceView()->jsonViewer();
    QVERIFY(json->text().contains(QStringLiteral("\"re_3Kx9\"")));
    QVERIFY(json->text().contains(QLatin1Char('\n')));
    QTest::keyClicks(json->searchField(), QStringLiteral("succeeded"));
    QCOMPARE(json->matchCount(), 1);

    // Unknown and nobody on it: claim and record are offered, release and take over not.
    QVERIFY(window->actions()->claim()->isEnabled());
    QVERIFY(window->actions()->record()->isEnabled());
    QVERIFY(!window->actions()->release()->isEnabled());
    QVERIFY(!window->actions()->takeOver()->isEnabled());
}

void TestConsole::recordOutcomeThroughTheDialog()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521")));
    window->actions()->record()->trigger();
    ResolveDialog *dialog = waitForChild<ResolveDialog>(window.get());
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));

    // Pre-filled from the evidence.
    QVERIFY(dialog->refundedButton()->isChecked());
    QCOMPARE(dialog->refundIdField()->text(), QStringLiteral("re_3Kx9"));
    QCOMPARE(dialog->evidenceBox()->currentData().toString(), QStringLiteral("webhook:evt_ok"));
    QCOMPARE(dialog->operatorField()->text(), QStringLiteral("alice"));
    QVERIFY(!dialog->contradiction());
    QVERIFY(dialog->summaryText().endsWith(QStringLiteral("No new key will be issued.")));
    QVERIFY(dialog->recordButton()->isEnabled());
    keepPicture(dialog, QStringLiteral("resolve-dialog"));

    QTest::mouseClick(dialog->recordButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->resolveDialog());
    QCOMPARE(statusOf(*m_fixture, QStringLiteral("op_5521")), QStringLiteral("refunded"));
    keepPicture(window.get(), QStringLiteral("after-record"));
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT operator || ' ' || refund_id || ' ' || evidence FROM resolutions")),
             QStringLiteral("alice re_3Kx9 webhook:evt_ok"));
    QCOMPARE(window->queuePane()->model()->rowOf(QStringLiteral("op_5521")), -1);
    QCOMPARE(window->queuePane()->model()->rowCount(), 2);
    // The panel stays on the decision, with the reply at hand.
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_5521"));
    QVERIFY(window->panel()->noticeText().startsWith(QStringLiteral("You recorded refunded")));
    QVERIFY(!window->actions()->record()->isEnabled());
    window->actions()->copyReply()->trigger();
    QVERIFY(QApplication::clipboard()->text().contains(QStringLiteral("re_3Kx9")));
}

void TestConsole::contradictionNeedsOverrideAndNote()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_6000")));
    QVERIFY(window->panel()->evidenceView()->verdictText().contains(QStringLiteral("FAILED")));
    window->actions()->record()->trigger();
    ResolveDialog *dialog = waitForChild<ResolveDialog>(window.get());
    QVERIFY(dialog);
    QVERIFY(dialog->failedButton()->isChecked());

    // Refunded contradicts a failed refund: blocked until override and note.
    dialog->refundedButton()->click();
    dialog->refundIdField()->setText(QStringLiteral("re_F"));
    QVERIFY(dialog->contradiction());
    QVERIFY(dialog->overrideBox()->isVisible());
    QVERIFY(!dialog->recordButton()->isEnabled());
    keepPicture(dialog, QStringLiteral("resolve-contradiction"));

    dialog->overrideBox()->click();
    QVERIFY(!dialog->recordButton()->isEnabled()); // still no note
    QTest::keyClicks(dialog->noteField(), QStringLiteral("Provider dashboard shows it succeeded on retry"));
    QVERIFY(dialog->recordButton()->isEnabled());
    QVERIFY(dialog->summaryText().contains(QStringLiteral("overrides the evidence")));

    QTest::mouseClick(dialog->recordButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->resolveDialog());
    QCOMPARE(statusOf(*m_fixture, QStringLiteral("op_6000")), QStringLiteral("refunded"));
    QCOMPARE(m_fixture->queryInt(QStringLiteral("SELECT overrides_evidence FROM resolutions WHERE operation_id='op_6000'")),
             1);
}

void TestConsole::keyboardClaimAndRelease()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    // Ctrl+1 goes to the list (first row), Ctrl+M claims it.
    QTest::keyClick(window.get(), Qt::Key_1, Qt::ControlModifier);
    QTRY_COMPARE(window->panel()->operationId(), QStringLiteral("op_5521"));
    QTest::keyClick(window->queuePane()->view(), Qt::Key_M, Qt::ControlModifier);
    // The claim is written off the UI thread: no second write for the operation meanwhile.
    QVERIFY(!window->actions()->claim()->isEnabled());
    QTRY_COMPARE(statusOf(*m_fixture, QStringLiteral("op_5521")), QStringLiteral("checking"));
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id='op_5521'")),
             QStringLiteral("alice"));
    QTRY_VERIFY(window->writes()->isIdle());
    QTRY_VERIFY(window->panel()->noticeText().startsWith(QStringLiteral("You are checking this")));
    QTRY_VERIFY(window->actions()->release()->isEnabled());
    QVERIFY(!window->actions()->claim()->isEnabled());
    // The row stays selected although claiming moved it in the queue.
    QCOMPARE(window->queuePane()->currentOperationId(), QStringLiteral("op_5521"));
    // The console's own write is not taken for someone else's change when it polls next.
    QSignalSpy changes(window->refresher(), &LiveRefresher::changed);
    window->refresher()->poll();
    QCOMPARE(changes.count(), 0);

    QTest::keyClick(window->queuePane()->view(), Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_COMPARE(statusOf(*m_fixture, QStringLiteral("op_5521")), QStringLiteral("unknown"));
    QTRY_VERIFY(window->actions()->claim()->isEnabled());
    QVERIFY(window->writes()->isIdle());
}

void TestConsole::claimedElsewhereShows()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521")));
    QVERIFY(window->actions()->claim()->isEnabled());

    // Another operator claims it through their own connection.
    auto other = StoreFactory::open(m_fixture->path(), Store::OpenMode::ReadWrite);
    QVERIFY(other.ok());
    auto current = (*other)->operation(QStringLiteral("op_5521"));
    QVERIFY(current.ok() && current->has_value());
    QVERIFY((*other)->claim(QStringLiteral("op_5521"), SeenState::of(**current), QStringLiteral("bob"), false).ok());

    QTRY_VERIFY(window->panel()->noticeText().startsWith(QStringLiteral("Claimed elsewhere: bob")));
    keepPicture(window.get(), QStringLiteral("claimed-elsewhere"));
    QVERIFY(!window->actions()->claim()->isEnabled());
    QVERIFY(!window->actions()->record()->isEnabled());
    QVERIFY(window->actions()->takeOver()->isEnabled());
    // The queue's row comes again from the store, after the panel's notice.
    QueueModel *model = window->queuePane()->model();
    QTRY_COMPARE(model->index(model->rowOf(QStringLiteral("op_5521")), QueueModel::ClaimedByColumn).data().toString(),
                 QStringLiteral("bob"));
    QCOMPARE(window->queuePane()->currentOperationId(), QStringLiteral("op_5521"));
}

void TestConsole::resolvedElsewhereShows()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_5521")));
    window->actions()->record()->trigger();
    ResolveDialog *dialog = waitForChild<ResolveDialog>(window.get());
    QVERIFY(dialog);

    // Meanwhile another operator records the outcome.
    auto other = StoreFactory::open(m_fixture->path(), Store::OpenMode::ReadWrite);
    QVERIFY(other.ok());
    auto current = (*other)->operation(QStringLiteral("op_5521"));
    QVERIFY(current.ok() && current->has_value());
    ResolutionDraft draft;
    draft.operationId = QStringLiteral("op_5521");
    draft.outcome = Outcome::Refunded;
    draft.refundId = QStringLiteral("re_3Kx9");
    draft.evidence = QStringLiteral("dashboard");
    draft.operatorName = QStringLiteral("carol");
    QVERIFY(Resolver(**other).resolve(draft, SeenState::of(**current)).ok());

    QTRY_VERIFY(window->panel()->noticeText().startsWith(QStringLiteral("Resolved elsewhere: carol recorded refunded")));
    QTRY_COMPARE(window->queuePane()->model()->rowOf(QStringLiteral("op_5521")), -1);
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_5521"));
    QVERIFY(!window->actions()->record()->isEnabled());
    QVERIFY(!window->actions()->claim()->isEnabled());

    // The dialog opened before cannot write over it: the store refuses, the window says so.
    window->setShowErrorDialogs(false);
    QTest::mouseClick(dialog->recordButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->resolveDialog());
    QVERIFY(!window->lastError().isEmpty());
    QCOMPARE(m_fixture->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions WHERE operation_id='op_5521'")), 1);
}

void TestConsole::changedOperationIsAConflictWhateverTheEvidence_data()
{
    QTest::addColumn<QString>("operationId");
    QTest::addColumn<QString>("outcome");   // what alice chooses in the dialog
    QTest::addColumn<QString>("refundId");
    QTest::addColumn<bool>("override");     // with a note
    QTest::addColumn<QString>("meanwhile"); // what happens elsewhere before she records
    QTest::addColumn<bool>("lateSuccess");  // and an event saying the refund succeeded arrives
    QTest::addColumn<QString>("conflict");  // a fragment of the conflict notice

    // op_6000's event says its refund re_F failed: the dialog suggests failed; op_5521's
    // says re_3Kx9 succeeded.
    QTest::newRow("decided, contradicting evidence")
        << "op_6000" << "failed" << "" << false << "carol records refunded" << true
        << "op_6000 was already resolved as refunded by carol at ";
    QTest::newRow("decided, agreeing evidence")
        << "op_5521" << "refunded" << "re_3Kx9" << false << "carol records refunded" << false
        << "op_5521 was already resolved as refunded by carol at ";
    QTest::newRow("decided, overridden")
        << "op_6000" << "refunded" << "re_F" << true << "carol records failed" << false
        << "op_6000 was already resolved as failed by carol at ";
    QTest::newRow("closed by the tool, contradicting evidence")
        << "op_6000" << "failed" << "" << false << "the tool closes it as refunded" << true
        << "op_6000 was already closed as refunded by the refund tool";
    QTest::newRow("changed since seen, contradicting evidence")
        << "op_6000" << "failed" << "" << false << "bob claims and releases it" << true
        << "op_6000 changed since you looked at it";
}

// A decision on an operation that changed after the dialog opened is a conflict, shown
// as such, before and whatever the evidence rules would say.
void TestConsole::changedOperationIsAConflictWhateverTheEvidence()
{
    QFETCH(QString, operationId);
    QFETCH(QString, outcome);
    QFETCH(QString, refundId);
    QFETCH(bool, override);
    QFETCH(QString, meanwhile);
    QFETCH(bool, lateSuccess);
    QFETCH(QString, conflict);

    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    window->setShowErrorDialogs(false);
    QVERIFY(RefundDesk::Test::showAndWait(*window, operationId));
    window->actions()->record()->trigger();
    ResolveDialog *dialog = waitForChild<ResolveDialog>(window.get());
    QVERIFY(dialog);
    (outcome == QLatin1String("refunded") ? dialog->refundedButton() : dialog->failedButton())->click();
    if (!refundId.isEmpty())
        dialog->refundIdField()->setText(refundId);
    QCOMPARE(dialog->contradiction().has_value(), override);
    if (override) {
        dialog->overrideBox()->click();
        QTest::keyClicks(dialog->noteField(), QStringLiteral("The bank confirmed it"));
    }
    QVERIFY2(dialog->recordButton()->isEnabled(), qPrintable(dialog->problem().value_or(QString())));

    // Elsewhere, through other connections.
    auto other = StoreFactory::open(m_fixture->path(), Store::OpenMode::ReadWrite);
    QVERIFY(other.ok());
    auto current = (*other)->operation(operationId);
    QVERIFY(current.ok() && current->has_value());
    const Operation seen = **current;
    const QString refundOfIt = operationId == QLatin1String("op_6000") ? QStringLiteral("re_F") : QStringLiteral("re_3Kx9");
    if (lateSuccess) {
        WebhookEvent event;
        event.eventId = QStringLiteral("evt_late");
        event.type = QStringLiteral("refund.updated");
        event.created = baseTime / 1000 + 600;
        event.receivedAt = baseTime + 601'000;
        event.operationId = operationId;
        event.idempotencyKey = seen.idempotencyKey;
        event.refundId = refundOfIt;
        event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId,
                                                      QStringLiteral("succeeded"), 3800, QStringLiteral("usd"),
                                                      operationId, seen.idempotencyKey, *event.created);
        QVERIFY2(m_fixture->addEvent(event), qPrintable(m_fixture->lastError()));
    }
    if (meanwhile.startsWith(QLatin1String("carol records"))) {
        const bool refunded = meanwhile.endsWith(QLatin1String("refunded"));
        ResolutionDraft draft{operationId, refunded ? Outcome::Refunded : Outcome::Failed,
                              refunded ? refundOfIt : QString(), QStringLiteral("dashboard"), {},
                              QStringLiteral("carol"), false};
        auto recorded = Resolver(**other).resolve(draft, SeenState::of(seen));
        QVERIFY2(recorded, recorded ? "" : qPrintable(recorded.error().message));
    } else if (meanwhile.startsWith(QLatin1String("the tool"))) {
        QVERIFY(m_fixture->exec(QStringLiteral("UPDATE refund_ops SET status = 'refunded', refund_id = '%1', "
                                               "version = version + 1 WHERE operation_id = '%2'")
                                    .arg(refundOfIt, operationId)));
    } else {
        auto claimed = Resolver(**other).claim(seen, QStringLiteral("bob"), false);
        QVERIFY(claimed);
        QVERIFY(Resolver(**other).release(*claimed, QStringLiteral("bob")));
    }
    const qint64 resolutions = m_fixture->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions"));
    const QString row = m_fixture->queryText(
        QStringLiteral("SELECT status || '/' || version FROM refund_ops WHERE operation_id = '%1'").arg(operationId));

    QSignalSpy reported(window.get(), &MainWindow::errorReported);
    QTest::mouseClick(dialog->recordButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->resolveDialog());
    QCOMPARE(reported.count(), 1);
    QCOMPARE(reported.first().at(0).toString(), QStringLiteral("Someone else changed this operation"));
    const QString notice = reported.first().at(1).toString();
    QVERIFY2(notice.contains(conflict), qPrintable(notice));
    QVERIFY2(!notice.contains(QLatin1String("override")), qPrintable(notice));
    QCOMPARE(m_fixture->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions")), resolutions);
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT status || '/' || version FROM refund_ops WHERE "
                                                 "operation_id = '%1'").arg(operationId)),
             row);
    // The panel shows where the operation stands now.
    if (meanwhile.startsWith(QLatin1String("carol records")))
        QTRY_VERIFY2(window->panel()->noticeText().contains(QLatin1String("carol recorded")),
                     qPrintable(window->panel()->noticeText()));
    QCOMPARE(window->panel()->operationId(), operationId);
}

void TestConsole::readOnlyOffersNoWrite()
{
    auto window = openWindow(QStringLiteral("alice"), true);
    QVERIFY(window);
    QVERIFY(window->readOnlyBanner()->isVisible());
    QVERIFY(window->readOnlyBanner()->text().startsWith(QStringLiteral("Read-only")));
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

namespace {

class PaintCounter final : public QWidget
{
public:
    int paints = 0;

protected:
    void paintEvent(QPaintEvent *) override { ++paints; }
};

} // namespace

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

void TestConsole::searchFindsAnOperation()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QTest::keyClick(window.get(), Qt::Key_F, Qt::ControlModifier);
    QLineEdit *search = window->queuePane()->filterBar()->searchField();
    QTRY_VERIFY(search->hasFocus());
    QTest::keyClicks(search, QStringLiteral("4417"));
    QTest::keyClick(search, Qt::Key_Return);
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 1);
    QTRY_COMPARE(window->panel()->operationId(), QStringLiteral("op_5521"));
    QVERIFY(window->queuePane()->view()->hasFocus());

    QComboBox *status = window->queuePane()->filterBar()->statusBox();
    status->setCurrentIndex(status->findText(QStringLiteral("Free (nobody on it)"), Qt::MatchStartsWith));
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 1); // op_5521: unknown, nobody on it
    status->setCurrentIndex(status->findText(QStringLiteral("Mine"), Qt::MatchStartsWith));
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 0);
    search->clear();
    QTest::keyClicks(search, QStringLiteral("7000"));
    status->setCurrentIndex(status->findText(QStringLiteral("All"), Qt::MatchStartsWith));
    QTRY_COMPARE(window->queuePane()->model()->rowCount(), 1);
    QCOMPARE(window->queuePane()->model()->index(0, 0).data().toString(), QStringLiteral("op_7000"));
}

void TestConsole::takeOverAsksFirst()
{
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_7000")));
    QVERIFY(window->panel()->noticeText().startsWith(QStringLiteral("bob is checking this")));
    QVERIFY(window->actions()->takeOver()->isEnabled());
    QVERIFY(!window->actions()->record()->isEnabled());

    // Cancel leaves it with bob.
    QTest::keyClick(window.get(), Qt::Key_T, Qt::ControlModifier);
    auto *box = waitForChild<QMessageBox>(window.get(), QStringLiteral("takeOverDialog"));
    QVERIFY(box);
    QVERIFY(box->text().startsWith(QStringLiteral("bob claimed op_7000")));
    box->reject();
    QTRY_VERIFY(!window->findChild<QMessageBox *>(QStringLiteral("takeOverDialog")));
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id='op_7000'")),
             QStringLiteral("bob"));

    // Confirming takes it over.
    window->actions()->takeOver()->trigger();
    box = waitForChild<QMessageBox>(window.get(), QStringLiteral("takeOverDialog"));
    QVERIFY(box);
    QAbstractButton *takeOver = nullptr;
    for (QAbstractButton *button : box->buttons()) {
        if (button->text() == QStringLiteral("Take over"))
            takeOver = button;
    }
    QVERIFY(takeOver);
    takeOver->click();
    QTRY_COMPARE(m_fixture->queryText(QStringLiteral("SELECT claimed_by FROM refund_ops WHERE operation_id='op_7000'")),
                 QStringLiteral("alice"));
    QTRY_VERIFY(window->actions()->record()->isEnabled());
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

void TestConsole::layoutSurvivesARestart()
{
    // Everything a person can drag: the window, both splitters and the tables' columns.
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
        window->resize(1200, 700);
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
    QCOMPARE(window->size(), QSize(1200, 700));
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
        if (action->text() == QStringLiteral("Change &operator name…"))
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

void TestConsole::liveRefreshKeepsThePlace()
{
    QVERIFY(m_fixture->exec(QStringLiteral("BEGIN")));
    for (int i = 0; i < 120; ++i) {
        Operation op = TestStore::operation(QStringLiteral("op_x%1").arg(i, 3, 10, QLatin1Char('0')),
                                            OperationStatus::Unknown, baseTime - 500'000 + i * 1000);
        QVERIFY2(m_fixture->addOperation(op), qPrintable(m_fixture->lastError()));
    }
    QVERIFY(m_fixture->exec(QStringLiteral("COMMIT")));
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QTableView *view = window->queuePane()->view();
    QueueModel *model = window->queuePane()->model();
    view->scrollTo(model->index(60, 0), QAbstractItemView::PositionAtTop);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_x065")));
    const QString topBefore = view->indexAt(QPoint(1, 1)).data(QueueModel::OperationIdRole).toString();
    QCOMPARE(topBefore, QStringLiteral("op_x060"));

    // Elsewhere, rows above the view are resolved and a new one arrives at the end.
    QVERIFY(m_fixture->exec(QStringLiteral("UPDATE refund_ops SET status='failed', version=version+1 "
                                           "WHERE operation_id IN ('op_x001','op_x002','op_x010')")));
    QVERIFY(m_fixture->addOperation(TestStore::operation(QStringLiteral("op_late"), OperationStatus::Unknown,
                                                         baseTime + 90'000)));
    QTRY_COMPARE(model->rowOf(QStringLiteral("op_x001")), -1);
    QTRY_COMPARE(view->indexAt(QPoint(1, 1)).data(QueueModel::OperationIdRole).toString(), topBefore);
    QCOMPARE(window->queuePane()->currentOperationId(), QStringLiteral("op_x065"));
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_x065"));
    // The newcomer sits past the first page: it shows up once the list is scrolled there.
    QCOMPARE(model->rowOf(QStringLiteral("op_late")), -1);
    view->scrollToBottom();
    QTRY_VERIFY(model->rowOf(QStringLiteral("op_late")) >= 0);
    QCOMPARE(model->rowCount(), 3 + 120 + 1 - 3);
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

QTEST_MAIN(TestConsole)
#include "tst_console.moc"
