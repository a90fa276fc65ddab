// The demo simulator and the store builder: determinism, the reference case, the
// invariants every simulated store keeps, the scenes a demo must show, and the demo command.

#include "clirun.h"
#include "snapshots.h"

#include "demo/demosimulator.h"
#include "demo/demostore.h"
#include "domain/auditchain.h"
#include "store/storebuilder.h"

#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>
#include <sqlite3.h>

#include <atomic>
#include <map>
#include <memory>
#include <set>

using namespace RefundDesk;
using RefundDesk::Test::CliRun;
using RefundDesk::Test::dumpStore;
using RefundDesk::Test::runRefundDesk;

namespace {

constexpr qint64 Now = 1767225600000; // 2026-01-01T00:00:00Z
constexpr qint64 Hour = 3600 * 1000;
constexpr qint64 Day = 24 * Hour;
constexpr qint64 Operations = 2000;
constexpr quint64 Seed = 7;

struct DbCloser
{
    void operator()(sqlite3 *db) const { sqlite3_close_v2(db); }
};
using Db = std::unique_ptr<sqlite3, DbCloser>;

Db openReadOnly(const QString &path)
{
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close_v2(db);
        return nullptr;
    }
    return Db(db);
}

// Every row of a query, each as its columns' text (NULL as "<null>").
QList<QStringList> rows(sqlite3 *db, const char *sql)
{
    QList<QStringList> result;
    sqlite3_stmt *statement = nullptr;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) != SQLITE_OK) {
        qWarning("cannot prepare %s: %s", sql, sqlite3_errmsg(db));
        return result;
    }
    while (sqlite3_step(statement) == SQLITE_ROW) {
        QStringList row;
        for (int i = 0; i < sqlite3_column_count(statement); ++i) {
            row << (sqlite3_column_type(statement, i) == SQLITE_NULL
                        ? QStringLiteral("<null>")
                        : QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(statement, i))));
        }
        result << row;
    }
    sqlite3_finalize(statement);
    return result;
}

qint64 number(sqlite3 *db, const char *sql)
{
    const auto result = rows(db, sql);
    return result.isEmpty() ? -1 : result.first().value(0).toLongLong();
}

SimulationOptions options(qint64 operations = Operations, quint64 seed = Seed)
{
    SimulationOptions o;
    o.operations = operations;
    o.seed = seed;
    o.nowMs = Now;
    return o;
}

QString refundStatusOf(const nlohmann::json &payload)
{
    return QString::fromStdString(payload.at("data").at("object").at("status").get<std::string>());
}

} // namespace

class tst_Simulator : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();

    void sameSeedSameStore();
    void otherSeedOtherStore();
    void referenceCase();
    void referenceCaseInEveryStore_data();
    void referenceCaseInEveryStore();
    void storeIsFinished();
    void summaryMatchesStore();

    void attemptBudgets();
    void attemptsFollowTheToolsAlgorithm();
    void keysAreUniqueUuids();
    void everyUnknownHasAnAttempt();
    void oneLiveOperationPerOrderAndAmount();
    void statusesAreConsistent();
    void timesLieInTheSimulatedDays();
    void eventsNameRealOperations();
    void payloadsAreStripeEvents();
    void auditChainVerifies();

    void queueShowsEveryKindOfEvidence();
    void scenesArePresent();

    void refusesAnExistingFile();
    void unfinishedBuildLeavesNoFile();
    void cancelLeavesNoFile();
    void rejectsAnImpossibleSize();

    void demoCommand();
    void demoCommandRefusesAnExistingFile();
    void demoCommandRejectsBadArguments_data();
    void demoCommandRejectsBadArguments();

private:
    QTemporaryDir m_dir;
    QString m_path;
    SimulationSummary m_summary;
    Db m_db;
};

void tst_Simulator::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(QStringLiteral("demo.sqlite"));
    qint64 lastDone = 0;
    int calls = 0;
    auto summary = DemoStore::generate(m_path, options(), [&](qint64 done, qint64 total) {
        QVERIFY(done >= lastDone);
        QCOMPARE(total, Operations);
        lastDone = done;
        ++calls;
    });
    QVERIFY2(summary.ok(), summary.ok() ? "" : qPrintable(summary.error().message));
    m_summary = *summary;
    QVERIFY(calls > 1);
    QCOMPARE(lastDone, Operations);
    m_db = openReadOnly(m_path);
    QVERIFY(m_db);
}

void tst_Simulator::sameSeedSameStore()
{
    const QString again = m_dir.filePath(QStringLiteral("again.sqlite"));
    auto summary = DemoStore::generate(again, options());
    QVERIFY(summary.ok());
    const QByteArray first = dumpStore(m_path);
    QVERIFY(first.size() > 100000);
    QCOMPARE(dumpStore(again), first);
}

void tst_Simulator::otherSeedOtherStore()
{
    const QString other = m_dir.filePath(QStringLiteral("other.sqlite"));
    auto summary = DemoStore::generate(other, options(Operations, Seed + 1));
    QVERIFY(summary.ok());
    QVERIFY(dumpStore(other) != dumpStore(m_path));
}

void tst_Simulator::referenceCase()
{
    sqlite3 *db = m_db.get();
    const auto op = rows(db, "SELECT order_id, amount_cents, currency, idempotency_key, status, attempts, "
                             "created_at, refund_id, claimed_by FROM refund_ops WHERE operation_id = 'op_5521'");
    QCOMPARE(op.size(), 1);
    QCOMPARE(op[0][0], QStringLiteral("4417"));
    QCOMPARE(op[0][1], QStringLiteral("3800"));
    QCOMPARE(op[0][2], QStringLiteral("usd"));
    QCOMPARE(op[0][3], QStringLiteral("c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa"));
    QCOMPARE(op[0][4], QStringLiteral("unknown"));
    QCOMPARE(op[0][5], QStringLiteral("3"));
    QCOMPARE(op[0][6].toLongLong(), Now - ReferenceCase::AgeMs);
    QCOMPARE(op[0][7], QStringLiteral("<null>"));
    QCOMPARE(op[0][8], QStringLiteral("<null>"));

    // Timed out, met its own request in flight, then got the saved 500: all one tool call.
    const auto attempts = rows(db, "SELECT attempt_no, outcome, http_status, tool_call_id FROM refund_attempts "
                                   "WHERE operation_id = 'op_5521' ORDER BY attempt_no");
    QCOMPARE(attempts.size(), 3);
    QCOMPARE(attempts[0].mid(0, 3), (QStringList{"1", "timeout", "<null>"}));
    QCOMPARE(attempts[1].mid(0, 3), (QStringList{"2", "key_in_progress", "409"}));
    QCOMPARE(attempts[2].mid(0, 3), (QStringList{"3", "server_error", "500"}));
    QCOMPARE(attempts[1][3], attempts[0][3]);
    QCOMPARE(attempts[2][3], attempts[0][3]);

    // The provider did the work: pending at first, succeeded 21 minutes later.
    const auto events = rows(db, "SELECT type, refund_id, idempotency_key, payload FROM webhook_events "
                                 "WHERE operation_id = 'op_5521' ORDER BY created");
    QCOMPARE(events.size(), 2);
    QCOMPARE(events[0][0], QStringLiteral("refund.created"));
    QCOMPARE(events[0][1], ReferenceCase::RefundId);
    QCOMPARE(events[0][2], ReferenceCase::IdempotencyKey);
    QCOMPARE(refundStatusOf(nlohmann::json::parse(events[0][3].toStdString())), QStringLiteral("pending"));
    QCOMPARE(events[1][0], QStringLiteral("refund.updated"));
    QCOMPARE(events[1][1], ReferenceCase::RefundId);
    QCOMPARE(events[1][2], QStringLiteral("<null>"));
    QCOMPARE(refundStatusOf(nlohmann::json::parse(events[1][3].toStdString())), QStringLiteral("succeeded"));

    // Nothing else names its order, its key or its refund.
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE order_id = '4417'"), 1);
    QCOMPARE(number(db, "SELECT count(*) FROM webhook_events WHERE refund_id = 're_3QK7dR2eZvKYlo2C0x5521Ab' "
                        "OR idempotency_key = 'c41f7a2e-9b3d-4e16-a0c7-5d2f81e6b7aa'"), 2);
}

void tst_Simulator::referenceCaseInEveryStore_data()
{
    QTest::addColumn<qint64>("operations");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("only the reference case") << qint64(1) << quint64(1);
    QTest::newRow("two operations") << qint64(2) << quint64(99);
    QTest::newRow("fifty operations, seed 0") << qint64(50) << quint64(0);
}

void tst_Simulator::referenceCaseInEveryStore()
{
    QFETCH(qint64, operations);
    QFETCH(quint64, seed);
    const QString path = m_dir.filePath(QStringLiteral("small-%1-%2.sqlite").arg(operations).arg(seed));
    auto summary = DemoStore::generate(path, options(operations, seed));
    QVERIFY(summary.ok());
    QCOMPARE(summary->operations, operations);
    Db db = openReadOnly(path);
    QVERIFY(db);
    QCOMPARE(number(db.get(), "SELECT count(*) FROM refund_ops"), operations);
    // The reference case does not depend on the seed: the same rows as in the main store.
    const char *reference = "SELECT * FROM refund_ops WHERE operation_id = 'op_5521'";
    QCOMPARE(rows(db.get(), reference), rows(m_db.get(), reference));
    const char *referenceAttempts = "SELECT * FROM refund_attempts WHERE operation_id = 'op_5521' ORDER BY attempt_no";
    QCOMPARE(rows(db.get(), referenceAttempts), rows(m_db.get(), referenceAttempts));
}

void tst_Simulator::storeIsFinished()
{
    sqlite3 *db = m_db.get();
    QCOMPARE(rows(db, "PRAGMA journal_mode").value(0).value(0), QStringLiteral("wal"));
    QCOMPARE(number(db, "PRAGMA user_version"), 2);
    QCOMPARE(rows(db, "PRAGMA integrity_check").value(0).value(0), QStringLiteral("ok"));
    QVERIFY(number(db, "SELECT count(*) FROM sqlite_stat1") > 0);
    // Every index of the schema is there again after the bulk load.
    const auto indexes = rows(db, "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL");
    QSet<QString> names;
    for (const QStringList &row : indexes)
        names.insert(row[0]);
    for (const char *name : {"one_open_refund", "refund_ops_queue", "refund_ops_queue_age", "refund_ops_order",
                             "refund_ops_refund", "webhook_events_operation", "webhook_events_key",
                             "webhook_events_refund", "resolutions_operation", "resolutions_recorded"}) {
        QVERIFY2(names.contains(QLatin1String(name)), name);
    }
    QCOMPARE(rows(db, "SELECT value FROM store_meta WHERE key = 'provider'").value(0).value(0), QStringLiteral("stripe"));
    QCOMPARE(rows(db, "SELECT value FROM store_meta WHERE key = 'key_retention_hours'").value(0).value(0),
             QStringLiteral("24"));
    QVERIFY(!QFileInfo::exists(m_path + QStringLiteral("-wal")) || QFileInfo(m_path + QStringLiteral("-wal")).size() == 0);
}

void tst_Simulator::summaryMatchesStore()
{
    sqlite3 *db = m_db.get();
    QCOMPARE(m_summary.operations, Operations);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops"), m_summary.operations);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_attempts"), m_summary.attempts);
    QCOMPARE(number(db, "SELECT count(*) FROM webhook_events"), m_summary.events);
    QCOMPARE(number(db, "SELECT count(*) FROM resolutions"), m_summary.resolutions);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'open'"), m_summary.open);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'unknown'"), m_summary.unknown);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'checking'"), m_summary.checking);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'refunded'"), m_summary.refunded);
    QCOMPARE(number(db, "SELECT count(*) FROM refund_ops WHERE status = 'failed'"), m_summary.failed);
    QCOMPARE(m_summary.open + m_summary.unknown + m_summary.checking + m_summary.refunded + m_summary.failed,
             m_summary.operations);
    // Counted when made; a few of them were never delivered.
    QVERIFY(m_summary.eventsWithoutMetadata
            >= number(db, "SELECT count(*) FROM webhook_events WHERE type LIKE 'refund.%' AND operation_id IS NULL"));
    QVERIFY(m_summary.unreadablePayloads > 0);
    QCOMPARE(m_summary.seed, Seed);
    QCOMPARE(m_summary.nowMs, Now);
}

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
    // An open row has spent less than its budget (or is still in flight).
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
    // Racing tool calls: the loser met the winner's request in flight.
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

void tst_Simulator::refusesAnExistingFile()
{
    const QString path = m_dir.filePath(QStringLiteral("existing.txt"));
    {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("precious");
    }
    auto builder = StoreBuilder::createNew(path);
    QVERIFY(!builder.ok());
    QCOMPARE(builder.error().kind, ErrorKind::StoreUnavailable);
    QVERIFY(builder.error().message.contains(path));
    auto summary = DemoStore::generate(path, options(10));
    QVERIFY(!summary.ok());
    QCOMPARE(summary.error().exitCode(), 3);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("precious"));

    // A leftover WAL beside a new name is refused too: SQLite would replay it.
    const QString fresh = m_dir.filePath(QStringLiteral("fresh.sqlite"));
    QFile wal(fresh + QStringLiteral("-wal"));
    QVERIFY(wal.open(QIODevice::WriteOnly));
    wal.close();
    auto refused = StoreBuilder::createNew(fresh);
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().kind, ErrorKind::StoreUnavailable);
    QVERIFY(!QFileInfo::exists(fresh));

    auto missingFolder = StoreBuilder::createNew(m_dir.filePath(QStringLiteral("no/such/folder/x.sqlite")));
    QVERIFY(!missingFolder.ok());
    QCOMPARE(missingFolder.error().kind, ErrorKind::StoreUnavailable);
}

void tst_Simulator::unfinishedBuildLeavesNoFile()
{
    const QString path = m_dir.filePath(QStringLiteral("unfinished.sqlite"));
    {
        auto builder = StoreBuilder::createNew(path);
        QVERIFY(builder.ok());
        // While it is being built nothing is at the path, and the file beside it is no
        // store yet: a killed build leaves no store behind.
        QVERIFY(!QFileInfo::exists(path));
        const QString building = path + QStringLiteral("-building");
        QVERIFY(QFileInfo::exists(building));
        Db db = openReadOnly(building);
        QVERIFY(db);
        QCOMPARE(number(db.get(), "PRAGMA user_version"), 0);
        db.reset();
        // A second build of the same path is refused while the first holds the name.
        auto second = StoreBuilder::createNew(path);
        QVERIFY(!second.ok());
        QVERIFY(second.error().message.contains(building));
        auto summary = DemoSimulator().run(*builder.value(), options(30));
        QVERIFY(summary.ok());
    }
    QVERIFY(!QFileInfo::exists(path));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-building")));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-wal")));

    // A finished builder refuses more rows.
    auto builder = StoreBuilder::createNew(path);
    QVERIFY(builder.ok());
    QVERIFY((*builder)->finish().ok());
    QVERIFY(!QFileInfo::exists(path + QStringLiteral("-building")));
    Operation op;
    op.operationId = QStringLiteral("op_1");
    QVERIFY(!(*builder)->addOperation(op).ok());
    QVERIFY(QFileInfo::exists(path));

    // A row that breaks the schema is an error, and the build keeps nothing.
    const QString broken = m_dir.filePath(QStringLiteral("broken.sqlite"));
    {
        auto b = StoreBuilder::createNew(broken);
        QVERIFY(b.ok());
        Operation bad;
        bad.operationId = QStringLiteral("op_1");
        bad.orderId = QStringLiteral("1");
        bad.amountCents = 0; // CHECK (amount_cents > 0)
        bad.idempotencyKey = QStringLiteral("k");
        QVERIFY(!(*b)->addOperation(bad).ok());
    }
    QVERIFY(!QFileInfo::exists(broken));

    // Two live operations for one order and amount break the unique index when it is
    // created again at finish(): refused, nothing kept.
    const QString twoLive = m_dir.filePath(QStringLiteral("twolive.sqlite"));
    {
        auto b = StoreBuilder::createNew(twoLive);
        QVERIFY(b.ok());
        for (int i = 1; i <= 2; ++i) {
            Operation live;
            live.operationId = QStringLiteral("op_%1").arg(i);
            live.orderId = QStringLiteral("77");
            live.amountCents = 500;
            live.idempotencyKey = QStringLiteral("key-%1").arg(i);
            live.status = OperationStatus::Unknown;
            QVERIFY((*b)->addOperation(live).ok());
        }
        const Result<void> finished = (*b)->finish();
        QVERIFY(!finished.ok());
        QVERIFY(finished.error().message.contains(QStringLiteral("one_open_refund")));
    }
    QVERIFY(!QFileInfo::exists(twoLive));
}

void tst_Simulator::cancelLeavesNoFile()
{
    const QString path = m_dir.filePath(QStringLiteral("cancelled.sqlite"));
    std::atomic<bool> cancel = false;
    SimulationOptions o = options(5000);
    o.cancel = &cancel;
    auto summary = DemoStore::generate(path, o, [&](qint64 done, qint64) {
        if (done > 1000)
            cancel = true;
    });
    QVERIFY(!summary.ok());
    QVERIFY(summary.error().message.contains(QStringLiteral("cancelled")));
    QVERIFY(!QFileInfo::exists(path));
}

void tst_Simulator::rejectsAnImpossibleSize()
{
    const QString path = m_dir.filePath(QStringLiteral("empty.sqlite"));
    auto summary = DemoStore::generate(path, options(0));
    QVERIFY(!summary.ok());
    QCOMPARE(summary.error().kind, ErrorKind::Usage);
    QVERIFY(!QFileInfo::exists(path));
}

void tst_Simulator::demoCommand()
{
    const QString path = m_dir.filePath(QStringLiteral("cli.sqlite"));
    const CliRun run = runRefundDesk({QStringLiteral("demo"), QStringLiteral("--db"), path, QStringLiteral("--operations"),
                                      QStringLiteral("%1").arg(Operations), QStringLiteral("--seed"),
                                      QString::number(Seed), QStringLiteral("--now"), QString::number(Now)});
    const QString out = run.outText();
    const QString &err = run.err;
    QVERIFY2(run.exitCode >= 0, qPrintable(err)); // finished in time, did not crash
    QVERIFY2(run.exitCode == 0, qPrintable(err));
    QVERIFY(out.contains(QStringLiteral("Operations: %1").arg(Operations)));
    QVERIFY(out.contains(QStringLiteral("unknown: %1").arg(m_summary.unknown)));
    QVERIFY(out.contains(QStringLiteral("Attempts: %1").arg(m_summary.attempts)));
    QVERIFY(out.contains(QStringLiteral("Webhook events: %1").arg(m_summary.events)));
    QVERIFY(out.contains(QStringLiteral("Resolutions: %1").arg(m_summary.resolutions)));
    QVERIFY(out.contains(QStringLiteral("operations/s")));
    QVERIFY(err.contains(QStringLiteral("operations (")));
    // The command builds the very store the library builds for the same options.
    QCOMPARE(dumpStore(path), dumpStore(m_path));
}

void tst_Simulator::demoCommandRefusesAnExistingFile()
{
    const CliRun run = runRefundDesk({QStringLiteral("demo"), QStringLiteral("--db"), m_path,
                                      QStringLiteral("--operations"), QStringLiteral("10")});
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains(QStringLiteral("already exists")), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
    // Untouched.
    QCOMPARE(number(m_db.get(), "SELECT count(*) FROM refund_ops"), Operations);
}

void tst_Simulator::demoCommandRejectsBadArguments_data()
{
    QTest::addColumn<bool>("withDb");
    QTest::addColumn<QStringList>("arguments");
    QTest::newRow("no --db") << false << QStringList{QStringLiteral("--operations"), QStringLiteral("5")};
    QTest::newRow("zero operations") << true << QStringList{QStringLiteral("--operations"), QStringLiteral("0")};
    QTest::newRow("words for operations") << true << QStringList{QStringLiteral("--operations"), QStringLiteral("many")};
    QTest::newRow("negative seed") << true << QStringList{QStringLiteral("--seed"), QStringLiteral("-3")};
    QTest::newRow("bad clock") << true << QStringList{QStringLiteral("--now"), QStringLiteral("yesterday")};
    QTest::newRow("stray argument") << true << QStringList{QStringLiteral("extra")};
}

void tst_Simulator::demoCommandRejectsBadArguments()
{
    QFETCH(bool, withDb);
    QFETCH(QStringList, arguments);
    const QString path = m_dir.filePath(QStringLiteral("bad-arguments.sqlite"));
    QStringList all{QStringLiteral("demo")};
    if (withDb)
        all << QStringLiteral("--db") << path;
    all << arguments;
    const CliRun run = runRefundDesk(all);
    QCOMPARE(run.exitCode, 2);
    QVERIFY(!run.err.isEmpty());
    QVERIFY(!QFileInfo::exists(path));
}

QTEST_GUILESS_MAIN(tst_Simulator)
#include "tst_simulator.moc"
