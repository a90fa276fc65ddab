// The console's writes: a decision through the dialog, an override and its note, claiming
// and releasing from the keyboard, what others did meanwhile, taking over. A conflict's
// refunds compared in the dialog: tst_console_comparison.cpp.

#include "../shell/tst_console.h"

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
    // The queue and the panel are read again by the worker after the dialog closed.
    QTRY_COMPARE_WITH_TIMEOUT(window->queuePane()->model()->rowOf(QStringLiteral("op_5521")), -1, WorkerSettleMs);
    QTRY_COMPARE_WITH_TIMEOUT(window->queuePane()->model()->rowCount(), 2, WorkerSettleMs);
    // The panel stays on the decision, with the reply at hand.
    QCOMPARE(window->panel()->operationId(), QStringLiteral("op_5521"));
    QTRY_VERIFY2_WITH_TIMEOUT(window->panel()->noticeText().startsWith(QStringLiteral("You recorded refunded")),
                              qPrintable(window->panel()->noticeText()), WorkerSettleMs);
    QTRY_VERIFY_WITH_TIMEOUT(!window->actions()->record()->isEnabled(), WorkerSettleMs);
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
    // The row stays selected although claiming moved it in the queue (read again by the
    // worker after the panel).
    QVERIFY(RefundDesk::Test::waitForConsole(*window, WorkerSettleMs));
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
