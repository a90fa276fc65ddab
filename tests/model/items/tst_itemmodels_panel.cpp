// The operation panel's models: attempts, events and the order's operations; the texts of
// times and tool tips; the history as one timeline.

#include "tst_itemmodels.h"

namespace {

Store *openStore(std::unique_ptr<Store> &holder, const QString &path)
{
    auto opened = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    if (!opened)
        qWarning("%s", qPrintable(opened.error().message));
    else
        holder = std::move(*opened);
    return holder.get();
}

} // namespace

void TestItemModels::panelModels()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("panel.sqlite"));
    TestStore fixture(path);
    QVERIFY(fixture.isValid());
    Operation op = TestStore::operation(QStringLiteral("op_5521"));
    op.orderId = QStringLiteral("4417");
    QVERIFY(fixture.addOperation(op));
    Operation earlier = TestStore::operation(QStringLiteral("op_5000"), OperationStatus::Refunded);
    earlier.orderId = QStringLiteral("4417");
    earlier.amountCents = 1200;
    earlier.refundId = QStringLiteral("re_old");
    QVERIFY(fixture.addOperation(earlier));
    const AttemptOutcome outcomes[] = {AttemptOutcome::Timeout, AttemptOutcome::KeyInProgress, AttemptOutcome::ServerError};
    for (int i = 0; i < 3; ++i) {
        Attempt attempt;
        attempt.operationId = op.operationId;
        attempt.attemptNo = i + 1;
        attempt.toolCallId = QStringLiteral("toolu_0%1").arg(i < 2 ? 1 : 2);
        attempt.startedAt = op.createdAt + i * 10'000;
        attempt.finishedAt = attempt.startedAt + 30'000;
        attempt.outcome = outcomes[i];
        QVERIFY(fixture.addAttempt(attempt));
    }
    WebhookEvent good;
    good.eventId = QStringLiteral("evt_good");
    good.type = QStringLiteral("refund.updated");
    good.created = op.createdAt / 1000 + 5;
    good.receivedAt = op.createdAt + 6000;
    good.operationId = op.operationId;
    good.refundId = QStringLiteral("re_1");
    good.payload = TestStore::refundEventPayload(good.eventId, good.type, good.refundId, QStringLiteral("succeeded"), 3800,
                                                 QStringLiteral("usd"), op.operationId, op.idempotencyKey, *good.created);
    QVERIFY(fixture.addEvent(good));
    WebhookEvent broken;
    broken.eventId = QStringLiteral("evt_broken");
    broken.type = QStringLiteral("refund.updated");
    broken.receivedAt = op.createdAt + 7000;
    broken.operationId = op.operationId;
    broken.payload = QStringLiteral("{\"id\": \"evt_broken\", truncated");
    QVERIFY(fixture.addEvent(broken));

    std::unique_ptr<Store> store;
    QVERIFY(openStore(store, path));
    auto snapshot = OperationSnapshot::load(*store, op.operationId);
    QVERIFY2(snapshot.ok(), snapshot.ok() ? "" : qPrintable(snapshot.error().message));
    QVERIFY(!OperationSnapshot::load(*store, QStringLiteral("op_missing")).ok());

    AttemptsModel attempts;
    QAbstractItemModelTester attemptsTester(&attempts, QAbstractItemModelTester::FailureReportingMode::QtTest);
    attempts.setAttempts(snapshot->attempts, op.updatedAt);
    QCOMPARE(attempts.rowCount(), 3);
    QCOMPARE(attempts.data(attempts.index(0, AttemptsModel::OutcomeColumn)).toString(), QStringLiteral("timed out"));
    QCOMPARE(attempts.data(attempts.index(1, AttemptsModel::OutcomeColumn)).toString(),
             QStringLiteral("409: a request with the same key was still in progress"));
    QCOMPARE(attempts.data(attempts.index(2, AttemptsModel::OutcomeColumn)).toString(),
             QStringLiteral("saved 500: outcome unknown"));
    QVERIFY(attempts.data(attempts.index(2, 0), AttemptsModel::OutcomeUncertainRole).toBool());

    EventsModel events;
    QAbstractItemModelTester eventsTester(&events, QAbstractItemModelTester::FailureReportingMode::QtTest);
    events.setEvents(snapshot->evidence.events, op.updatedAt);
    QCOMPARE(events.rowCount(), 2);
    const int goodRow = events.rowOfEvent(QStringLiteral("evt_good"));
    const int brokenRow = events.rowOfEvent(QStringLiteral("evt_broken"));
    QVERIFY(goodRow >= 0 && brokenRow >= 0);
    QCOMPARE(events.data(events.index(goodRow, EventsModel::RefundIdColumn)).toString(), QStringLiteral("re_1"));
    QCOMPARE(events.data(events.index(goodRow, EventsModel::StatusColumn)).toString(), QStringLiteral("succeeded"));
    QCOMPARE(events.data(events.index(goodRow, EventsModel::AmountColumn)).toString(), QStringLiteral("38.00 USD"));
    QCOMPARE(events.data(events.index(goodRow, EventsModel::MatchedByColumn)).toString(), QStringLiteral("metadata"));
    QVERIFY(events.data(events.index(brokenRow, 0), EventsModel::UnreadableRole).toBool());
    QCOMPARE(events.data(events.index(brokenRow, EventsModel::StatusColumn)).toString(), QStringLiteral("unreadable"));
    QCOMPARE(toString(snapshot->evidence.verdict), QStringLiteral("refunded"));

    OrderOperationsModel order;
    QAbstractItemModelTester orderTester(&order, QAbstractItemModelTester::FailureReportingMode::QtTest);
    order.setOperations(snapshot->orderOperations, op.operationId, op.updatedAt);
    QCOMPARE(order.rowCount(), 2);
    QCOMPARE(order.otherCount(), 1);
    QCOMPARE(order.totalRefundedText(), QStringLiteral("12.00 USD"));

    HistoryModel history;
    QAbstractItemModelTester historyTester(&history, QAbstractItemModelTester::FailureReportingMode::QtTest);
    ResolutionDraft draft;
    draft.operationId = op.operationId;
    draft.outcome = Outcome::Refunded;
    draft.refundId = QStringLiteral("re_1");
    draft.evidence = QStringLiteral("webhook:evt_good");
    draft.operatorName = QStringLiteral("alice");
    QVERIFY(store->recordResolution(draft, SeenState::of(snapshot->operation)).ok());
    auto after = OperationSnapshot::load(*store, op.operationId);
    QVERIFY(after.ok());
    history.setHistory(after->operation, after->resolutions, op.updatedAt);
    QCOMPARE(history.rowCount(), 2);
    QCOMPARE(history.data(history.index(1, HistoryModel::WhoColumn)).toString(), QStringLiteral("alice"));
    QVERIFY(history.data(history.index(1, HistoryModel::WhatColumn)).toString().contains(QStringLiteral("re_1")));
}

void TestItemModels::timeText_data()
{
    QTest::addColumn<qint64>("milliseconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("seconds") << qint64(45'000) << "45 s";
    QTest::newRow("negative is zero") << qint64(-5'000) << "0 s";
    QTest::newRow("minutes") << qint64(12 * 60'000) << "12 min";
    QTest::newRow("hours") << qint64((3 * 60 + 5) * 60'000) << "3 h 05 m";
    QTest::newRow("days") << qint64((52 * 60 + 59) * 60'000) << "2 d 4 h";
}

void TestItemModels::timeText()
{
    QFETCH(qint64, milliseconds);
    QFETCH(QString, text);
    QCOMPARE(TimeText::span(milliseconds), text);
}

void TestItemModels::toolTipText_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("toolTip");
    QTest::newRow("empty") << QString() << QString();
    QTest::newRow("plain") << "evidence: dashboard" << "<qt>evidence: dashboard</qt>";
    QTest::newRow("markup") << "<b>x</b><img src=\"f\">" << "<qt>&lt;b&gt;x&lt;/b&gt;&lt;img src=&quot;f&quot;&gt;</qt>";
    QTest::newRow("entities") << "a &amp; b" << "<qt>a &amp;amp; b</qt>";
    QTest::newRow("line breaks") << "timed out\nProvider said: <none>" << "<qt>timed out<br>Provider said: &lt;none&gt;</qt>";
}

void TestItemModels::toolTipText()
{
    QFETCH(QString, text);
    QFETCH(QString, toolTip);
    QCOMPARE(ToolTipText::fromPlainText(text), toolTip);
}

void TestItemModels::historyIsOneTimelineOfNotesLookupsClaimAndDecisions()
{
    Operation operation;
    operation.operationId = QStringLiteral("op_1");
    operation.createdAt = 1'700'000'000'000;
    operation.status = OperationStatus::Checking;
    operation.claimedBy = QStringLiteral("bob");
    operation.claimedAt = operation.createdAt + 3000;
    const auto noteAt = [&](qint64 at, const QString &who, const QString &text, const QDate &followUp = {}) {
        OperationNote note;
        note.operationId = operation.operationId;
        note.text = text;
        note.followUpOn = followUp;
        note.operatorName = who;
        note.recordedAt = at;
        return note;
    };
    ProviderLookup lookup;
    lookup.operationId = operation.operationId;
    lookup.provider = QStringLiteral("stripe");
    lookup.operatorName = QStringLiteral("carol");
    lookup.askedAt = operation.createdAt + 2000;
    lookup.windowFrom = operation.createdAt;
    lookup.windowTo = operation.createdAt + 600'000;
    lookup.result = QStringLiteral(R"({"complete":true,"method":"list","refunds":[],"missing":[]})");
    Resolution earlier;
    earlier.operationId = operation.operationId;
    earlier.outcome = Outcome::Failed;
    earlier.evidence = QStringLiteral("dashboard");
    earlier.operatorName = QStringLiteral("dave");
    earlier.recordedAt = operation.createdAt + 500;

    HistoryModel history;
    QAbstractItemModelTester tester(&history, QAbstractItemModelTester::FailureReportingMode::QtTest);
    history.setHistory(operation, {earlier}, operation.createdAt + 10'000,
                       {noteAt(operation.createdAt + 4000, QStringLiteral("alice"), QStringLiteral("still nothing")),
                        noteAt(operation.createdAt + 1000, QStringLiteral("alice"),
                               QStringLiteral("Asked Stripe support, case 12345"), QDate(2031, 3, 14))},
                       {lookup});
    QStringList kinds;
    QStringList who;
    for (int row = 0; row < history.rowCount(); ++row) {
        kinds << history.index(row, 0).data(HistoryModel::KindRole).toString();
        who << history.index(row, HistoryModel::WhoColumn).data().toString();
    }
    // Oldest first, whatever list each came in.
    QCOMPARE(kinds, QStringList({"created", "resolved", "noted", "asked", "claimed", "noted"}));
    QCOMPARE(who, QStringList({"refund tool", "dave", "alice", "carol", "bob", "alice"}));
    QVERIFY(history.index(2, HistoryModel::WhatColumn).data().toString().startsWith(QStringLiteral("Note; follow up on")));
    QCOMPARE(history.index(2, HistoryModel::DetailsColumn).data().toString(),
             QStringLiteral("Asked Stripe support, case 12345"));
    QCOMPARE(history.index(5, HistoryModel::WhatColumn).data().toString(), QStringLiteral("Note"));
    QCOMPARE(history.index(3, HistoryModel::WhatColumn).data().toString(), QStringLiteral("Asked Stripe"));
    const QString answered = history.index(3, HistoryModel::DetailsColumn).data().toString();
    QVERIFY2(answered.startsWith(QStringLiteral("no refund for this operation created between")), qPrintable(answered));
    QVERIFY2(answered.contains(QStringLiteral("the listing was complete")), qPrintable(answered));
    // A window's listing says what it cannot see.
    QVERIFY2(answered.endsWith(QStringLiteral("asking by the window cannot see refunds made by another path")), qPrintable(answered));

    // What was found is shown from the result, refund by refund.
    lookup.windowFrom.reset();
    lookup.windowTo.reset();
    lookup.result = QStringLiteral(R"({"complete":true,"method":"retrieve","missing":["re_gone"],)"
                                   R"("refunds":[{"id":"re_1","status":"succeeded","amount":3800,"currency":"usd"}]})");
    history.setHistory(operation, {}, operation.createdAt + 10'000, {}, {lookup});
    const QString found = history.index(1, HistoryModel::DetailsColumn).data().toString();
    QVERIFY2(found.startsWith(QStringLiteral("found: re_1 succeeded, ")), qPrintable(found));
    QVERIFY2(found.contains(QStringLiteral("38")), qPrintable(found));
    QVERIFY2(found.endsWith(QStringLiteral("re_gone unknown to the provider")), qPrintable(found));
}

void TestItemModels::historyToolTipsShowUserTextAsText()
{
    Operation operation;
    operation.operationId = QStringLiteral("op_1");
    operation.createdAt = 1'700'000'000'000;
    Resolution resolution;
    resolution.operationId = operation.operationId;
    resolution.outcome = Outcome::Failed;
    resolution.evidence = QStringLiteral("dashboard");
    resolution.note = QStringLiteral("<b>checked</b><img src=\"file:///etc/hostname\">");
    resolution.operatorName = QStringLiteral("<i>Trudy</i>");
    resolution.recordedAt = operation.createdAt + 1000;
    HistoryModel history;
    QAbstractItemModelTester tester(&history, QAbstractItemModelTester::FailureReportingMode::QtTest);
    history.setHistory(operation, {resolution}, resolution.recordedAt);
    QCOMPARE(history.rowCount(), 2);
    // Shown as written in the cells; in the tooltips escaped, so no tag of the user's survives.
    QCOMPARE(history.data(history.index(1, HistoryModel::WhoColumn)).toString(), QStringLiteral("<i>Trudy</i>"));
    QVERIFY(history.data(history.index(1, HistoryModel::DetailsColumn)).toString().contains(resolution.note));
    for (int column : {int(HistoryModel::WhoColumn), int(HistoryModel::WhatColumn), int(HistoryModel::DetailsColumn)}) {
        const QString tip = history.data(history.index(1, column), Qt::ToolTipRole).toString();
        QVERIFY2(!tip.contains(QLatin1String("<b>")) && !tip.contains(QLatin1String("<i>"))
                     && !tip.contains(QLatin1String("<img")),
                 qPrintable(tip));
    }
    const QString details = history.data(history.index(1, HistoryModel::DetailsColumn), Qt::ToolTipRole).toString();
    QVERIFY2(details.contains(QStringLiteral("note: &lt;b&gt;checked&lt;/b&gt;&lt;img src=&quot;file:///etc/hostname&quot;&gt;")),
             qPrintable(details));
    QCOMPARE(history.data(history.index(1, HistoryModel::WhoColumn), Qt::ToolTipRole).toString(),
             QStringLiteral("<qt>&lt;i&gt;Trudy&lt;/i&gt;</qt>"));
}
