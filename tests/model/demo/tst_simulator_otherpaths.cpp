// What happens at the provider beside the agent's refund tool: a colleague's refunds in the
// Dashboard, the shop's other refunds (at the provider only), and the profiles of the
// support team's day.

#include "tst_simulator.h"

namespace {

// The refund objects of a truth file, in its order.
std::vector<nlohmann::json> truthRefunds(const QString &path)
{
    std::vector<nlohmann::json> refunds;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return refunds;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        const auto json = nlohmann::json::parse(line.constData(), line.constData() + line.size(), nullptr, false);
        if (json.is_object() && json.contains("refund"))
            refunds.push_back(json.at("refund"));
    }
    return refunds;
}

QString text(const nlohmann::json &object, const char *key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? QString::fromStdString(found->get<std::string>()) : QString();
}

bool hasOperation(const nlohmann::json &refund)
{
    return refund.at("metadata").contains("operation_id");
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

void tst_Simulator::dashboardRefundsLeaveOperationsUnknown()
{
    const QString path = m_dir.filePath(QStringLiteral("dashboard.sqlite"));
    const QString truth = m_dir.filePath(QStringLiteral("dashboard.jsonl"));
    SimulationOptions o = options();
    o.providerTruthPath = truth;
    auto summary = DemoStore::generate(path, o);
    QVERIFY(summary.ok());
    // The colleague is in the store without the truth file too: the same store.
    QCOMPARE(dumpStore(path), dumpStore(m_path));
    QCOMPARE(summary->dashboardRefunds, m_summary.dashboardRefunds);
    QVERIFY2(m_summary.dashboardRefunds >= 2, qPrintable(QString::number(m_summary.dashboardRefunds)));

    sqlite3 *db = m_db.get();
    int withoutMetadata = 0;
    int foundByPayment = 0;
    for (const nlohmann::json &refund : truthRefunds(truth)) {
        // Every refund names its payment, both ways, as Stripe's refund object does.
        QVERIFY(text(refund, "payment_intent").startsWith(QLatin1String("pi_")));
        QVERIFY(text(refund, "charge").startsWith(QLatin1String("ch_")));
        if (hasOperation(refund))
            continue;
        ++withoutMetadata;
        const QString id = text(refund, "id");
        // Its events, where the receiver got them, name no operation and no key of the tool's.
        QCOMPARE(number(db, QStringLiteral("SELECT count(*) FROM webhook_events WHERE refund_id = '%1' AND "
                                           "(operation_id IS NOT NULL OR idempotency_key IS NOT NULL)")
                                .arg(id).toUtf8().constData()),
                 0);
        // The operation whose payment it refunded (when the tool named the payment) is still
        // unknown, for the refunded amount, and nothing in the store links it to this refund.
        const QString sql = QStringLiteral("SELECT operation_id, status, amount_cents FROM refund_ops WHERE payment_id = '%1' "
                                           "AND status = 'unknown' AND amount_cents = %2")
                                .arg(text(refund, "payment_intent"))
                                .arg(refund.at("amount").get<qint64>());
        const auto operations = rows(db, sql.toUtf8().constData());
        if (operations.isEmpty())
            continue; // opened by the older tool version: no payment_id
        ++foundByPayment;
        const QString operation = operations.first().first();
        QCOMPARE(number(db, QStringLiteral("SELECT count(*) FROM webhook_events WHERE operation_id = '%1'")
                                .arg(operation).toUtf8().constData()),
                 0);
        QCOMPARE(number(db, QStringLiteral("SELECT count(*) FROM refund_ops WHERE operation_id = '%1' AND refund_id IS NOT NULL")
                                .arg(operation).toUtf8().constData()),
                 0);
    }
    QCOMPARE(withoutMetadata, int(m_summary.dashboardRefunds));
    QVERIFY(foundByPayment >= 1);
    // The receiver stored events of them (no metadata, no key), as it stores any.
    QVERIFY(number(db, "SELECT count(*) FROM webhook_events WHERE type = 'refund.created' AND operation_id IS NULL "
                       "AND idempotency_key IS NULL")
            > 0);
}

void tst_Simulator::shopRefundsReachTheTruthOnly()
{
    const QString quiet = m_dir.filePath(QStringLiteral("quiet.sqlite"));
    const QString quietTruth = m_dir.filePath(QStringLiteral("quiet.jsonl"));
    const QString busy = m_dir.filePath(QStringLiteral("busy.sqlite"));
    const QString busyTruth = m_dir.filePath(QStringLiteral("busy.jsonl"));
    SimulationOptions o = options();
    o.providerTruthPath = quietTruth;
    auto quietSummary = DemoStore::generate(quiet, o);
    QVERIFY(quietSummary.ok());
    QCOMPARE(quietSummary->shopRefunds, 0);
    o.providerTruthPath = busyTruth;
    o.shopRefundsPerMinute = 0.5;
    auto busySummary = DemoStore::generate(busy, o);
    QVERIFY(busySummary.ok());
    // Half a refund a minute over the five simulated days.
    QCOMPARE(busySummary->shopRefunds, qint64(5 * 24 * 60 / 2));

    // The store is the same, and so is the rest of the truth: the shop's refunds come after it.
    QCOMPARE(dumpStore(busy), dumpStore(quiet));
    const QByteArray quietText = readAll(quietTruth);
    const QByteArray busyText = readAll(busyTruth);
    QVERIFY(!quietText.isEmpty());
    QVERIFY(busyText.startsWith(quietText));

    const std::vector<nlohmann::json> refunds = truthRefunds(busyTruth);
    const auto quietCount = qint64(truthRefunds(quietTruth).size());
    QCOMPARE(qint64(refunds.size()), quietCount + busySummary->shopRefunds);
    Db db = openReadOnly(busy);
    QVERIFY(db);
    QSet<QString> payments;
    qint64 earliest = LLONG_MAX;
    qint64 latest = 0;
    for (size_t i = size_t(quietCount); i < refunds.size(); ++i) {
        const nlohmann::json &refund = refunds[i];
        QVERIFY(!hasOperation(refund));
        QVERIFY(text(refund, "payment_intent").startsWith(QLatin1String("pi_")));
        QVERIFY(text(refund, "charge").startsWith(QLatin1String("ch_")));
        QVERIFY(refund.at("amount").get<qint64>() > 0);
        payments.insert(text(refund, "payment_intent"));
        earliest = qMin(earliest, refund.at("created").get<qint64>());
        latest = qMax(latest, refund.at("created").get<qint64>());
    }
    // Each on a payment of its own, none of them an operation's.
    QCOMPARE(qint64(payments.size()), busySummary->shopRefunds);
    const auto named = rows(db.get(), "SELECT DISTINCT payment_id FROM refund_ops WHERE payment_id IS NOT NULL");
    QVERIFY(!named.isEmpty());
    for (const QStringList &row : named)
        QVERIFY2(!payments.contains(row.first()), qPrintable(row.first()));
    // Spread over the whole span.
    QVERIFY(earliest >= (Now - 5 * Day) / 1000 && earliest < (Now - 5 * Day + Hour) / 1000);
    QVERIFY(latest <= Now / 1000 && latest > (Now - Hour) / 1000);
}

void tst_Simulator::profileShapesTheQueue_data()
{
    QTest::addColumn<bool>("today");
    QTest::addColumn<double>("leastWithinTarget");
    QTest::addColumn<double>("mostWithinTarget");
    // Five days in which a share was decided: most of the queue is older than a day.
    QTest::newRow("backlog") << false << 0.0 << 0.5;
    // The team keeps up: most of the queue within the day, a few overdue.
    QTest::newRow("today") << true << 0.7 << 0.98;
}

void tst_Simulator::profileShapesTheQueue()
{
    QFETCH(bool, today);
    QFETCH(double, leastWithinTarget);
    QFETCH(double, mostWithinTarget);
    QString path = m_path;
    if (today) {
        // As scripts/demo builds it: 2000 operations of seed 1.
        path = m_dir.filePath(QStringLiteral("today.sqlite"));
        SimulationOptions o = options(Operations, 1);
        o.profile = DemoProfile::Today;
        auto summary = DemoStore::generate(path, o);
        QVERIFY(summary.ok());
        QCOMPARE(summary->operations, Operations);
        // Fewer operations are left unknown, and a colleague still refunded a few in the Dashboard.
        QVERIFY(summary->dashboardRefunds >= 1);
    }
    Db db = openReadOnly(path);
    QVERIFY(db);
    // As the queue measures it: since the operation's last attempt, against 24 hours (the
    // store sets no queue_target_hours).
    QCOMPARE(number(db.get(), "SELECT count(*) FROM store_meta WHERE key = 'queue_target_hours'"), 0);
    const QByteArray sql = QStringLiteral(
        "SELECT count(*), sum(%1 - (SELECT max(coalesce(a.finished_at, a.started_at)) FROM refund_attempts a "
        "WHERE a.operation_id = o.operation_id) <= %2) FROM refund_ops o WHERE status IN ('unknown', 'checking')")
                               .arg(Now).arg(24 * Hour).toUtf8();
    const auto counts = rows(db.get(), sql.constData()).value(0);
    const double queued = counts.value(0).toDouble();
    const double within = counts.value(1).toDouble();
    QVERIFY(queued >= 10);
    const double share = within / queued;
    QVERIFY2(share >= leastWithinTarget && share <= mostWithinTarget,
             qPrintable(QStringLiteral("%1 of %2 within the target").arg(within).arg(queued)));
    QVERIFY(within < queued); // some overdue in both
    // The reference case is there, within the target, in either.
    QCOMPARE(number(db.get(), "SELECT count(*) FROM refund_ops WHERE operation_id = 'op_5521' AND status = 'unknown'"), 1);
}
