// Round trips of asking Stripe about the queue through a slow network: what to ask is read a
// page of the queue at a time (a few reads a page, whatever the number of questions), the
// questions are those one operation at a time would ask, and a batch of answers is sorted,
// kept and counted by verdict in a few round trips, not a few for each answer.

#include "tst_pgroundtrips.h"

#include "domain/providerlookupresult.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/queueverdict.h"
#include "stripeask/lookupkeeper.h"
#include "stripeask/operationstripelookup.h"
#include "stripeask/queueaskquestions.h"
#include "stripeask/reconcilequestions.h"

namespace {

// A day after the demo's clock: every operation of its queue has been quiet long enough.
constexpr qint64 DayLater = DemoNow + 24 * 3600 * 1000;
constexpr int QueuePage = 500;

QString describe(const RefundLookupQuestion &question)
{
    return QStringLiteral("%1 known=%2 window=%3..%4 payment=%5 from=%6 %7 %8")
        .arg(question.operationId, question.knownRefundIds.join(u','))
        .arg(question.windowFromMs)
        .arg(question.windowToMs)
        .arg(question.paymentId, question.paymentFrom, question.paymentFromOperation, question.paymentFromEvent);
}

// The verdict of one operation as the queue shows it, read on its own in three reads (the
// operation, its events, its lookups): what QueueVerdict::ofEach must agree with.
Result<std::optional<Verdict>> verdictReadAlone(Store &store, const QString &operationId)
{
    auto operation = store.operation(operationId);
    if (!operation)
        return operation.error();
    const bool inQueue = *operation
        && ((*operation)->status == OperationStatus::Unknown || (*operation)->status == OperationStatus::Checking);
    if (!inQueue)
        return std::optional<Verdict>();
    auto candidates = store.candidateEvents(**operation);
    if (!candidates)
        return candidates.error();
    auto lookups = store.providerLookups(operationId);
    if (!lookups)
        return lookups.error();
    return std::optional<Verdict>(
        EvidenceAnalyzer::analyze(**operation, *candidates, *lookups, EvidenceAnalyzer::Detail::VerdictOnly).verdict);
}

} // namespace

void tst_PgRoundTrips::askingTheQueueReadsAPageAtATime()
{
    for (const QString &database : {m_small, m_large}) {
        auto store = openThroughProxy(database);
        QVERIFY(store);
        const qint64 rows = m_server->queryInt(database, QStringLiteral("SELECT count(*) FROM refund_ops "
                                                                        "WHERE status IN ('unknown', 'checking')"));
        const qint64 lookups = m_server->queryInt(database, QStringLiteral("SELECT count(*) FROM provider_lookups"));
        const qint64 pages = rows / QueuePage + 1;
        Result<ReconcileQuestions::Reading> due = Error::internal(QString());
        const qint64 reconcileTrips = count([&] { due = ReconcileQuestions::read(*store, DayLater); });
        QVERIFY2(due, qPrintable(due ? QString() : due.error().message));
        Result<QueueAskQuestions::Reading> asked = Error::internal(QString());
        const qint64 askTrips = count([&] { asked = QueueAskQuestions::read(*store); });
        QVERIFY2(asked, qPrintable(asked ? QString() : asked.error().message));
        qInfo("%s: %lld queue rows (%lld page(s)); reconcile: %zu question(s) in %lld round trip(s); "
              "ask-stripe --all-without-evidence: %zu question(s) in %lld round trip(s)",
              qPrintable(database), rows, pages, due->questions.size(), reconcileTrips, asked->questions.size(), askTrips);
        // A page, its rows' attempts, the operations of the orders of those naming no
        // payment, and those operations' events: four reads a page at most.
        QVERIFY2(reconcileTrips <= 4 * pages, qPrintable(QString::number(reconcileTrips)));
        // The same, after the complete lookups a page of 500 at a time.
        QVERIFY2(askTrips <= 4 * pages + lookups / QueuePage + 1, qPrintable(QString::number(askTrips)));
        if (database == m_large) {
            // Many more questions than round trips: nothing is read one operation at a time.
            QVERIFY2(qint64(due->questions.size()) > 4 * reconcileTrips, qPrintable(QString::number(due->questions.size())));
            QVERIFY2(qint64(asked->questions.size()) > 4 * askTrips, qPrintable(QString::number(asked->questions.size())));
        }
    }
}

void tst_PgRoundTrips::askingAPageAsksWhatOneOperationAtATimeAsks()
{
    // Straight to the server: one operation at a time through the proxy would take minutes.
    auto opened = StoreFactory::open(m_server->location(m_large), Store::OpenMode::ReadOnly);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    Store &store = **opened;
    auto due = ReconcileQuestions::read(store, DayLater);
    QVERIFY2(due, qPrintable(due ? QString() : due.error().message));
    auto asked = QueueAskQuestions::read(store);
    QVERIFY2(asked, qPrintable(asked ? QString() : asked.error().message));
    QVERIFY(!due->questions.empty());
    QVERIFY(!asked->questions.empty());
    QMap<QString, int> sources;
    for (const std::vector<RefundLookupQuestion> *questions : {&due->questions, &asked->questions}) {
        for (const RefundLookupQuestion &question : *questions) {
            auto operation = store.operation(question.operationId);
            QVERIFY(operation && *operation);
            auto alone = OperationStripeLookup::questionFor(store, **operation);
            QVERIFY2(alone, qPrintable(alone ? QString() : alone.error().message));
            QCOMPARE(describe(question), describe(*alone));
            ++sources[question.paymentFrom.isEmpty() ? QStringLiteral("none") : question.paymentFrom];
        }
    }
    QStringList counted;
    for (auto source = sources.cbegin(); source != sources.cend(); ++source)
        counted << QStringLiteral("%1 %2").arg(source.key()).arg(source.value());
    qInfo("%zu + %zu questions the same as one operation at a time; payments from: %s", due->questions.size(),
          asked->questions.size(), qPrintable(counted.join(QStringLiteral(", "))));
    // The orders are read too: some operations name no payment on their row.
    QVERIFY(sources.value(QStringLiteral("row")) < int(due->questions.size() + asked->questions.size()));
}

void tst_PgRoundTrips::aBatchOfAnswersIsSortedKeptAndCountedInFewRoundTrips()
{
    auto store = openThroughProxy(m_large, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    auto page = store->operationsAfter(std::nullopt, LookupKeeper::BatchSize + 1);
    QVERIFY(page);
    QCOMPARE(page->size(), size_t(LookupKeeper::BatchSize + 1));
    auto queue = store->queuePage(QueueQuery(), std::nullopt, LookupKeeper::BatchSize);
    QVERIFY(queue);
    QVERIFY(!queue->empty());
    // A listing by the payment of each queue operation, naming another operation of the
    // store and one it does not hold: each must be sorted before it is kept.
    std::vector<ProviderLookupDraft> drafts;
    for (size_t i = 0; i < size_t(LookupKeeper::BatchSize); ++i) {
        const QString operationId = i < queue->size() ? queue->at(i).operationId : page->at(i).operationId;
        const auto refund = [](const QString &id, const QString &of) {
            return QStringLiteral(R"({"id":"%1","status":"succeeded","amount":100,"currency":"usd","created":1,"operation_id":"%2"})")
                .arg(id, of);
        };
        ProviderLookupDraft draft;
        draft.operationId = operationId;
        draft.result = QStringLiteral(R"({"complete":true,"method":"payment","route":"payment_intent","payment_id":"pi_%1",)"
                                      R"("payment_from":"row","quiet_since":1,"refunds":[],"payment_refunds":[%2,%3]})")
                           .arg(i)
                           .arg(refund(QStringLiteral("re_theirs_%1").arg(i), page->at(i + 1).operationId),
                                refund(QStringLiteral("re_elsewhere_%1").arg(i), QStringLiteral("op_not_here")));
        draft.bodies = {LookupBodies::bodyOf(QStringLiteral(R"({"object":"list","data":[],"page":%1})").arg(i).toUtf8())};
        draft.requests = QString::fromUtf8(QJsonDocument(QJsonArray{LookupBodies::request(
            QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"), draft.bodies.front())}).toJson(QJsonDocument::Compact));
        draft.responseSha256 = LookupBodies::digest(draft.bodies);
        drafts.push_back(std::move(draft));
    }
    LookupKeeper keeper(*store, User);
    std::vector<ProviderLookup> kept;
    QStringList batch;
    connect(&keeper, &LookupKeeper::kept, this, [&kept](const ProviderLookup &lookup) { kept.push_back(lookup); });
    connect(&keeper, &LookupKeeper::batchKept, this, [&batch](const QStringList &ids) { batch = ids; });
    // The batch is written when it is full: its sorting is one read, its writing one pipeline.
    const qint64 keeping = count([&] {
        for (const ProviderLookupDraft &draft : drafts)
            keeper.keep(draft);
    });
    QCOMPARE(kept.size(), drafts.size());
    QCOMPARE(batch.size(), qsizetype(drafts.size()));
    QCOMPARE(batch.front(), drafts.front().operationId);
    for (const ProviderLookup &lookup : kept) {
        const ProviderLookupResult sorted = ProviderLookupResult::read(lookup.result);
        QCOMPARE(sorted.otherOperations.size(), size_t(1));
        QCOMPARE(sorted.otherRefunds.size(), size_t(1));
    }

    // Their verdicts, counted as a reconciler's pass counts them: two reads for the batch.
    Result<std::vector<std::optional<Verdict>>> verdicts = Error::internal(QString());
    const qint64 counting = count([&] { verdicts = QueueVerdict::ofEach(*store, batch); });
    QVERIFY2(verdicts, qPrintable(verdicts ? QString() : verdicts.error().message));
    QCOMPARE(verdicts->size(), size_t(batch.size()));
    qsizetype inQueue = 0;
    for (qsizetype i = 0; i < batch.size(); ++i) {
        auto alone = verdictReadAlone(*store, batch.at(i));
        QVERIFY(alone);
        QCOMPARE((*verdicts)[size_t(i)], *alone);
        inQueue += alone->has_value() ? 1 : 0;
    }
    qInfo("%zu answers sorted and kept in %lld round trip(s), their verdicts (%lld in the queue) counted in %lld",
          kept.size(), keeping, qint64(inQueue), counting);
    QVERIFY(inQueue > 0);
    QCOMPARE(keeping, 2);
    QCOMPARE(counting, 2);
}
