// refund-desk reconcile against the fake Stripe, on SQLite and PostgreSQL: a pass on a demo
// store whose truth only Stripe knows leaves every operation of the queue with an answer,
// decides nothing and sends only GET; a pass right after asks nothing but the events; a
// refund Stripe said was pending is asked again when the schedule says so (a lookup written
// with an older time) and its verdict follows; an operation quiet for less than ten minutes
// waits; a pass that finds the lease held asks nothing; two passes started together ask each
// operation once; an operation whose payment is known is asked by its payment, first and
// again, and a refund of it that no operation made is judged other_refund. Each pass
// leaves how it ended in store_meta for the consoles, and marks its lookups as the
// reconciler's. On PostgreSQL a pass runs whole as a refund_desk_reconciler login, which
// may decide, claim, note or touch other store_meta rows neither through Refund Desk nor
// by SQL of its own.
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

using namespace RefundDesk;
using namespace RefundDesk::Test;
using RefundDesk::Testing::FakeStripe;

namespace {

const QString TestKey = QStringLiteral("rk_test_51QxReconcileKeyNeverPrinted0123456789");
constexpr qint64 Minute = 60'000;

using Run = TextRun;

QString lookupInsert(const QString &operationId, qint64 askedAt, const QString &refundsJson)
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

QString pendingRefund(const QString &refundId, const QString &operationId, qint64 createdSeconds)
{
    return QStringLiteral("{\"id\":\"%1\",\"status\":\"pending\",\"amount\":3800,\"currency\":\"usd\",\"created\":%2,"
                          "\"operation_id\":\"%3\"}")
        .arg(refundId)
        .arg(createdSeconds)
        .arg(operationId);
}

} // namespace

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

    // Every row of the queue as "id status claimant" and the resolutions' count: what a
    // decision, a claim or a release would change.
    QString decisions(const QString &db)
    {
        auto store = open(db);
        if (!store)
            return QStringLiteral("no store");
        QStringList rows;
        auto walked = QueueAskQuestions::forEachInQueue(*store, [&rows](const QueuePageReading &page, size_t i) -> Result<void> {
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
        auto walked = QueueAskQuestions::forEachInQueue(*store, [&ids](const QueuePageReading &page, size_t i) -> Result<void> {
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
        auto verdict = QueueVerdict::of(*store, operationId);
        return verdict && *verdict ? toString(**verdict) : QStringLiteral("gone");
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

    void init()
    {
        m_command = std::make_unique<FakeStripeCommand>(TestKey);
        QVERIFY(m_command->isReady());
        m_fake = &m_command->fake();
    }

    void cleanup()
    {
        QCOMPARE(m_fake->refusedRequests(), QStringList());
        m_fake = nullptr;
        m_command.reset();
    }

    void aPassAnswersTheQueueAndDecidesNothing_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aPassAnswersTheQueueAndDecidesNothing()
    {
        QFETCH(QString, backend);
        const QString db = demoStore(backend);
        QVERIFY(!db.isEmpty());
        const QString before = decisions(db);
        QVERIFY(!unanswered(db).isEmpty());

        const Run first = pass(db);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const QJsonObject summary = summaryOf(first);
        QCOMPARE(summary.value(QLatin1String("already_running")).toBool(), false);
        QVERIFY(summary.value(QLatin1String("operations_asked")).toInteger() > 0);
        QCOMPARE(summary.value(QLatin1String("answers")).toInteger(), summary.value(QLatin1String("operations_asked")).toInteger());
        QCOMPARE(summary.value(QLatin1String("requests")).toInt(), m_fake->requestCount());
        QCOMPARE(summary.value(QLatin1String("too_recent")).toInteger(), 0); // the demo ended an hour ago
        // Every operation of the queue has its answer, and nothing was decided or claimed.
        QCOMPARE(unanswered(db), QStringList());
        QCOMPARE(decisions(db), before);
        for (const auto &request : m_fake->requests())
            QCOMPARE(request.method.toUpper(), QByteArray("GET")); // and cleanup() finds none refused
        QVERIFY(requestsTo(QStringLiteral("/v1/events?")) >= 1);
        // Its lookups name the reconciler: on SQLite by name, on PostgreSQL the login (the
        // server's), and each is marked as the reconciler's.
        const QString asker = backend == QLatin1String("sqlite") ? QStringLiteral("reconciler")
                                                                 : QString::fromLatin1(PgTestServer::SuperUser);
        QCOMPARE(lookupAskers(db), QStringList{asker + QStringLiteral(" marked")});
        // How it ended, for the consoles: when, that it went well, and what it kept.
        const std::optional<ReconcilePassRecord> record = lastPass(db);
        QVERIFY(record);
        QVERIFY(record->ok);
        QCOMPARE(record->failure, QString());
        QCOMPARE(record->answers, summary.value(QLatin1String("answers")).toInteger());
        QVERIFY(record->finishedAtMs >= QDateTime::currentMSecsSinceEpoch() - 10 * Minute);

        // Right after: only the events since the cursor are listed, nothing else is asked.
        const qint64 lookups = lookupCount(db);
        const int sent = m_fake->requestCount();
        const Run second = pass(db);
        QVERIFY2(second.exitCode == 0, qPrintable(second.err));
        QCOMPARE(summaryOf(second).value(QLatin1String("operations_asked")).toInteger(), 0);
        QCOMPARE(m_fake->requestCount() - sent, 1);
        QVERIFY(m_fake->requests().back().pathAndQuery.startsWith(QLatin1String("/v1/events?")));
        QVERIFY(m_fake->requests().back().pathAndQuery.contains(QLatin1String("delivery_success=false")));
        QCOMPARE(lookupCount(db), lookups);
        QCOMPARE(decisions(db), before);
    }

    void aPendingRefundIsAskedAgainWhenDue_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aPendingRefundIsAskedAgainWhenDue()
    {
        QFETCH(QString, backend);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 started = now - 3 * 3600'000;
        const QString db = m_stores.make(backend, [&](TestStore &store) {
            // op_due: Stripe said pending 20 minutes ago (due after 15); op_notdue: 5 minutes
            // ago; op_answered: a complete listing found nothing an hour ago (final); op_fresh:
            // its attempt ended two minutes ago (too soon to ask).
            for (const char *id : {"op_due", "op_notdue", "op_answered"}) {
                if (!addTimedOutOperation(store, QString::fromLatin1(id), started))
                    return false;
            }
            return addTimedOutOperation(store, QStringLiteral("op_fresh"), now - 2 * Minute - 30'000)
                && store.exec(lookupInsert(QStringLiteral("op_due"), now - 20 * Minute,
                                           pendingRefund(QStringLiteral("re_due"), QStringLiteral("op_due"), started / 1000 + 3)))
                && store.exec(lookupInsert(QStringLiteral("op_notdue"), now - 5 * Minute,
                                           pendingRefund(QStringLiteral("re_notdue"), QStringLiteral("op_notdue"),
                                                         started / 1000 + 3)))
                && store.exec(lookupInsert(QStringLiteral("op_answered"), now - 60 * Minute, QString()));
        });
        QVERIFY(!db.isEmpty());
        QCOMPARE(verdictOf(db, QStringLiteral("op_due")), QStringLiteral("pending"));
        // Stripe settled both refunds since; op_fresh's exists too.
        auto &truth = m_fake->truth();
        QCOMPARE(truth.addRefund(refundJson(QStringLiteral("re_due"), QStringLiteral("op_due"), started / 1000 + 3)), QString());
        QCOMPARE(truth.addRefund(refundJson(QStringLiteral("re_notdue"), QStringLiteral("op_notdue"), started / 1000 + 3)), QString());
        QCOMPARE(truth.addRefund(refundJson(QStringLiteral("re_fresh"), QStringLiteral("op_fresh"), now / 1000 - 120)), QString());

        const Run run = pass(db);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject summary = summaryOf(run);
        QCOMPARE(summary.value(QLatin1String("asked_again")).toInteger(), 1);
        QCOMPARE(summary.value(QLatin1String("first_asks")).toInteger(), 0);
        QCOMPARE(summary.value(QLatin1String("too_recent")).toInteger(), 1);
        QCOMPARE(summary.value(QLatin1String("not_due_yet")).toInteger(), 1);
        QCOMPARE(summary.value(QLatin1String("verdicts")).toObject(), QJsonObject({{QStringLiteral("refunded"), 1}}));
        // The events, and op_due's refund retrieved by its id: nothing else.
        QCOMPARE(m_fake->requestCount(), 2);
        QCOMPARE(requestsTo(QStringLiteral("/v1/refunds/re_due")), 1);
        QCOMPARE(verdictOf(db, QStringLiteral("op_due")), QStringLiteral("refunded"));
        QCOMPARE(verdictOf(db, QStringLiteral("op_notdue")), QStringLiteral("pending"));
        QCOMPARE(verdictOf(db, QStringLiteral("op_answered")), QStringLiteral("not_found"));
        QCOMPARE(verdictOf(db, QStringLiteral("op_fresh")), QStringLiteral("none"));
        // Told, not decided.
        auto store = open(db);
        QVERIFY(store);
        QCOMPARE((*store->operation(QStringLiteral("op_due")))->status, OperationStatus::Unknown);
        QCOMPARE((*store->tableCounts()).resolutions, 0);
        store.reset();

        // Right after: op_due is settled and op_notdue not due yet; nothing is asked.
        const Run again = pass(db);
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QCOMPARE(summaryOf(again).value(QLatin1String("operations_asked")).toInteger(), 0);
        QCOMPARE(m_fake->requestCount(), 3);
    }

    void theReconcilerAsksByThePayment_data() { SqliteAndPgTestStores::addBackendRows(); }
    void theReconcilerAsksByThePayment()
    {
        QFETCH(QString, backend);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 started = now - 3 * 3600'000;
        const QString db = m_stores.make(backend, [&](TestStore &store) {
            // op_paydue: Stripe said pending 20 minutes ago, its payment pi_due on the row;
            // op_payfirst: never asked, its payment pi_first on the row.
            return addTimedOutOperation(store, QStringLiteral("op_paydue"), started)
                && addTimedOutOperation(store, QStringLiteral("op_payfirst"), started)
                && store.exec(QStringLiteral("UPDATE refund_ops SET payment_id = 'pi_due' WHERE operation_id = 'op_paydue'; "
                                             "UPDATE refund_ops SET payment_id = 'pi_first' WHERE operation_id = 'op_payfirst'"))
                && store.exec(lookupInsert(QStringLiteral("op_paydue"), now - 20 * Minute,
                                           pendingRefund(QStringLiteral("re_paydue"), QStringLiteral("op_paydue"),
                                                         started / 1000 + 3)));
        });
        QVERIFY(!db.isEmpty());
        // Stripe settled op_paydue's refund; pi_first was refunded from the Dashboard.
        auto &truth = m_fake->truth();
        QCOMPARE(truth.addRefund(QStringLiteral(R"({"id":"re_paydue","object":"refund","amount":3800,"currency":"usd",)"
                                                R"("status":"succeeded","created":%1,"metadata":{"operation_id":"op_paydue"},)"
                                                R"("payment_intent":"pi_due"})")
                                     .arg(started / 1000 + 3)
                                     .toUtf8()),
                 QString());
        QCOMPARE(truth.addRefund(QStringLiteral(R"({"id":"re_dashboard","object":"refund","amount":3800,"currency":"usd",)"
                                                R"("status":"succeeded","created":%1,"metadata":{},"payment_intent":"pi_first"})")
                                     .arg(started / 1000 + 600)
                                     .toUtf8()),
                 QString());

        const Run run = pass(db);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QJsonObject summary = summaryOf(run);
        QCOMPARE(summary.value(QLatin1String("asked_again")).toInteger(), 1);
        QCOMPARE(summary.value(QLatin1String("first_asks")).toInteger(), 1);
        QCOMPARE(summary.value(QLatin1String("verdicts")).toObject(),
                 QJsonObject({{QStringLiteral("refunded"), 1}, {QStringLiteral("other_refund"), 1}}));
        // The events, and one listing of each payment: nothing else.
        QCOMPARE(m_fake->requestCount(), 3);
        QCOMPARE(requestsTo(QStringLiteral("/v1/refunds?payment_intent=pi_due&limit=100")), 1);
        QCOMPARE(requestsTo(QStringLiteral("/v1/refunds?payment_intent=pi_first&limit=100")), 1);
        QCOMPARE(verdictOf(db, QStringLiteral("op_paydue")), QStringLiteral("refunded"));
        QCOMPARE(verdictOf(db, QStringLiteral("op_payfirst")), QStringLiteral("other_refund"));
        // Answered for good: the next pass asks neither again.
        const Run again = pass(db);
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QCOMPARE(summaryOf(again).value(QLatin1String("operations_asked")).toInteger(), 0);
    }

    void aLeaseHeldElsewhereAsksNothing_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aLeaseHeldElsewhereAsksNothing()
    {
        QFETCH(QString, backend);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const QString db = m_stores.make(backend, [&](TestStore &store) {
            return addTimedOutOperation(store, QStringLiteral("op_a"), now - 3600'000)
                && store.exec(QStringLiteral("INSERT INTO store_meta (key, value) VALUES ('reconcile_lease', '%1 elsewhere pid 7')")
                                  .arg(now + 100'000));
        });
        QVERIFY(!db.isEmpty());
        const Run held = m_command->run({QStringLiteral("reconcile"), QStringLiteral("--db"), db});
        QCOMPARE(held.exitCode, 0);
        QVERIFY2(held.out.contains(QLatin1String("Another reconcile pass is running on this store (elsewhere pid 7")),
                 qPrintable(held.out));
        QCOMPARE(m_fake->requestCount(), 0);
        QCOMPARE(lookupCount(db), 0);

        // A lease whose holder died (it expired) is taken over, and released at the end.
        auto store = StoreFactory::open(db, Store::OpenMode::ReadWrite);
        QVERIFY(store);
        QVERIFY((*store)->setMeta(QStringLiteral("reconcile_lease"), QStringLiteral("%1 elsewhere pid 7").arg(now - 1)));
        const Run taken = pass(db);
        QVERIFY2(taken.exitCode == 0, qPrintable(taken.err));
        QCOMPARE(summaryOf(taken).value(QLatin1String("first_asks")).toInteger(), 1);
        QCOMPARE(lookupCount(db), 1);
        QCOMPARE(*(*store)->meta(QStringLiteral("reconcile_lease")), QStringLiteral("released"));
    }

    void aFailedPassIsRecordedForTheConsoles_data() { SqliteAndPgTestStores::addBackendRows(); }
    void aFailedPassIsRecordedForTheConsoles()
    {
        QFETCH(QString, backend);
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const QString db = m_stores.make(backend, [&](TestStore &store) {
            return addTimedOutOperation(store, QStringLiteral("op_a"), now - 3600'000);
        });
        QVERIFY(!db.isEmpty());
        // A revoked key: Stripe answers 401, the pass fails, and says so in the store.
        const Run revoked = m_command->run(passArguments(db), QStringLiteral("rk_test_51QxRevokedKeyNeverPrinted000000000"));
        QVERIFY2(revoked.exitCode != 0, qPrintable(revoked.out));
        const std::optional<ReconcilePassRecord> failed = lastPass(db);
        QVERIFY(failed);
        QVERIFY(!failed->ok);
        QVERIFY2(failed->failure.contains(QLatin1String("401")), qPrintable(failed->failure));
        QVERIFY2(revoked.err.contains(failed->failure), qPrintable(revoked.err)); // what the run said
        QCOMPARE(lookupCount(db), 0);

        // The key fixed: the next pass answers, and its record replaces the failure.
        const Run fixed = pass(db);
        QVERIFY2(fixed.exitCode == 0, qPrintable(fixed.err));
        const std::optional<ReconcilePassRecord> ok = lastPass(db);
        QVERIFY(ok);
        QVERIFY(ok->ok);
        QCOMPARE(ok->answers, 1);
        QVERIFY(ok->finishedAtMs >= failed->finishedAtMs);
    }

    // The whole pass as a refund_desk_reconciler login, and what that login may not do.
    void aPassRunsAsTheReconcilerRoleAndDoesNothingElse()
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        const qint64 started = now - 3 * 3600'000;
        const QString location = m_stores.make(QStringLiteral("postgresql"), [&](TestStore &store) {
            return addTimedOutOperation(store, QStringLiteral("op_a"), started)
                && addTimedOutOperation(store, QStringLiteral("op_b"), started + 60'000)
                && store.exec(QStringLiteral("INSERT INTO store_meta (key, value) VALUES ('queue_target_hours', '4')"));
        });
        QVERIFY(!location.isEmpty());
        QCOMPARE(m_fake->truth().addRefund(refundJson(QStringLiteral("re_a"), QStringLiteral("op_a"), started / 1000 + 3)),
                 QString());
        PgTestServer &server = m_stores.server();
        const QString database = m_stores.lastDatabase();
        QVERIFY2(server.applyRoles(database), qPrintable(server.lastError()));
        QVERIFY2(server.exec(database, QStringLiteral("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = "
                                                      "'stripe_sync') THEN CREATE ROLE stripe_sync LOGIN IN ROLE "
                                                      "refund_desk_reconciler; END IF; IF NOT EXISTS (SELECT 1 FROM "
                                                      "pg_roles WHERE rolname = 'dana') THEN CREATE ROLE dana LOGIN IN "
                                                      "ROLE refund_desk_support; END IF; END $$")),
                 qPrintable(server.lastError()));
        const QString reconciler = server.location(database, QStringLiteral("stripe_sync"));
        const QString before = decisions(location);

        // A pass, twice: its events' cursor, its lease, its lookups and its record are all
        // the login's to write.
        const Run first = pass(reconciler);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QCOMPARE(summaryOf(first).value(QLatin1String("first_asks")).toInteger(), 2);
        QCOMPARE(summaryOf(first).value(QLatin1String("answers")).toInteger(), 2);
        QCOMPARE(verdictOf(location, QStringLiteral("op_a")), QStringLiteral("refunded"));
        QCOMPARE(verdictOf(location, QStringLiteral("op_b")), QStringLiteral("not_found"));
        QCOMPARE(lookupAskers(location), QStringList{QStringLiteral("stripe_sync marked")});
        QVERIFY(lastPass(location) && lastPass(location)->ok);
        QCOMPARE(server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = 'reconcile_lease'")),
                 QStringLiteral("released"));
        QVERIFY(!server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = "
                                                       "'stripe_undelivered_events_synced_until'")).isEmpty());
        const Run second = pass(reconciler);
        QVERIFY2(second.exitCode == 0, qPrintable(second.err));
        QCOMPARE(summaryOf(second).value(QLatin1String("operations_asked")).toInteger(), 0);
        QCOMPARE(decisions(location), before);

        // Through Refund Desk: read-only for everything but what it keeps, and it says why.
        auto opened = StoreFactory::open(reconciler, Store::OpenMode::ReadWrite);
        QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
        Store &store = **opened;
        QVERIFY(store.isReadOnly());
        QVERIFY(store.keepsProviderAnswers());
        QVERIFY2(store.openNote().contains(QLatin1String("refund_desk_reconciler")), qPrintable(store.openNote()));
        const Operation opB = **store.operation(QStringLiteral("op_b"));
        QVERIFY(!store.claim(QStringLiteral("op_b"), SeenState::of(opB), QString(), false));
        ResolutionDraft decision;
        decision.operationId = QStringLiteral("op_b");
        decision.outcome = Outcome::Failed;
        decision.evidence = QStringLiteral("dashboard");
        QVERIFY(!store.recordResolution(decision, SeenState::of(opB)));
        NoteDraft note;
        note.operationId = QStringLiteral("op_b");
        note.text = QStringLiteral("checked");
        QVERIFY(!store.addNote(note));
        auto target = store.setMeta(QStringLiteral("queue_target_hours"), QStringLiteral("1"));
        QVERIFY(!target);
        QVERIFY2(target.error().message.contains(QLatin1String("only its own rows")), qPrintable(target.error().message));
        QVERIFY(!store.setMeta(QStringLiteral("schema_version"), QStringLiteral("9")));
        QVERIFY(store.setMeta(QStringLiteral("reconcile_lease"), QStringLiteral("released")));
        opened->reset();

        // By SQL of its own, the server refuses each of them too.
        struct Refused
        {
            const char *sql;
            const char *says;
        };
        const Refused refused[] = {
            {"UPDATE refund_ops SET status = 'checking', claimed_by = 'stripe_sync', version = version + 1 "
             "WHERE operation_id = 'op_b'", "permission denied"},
            {"INSERT INTO resolutions (resolution_id, operation_id, outcome, evidence, operator, recorded_at, "
             "previous_status, prev_hash, hash) VALUES (1, 'op_b', 'failed', 'dashboard', 'stripe_sync', 0, 'unknown', "
             "repeat('0', 64), repeat('1', 64))", "permission denied"},
            {"INSERT INTO operation_notes (operation_id, text, operator, recorded_at) VALUES ('op_b', 'checked', "
             "'stripe_sync', 0)", "permission denied"},
            {"UPDATE store_meta SET value = '1' WHERE key = 'queue_target_hours'", "only its own rows"},
            {"INSERT INTO store_meta (key, value) VALUES ('queue_target_hours', '1') ON CONFLICT (key) DO UPDATE SET "
             "value = EXCLUDED.value", "only its own rows"},
            {"UPDATE store_meta SET value = '9' WHERE key = 'schema_version'", "only its own rows"},
            {"UPDATE store_meta SET value = '48' WHERE key = 'key_retention_hours'", "only its own rows"},
            {"UPDATE store_meta SET key = 'reconcile_lease' WHERE key = 'queue_target_hours'", "only its own rows"},
            {"UPDATE store_meta SET key = 'queue_target_hours' WHERE key = 'reconcile_lease'", "only its own rows"},
            {"INSERT INTO store_meta (key, value) VALUES ('team_setting', 'x')", "only its own rows"},
            {"DELETE FROM store_meta WHERE key = 'reconcile_lease'", "permission denied"},
        };
        for (const Refused &attempt : refused) {
            QVERIFY2(!server.exec(database, QString::fromLatin1(attempt.sql), QStringLiteral("stripe_sync")), attempt.sql);
            QVERIFY2(server.lastError().contains(QLatin1String(attempt.says)), qPrintable(server.lastError()));
        }
        // Its own rows it may move.
        QVERIFY2(server.exec(database, QStringLiteral("UPDATE store_meta SET value = 'released' WHERE key = 'reconcile_lease'"),
                             QStringLiteral("stripe_sync")),
                 qPrintable(server.lastError()));
        QCOMPARE(server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = 'queue_target_hours'")),
                 QStringLiteral("4"));
        QCOMPARE(server.query(database, QStringLiteral("SELECT value FROM store_meta WHERE key = 'schema_version'")),
                 QStringLiteral("3"));
        QCOMPARE(server.query(database, QStringLiteral("SELECT count(*) FROM store_meta WHERE key = 'team_setting'")),
                 QStringLiteral("0"));
        QCOMPARE(decisions(location), before);

        // Its lookups' time and operator are the server's, and carry the mark whatever the
        // INSERT said; no other login may put the mark on a lookup.
        const QString lookupSql = QStringLiteral(
            "INSERT INTO provider_lookups (operation_id, provider, asked_at, operator, requests, result, response_sha256) "
            "VALUES ('op_b', 'stripe', 5, '%1', '[]', '%2', repeat('a', 64))");
        QVERIFY2(server.exec(database, lookupSql.arg(QStringLiteral("stripe_sync"), QStringLiteral("{\"complete\":false}")),
                             QStringLiteral("stripe_sync")),
                 qPrintable(server.lastError()));
        QCOMPARE(server.query(database, QStringLiteral("SELECT asked_at > 5, result::jsonb ->> 'asked_by' FROM provider_lookups "
                                                       "ORDER BY lookup_id DESC LIMIT 1")),
                 QStringLiteral("t|reconciler"));
        QVERIFY(!server.exec(database, lookupSql.arg(QStringLiteral("stripe_sync"), QStringLiteral("{}")),
                             QStringLiteral("dana")));
        QVERIFY2(!server.exec(database, lookupSql.arg(QStringLiteral("dana"), QStringLiteral("{\"asked_by\":\"reconciler\"}")),
                              QStringLiteral("dana")),
                 "a support login marked a lookup as the reconciler's");
        QVERIFY2(server.lastError().contains(QLatin1String("only refund_desk_reconciler logins")), qPrintable(server.lastError()));
        QVERIFY2(server.exec(database, lookupSql.arg(QStringLiteral("dana"), QStringLiteral("{\"complete\":false}")),
                             QStringLiteral("dana")),
                 qPrintable(server.lastError()));
    }

    void twoPassesStartedTogetherAskEachOperationOnce()
    {
        const qint64 base = QDateTime::currentMSecsSinceEpoch() - 86'400'000;
        QStringList ids;
        const QString db = m_stores.make(QStringLiteral("sqlite"), [&](TestStore &store) {
            // Windows hours apart, each busy with others' refunds: a listing each.
            for (int i = 0; i < 6; ++i) {
                const QString id = QStringLiteral("op_apart%1").arg(i);
                const qint64 started = base - qint64(i) * 3 * 3600'000;
                if (!addTimedOutOperation(store, id, started))
                    return false;
                m_fake->truth().addRefund(refundJson(QStringLiteral("re_apart%1").arg(i), id, started / 1000 + 3));
                for (int k = 0; k < 50; ++k) {
                    m_fake->truth().addRefund(refundJson(QStringLiteral("re_busy%1_%2").arg(i).arg(k),
                                                         QStringLiteral("op_busy%1_%2").arg(i).arg(k), started / 1000 + 5 + k));
                }
                ids.append(id);
            }
            return true;
        });
        QVERIFY(!db.isEmpty());
        m_fake->setDelayMs(250); // a slow Stripe: the first pass still asks when the second starts
        QProcess one;
        QProcess two;
        startRefundDesk(one, passArguments(db), m_command->environment());
        startRefundDesk(two, passArguments(db), m_command->environment());
        const Run first = finishServing(one);
        const Run second = finishServing(two);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QVERIFY2(second.exitCode == 0, qPrintable(second.err));
        const bool firstRan = !summaryOf(first).value(QLatin1String("already_running")).toBool();
        const bool secondRan = !summaryOf(second).value(QLatin1String("already_running")).toBool();
        QVERIFY2(firstRan != secondRan, qPrintable(first.out + second.out));
        // One listing of the events, and each operation asked once.
        QCOMPARE(requestsTo(QStringLiteral("/v1/events?")), 1);
        QCOMPARE(summaryOf(firstRan ? first : second).value(QLatin1String("first_asks")).toInteger(), 6);
        auto store = open(db);
        QVERIFY(store);
        for (const QString &id : ids)
            QCOMPARE((*store->providerLookups(id)).size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestReconcile)
#include "tst_reconcile.moc"
