// What every simulated store keeps: the tool's attempt budgets and algorithm, unique keys,
// consistent statuses and times, events of real operations shaped as Stripe's, an unbroken
// audit chain, every kind of evidence in the queue and the scenes a demo must show.

#include "tst_simulator.h"

void tst_Simulator::attemptBudgets()
{
    sqlite3 *db = m_db.get();
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE attempts > 6"), 0);
    QVERIFY(number(db, "SELECT count(*) FROM refund_ops WHERE attempts = 6") > 0);
    // The attempts column counts the attempt rows, numbered 1..n without a gap.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops o WHERE attempts <> "
                        "(SELECT count(*) FROM refund_attempts a WHERE a.operation_id = o.operation_id)"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops o WHERE attempts > 0 AND attempts <> "
                        "(SELECT max(attempt_no) FROM refund_attempts a WHERE a.operation_id = o.operation_id)"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts a WHERE NOT EXISTS "
                        "(SELECT 1 FROM refund_ops o WHERE o.operation_id = a.operation_id)"),
             0);
    // At most three attempts in one tool call.
    QCOMPARE(number(db, "SELECT count(*) FROM (SELECT 1 FROM refund_attempts GROUP BY operation_id, tool_call_id "
                        "HAVING count(*) > 3)"),
             0);
    // A "try again" is a new tool call on the same operation.
    QVERIFY(number(db, "SELECT count(*) FROM (SELECT operation_id FROM refund_attempts GROUP BY operation_id "
                       "HAVING count(DISTINCT tool_call_id) > 1)") > 0);
}

void tst_Simulator::attemptsFollowTheToolsAlgorithm()
{
    sqlite3 *db = m_db.get();
    // Attempts of one operation start one after another, and end after they start.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts a JOIN refund_attempts b ON b.operation_id = "
                        "a.operation_id AND b.attempt_no = a.attempt_no + 1 WHERE b.started_at < a.started_at"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts WHERE finished_at < started_at"), 0);
    // Nothing is sent once the row is closed or unknown: no attempt starts after a decisive
    // answer arrived. (A racing call may have sent one while that answer was on its way.)
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts a JOIN refund_attempts b ON b.operation_id = "
                        "a.operation_id AND b.attempt_no > a.attempt_no WHERE a.outcome IN ('refunded', "
                        "'declined', 'server_error', 'key_mismatch') AND b.started_at >= a.finished_at"),
             0);
    QVERIFY(number(db, "SELECT count(*) FROM refund_attempts a JOIN refund_attempts b ON b.operation_id = "
                       "a.operation_id AND b.attempt_no > a.attempt_no AND b.tool_call_id <> a.tool_call_id "
                       "WHERE a.outcome = 'refunded' AND b.started_at < a.finished_at")
            > 0);
    // How each operation ended matches its last attempt.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops o JOIN refund_attempts a ON a.operation_id = "
                        "o.operation_id AND a.attempt_no = o.attempts WHERE a.outcome IN ('server_error', "
                        "'key_mismatch') AND o.status NOT IN ('unknown', 'checking', 'refunded', 'failed')"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops o JOIN refund_attempts a ON a.operation_id = "
                        "o.operation_id AND a.attempt_no = o.attempts WHERE a.outcome = 'declined' "
                        "AND o.status <> 'failed'"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops o JOIN refund_attempts a ON a.operation_id = "
                        "o.operation_id AND a.attempt_no = o.attempts WHERE a.outcome = 'refunded' "
                        "AND (o.status <> 'refunded' OR o.refund_id IS NULL)"),
             0);
    // An open row has spent less than its budget (or is still running).
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'open' AND attempts >= 6"), 0);
    // HTTP statuses go with their outcomes.
    const auto statuses = rows(db, "SELECT DISTINCT outcome, coalesce(http_status, 'none') FROM refund_attempts "
                                   "ORDER BY 1, 2");
    const std::map<QString, QString> expected = {
        {"refunded", "200"}, {"declined", "402"}, {"key_in_progress", "409"}, {"server_error", "500"},
        {"key_mismatch", "400"}, {"timeout", "none"}, {"network_error", "none"}, {"<null>", "none"},
    };
    for (const QStringList &row : statuses) {
        QVERIFY2(expected.count(row[0]) == 1, qPrintable(row[0]));
        QCOMPARE(row[1], expected.at(row[0]));
    }
    for (const char *outcome : {"refunded", "declined", "timeout", "key_in_progress", "server_error", "network_error"}) {
        QVERIFY2(std::any_of(statuses.begin(), statuses.end(), [&](const QStringList &r) { return r[0] == QLatin1String(outcome); }),
                 outcome);
    }
    // Provider answers carry a request id; a timeout or a lost connection has none.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts WHERE http_status IS NOT NULL AND request_id NOT LIKE 'req\\_%' ESCAPE '\\'"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts WHERE outcome IN ('timeout', 'network_error') "
                        "AND request_id IS NOT NULL"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts WHERE tool_call_id NOT LIKE 'toolu\\_01%' ESCAPE '\\'"), 0);
}

void tst_Simulator::keysAreUniqueUuids()
{
    const auto keys = rows(m_db.get(), "SELECT idempotency_key FROM refund_ops");
    QCOMPARE(keys.size(), int(Operations));
    const QRegularExpression uuid4(QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"));
    QSet<QString> seen;
    for (const QStringList &row : keys) {
        QVERIFY2(uuid4.match(row[0]).hasMatch(), qPrintable(row[0]));
        seen.insert(row[0]);
    }
    QCOMPARE(seen.size(), keys.size());
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM refund_ops WHERE operation_id NOT GLOB 'op_[1-9]*'"), 0);
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM refund_ops WHERE order_id GLOB '*[^0-9]*'"), 0);
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM refund_ops WHERE conversation_id NOT LIKE 'conv\\_%' ESCAPE '\\'"), 0);
}

void tst_Simulator::everyUnknownHasAnAttempt()
{
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM refund_ops WHERE status IN ('unknown', 'checking') "
                                "AND attempts < 1"),
             0);
    QVERIFY(number(m_db.get(), "SELECT count(*) FROM refund_ops WHERE status = 'unknown'") > 0);
}

void tst_Simulator::oneLiveOperationPerOrderAndAmount()
{
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM (SELECT 1 FROM refund_ops WHERE status IN ('open', "
                                "'unknown', 'checking') GROUP BY order_id, amount_cents HAVING count(*) > 1)"),
             0);
    // Orders with more than one operation exist: a second refund after a decline, or of another item.
    QVERIFY(number(m_db.get(), "SELECT count(*) FROM (SELECT 1 FROM refund_ops GROUP BY order_id HAVING count(*) > 1)") > 0);
    // Never two refunded operations for the same order and amount: the tool checks before opening one.
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM (SELECT 1 FROM refund_ops WHERE status = 'refunded' "
                                "GROUP BY order_id, amount_cents HAVING count(*) > 1)"),
             0);
}

void tst_Simulator::statusesAreConsistent()
{
    sqlite3 *db = m_db.get();
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'refunded' AND refund_id IS NULL"), 0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status <> 'refunded' AND refund_id IS NOT NULL"), 0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'checking' AND (claimed_by IS NULL OR "
                        "claimed_at IS NULL OR claimed_at > updated_at OR claimed_at < created_at)"),
             0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status <> 'checking' AND (claimed_by IS NOT NULL "
                        "OR claimed_at IS NOT NULL)"),
             0);
    // Every update bumps the version: at least one per attempt.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE version < attempts"), 0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status <> 'open' AND version <= attempts"), 0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE currency NOT IN ('usd', 'eur', 'gbp', 'jpy')"), 0);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE currency = 'jpy' AND amount_cents % 10 <> 0"), 0);
}

void tst_Simulator::timesLieInTheSimulatedDays()
{
    sqlite3 *db = m_db.get();
    const qint64 begin = Now - 5 * Day;
    QCOMPARE(number(db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE created_at < %1 OR updated_at > %2 "
                                       "OR updated_at < created_at").arg(begin).arg(Now).toUtf8().constData()),
             0);
    QCOMPARE(number(db, QStringLiteral("SELECT count(*) FROM refund_attempts a JOIN refund_ops o USING "
                                       "(operation_id) WHERE a.started_at < o.created_at OR a.started_at > %1 "
                                       "OR a.finished_at > %1").arg(Now).toUtf8().constData()),
             0);
    QCOMPARE(number(db, QStringLiteral("SELECT count(*) FROM webhook_events WHERE received_at > %1 OR "
                                       "created * 1000 > received_at").arg(Now).toUtf8().constData()),
             0);
    QCOMPARE(number(db, QStringLiteral("SELECT count(*) FROM resolutions r JOIN refund_ops o USING (operation_id) "
                                       "WHERE r.recorded_at > %1 OR r.recorded_at <> o.updated_at")
                            .arg(Now).toUtf8().constData()),
             0);
    // Spread over the whole stretch: every day has operations.
    for (int day = 0; day < 5; ++day) {
        const qint64 from = begin + day * Day;
        QVERIFY(number(db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE created_at >= %1 AND created_at < %2")
                               .arg(from).arg(from + Day).toUtf8().constData())
                > Operations / 10);
    }
}

void tst_Simulator::eventsNameRealOperations()
{
    sqlite3 *db = m_db.get();
    QCOMPARE(number(db, "SELECT count(*) FROM webhook_events e WHERE operation_id IS NOT NULL AND NOT EXISTS "
                        "(SELECT 1 FROM refund_ops o WHERE o.operation_id = e.operation_id)"),
             0);
    // A key in an event is one the refund tool sent for that operation: its own key, or
    // (the old tool's bug) a key made from another tool call's id.
    QCOMPARE(number(db, "SELECT count(*) FROM webhook_events e JOIN refund_ops o ON o.operation_id = e.operation_id "
                        "WHERE e.idempotency_key IS NOT NULL AND e.idempotency_key <> o.idempotency_key AND "
                        "e.operation_id NOT IN (SELECT operation_id FROM webhook_events WHERE operation_id IS NOT NULL "
                        "GROUP BY operation_id HAVING count(DISTINCT refund_id) > 1)"),
             0);
    // Every refund recorded on an operation is one the provider told about.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops o WHERE refund_id IS NOT NULL AND NOT EXISTS "
                        "(SELECT 1 FROM webhook_events e WHERE e.refund_id = o.refund_id) AND NOT EXISTS "
                        "(SELECT 1 FROM refund_attempts a WHERE a.operation_id = o.operation_id AND a.outcome = 'refunded')"),
             0);
}

void tst_Simulator::payloadsAreStripeEvents()
{
    const auto events = rows(m_db.get(), "SELECT event_id, type, created, payload, operation_id, idempotency_key, "
                                         "refund_id FROM webhook_events");
    QVERIFY(events.size() > Operations / 2);
    int unreadable = 0;
    int charges = 0;
    std::set<std::string> refundStatuses;
    for (const QStringList &row : events) {
        const auto payload = nlohmann::json::parse(row[3].toStdString(), nullptr, false);
        if (payload.is_discarded()) {
            ++unreadable;
            // Cut short after the receiver had read it: the columns still link it.
            QVERIFY(row[3].startsWith(QStringLiteral("{\"id\":\"") + row[0]));
            QVERIFY(row[6] != QLatin1String("<null>") || row[5] != QLatin1String("<null>"));
            continue;
        }
        QCOMPARE(QString::fromStdString(payload.at("id").get<std::string>()), row[0]);
        QVERIFY(payload.at("object") == "event");
        QVERIFY(payload.at("api_version") == "2024-06-20");
        QVERIFY(payload.at("livemode") == false);
        QCOMPARE(QString::fromStdString(payload.at("type").get<std::string>()), row[1]);
        QCOMPARE(QString::number(payload.at("created").get<qint64>()), row[2]);
        QVERIFY(payload.at("request").is_object());
        const auto &key = payload.at("request").at("idempotency_key");
        QCOMPARE(key.is_null() ? QStringLiteral("<null>") : QString::fromStdString(key.get<std::string>()), row[5]);
        const auto &object = payload.at("data").at("object");
        if (object.at("object") == "charge") {
            ++charges;
            QCOMPARE(row[1], QStringLiteral("charge.refunded"));
            QCOMPARE(row[6], QStringLiteral("<null>"));
            QVERIFY(object.at("amount_refunded").get<qint64>() <= object.at("amount").get<qint64>());
            continue;
        }
        QVERIFY(object.at("object") == "refund");
        QVERIFY(row[1].startsWith(QStringLiteral("refund.")));
        QCOMPARE(QString::fromStdString(object.at("id").get<std::string>()), row[6]);
        QVERIFY(row[6].startsWith(QStringLiteral("re_")));
        const auto &metadata = object.at("metadata");
        QCOMPARE(metadata.contains("operation_id") ? QString::fromStdString(metadata.at("operation_id").get<std::string>())
                                                   : QStringLiteral("<null>"),
                 row[4]);
        QVERIFY(object.at("amount").get<qint64>() > 0);
        QVERIFY(object.at("charge").get<std::string>().rfind("ch_", 0) == 0);
        QVERIFY(object.at("payment_intent").get<std::string>().rfind("pi_", 0) == 0);
        QVERIFY(object.at("reason").is_string());
        const std::string status = object.at("status").get<std::string>();
        refundStatuses.insert(status);
        QCOMPARE(object.at("failure_reason").is_null(), status != "failed");
        if (row[1] == QLatin1String("refund.failed"))
            QVERIFY(status == "failed");
    }
    QVERIFY(unreadable > 0);
    QVERIFY(unreadable < events.size() / 50);
    QVERIFY(charges > 0);
    for (const char *status : {"succeeded", "pending", "failed"})
        QVERIFY2(refundStatuses.count(status) == 1, status);
}

void tst_Simulator::paymentsAreNamedByTheTool()
{
    sqlite3 *db = m_db.get();
    // The reference case names its payment.
    QVERIFY(rows(db, "SELECT payment_id FROM refund_ops WHERE operation_id = 'op_5521'").value(0).value(0)
                .startsWith(QLatin1String("pi_")));
    // Most operations do; those the older tool version opened, in the first fifth of the
    // simulated days, do not.
    const qint64 named = number(db, "SELECT count(*) FROM refund_ops WHERE payment_id IS NOT NULL");
    const qint64 unnamed = number(db, "SELECT count(*) FROM refund_ops WHERE payment_id IS NULL");
    QCOMPARE(named + unnamed, Operations);
    QVERIFY2(unnamed > Operations / 10 && unnamed < Operations * 3 / 10, qPrintable(QString::number(unnamed)));
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE payment_id IS NOT NULL AND payment_id NOT LIKE 'pi\\_%' "
                        "ESCAPE '\\'"),
             0);
    const QByteArray laterThanTheOldTool = "SELECT count(*) FROM refund_ops WHERE payment_id IS NOT NULL AND created_at < "
        + QByteArray::number(Now - 4 * 24 * 3600 * 1000LL);
    QCOMPARE(number(db, laterThanTheOldTool.constData()), 0);
    const QByteArray onlyEarly = "SELECT count(*) FROM refund_ops WHERE payment_id IS NULL AND created_at > "
        + QByteArray::number(Now - 3 * 24 * 3600 * 1000LL);
    QCOMPARE(number(db, onlyEarly.constData()), 0);
    // The payment named is the one the provider refunded: every refund event of the
    // operation names it, and the operations of one order share it.
    const char *events = "SELECT count(*), sum(CASE WHEN json_valid(e.payload) THEN "
                         "json_extract(e.payload, '$.data.object.payment_intent') = o.payment_id END) "
                         "FROM refund_ops o JOIN webhook_events e ON e.operation_id = o.operation_id "
                         "WHERE o.payment_id IS NOT NULL AND e.type LIKE 'refund.%' AND json_valid(e.payload)";
    const auto matched = rows(db, events).value(0);
    QVERIFY(matched.value(0).toLongLong() > Operations / 4);
    QCOMPARE(matched.value(1), matched.value(0));
    QCOMPARE(number(db, "SELECT count(*) FROM (SELECT order_id FROM refund_ops WHERE payment_id IS NOT NULL "
                        "GROUP BY order_id HAVING count(DISTINCT payment_id) > 1)"),
             0);
    QCOMPARE(number(db, "SELECT count(*) - count(DISTINCT payment_id) FROM (SELECT DISTINCT order_id, payment_id "
                        "FROM refund_ops WHERE payment_id IS NOT NULL)"),
             0);
}

void tst_Simulator::auditChainVerifies()
{
    const auto log = rows(m_db.get(), "SELECT resolution_id, operation_id, outcome, refund_id, evidence, note, operator, "
                                      "recorded_at, previous_status, overrides_evidence, prev_hash, hash "
                                      "FROM resolutions ORDER BY resolution_id");
    QVERIFY(log.size() > 5);
    auto text = [](const QString &value) { return value == QLatin1String("<null>") ? QString() : value; };
    ChainVerifier verifier;
    qint64 previousTime = 0;
    for (const QStringList &row : log) {
        Resolution r;
        r.resolutionId = row[0].toLongLong();
        r.operationId = row[1];
        r.outcome = *outcomeFromString(row[2]);
        r.refundId = text(row[3]);
        r.evidence = row[4];
        r.note = text(row[5]);
        r.operatorName = row[6];
        r.recordedAt = row[7].toLongLong();
        r.previousStatus = *operationStatusFromString(row[8]);
        r.overridesEvidence = row[9] == QLatin1String("1");
        r.prevHash = row[10];
        r.hash = row[11];
        if (!verifier.add(r))
            QFAIL(qPrintable(QStringLiteral("resolution %1: %2").arg(r.resolutionId).arg(verifier.firstBreak()->reason)));
        QVERIFY(r.previousStatus == OperationStatus::Unknown || r.previousStatus == OperationStatus::Checking);
        QVERIFY(r.recordedAt >= previousTime);
        previousTime = r.recordedAt;
        QVERIFY(!r.evidence.isEmpty() && !r.operatorName.isEmpty());
        QVERIFY(!r.overridesEvidence || !r.note.isEmpty());
    }
    QCOMPARE(verifier.verifiedCount(), qint64(log.size()));
    QCOMPARE(log.first()[10], AuditChain::genesisHash());
    // Each resolved operation shows the outcome it was given, and only resolved ones are.
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM resolutions r JOIN refund_ops o USING (operation_id) WHERE "
                                "o.status <> r.outcome OR o.refund_id IS NOT r.refund_id"),
             0);
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM (SELECT 1 FROM resolutions GROUP BY operation_id HAVING count(*) > 1)"), 0);
    // Evidence names a webhook that exists, or another source.
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM resolutions WHERE evidence LIKE 'webhook:%' AND substr(evidence, 9) "
                                "NOT IN (SELECT event_id FROM webhook_events)"),
             0);
    QVERIFY(number(m_db.get(), "SELECT count(*) FROM resolutions WHERE evidence LIKE 'webhook:evt\\_%' ESCAPE '\\'") > 0);
    QVERIFY(number(m_db.get(), "SELECT count(*) FROM resolutions WHERE evidence NOT LIKE 'webhook:%'") > 0);
}

void tst_Simulator::queueShowsEveryKindOfEvidence()
{
    // For each operation in the queue, the latest state of each refund its events name
    // (matched by metadata, key, or a refund id found through those): a stand-in for the
    // evidence layer, to show that the queue offers every verdict.
    sqlite3 *db = m_db.get();
    const auto queue = rows(db, "SELECT operation_id, idempotency_key, amount_cents FROM refund_ops "
                                "WHERE status IN ('unknown', 'checking')");
    QVERIFY(queue.size() >= 20);
    std::map<QString, int> verdicts;
    for (const QStringList &op : queue) {
        const QString sql = QStringLiteral(
            "SELECT payload, received_at FROM webhook_events WHERE operation_id = '%1' OR idempotency_key = '%2' "
            "OR refund_id IN (SELECT refund_id FROM webhook_events WHERE refund_id IS NOT NULL AND "
            "(operation_id = '%1' OR idempotency_key = '%2'))").arg(op[0], op[1]);
        std::map<std::string, std::pair<std::pair<qint64, qint64>, std::string>> latest;
        bool otherAmount = false;
        for (const QStringList &event : rows(db, sql.toUtf8().constData())) {
            const auto payload = nlohmann::json::parse(event[0].toStdString(), nullptr, false);
            if (payload.is_discarded() || payload.at("data").at("object").at("object") != "refund")
                continue;
            const auto &refund = payload.at("data").at("object");
            otherAmount = otherAmount || refund.at("amount").get<qint64>() != op[2].toLongLong();
            const std::pair<qint64, qint64> when{payload.at("created").get<qint64>(), event[1].toLongLong()};
            const std::string id = refund.at("id").get<std::string>();
            if (!latest.count(id) || latest[id].first < when)
                latest[id] = {when, refund.at("status").get<std::string>()};
        }
        QString verdict;
        if (latest.size() > 1 || otherAmount)
            verdict = QStringLiteral("conflict");
        else if (latest.empty())
            verdict = QStringLiteral("none");
        else if (const std::string status = latest.begin()->second.second; status == "succeeded")
            verdict = QStringLiteral("refunded");
        else if (status == "failed" || status == "canceled")
            verdict = QStringLiteral("failed");
        else
            verdict = QStringLiteral("pending");
        ++verdicts[verdict];
    }
    for (const char *verdict : {"refunded", "failed", "pending", "none", "conflict"})
        QVERIFY2(verdicts[QString::fromLatin1(verdict)] > 0, verdict);
}

void tst_Simulator::scenesArePresent()
{
    sqlite3 *db = m_db.get();
    for (const char *status : {"open", "unknown", "checking", "refunded", "failed"}) {
        QVERIFY2(number(db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE status = '%1'")
                                .arg(QLatin1String(status)).toUtf8().constData()) > 0,
                 status);
    }
    // The old tool's bug: two refunds for one operation, each named in its events' metadata.
    const qint64 doubles = number(db, "SELECT count(*) FROM (SELECT operation_id FROM webhook_events WHERE "
                                      "operation_id IS NOT NULL AND refund_id IS NOT NULL GROUP BY operation_id "
                                      "HAVING count(DISTINCT refund_id) >= 2)");
    QVERIFY(doubles >= 3);
    QVERIFY(m_summary.doubleRefunds >= doubles);
    QVERIFY(number(db, "SELECT count(*) FROM (SELECT o.operation_id FROM refund_ops o JOIN webhook_events e "
                       "USING (operation_id) WHERE o.status IN ('unknown', 'checking') GROUP BY o.operation_id "
                       "HAVING count(DISTINCT e.refund_id) >= 2)")
            >= 2);
    // Key windows (created_at + 24 h) both still open and already closed, in the queue.
    const QByteArray windows = QStringLiteral("SELECT sum(created_at + %1 > %2), sum(created_at + %1 <= %2) FROM "
                                              "refund_ops WHERE status IN ('unknown', 'checking')")
                                   .arg(Day).arg(Now).toUtf8();
    const auto counts = rows(db, windows.constData());
    QVERIFY(counts[0][0].toLongLong() > 0);
    QVERIFY(counts[0][1].toLongLong() > 0);
    // Racing tool calls: the loser met the winner's request in progress.
    QVERIFY(m_summary.insertRaces > 0);
    QVERIFY(number(db, "SELECT count(*) FROM refund_attempts WHERE outcome = 'key_in_progress'") > 0);
    // Events that lost their metadata, and a few the provider sent about a charge.
    QVERIFY(number(db, "SELECT count(*) FROM webhook_events WHERE operation_id IS NULL AND idempotency_key IS NULL "
                       "AND refund_id IS NOT NULL")
            > 0);
    for (const char *currency : {"usd", "eur", "gbp", "jpy"}) {
        QVERIFY2(number(db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE currency = '%1'")
                                .arg(QLatin1String(currency)).toUtf8().constData()) > 0,
                 currency);
    }
    QVERIFY(number(db, "SELECT count(*) FROM refund_ops WHERE currency = 'usd'") > Operations / 2);
    QVERIFY(number(db, "SELECT count(DISTINCT amount_cents) FROM refund_ops") > Operations / 4);
    QVERIFY(number(db, "SELECT count(DISTINCT claimed_by) FROM refund_ops WHERE status = 'checking'") >= 1);
}
