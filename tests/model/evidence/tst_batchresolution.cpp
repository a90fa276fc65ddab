// Recording outcomes from evidence, many at once, on both backends: the plan splits the
// queue as the verdicts say, each eligible operation becomes its own decision, one that
// changed between the review and its write is skipped, Cancel stops before the next one,
// and two batches, or a batch and single decisions, decide every operation exactly once.

#include "tst_batchresolution.h"

namespace {

constexpr qint64 DemoNow = 1'767'225'600'000;

} // namespace

void tst_BatchResolution::initTestCase()
{
    m_server = std::make_unique<PgTestServer>();
    QVERIFY2(m_server->isRunning(), qPrintable(m_server->lastError()));
}

void tst_BatchResolution::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void tst_BatchResolution::cleanup()
{
    m_dir.reset();
}

void tst_BatchResolution::backends()
{
    QTest::addColumn<bool>("postgres");
    QTest::newRow("sqlite") << false;
    QTest::newRow("postgresql") << true;
}

QString tst_BatchResolution::demoStore()
{
    QFETCH(bool, postgres);
    QString location;
    if (postgres) {
        const QString name = QStringLiteral("batch_%1").arg(++m_stores);
        if (!m_server->createDatabase(name))
            return {};
        location = m_server->location(name);
    } else {
        location = m_dir->filePath(QStringLiteral("demo_%1.sqlite").arg(++m_stores));
    }
    SimulationOptions options;
    options.operations = 2000;
    options.seed = 7;
    options.nowMs = DemoNow;
    auto summary = DemoStore::generate(location, options);
    if (!summary) {
        qWarning() << summary.error().message;
        return {};
    }
    return location;
}

tst_BatchResolution::OpenedStore tst_BatchResolution::openDemoStore()
{
    OpenedStore opened{demoStore(), nullptr};
    if (!opened.location.isEmpty())
        opened.store = openStore(opened.location);
    return opened;
}

bool tst_BatchResolution::claimAsColleague(const QString &location, const QString &operationId)
{
    if (location.startsWith(QLatin1String("host="))) {
        // The login is the operator on PostgreSQL: the colleague's claim is written as the
        // store's owner may write it.
        return m_server->exec(location.section(QLatin1String("dbname="), 1).section(u' ', 0, 0),
                              QStringLiteral("UPDATE refund_ops SET status = 'checking', claimed_by = 'bob', "
                                             "claimed_at = updated_at, version = version + 1 WHERE operation_id = '%1'")
                                  .arg(operationId));
    }
    auto store = openStore(location);
    if (!store)
        return false;
    auto current = store->operation(operationId);
    if (!current || !current->has_value())
        return false;
    return bool(Resolver(*store).claim(**current, QStringLiteral("bob"), false));
}

void tst_BatchResolution::verifyIntact(Store &store)
{
    auto report = AuditVerifier(store).run();
    QVERIFY2(report, qPrintable(report ? QString() : report.error().message));
    QVERIFY2(report->intact(), qPrintable(report->problems().join(u'\n')));
}

void tst_BatchResolution::planSplitsTheQueueAsTheVerdictsSay()
{
    OpenedStore demo = openDemoStore();
    const QString &location = demo.location;
    std::unique_ptr<Store> &store = demo.store;
    QVERIFY(store);
    // A colleague holds one operation the evidence settles.
    auto first = BatchPlanner::plan(*store, requestFor(*store, QStringLiteral("alice")));
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    QVERIFY(first->eligible.size() > 4);
    const QString held = first->eligible.front().seen.operationId;
    QVERIFY(claimAsColleague(location, held));

    const BatchRequest request = requestFor(*store, QStringLiteral("alice"));
    auto plan = BatchPlanner::plan(*store, request);
    QVERIFY(plan);
    QCOMPARE(plan->eligible.size(), first->eligible.size() - 1);

    // Every operation of the queue is in exactly one list, with what its own evidence,
    // read operation by operation, says.
    QSet<QString> eligible;
    for (const BatchCandidate &candidate : plan->eligible) {
        QVERIFY(candidate.verdict == Verdict::Refunded || candidate.verdict == Verdict::Failed);
        QCOMPARE(candidate.outcome, candidate.verdict == Verdict::Refunded ? Outcome::Refunded : Outcome::Failed);
        auto evidence = Resolver(*store).evidenceFor(candidate.seen);
        QVERIFY(evidence);
        QCOMPARE(toString(evidence->verdict), toString(candidate.verdict));
        QCOMPARE(evidence->namedRefundId, candidate.refundId);
        QCOMPARE(evidence->namedEventId, candidate.eventId);
        QVERIFY(candidate.eventId.startsWith(QLatin1String("evt_")));
        eligible.insert(candidate.seen.operationId);
    }
    QSet<QString> leftOut;
    bool sawHeld = false;
    for (const BatchLeftOut &left : plan->leftOut) {
        auto evidence = Resolver(*store).evidenceFor(left.operation);
        QVERIFY(evidence);
        QCOMPARE(toString(evidence->verdict), toString(left.verdict));
        if (left.reason == LeftOutReason::ClaimedByOther) {
            QVERIFY(!left.operation.claimedBy.isEmpty());
            QVERIFY(left.operation.claimedBy != request.operatorName);
            QVERIFY(describe(left.reason, left.operation).contains(left.operation.claimedBy));
        }
        if (left.reason == LeftOutReason::Pending)
            QCOMPARE(toString(left.verdict), QStringLiteral("pending"));
        if (left.reason == LeftOutReason::NoEvidence)
            QCOMPARE(toString(left.verdict), QStringLiteral("none"));
        if (left.reason == LeftOutReason::Conflict)
            QCOMPARE(toString(left.verdict), QStringLiteral("conflict"));
        sawHeld = sawHeld || (left.operation.operationId == held && left.reason == LeftOutReason::ClaimedByOther);
        leftOut.insert(left.operation.operationId);
    }
    QVERIFY(sawHeld);
    QVERIFY(!eligible.intersects(leftOut));
    qint64 queued = 0;
    std::optional<QueueCursor> cursor;
    for (;;) {
        auto page = store->queuePage(QueueQuery(), cursor, 1000);
        QVERIFY(page);
        queued += qint64(page->size());
        if (page->size() < 1000)
            break;
        cursor = cursorAfter(QueueQuery(), page->back());
    }
    QCOMPARE(qint64(eligible.size() + leftOut.size()), queued);

    // The totals add up to the list.
    qint64 count = 0;
    qint64 cents = 0;
    for (const BatchTotal &total : plan->totals()) {
        count += total.count;
        cents += total.amountCents;
    }
    qint64 expectedCents = 0;
    for (const BatchCandidate &candidate : plan->eligible)
        expectedCents += candidate.seen.amountCents;
    QCOMPARE(count, qint64(plan->eligible.size()));
    QCOMPARE(cents, expectedCents);
}

void tst_BatchResolution::planKeepsToTheVerdictsSelectionAndLimit()
{
    OpenedStore demo = openDemoStore();
    std::unique_ptr<Store> &store = demo.store;
    QVERIFY(store);
    BatchRequest request = requestFor(*store, QStringLiteral("alice"));
    auto all = BatchPlanner::plan(*store, request);
    QVERIFY(all);

    request.verdicts = {Verdict::Failed};
    auto failed = BatchPlanner::plan(*store, request);
    QVERIFY(failed);
    qint64 failedInAll = 0;
    for (const BatchCandidate &candidate : all->eligible)
        failedInAll += candidate.verdict == Verdict::Failed ? 1 : 0;
    QVERIFY(failedInAll > 0);
    QCOMPARE(qint64(failed->eligible.size()), failedInAll);
    for (const BatchCandidate &candidate : failed->eligible)
        QCOMPARE(candidate.outcome, Outcome::Failed);
    bool sawNotAsked = false;
    for (const BatchLeftOut &left : failed->leftOut)
        sawNotAsked = sawNotAsked || (left.reason == LeftOutReason::NotAsked && left.verdict == Verdict::Refunded);
    QVERIFY(sawNotAsked);

    request.verdicts.clear();
    request.limit = 3;
    auto limited = BatchPlanner::plan(*store, request);
    QVERIFY(limited);
    QCOMPARE(limited->eligible.size(), size_t(3));
    for (int i = 0; i < 3; ++i)
        QCOMPARE(limited->eligible[size_t(i)].seen.operationId, all->eligible[size_t(i)].seen.operationId);

    request.limit = 0;
    request.operationIds = {all->eligible[1].seen.operationId, all->eligible[4].seen.operationId,
                            all->leftOut.front().operation.operationId};
    auto selected = BatchPlanner::plan(*store, request);
    QVERIFY(selected);
    QCOMPARE(selected->eligible.size(), size_t(2));
    QCOMPARE(selected->leftOut.size(), size_t(1));
    QCOMPARE(selected->eligible[0].seen.operationId, all->eligible[1].seen.operationId);
}

QTEST_GUILESS_MAIN(tst_BatchResolution)
