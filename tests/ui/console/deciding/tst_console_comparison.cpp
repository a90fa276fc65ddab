// The decision's comparison of refunds: a conflict's refunds side by side and the
// operation's picked among them; a refund by another path left to the person to judge.

#include "../shell/tst_console.h"

namespace {

// `operationId`'s payment lists re_dash, which no operation of the store made. With
// `ownRefund`, its one attempt made refund re_own (an event and the listing say so): a
// conflict; without, a refund by another path.
bool addRefundsOfThePayment(TestStore &fixture, const QString &operationId, bool ownRefund)
{
    const Operation op = TestStore::operation(operationId, OperationStatus::Unknown, baseTime + 3000);
    bool ok = fixture.addOperation(op);
    Attempt attempt;
    attempt.operationId = op.operationId;
    attempt.attemptNo = 1;
    attempt.toolCallId = QStringLiteral("toolu_80");
    attempt.startedAt = op.createdAt + 1000;
    attempt.finishedAt = attempt.startedAt + 30'000;
    attempt.outcome = AttemptOutcome::Timeout;
    ok = ok && fixture.addAttempt(attempt);
    WebhookEvent event;
    event.eventId = QStringLiteral("evt_own");
    event.type = QStringLiteral("refund.updated");
    event.created = attempt.startedAt / 1000 + 5;
    event.receivedAt = *event.created * 1000 + 400;
    event.operationId = op.operationId;
    event.idempotencyKey = op.idempotencyKey;
    event.refundId = QStringLiteral("re_own");
    event.payload = TestStore::refundEventPayload(event.eventId, event.type, event.refundId, QStringLiteral("succeeded"),
                                                  3800, QStringLiteral("usd"), op.operationId, op.idempotencyKey,
                                                  *event.created);
    if (ownRefund)
        ok = ok && fixture.addEvent(event);
    const qint64 askedAt = op.createdAt + 3 * 3600'000;
    const QString result =
        QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_%1",)"
                       R"("quiet_since":%2,"refunds":[%3],"other_operations":[],"other_refunds":[{"id":"re_dash",)"
                       R"("status":"succeeded","amount":3800,"currency":"usd","created":%4}]})")
            .arg(operationId)
            .arg(*attempt.finishedAt)
            .arg(ownRefund ? QStringLiteral(R"({"id":"re_own","status":"succeeded","amount":3800,"currency":"usd",)"
                                            R"("created":%1,"operation_id":"%2"})")
                                 .arg(*event.created)
                                 .arg(operationId)
                           : QString())
            .arg(*event.created + 2 * 3600);
    return ok
        && fixture.exec(QStringLiteral("INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, requests, "
                                       "result, response_sha256) VALUES ('%1', 'stripe', %2, 'alice', '[]', '%3', '%4')")
                            .arg(operationId)
                            .arg(askedAt)
                            .arg(result, QString(64, QLatin1Char('b'))));
}

} // namespace

void TestConsole::aConflictLaysTheRefundsSideBySide()
{
    QVERIFY2(addRefundsOfThePayment(*m_fixture, QStringLiteral("op_8000"), true), qPrintable(m_fixture->lastError()));
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_8000")));
    // The panel says the verdict and where to go next.
    const QString verdict = window->panel()->evidenceView()->verdictText();
    QVERIFY2(verdict.contains(QLatin1String("CONFLICT")), qPrintable(verdict));
    // The next step is said once, under the verdict, not in it as well.
    QVERIFY2(!verdict.contains(QLatin1String("Ctrl+R")), qPrintable(verdict));
    const QString next = window->panel()->evidenceView()->nextStepText();
    QVERIFY2(next.startsWith(QLatin1String("The evidence disagrees with itself: compare the refunds and pick the "
                                           "operation's in Record outcome (Ctrl+R)")),
             qPrintable(next));

    QTest::keyClick(window.get(), Qt::Key_R, Qt::ControlModifier);
    ResolveDialog *dialog = waitForChild<ResolveDialog>(window.get());
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    // What the refunds mean together, and each of them with what made it.
    QVERIFY2(dialog->meaningText().startsWith(QLatin1String("The operation's own refund and 1 refund made by another "
                                                            "path took money from the same payment")),
             qPrintable(dialog->meaningText()));
    QTableView *table = dialog->comparisonView();
    QVERIFY(table->isVisible());
    QAbstractItemModel *refunds = table->model();
    QCOMPARE(refunds->rowCount(), 2);
    const auto cell = [refunds](int row, int column) { return refunds->index(row, column).data().toString(); };
    QCOMPARE(cell(0, RefundComparisonModel::RefundColumn), QStringLiteral("re_own"));
    QCOMPARE(cell(0, RefundComparisonModel::MadeByColumn), QStringLiteral("attempt 1"));
    QCOMPARE(cell(0, RefundComparisonModel::MetadataColumn), QStringLiteral("operation_id op_8000"));
    QCOMPARE(cell(1, RefundComparisonModel::RefundColumn), QStringLiteral("re_dash"));
    QCOMPARE(cell(1, RefundComparisonModel::MadeByColumn),
             QStringLiteral("another path, no operation id (the Dashboard or another tool?)"));
    QCOMPARE(cell(1, RefundComparisonModel::MetadataColumn), QStringLiteral("none"));
    QCOMPARE(cell(1, RefundComparisonModel::AmountColumn), Money::display(3800, QStringLiteral("usd")));
    QCOMPARE(cell(1, RefundComparisonModel::StatusColumn), QStringLiteral("succeeded"));
    // Named for a screen reader, and the whole dialog on a 1366 × 768 screen.
    QVERIFY(!table->accessibleName().isEmpty());
    QVERIFY(!dialog->useRefundButton()->accessibleName().isEmpty());
    QVERIFY2(dialog->width() <= 1366 && dialog->height() <= 768 - 60,
             qPrintable(QStringLiteral("%1 x %2").arg(dialog->width()).arg(dialog->height())));
    QVERIFY2(dialog->choiceText().startsWith(QLatin1String("Pick the refund that is this operation's")),
             qPrintable(dialog->choiceText()));
    keepPicture(dialog, QStringLiteral("resolve-conflict"));

    // Refunded needs the refund that is the operation's.
    dialog->refundedButton()->click();
    dialog->refundIdField()->clear();
    QVERIFY(!dialog->recordButton()->isEnabled());
    QVERIFY(dialog->problem() && dialog->problem()->startsWith(QLatin1String("Pick the refund that is this operation's")));

    // From the keyboard: the table, the other refund and back, then Use.
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->currentIndex().row(), 1);
    QTest::keyClick(table, Qt::Key_Up);
    QCOMPARE(table->currentIndex().row(), 0);
    // The row copies whole, however the view elides its id.
    QTest::keyClick(table, Qt::Key_C, Qt::ControlModifier);
    QVERIFY2(QApplication::clipboard()->text().contains(QLatin1String("re_own\tsucceeded")),
             qPrintable(QApplication::clipboard()->text()));
    QTest::keyClick(table, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), dialog->useRefundButton());
    QTest::keyClick(dialog->useRefundButton(), Qt::Key_Space);
    QVERIFY(dialog->refundedButton()->isChecked());
    QCOMPARE(dialog->refundIdField()->text(), QStringLiteral("re_own"));
    QVERIFY2(dialog->choiceText().startsWith(QLatin1String("re_own (")), qPrintable(dialog->choiceText()));
    QVERIFY2(dialog->choiceText().contains(QLatin1String("1 other refund of this payment (re_dash) stays unexplained")),
             qPrintable(dialog->choiceText()));

    // Any outcome of a conflict is an override, with a note.
    QVERIFY(dialog->contradiction());
    QVERIFY(!dialog->recordButton()->isEnabled());
    dialog->overrideBox()->click();
    QVERIFY(!dialog->recordButton()->isEnabled());
    QTest::keyClicks(dialog->noteField(), QStringLiteral("re_own is ours; re_dash was a Dashboard refund, case opened"));
    QVERIFY(dialog->recordButton()->isEnabled());
    keepPicture(dialog, QStringLiteral("resolve-conflict-picked"));
    QTest::mouseClick(dialog->recordButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->resolveDialog());

    QCOMPARE(statusOf(*m_fixture, QStringLiteral("op_8000")), QStringLiteral("refunded"));
    QCOMPARE(m_fixture->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions WHERE operation_id='op_8000'")), 1);
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT outcome || ' ' || refund_id || ' ' || overrides_evidence || ' ' || "
                                                 "operator FROM resolutions WHERE operation_id='op_8000'")),
             QStringLiteral("refunded re_own 1 alice"));
    // Decided: the panel no longer sends the person to compare.
    QTRY_VERIFY_WITH_TIMEOUT(window->panel()->evidenceView()->nextStepText().isEmpty(),
                             WorkerSettleMs);
}

void TestConsole::aRefundByAnotherPathIsThePersonsToJudge()
{
    QVERIFY2(addRefundsOfThePayment(*m_fixture, QStringLiteral("op_8100"), false), qPrintable(m_fixture->lastError()));
    auto window = openWindow(QStringLiteral("alice"));
    QVERIFY(window);
    QVERIFY(RefundDesk::Test::showAndWait(*window, QStringLiteral("op_8100")));
    QVERIFY2(window->panel()->evidenceView()->nextStepText().startsWith(
                 QLatin1String("A refund this store did not make moved money on this payment: compare the refunds in "
                               "Record outcome (Ctrl+R)")),
             qPrintable(window->panel()->evidenceView()->nextStepText()));
    window->actions()->record()->trigger();
    ResolveDialog *dialog = waitForChild<ResolveDialog>(window.get());
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    // One refund, but whose it is is the question.
    QCOMPARE(dialog->comparisonView()->model()->rowCount(), 1);
    QVERIFY2(dialog->meaningText().startsWith(QLatin1String("No refund is tied to this operation, but Stripe lists 1 "
                                                            "refund of its payment")),
             qPrintable(dialog->meaningText()));

    // A refund id typed that Stripe did not list is said to be so.
    dialog->refundedButton()->click();
    dialog->refundIdField()->setText(QStringLiteral("re_typed"));
    QVERIFY2(dialog->choiceText().startsWith(QLatin1String("re_typed is not among the refunds Stripe stated")),
             qPrintable(dialog->choiceText()));

    // Failed: the money went back for something else.
    dialog->failedButton()->click();
    QVERIFY2(dialog->choiceText().startsWith(QLatin1String("Failed records that none of these refunds (re_dash) is this "
                                                           "operation's")),
             qPrintable(dialog->choiceText()));
    QVERIFY(dialog->contradiction());
    dialog->overrideBox()->click();
    QTest::keyClicks(dialog->noteField(), QStringLiteral("re_dash refunded another order of this customer by hand"));
    QVERIFY(dialog->recordButton()->isEnabled());
    QTest::mouseClick(dialog->recordButton(), Qt::LeftButton);
    QTRY_VERIFY(!window->resolveDialog());
    QCOMPARE(m_fixture->queryText(QStringLiteral("SELECT group_concat(outcome || ' ' || ifnull(refund_id, '-') || ' ' || "
                                                 "overrides_evidence) FROM resolutions WHERE operation_id='op_8100'")),
             QStringLiteral("failed - 1"));
}
