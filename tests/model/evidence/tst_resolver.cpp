// The Resolver's rules against a real store: a decision that contradicts the provider's
// events is refused unless overridden with a note, and the override is recorded.

#include "teststore.h"

#include "evidence/resolver.h"
#include "store/store.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

namespace {

const QString kOperation = QStringLiteral("op_5521");
const QString kKey = QStringLiteral("key-op_5521"); // TestStore::operation's key
constexpr qint64 kT = 1'717'000'000;

// One refund event of the operation: "re_1:succeeded", "re_2:failed", "re_1:pending:3000:usd".
struct EventSpec
{
    QString refundId;
    QString status;
    qint64 amount = 3800;
    QString currency = QStringLiteral("usd");
};

EventSpec spec(const QString &text)
{
    const QStringList parts = text.split(u':');
    EventSpec s{parts.value(0), parts.value(1)};
    if (parts.size() > 2)
        s.amount = parts.at(2).toLongLong();
    if (parts.size() > 3)
        s.currency = parts.at(3);
    return s;
}

bool addRefundEvent(TestStore &store, int index, const EventSpec &s)
{
    const QString eventId = QStringLiteral("evt_%1").arg(index);
    QString payload = TestStore::refundEventPayload(eventId, QStringLiteral("refund.updated"), s.refundId, s.status, s.amount,
                                                    s.currency, kOperation, kKey, kT + index);
    if (s.status == QLatin1String("failed"))
        payload.replace(QLatin1String("\"failure_reason\":null"), QLatin1String("\"failure_reason\":\"insufficient_funds\""));
    // Stored the way a webhook receiver writes it.
    WebhookEvent event;
    event.eventId = eventId;
    event.type = QStringLiteral("refund.updated");
    event.created = kT + index;
    event.receivedAt = (kT + index) * 1000 + 250;
    event.payload = payload;
    event.operationId = kOperation;
    event.idempotencyKey = kKey;
    event.refundId = s.refundId;
    return store.addEvent(event);
}

} // namespace

class tst_Resolver : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void rules_data();
    void rules();
    void refusalWritesNothing();
    void evidenceIsReadAgainAtWriteTime();
    void unreadableEventsDoNotBlock();
    void staleStateIsAConflictNotARefusal();
    void stateComesBeforeTheEvidence_data();
    void stateComesBeforeTheEvidence();
    void missingOperationIsTheStoresAnswer();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_sql;
    std::unique_ptr<Store> m_store;
};

void tst_Resolver::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QString path = m_dir->filePath(QStringLiteral("store.sqlite"));
    m_sql = std::make_unique<TestStore>(path);
    QVERIFY2(m_sql->isValid(), qPrintable(m_sql->lastError()));
    QVERIFY2(m_sql->addOperation(TestStore::operation(kOperation)), qPrintable(m_sql->lastError()));
    auto store = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    m_store = std::move(store.value());
}

void tst_Resolver::cleanup()
{
    m_store.reset();
    m_sql.reset();
    m_dir.reset();
}

void tst_Resolver::rules_data()
{
    QTest::addColumn<QStringList>("events");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("refundId");
    QTest::addColumn<bool>("override");
    QTest::addColumn<QString>("note");
    QTest::addColumn<QString>("refusal"); // empty: recorded; else a fragment of the message
    QTest::addColumn<int>("recordedOverride");

    const QStringList none;
    const QStringList refunded{"re_1:succeeded"};
    const QStringList failed{"re_1:pending", "re_1:failed"};
    const QStringList pending{"re_1:pending"};
    const QStringList twoRefunds{"re_1:succeeded", "re_2:succeeded"};
    const QStringList wrongAmount{"re_1:succeeded:3000"};
    const QStringList wrongCurrency{"re_1:succeeded:3800:eur"};

    QTest::newRow("none: refunded") << none << "refunded" << "re_9" << false << "" << "" << 0;
    QTest::newRow("none: failed") << none << "failed" << "" << false << "" << "" << 0;
    QTest::newRow("refunded: refunded, same id") << refunded << "refunded" << "re_1" << false << "" << "" << 0;
    QTest::newRow("refunded: refunded, same id padded") << refunded << "refunded" << " re_1 " << false << "" << "" << 0;
    QTest::newRow("refunded: refunded, another id") << refunded << "refunded" << "re_2" << false << ""
                                                    << "The evidence names refund re_1 (event evt_0), not re_2." << 0;
    QTest::newRow("refunded: refunded, another id, overridden") << refunded << "refunded" << "re_2" << true << "support case 77 says re_2"
                                                                << "" << 1;
    QTest::newRow("refunded: failed") << refunded << "failed" << "" << false << ""
                                      << "Event evt_0 says refund re_1 of 38.00 USD has status succeeded, so recording failed contradicts it." << 0;
    QTest::newRow("refunded: failed, overridden") << refunded << "failed" << "" << true << "dashboard shows it reversed" << "" << 1;
    QTest::newRow("failed: refunded") << failed << "refunded" << "re_1" << false << ""
                                      << "Event evt_1 says refund re_1 of 38.00 USD has status failed (insufficient_funds)" << 0;
    QTest::newRow("failed: refunded, overridden") << failed << "refunded" << "re_1" << true << "bank confirmed the credit" << "" << 1;
    QTest::newRow("failed: failed") << failed << "failed" << "" << false << "" << "" << 0;
    QTest::newRow("pending: failed") << pending << "failed" << "" << false << "" << "has status pending; it may still succeed" << 0;
    QTest::newRow("pending: refunded, same id") << pending << "refunded" << "re_1" << false << "" << "" << 0;
    QTest::newRow("pending: refunded, another id") << pending << "refunded" << "re_5" << false << "" << "names refund re_1" << 0;
    QTest::newRow("conflict: refunded") << twoRefunds << "refunded" << "re_1" << false << ""
                                        << "The evidence is in conflict, so no outcome can be recorded without an override: "
                                           "2 refunds point at this operation" << 0;
    QTest::newRow("conflict: failed") << twoRefunds << "failed" << "" << false << "" << "money may have moved more than once" << 0;
    QTest::newRow("conflict: overridden") << twoRefunds << "refunded" << "re_2" << true << "re_1 was reversed by support" << "" << 1;
    QTest::newRow("amount differs: refunded") << wrongAmount << "refunded" << "re_1" << false << ""
                                              << "refund re_1 is for 30.00 USD but the operation is for 38.00 USD" << 0;
    QTest::newRow("currency differs: refunded") << wrongCurrency << "refunded" << "re_1" << false << ""
                                                << "refund re_1 is in EUR but the operation is in USD" << 0;
    QTest::newRow("override with nothing to override is not recorded") << refunded << "refunded" << "re_1" << true
                                                                       << "just in case" << "" << 0;
    QTest::newRow("override without a note") << refunded << "failed" << "" << true << "" << "needs a note" << 0;
    QTest::newRow("override with a blank note") << refunded << "failed" << "" << true << "   " << "needs a note" << 0;
    QTest::newRow("refunded without a refund id") << none << "refunded" << "" << false << "" << "needs the provider's refund id" << 0;
    QTest::newRow("failed with a refund id") << none << "failed" << "re_1" << false << "" << "carries no refund id" << 0;
}

void tst_Resolver::rules()
{
    QFETCH(QStringList, events);
    QFETCH(QString, outcome);
    QFETCH(QString, refundId);
    QFETCH(bool, override);
    QFETCH(QString, note);
    QFETCH(QString, refusal);
    QFETCH(int, recordedOverride);

    for (int i = 0; i < events.size(); ++i)
        QVERIFY2(addRefundEvent(*m_sql, i, spec(events.at(i))), qPrintable(m_sql->lastError()));

    ResolutionDraft draft;
    draft.operationId = kOperation;
    draft.outcome = *outcomeFromString(outcome);
    draft.refundId = refundId;
    draft.evidence = QStringLiteral("dashboard");
    draft.note = note;
    draft.operatorName = QStringLiteral("dana");
    draft.overridesEvidence = override;

    // What the console asks before writing agrees with what resolve() does.
    Resolver resolver(*m_store);
    auto operation = m_store->operation(kOperation);
    QVERIFY(operation && operation->has_value());
    auto evidence = resolver.evidenceFor(**operation);
    QVERIFY(evidence);
    const auto contradiction = Resolver::contradiction(*evidence, draft);

    const auto result = resolver.resolve(draft, SeenState::of(**operation));
    if (refusal.isEmpty()) {
        QVERIFY2(result, qPrintable(result ? QString() : result.error().message));
        QCOMPARE(result->overridesEvidence, recordedOverride == 1);
        QCOMPARE(contradiction.has_value(), recordedOverride == 1);
        QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT overrides_evidence FROM resolutions WHERE operation_id = 'op_5521'")),
                 qint64(recordedOverride));
        QCOMPARE(m_sql->queryText(QStringLiteral("SELECT status FROM refund_ops WHERE operation_id = 'op_5521'")), outcome);
    } else {
        QVERIFY(!result);
        QCOMPARE(result.error().kind, ErrorKind::Refused);
        QCOMPARE(result.error().exitCode(), 5);
        QVERIFY2(result.error().message.contains(refusal, Qt::CaseInsensitive), qPrintable(result.error().message));
        QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions")), qint64(0));
        if (!Resolver::checkDraft(draft)) {
            QVERIFY(contradiction);
            QVERIFY(result.error().message.startsWith(*contradiction));
            QVERIFY(result.error().message.contains(QLatin1String("--override-evidence")));
        }
    }
}

void tst_Resolver::refusalWritesNothing()
{
    QVERIFY(addRefundEvent(*m_sql, 0, spec(QStringLiteral("re_1:succeeded"))));
    const QString before = m_sql->queryText(QStringLiteral("SELECT status || '/' || version FROM refund_ops"));
    ResolutionDraft draft{kOperation, Outcome::Failed, {}, QStringLiteral("dashboard"), {}, QStringLiteral("dana"), false};
    Resolver resolver(*m_store);
    const auto result = resolver.resolve(draft, SeenState{OperationStatus::Unknown, 0});
    QVERIFY(!result);
    QCOMPARE(m_sql->queryText(QStringLiteral("SELECT status || '/' || version FROM refund_ops")), before);
    QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions")), qint64(0));
}

void tst_Resolver::evidenceIsReadAgainAtWriteTime()
{
    // The operator looked while the refund was pending; a failure arrived before they saved.
    QVERIFY(addRefundEvent(*m_sql, 0, spec(QStringLiteral("re_1:pending"))));
    Resolver resolver(*m_store);
    auto operation = m_store->operation(kOperation);
    QVERIFY(operation && operation->has_value());
    auto seenEvidence = resolver.evidenceFor(**operation);
    QVERIFY(seenEvidence);
    QCOMPARE(toString(seenEvidence->verdict), QStringLiteral("pending"));
    ResolutionDraft draft{kOperation, Outcome::Refunded, QStringLiteral("re_1"), QStringLiteral("webhook:evt_0"), {},
                          QStringLiteral("dana"), false};
    QVERIFY(!Resolver::contradiction(*seenEvidence, draft));

    QVERIFY(addRefundEvent(*m_sql, 1, spec(QStringLiteral("re_1:failed"))));
    const auto result = resolver.resolve(draft, SeenState::of(**operation));
    QVERIFY(!result);
    QCOMPARE(result.error().kind, ErrorKind::Refused);
    QVERIFY2(result.error().message.contains(QLatin1String("evt_1")), qPrintable(result.error().message));
}

void tst_Resolver::unreadableEventsDoNotBlock()
{
    QVERIFY(m_sql->exec(QStringLiteral("INSERT INTO webhook_events (event_id, received_at, payload, operation_id) "
                                       "VALUES ('evt_bad', 1, '{\"id\":\"evt_bad\",\"data\":[', 'op_5521')")));
    Resolver resolver(*m_store);
    auto operation = m_store->operation(kOperation);
    QVERIFY(operation && operation->has_value());
    auto evidence = resolver.evidenceFor(**operation);
    QVERIFY(evidence);
    QCOMPARE(evidence->unreadableCount(), 1);
    QCOMPARE(toString(evidence->verdict), QStringLiteral("none"));
    ResolutionDraft draft{kOperation, Outcome::Failed, {}, QStringLiteral("provider_support:CASE-1"), {}, QStringLiteral("dana"), false};
    QVERIFY(resolver.resolve(draft, SeenState::of(**operation)));
}

void tst_Resolver::staleStateIsAConflictNotARefusal()
{
    Resolver resolver(*m_store);
    ResolutionDraft draft{kOperation, Outcome::Failed, {}, QStringLiteral("dashboard"), {}, QStringLiteral("dana"), false};
    const auto result = resolver.resolve(draft, SeenState{OperationStatus::Unknown, 7});
    QVERIFY(!result);
    QCOMPARE(result.error().kind, ErrorKind::Conflict);
    QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions")), qint64(0));
}

void tst_Resolver::stateComesBeforeTheEvidence_data()
{
    QTest::addColumn<QString>("before");   // what happened to the operation since bob looked, or before
    QTest::addColumn<bool>("seenBefore");  // bob saw it before that happened (else as it is now)
    QTest::addColumn<QString>("outcome");  // what bob records
    QTest::addColumn<QString>("refundId");
    QTest::addColumn<bool>("override");
    QTest::addColumn<QString>("conflict"); // a fragment of the conflict's message

    // The events say re_1 succeeded: "failed" contradicts them, "refunded re_1" agrees.
    const QString decided = QStringLiteral("already resolved as refunded by ann at ");
    QTest::newRow("decided, contradicting evidence") << "resolved" << false << "failed" << "" << false << decided;
    QTest::newRow("decided, agreeing evidence") << "resolved" << false << "refunded" << "re_1" << false << decided;
    QTest::newRow("decided, overridden") << "resolved" << false << "failed" << "" << true << decided;
    QTest::newRow("decided since seen, contradicting evidence") << "resolved" << true << "failed" << "" << false
                                                                << decided;
    QTest::newRow("closed by the tool, contradicting evidence") << "closed" << false << "failed" << "" << false
                                                                << "already closed as refunded by the refund tool";
    QTest::newRow("closed by the tool, overridden") << "closed" << false << "failed" << "" << true
                                                    << "already closed as refunded by the refund tool";
    QTest::newRow("changed since seen, contradicting evidence") << "claimed and released" << true << "failed" << ""
                                                                << false << "changed since you looked at it";
    QTest::newRow("changed since seen, overridden") << "claimed and released" << true << "failed" << "" << true
                                                    << "changed since you looked at it";
    QTest::newRow("claimed by a colleague, contradicting evidence") << "claimed" << false << "failed" << "" << false
                                                                    << "being checked by carol since";
    QTest::newRow("claimed since seen, agreeing evidence") << "claimed" << true << "refunded" << "re_1" << false
                                                           << "being checked by carol since";
}

void tst_Resolver::stateComesBeforeTheEvidence()
{
    QFETCH(QString, before);
    QFETCH(bool, seenBefore);
    QFETCH(QString, outcome);
    QFETCH(QString, refundId);
    QFETCH(bool, override);
    QFETCH(QString, conflict);

    QVERIFY(addRefundEvent(*m_sql, 0, spec(QStringLiteral("re_1:succeeded"))));
    Resolver resolver(*m_store);
    auto operation = m_store->operation(kOperation);
    QVERIFY(operation && operation->has_value());
    const SeenState initially = SeenState::of(**operation);
    if (before == QLatin1String("resolved")) {
        ResolutionDraft first{kOperation, Outcome::Refunded, QStringLiteral("re_1"), QStringLiteral("webhook:evt_0"),
                              {}, QStringLiteral("ann"), false};
        QVERIFY(resolver.resolve(first, initially));
    } else if (before == QLatin1String("closed")) {
        QVERIFY(m_sql->exec(QStringLiteral("UPDATE refund_ops SET status = 'refunded', refund_id = 're_1', "
                                           "version = version + 1")));
    } else {
        auto claimed = resolver.claim(**operation, QStringLiteral("carol"), false);
        QVERIFY(claimed);
        if (before == QLatin1String("claimed and released"))
            QVERIFY(resolver.release(*claimed, QStringLiteral("carol")));
    }
    operation = m_store->operation(kOperation);
    QVERIFY(operation && operation->has_value());
    const SeenState seen = seenBefore ? initially : SeenState::of(**operation);
    const QString rowsBefore = m_sql->queryText(QStringLiteral("SELECT status || '/' || version || '/' || "
                                                               "IFNULL(claimed_by, '') FROM refund_ops"));
    const qint64 resolutionsBefore = m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions"));

    ResolutionDraft draft{kOperation, *outcomeFromString(outcome), refundId, QStringLiteral("dashboard"),
                          override ? QStringLiteral("the dashboard says otherwise") : QString(), QStringLiteral("bob"),
                          override};
    const auto result = resolver.resolve(draft, seen);
    QVERIFY(!result);
    QCOMPARE(result.error().kind, ErrorKind::Conflict);
    QCOMPARE(result.error().exitCode(), 4);
    QVERIFY2(result.error().message.contains(conflict), qPrintable(result.error().message));
    QVERIFY2(!result.error().message.contains(QLatin1String("override")), qPrintable(result.error().message));
    QCOMPARE(m_sql->queryText(QStringLiteral("SELECT status || '/' || version || '/' || IFNULL(claimed_by, '') "
                                             "FROM refund_ops")),
             rowsBefore);
    QCOMPARE(m_sql->queryInt(QStringLiteral("SELECT COUNT(*) FROM resolutions")), resolutionsBefore);
}

void tst_Resolver::missingOperationIsTheStoresAnswer()
{
    Resolver resolver(*m_store);
    ResolutionDraft draft{QStringLiteral("op_nope"), Outcome::Failed, {}, QStringLiteral("dashboard"), {}, QStringLiteral("dana"), false};
    const auto result = resolver.resolve(draft, SeenState{OperationStatus::Unknown, 0});
    QVERIFY(!result);
    QVERIFY(result.error().kind != ErrorKind::Refused);
    QVERIFY2(result.error().message.contains(QLatin1String("op_nope")), qPrintable(result.error().message));
}

QTEST_GUILESS_MAIN(tst_Resolver)
#include "tst_resolver.moc"
