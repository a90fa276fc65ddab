// What a screen reader and a keyboard find in the console, the audit window and every
// dialog, walked in-process through QAccessible offscreen: every control that takes the
// focus has a name, tables say their headers and each cell as shown, the queue's rows read
// as sentences, Tab visits every control in reading order and comes back, the texts that
// change are stops for Tab and read as they are now, and every tone the console uses reads at WCAG 2.1 AA contrast in the
// light and the dark theme. tests/ui/accessibility/ walks the same from outside, over AT-SPI.

#include "tst_accessibility.h"

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

} // namespace

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

// The detail tabs begin with the History: its table is in the Tab chain, the payload's
// search and text are once their tab is chosen.
void TestAccessibility::consoleControlsAreNamedAndTabGoesRound()
{
    auto window = openWindow();
    QVERIFY(window);
    checkWindow(window.get(), {QStringLiteral("searchField"), QStringLiteral("statusFilter"),
                               QStringLiteral("verdictFilter"), QStringLiteral("queueView"),
                               QStringLiteral("operationTitle"), QStringLiteral("operationStatus"),
                               QStringLiteral("idempotencyKey"), QStringLiteral("panelNotice"),
                               QStringLiteral("attemptTable"), QStringLiteral("verdictBanner"),
                               QStringLiteral("eventTable"), QStringLiteral("historyTable"),
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
        // The text as shown, under its header; an overdue age says the word its icon stands for.
        const QModelIndex index = model->index(row, column);
        const bool overdue = column == QueueModel::AgeColumn && index.data(QueueModel::OverdueRole).toBool();
        QCOMPARE(cell->text(QAccessible::Name),
                 overdue ? index.data().toString() + QStringLiteral(" · overdue") : index.data().toString());
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
    // op_5521 is long overdue: its age shows the span (and the icon), the reader hears the word.
    const QModelIndex age = model->index(row, QueueModel::AgeColumn);
    QVERIFY(age.data(QueueModel::OverdueRole).toBool());
    QVERIFY(!age.data().toString().contains(QStringLiteral("overdue")));
    QVERIFY2(sentence.contains(age.data().toString() + QStringLiteral(" · overdue, ")), qPrintable(sentence));
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
    // The verdict, the notice and the banners are stops for Tab, named by what they say;
    // one with nothing to say (the read-only banner of a store open for writing) is none,
    // for it would be a stop without a name.
    const QStringList readable{QStringLiteral("verdictBanner"), QStringLiteral("panelNotice"),
                               QStringLiteral("operationStatus"), QStringLiteral("readOnlyBanner"),
                               QStringLiteral("liveLabel")};
    for (const QString &name : readable) {
        auto *label = window->findChild<QLabel *>(name);
        QVERIFY2(label, qPrintable(name));
        QVERIFY2(label->textInteractionFlags() & Qt::TextSelectableByKeyboard, qPrintable(name));
        if (name == QStringLiteral("readOnlyBanner") && label->text().isEmpty()) {
            QVERIFY2(!(label->focusPolicy() & Qt::TabFocus), qPrintable(name));
            continue;
        }
        QVERIFY2(label->focusPolicy() & Qt::TabFocus, qPrintable(name));
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

QTEST_MAIN(TestAccessibility)
