// tst_reconcile's class and what its files share: a SQLite and a PostgreSQL store for each
// test, the fake Stripe, and refund-desk reconcile run against both.

#pragma once

#include "clirun.h"
#include "fakestripe.h"
#include "fakestripecommand.h"
#include "sqliteandpgteststores.h"
#include "stripefixtures.h"
#include "teststore.h"

#include "domain/lookupasker.h"
#include "domain/reconcilepassrecord.h"
#include "evidence/evidenceanalyzer.h"
#include "evidence/queueverdict.h"
#include "store/store.h"
#include "stripeask/queueaskquestions.h"
#include "pgtestserver.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <functional>

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Testing::FakeStripe;

inline const QString TestKey = QStringLiteral("rk_test_51QxReconcileKeyNeverPrinted0123456789");
constexpr qint64 Minute = 60'000;

using Run = TextRun;

inline QString lookupInsert(const QString &operationId, qint64 askedAt, const QString &refundsJson)
{
    // A complete listing of the operation's window, as StripeRefundLookup keeps one.
    return QStringLiteral("INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, window_from, "
                          "window_to, requests, result, response_sha256) VALUES ('%1', 'stripe', %2, 'alice', %3, %4, "
                          "'[]', '{\"complete\":true,\"method\":\"list\",\"refunds\":[%5],\"missing\":[],\"summary\":\"\"}', "
                          "'%6')")
        .arg(operationId)
        .arg(askedAt)
        .arg(askedAt - 4 * 3600'000)
        .arg(askedAt - 3600'000)
        .arg(refundsJson, QString(64, QLatin1Char('a')));
}

inline QString pendingRefund(const QString &refundId, const QString &operationId, qint64 createdSeconds)
{
    return QStringLiteral("{\"id\":\"%1\",\"status\":\"pending\",\"amount\":3800,\"currency\":\"usd\",\"created\":%2,"
                          "\"operation_id\":\"%3\"}")
        .arg(refundId)
        .arg(createdSeconds)
        .arg(operationId);
}

class TestReconcile final : public QObject
{
    Q_OBJECT

private:
    SqliteAndPgTestStores m_stores{QStringLiteral("reconcile")};
    std::unique_ptr<FakeStripeCommand> m_command;
    FakeStripe *m_fake = nullptr;

    QStringList passArguments(const QString &db) const
    {
        return {QStringLiteral("reconcile"), QStringLiteral("--db"), db, QStringLiteral("--json"), QStringLiteral("--rate"),
                QStringLiteral("200")};
    }

    Run pass(const QString &db) { return m_command->run(passArguments(db)); }

    static QJsonObject summaryOf(const Run &run) { return QJsonDocument::fromJson(run.out.toUtf8()).object(); }

    std::unique_ptr<Store> open(const QString &db)
    {
        auto store = StoreFactory::open(db, Store::OpenMode::ReadOnly);
        return store ? std::move(*store) : nullptr;
    }

    qint64 lookupCount(const QString &db)
    {
        auto store = open(db);
        return store ? (*store->tableCounts()).lookups : -1;
    }

    int requestsTo(const QString &prefix) const
    {
        int count = 0;
        for (const auto &request : m_fake->requests())
            count += request.pathAndQuery.startsWith(prefix) ? 1 : 0;
        return count;
    }

    // Calls `visit` with each row of the queue, in its default order.
    using RowVisit = std::function<Result<void>(const QueuePageReading &page, size_t row)>;
    static Result<void> forEachInQueue(Store &store, const RowVisit &visit)
    {
        return QueueAskQuestions::forEachPageInQueue(store, [&visit](const QueuePageReading &page) -> Result<void> {
            for (size_t i = 0; i < page.operations.size(); ++i) {
                if (auto visited = visit(page, i); !visited)
                    return visited;
            }
            return {};
        });
    }

    // Every row of the queue as "id status claimant" and the resolutions' count: what a
    // decision, a claim or a release would change.
    QString decisions(const QString &db)
    {
        auto store = open(db);
        if (!store)
            return QStringLiteral("no store");
        QStringList rows;
        auto walked = forEachInQueue(*store, [&rows](const QueuePageReading &page, size_t i) -> Result<void> {
            const Operation &operation = page.operations[i];
            rows.append(QStringLiteral("%1 %2 %3").arg(operation.operationId, Names::toString(operation.status),
                                                       operation.claimedBy));
            return {};
        });
        if (!walked)
            return walked.error().message;
        return rows.join(QLatin1Char('\n')) + QStringLiteral("\nresolutions %1").arg((*store->tableCounts()).resolutions);
    }

    // The operations of the queue that have neither a verdict from their events nor a
    // complete lookup.
    QStringList unanswered(const QString &db)
    {
        auto store = open(db);
        if (!store)
            return {QStringLiteral("no store")};
        QStringList ids;
        auto walked = forEachInQueue(*store, [&ids](const QueuePageReading &page, size_t i) -> Result<void> {
            const auto &lookups = page.lookups[i];
            const bool answered = std::any_of(lookups.begin(), lookups.end(), &QueueAskQuestions::isComplete);
            const Verdict byEvents = EvidenceAnalyzer::analyze(page.operations[i], page.candidates[i],
                                                               EvidenceAnalyzer::Detail::VerdictOnly)
                                         .verdict;
            if (!answered && byEvents == Verdict::None)
                ids.append(page.operations[i].operationId);
            return {};
        });
        if (!walked)
            ids.append(walked.error().message);
        return ids;
    }

    // Every lookup of the store, as "operator marked|unmarked" (marked: the reconciler's).
    QStringList lookupAskers(const QString &db)
    {
        auto store = open(db);
        if (!store)
            return {QStringLiteral("no store")};
        auto lookups = store->providerLookupsAfter(0, 100'000);
        if (!lookups)
            return {lookups.error().message};
        QStringList askers;
        for (const ProviderLookup &lookup : *lookups) {
            askers.append(lookup.operatorName
                          + (LookupAsker::isReconciler(lookup) ? QStringLiteral(" marked") : QStringLiteral(" unmarked")));
        }
        askers.removeDuplicates();
        return askers;
    }

    std::optional<ReconcilePassRecord> lastPass(const QString &db)
    {
        auto store = open(db);
        if (!store)
            return std::nullopt;
        auto value = store->meta(ReconcilePassRecord::MetaKey);
        return value ? ReconcilePassRecord::parse(*value) : std::nullopt;
    }

    // The verdict's token ("refunded", "pending", ...), or "gone" when it left the queue.
    QString verdictOf(const QString &db, const QString &operationId)
    {
        auto store = open(db);
        if (!store)
            return QStringLiteral("no store");
        auto verdicts = QueueVerdict::ofEach(*store, {operationId});
        return verdicts && verdicts->front() ? toString(*verdicts->front()) : QStringLiteral("gone");
    }

    // A demo store of 400 operations made an hour ago, its truth served by the fake Stripe;
    // on PostgreSQL copied into a database of its own.
    QString demoStore(const QString &backend)
    {
        const QString demo = m_command->filePath(QStringLiteral("demo.sqlite"));
        const QString truth = m_command->filePath(QStringLiteral("demo.stripe-truth.jsonl"));
        const Run built = m_command->run({QStringLiteral("demo"), QStringLiteral("--db"), demo, QStringLiteral("--stripe-truth"),
                                          truth, QStringLiteral("--operations"), QStringLiteral("400"), QStringLiteral("--seed"),
                                          QStringLiteral("4"), QStringLiteral("--now"),
                                          QString::number(QDateTime::currentMSecsSinceEpoch() - 3600'000)});
        if (built.exitCode != 0) {
            qWarning() << built.err;
            return {};
        }
        if (const QString loaded = m_fake->truth().load(truth); !loaded.isEmpty()) {
            qWarning() << loaded;
            return {};
        }
        if (backend == QLatin1String("sqlite"))
            return demo;
        const QString name = QStringLiteral("demo_%1").arg(QDateTime::currentMSecsSinceEpoch());
        if (!m_stores.server().createDatabase(name))
            return {};
        const QString location = m_stores.server().location(name);
        const Run copied = m_command->run({QStringLiteral("copy"), QStringLiteral("--from"), demo, QStringLiteral("--to"), location});
        if (copied.exitCode != 0) {
            qWarning() << copied.err;
            return {};
        }
        return location;
    }

private slots:
    void initTestCase() { QVERIFY2(m_stores.start(), qPrintable(m_stores.lastError())); }
    void init();
    void cleanup();
    void aPassAnswersTheQueueAndDecidesNothing_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aPassAnswersTheQueueAndDecidesNothing();
    void aPendingRefundIsAskedAgainWhenDue_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aPendingRefundIsAskedAgainWhenDue();
    void theReconcilerAsksByThePayment_data() { SqliteAndPgTestStores::addBackendRows(); }
    void theReconcilerAsksByThePayment();
    void aLeaseHeldElsewhereAsksNothing_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aLeaseHeldElsewhereAsksNothing();
    void aFailedPassIsRecordedForTheConsoles_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aFailedPassIsRecordedForTheConsoles();
    void aPassRunsAsTheReconcilerRoleAndDoesNothingElse();
    void twoPassesStartedTogetherAskEachOperationOnce();
};
