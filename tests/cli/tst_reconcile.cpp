// refund-desk reconcile against the fake Stripe, on SQLite and PostgreSQL: a pass on a demo
// store whose truth only Stripe knows leaves every operation of the queue with an answer,
// decides nothing and sends only GET; a pass right after asks nothing but the events; a
// refund Stripe said was pending is asked again when the schedule says so (a lookup written
// with an older time) and its verdict follows; an operation quiet for less than ten minutes
// waits; an operation whose payment is known is asked by its payment, first and again, and a
// refund of it that no operation made is judged other_refund. Each pass leaves how it ended
// in store_meta for the consoles, and marks its lookups as the reconciler's. What keeps a
// pass to its own work (the lease, the reconciler's role, two passes at once):
// tst_reconcile_guards.cpp.

#include "tst_reconcile.h"

void TestReconcile::init()
{
    m_command = std::make_unique<FakeStripeCommand>(TestKey);
    QVERIFY(m_command->isReady());
    m_fake = &m_command->fake();
}

void TestReconcile::cleanup()
{
    QCOMPARE(m_fake->refusedRequests(), QStringList());
    m_fake = nullptr;
    m_command.reset();
}

void TestReconcile::aPassAnswersTheQueueAndDecidesNothing()
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

void TestReconcile::aPendingRefundIsAskedAgainWhenDue()
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

void TestReconcile::theReconcilerAsksByThePayment()
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

void TestReconcile::aFailedPassIsRecordedForTheConsoles()
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

QTEST_GUILESS_MAIN(TestReconcile)
