// The console driven through its real widgets, offscreen: reading an operation, recording
// outcomes through the dialog, changes made by another connection, read-only mode and
// a store that cannot be opened.

#include "tst_console.h"

namespace {

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

} // namespace

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
    // These follow colleagues' claims too (bob's op_7000, claims made elsewhere): the view
    // that lists them, not the default one of what the person may take up.
    window->queuePane()->filterBar()->setView(QueueFilterBar::View::NeedsAnyoneNow);
    if (!RefundDesk::Test::waitForConsole(*window))
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

QTEST_MAIN(TestConsole)
