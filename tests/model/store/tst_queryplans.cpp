// The console's cost grows with what it shows, not with the size of the store: every
// statement it runs reads through an index. The store records the statements it runs
// (Store::setRecordingQueryPlans) while the console's models and the audit are driven
// through their public interfaces over a simulated store; then each statement's plan
// (EXPLAIN QUERY PLAN) is checked. Plans are checked with the statistics the demo builder
// leaves, with none at all (the refund tool never runs ANALYZE) and with full ones, since
// SQLite chooses differently under each.

#include "tst_queryplans.h"

namespace {

constexpr qint64 SimulatedNow = 1'767'225'600'000; // 2026-01-01T00:00:00Z
const QString Operator = QStringLiteral("plan-tester");

// The tables that grow with the store. A plan step "SCAN <one of them>" reads all of it.
const QStringList GrowingTables = {QStringLiteral("refund_ops"),      QStringLiteral("webhook_events"),
                                   QStringLiteral("refund_attempts"), QStringLiteral("resolutions"),
                                   QStringLiteral("operation_notes"), QStringLiteral("provider_lookups")};

// Statements allowed to walk the audit log (resolutions), each for a reason. The log
// grows with the decisions people record (about one operation in a hundred in the
// simulator), not with the operations, and the audit window runs these off the UI
// thread. None of them may scan refund_ops, webhook_events or refund_attempts.
const QList<QPair<QString, QString>> AuditLogWalks = {
    // auditPage, auditTotals: the log itself is what the audit window pages through and
    // totals (a page walks resolution_id in order and stops after the page).
    {QStringLiteral("FROM resolutions r LEFT JOIN refund_ops o"), QStringLiteral("the audit log's pages and totals")},
    {QStringLiteral("SELECT count(*) FROM resolutions r"), QStringLiteral("the audit log's length")},
    {QStringLiteral("SELECT DISTINCT operator FROM resolutions"), QStringLiteral("the operators in the log")},
    {QStringLiteral("FROM resolutions GROUP BY"), QStringLiteral("decisions per day")},
    {QStringLiteral("UNION SELECT operation_id FROM resolutions"), QStringLiteral("the exposure's resolved operations")},
    // The chain's last link: the rowid walked backwards, stopping at the first row.
    {QStringLiteral("FROM resolutions ORDER BY resolution_id DESC LIMIT 1"), QStringLiteral("the chain's last link")},
};

bool exec(const QString &path, const char *sql, QString *problem)
{
    sqlite3 *db = nullptr;
    int code = sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE, nullptr);
    if (code == SQLITE_OK)
        code = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    if (code != SQLITE_OK)
        *problem = QString::fromUtf8(sqlite3_errmsg(db));
    sqlite3_close_v2(db);
    return code == SQLITE_OK;
}

// The partial indexes that hold only the queue: a scan of one of them is bounded by the
// queue (the operations that need a person), not by the store.
QSet<QString> queueIndexes(const QString &path)
{
    QSet<QString> names;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        sqlite3_prepare_v2(db,
                           "SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'refund_ops' "
                           "AND sql LIKE '%WHERE status IN (''unknown'', ''checking'')'",
                           -1, &s, nullptr);
        while (s && sqlite3_step(s) == SQLITE_ROW)
            names.insert(QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, 0))));
        sqlite3_finalize(s);
    }
    sqlite3_close_v2(db);
    return names;
}

// Aliases the statement gives the growing tables ("resolutions r" -> r).
QHash<QString, QString> tableNames(const QString &sql)
{
    static const QRegularExpression alias(
        QStringLiteral("\\b(refund_ops|webhook_events|refund_attempts|resolutions)\\s+(?:AS\\s+)?([A-Za-z_][A-Za-z0-9_]*)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QSet<QString> keywords = {
        QStringLiteral("where"), QStringLiteral("indexed"), QStringLiteral("join"), QStringLiteral("left"),
        QStringLiteral("on"), QStringLiteral("order"), QStringLiteral("group"), QStringLiteral("limit"),
        QStringLiteral("set"), QStringLiteral("values"), QStringLiteral("union"), QStringLiteral("as"),
        QStringLiteral("inner"), QStringLiteral("cross"), QStringLiteral("natural"), QStringLiteral("using"),
    };
    QHash<QString, QString> names;
    for (const QString &table : GrowingTables)
        names.insert(table, table);
    auto it = alias.globalMatch(sql);
    while (it.hasNext()) {
        const auto match = it.next();
        if (!keywords.contains(match.captured(2).toLower()))
            names.insert(match.captured(2), match.captured(1));
    }
    return names;
}

// What is wrong with the plan, or nothing.
QString scanProblem(const QueryPlan &plan, const QSet<QString> &boundedIndexes)
{
    static const QRegularExpression scan(QStringLiteral("^\\s*SCAN (\\S+)(?: USING (?:COVERING )?INDEX (\\S+))?"));
    const QHash<QString, QString> names = tableNames(plan.sql);
    for (const QString &step : plan.steps) {
        const auto match = scan.match(step);
        if (!match.hasMatch() || !names.contains(match.captured(1)))
            continue;
        const QString table = names.value(match.captured(1));
        if (table == QLatin1String("refund_ops") && boundedIndexes.contains(match.captured(2)))
            continue; // the queue's own partial index: bounded by the queue
        if (table == QLatin1String("resolutions")) {
            const bool allowed = std::any_of(AuditLogWalks.begin(), AuditLogWalks.end(),
                                             [&plan](const auto &walk) { return plan.sql.contains(walk.first); });
            if (allowed)
                continue;
        }
        return QStringLiteral("reads all of %1 (%2)").arg(table, step.trimmed());
    }
    return {};
}

QString describe(const QueryPlan &plan)
{
    return plan.sql + QStringLiteral("\n    ") + plan.steps.join(QStringLiteral("\n    "));
}

// Every order the queue's columns sort in, both ways (the queries the console's QueueModel
// sends when a header is clicked).
std::vector<QueueQuery> everySort()
{
    std::vector<QueueQuery> sorts;
    for (int column = -1; column < QueueModel::ColumnCount; ++column) {
        for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
            QueueQuery query;
            const auto key = QueueModel::sortKeyFor(column, order, &query.descending);
            if (!key)
                continue;
            query.sortKey = *key;
            sorts.push_back(query);
        }
    }
    return sorts;
}

} // namespace

void TestQueryPlans::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_built = m_dir.filePath(QStringLiteral("built.sqlite"));
    SimulationOptions options;
    options.operations = 3000;
    options.seed = 7;
    options.nowMs = SimulatedNow;
    const auto summary = DemoStore::generate(m_built, options);
    QVERIFY2(summary.ok(), summary.ok() ? "" : qPrintable(summary.error().message));
    QVERIFY2(summary->unknown + summary->checking > 40, "the queue should span several pages");
    QVERIFY2(summary->resolutions > 0, "the audit log should not be empty");
}

QString TestQueryPlans::storeWith(const QString &statistics)
{
    const QString path = m_dir.filePath(QStringLiteral("%1.sqlite").arg(statistics));
    if (QFile::exists(path))
        return path;
    if (!QFile::copy(m_built, path))
        return {};
    QString problem;
    if (statistics == QLatin1String("none") && !exec(path, "DROP TABLE sqlite_stat1", &problem))
        qWarning("%s", qPrintable(problem));
    if (statistics == QLatin1String("full") && !exec(path, "ANALYZE", &problem))
        qWarning("%s", qPrintable(problem));
    return path;
}

void TestQueryPlans::driveConsole(Store &store)
{
    // The queue's reads as the console's QueueModel makes them on its store worker
    // (QueueReads): every column that sorts, both ways, a few pages deep, then refreshed
    // and the rows on screen read again with their verdicts.
    QString someKey;
    for (const QueueQuery &query : everySort()) {
        auto first = QueueReads::pages(store, query, QString(), std::nullopt, 15, 5);
        QVERIFY(first.ok() && !first->rows.empty());
        if (someKey.isEmpty())
            someKey = first->rows.front().operation->idempotencyKey.left(8);
        QVERIFY(QueueReads::pages(store, query, QString(), first->lastScanned, 15, 5).ok());
        QVERIFY(QueueReads::refresh(store, query, QString(), 30).ok());
        QVERIFY(QueueReads::rowsAfter(store, query, std::nullopt, 15).ok());
        QVERIFY(QueueReads::rowsAfter(store, query, first->rows.back().key, 15).ok());
    }
    // Filters and searches, in the default order and in another one.
    for (const int column : {-1, int(QueueModel::AmountColumn)}) {
        QueueQuery sorted;
        sorted.sortKey = *QueueModel::sortKeyFor(column, Qt::AscendingOrder, &sorted.descending);
        for (const auto filter : {QueueQuery::StatusFilter::NeedsPerson, QueueQuery::StatusFilter::Unknown,
                                  QueueQuery::StatusFilter::Checking, QueueQuery::StatusFilter::ClaimedBy}) {
            for (const QString &search : {QString(), QStringLiteral("op_1"), someKey}) {
                QueueQuery query = sorted;
                query.statusFilter = filter;
                query.claimedBy = filter == QueueQuery::StatusFilter::ClaimedBy ? Operator : QString();
                query.searchText = search;
                auto first = QueueReads::pages(store, query, QString(), std::nullopt, 15, 5);
                QVERIFY(first.ok());
                if (!first->atEnd)
                    QVERIFY(QueueReads::pages(store, query, QString(), first->lastScanned, 15, 5).ok());
                QVERIFY(QueueReads::refresh(store, query, QString(), 30).ok());
            }
        }
    }
    QVERIFY(QueueReads::pages(store, QueueQuery{}, QStringLiteral("refunded"), std::nullopt, 15, 5).ok());
    QVERIFY(QueueReads::refresh(store, QueueQuery{}, QStringLiteral("refunded"), 30).ok());

    // The operation panel, live polling, and the few writes an operator makes.
    QVERIFY(store.dataVersion().ok());
    auto audit = store.auditPage(AuditQuery{}, std::nullopt, 5);
    QVERIFY(audit.ok() && !audit->empty());
    for (const QString &id : {QStringLiteral("op_5521"), QStringLiteral("op_10"), audit->front().resolution.operationId}) {
        auto snapshot = OperationSnapshot::load(store, id);
        QVERIFY2(snapshot.ok(), snapshot.ok() ? "" : qPrintable(snapshot.error().message));
    }
    auto reference = store.operation(QStringLiteral("op_5521"));
    QVERIFY(reference.ok() && reference->has_value());
    auto claimed = store.claim(QStringLiteral("op_5521"), SeenState::of(**reference), Operator, false);
    QVERIFY2(claimed.ok(), claimed.ok() ? "" : qPrintable(claimed.error().message));
    auto released = store.release(QStringLiteral("op_5521"), SeenState::of(*claimed), Operator);
    QVERIFY(released.ok());
    ResolutionDraft draft;
    draft.operationId = QStringLiteral("op_5521");
    draft.outcome = Outcome::Refunded;
    draft.refundId = QStringLiteral("re_3QK7dR2eZvKYlo2C0x5521Ab");
    draft.evidence = QStringLiteral("dashboard");
    draft.operatorName = Operator;
    QVERIFY(store.recordResolution(draft, SeenState::of(*released)).ok());

    // The audit window.
    AuditQuery query;
    for (int variant = 0; variant < 6; ++variant) {
        query = {};
        query.newestFirst = variant % 2 == 1;
        if (variant >= 2)
            query.fromMs = SimulatedNow - 3 * 86'400'000;
        if (variant >= 3)
            query.toMs = SimulatedNow;
        if (variant == 4)
            query.operatorName = Operator;
        if (variant == 5) {
            query.outcome = Outcome::Refunded;
            query.overridesOnly = true;
        }
        auto page = store.auditPage(query, std::nullopt, 20);
        QVERIFY(page.ok());
        if (!page->empty())
            QVERIFY(store.auditPage(query, page->back().resolution.resolutionId, 20).ok());
        QVERIFY(store.auditCount(query).ok());
        QVERIFY(store.auditTotals(query).ok());
    }
    QVERIFY(store.auditOperators().ok());
    QVERIFY(store.exposureChanges().ok());
    QVERIFY(store.decisionsByDay().ok());
}

void TestQueryPlans::consoleReadsUseIndexes_data()
{
    QTest::addColumn<QString>("statistics");
    QTest::newRow("sampled statistics, as the demo builder leaves them") << QStringLiteral("sampled");
    QTest::newRow("no statistics, as the refund tool leaves them") << QStringLiteral("none");
    QTest::newRow("full statistics (ANALYZE)") << QStringLiteral("full");
}

void TestQueryPlans::consoleReadsUseIndexes()
{
    QFETCH(QString, statistics);
    const QString path = storeWith(statistics);
    QVERIFY(!path.isEmpty());
    const QSet<QString> bounded = queueIndexes(path);
    QVERIFY2(bounded.contains(QStringLiteral("refund_ops_queue_age")), "the schema's queue index is missing");

    auto opened = StoreFactory::open(path, Store::OpenMode::ReadWrite);
    QVERIFY2(opened.ok(), opened.ok() ? "" : qPrintable(opened.error().message));
    Store &store = **opened;
    store.setRecordingQueryPlans(true);
    driveConsole(store);
    if (QTest::currentTestFailed())
        return;
    const auto plans = store.recordedQueryPlans();
    QVERIFY2(plans.ok(), plans.ok() ? "" : qPrintable(plans.error().message));

    // The drive reached every kind of statement this test means to check.
    const QStringList expected = {
        QStringLiteral("FROM refund_ops INDEXED BY"),        // queue pages and keys
        QStringLiteral("FROM webhook_events WHERE"),         // candidate events
        QStringLiteral("FROM refund_attempts WHERE"),        // the attempt timeline
        QStringLiteral("FROM refund_ops WHERE order_id"),    // the order's operations
        QStringLiteral("FROM resolutions WHERE operation_id"), // history
        QStringLiteral("PRAGMA data_version"),               // live polling
        QStringLiteral("UPDATE refund_ops SET status = 'checking'"),
        QStringLiteral("INSERT INTO resolutions"),
        QStringLiteral("FROM resolutions r LEFT JOIN refund_ops o"),
        QStringLiteral("WITH exposed(operation_id)"),
    };
    for (const QString &fragment : expected) {
        const bool seen = std::any_of(plans->begin(), plans->end(),
                                      [&fragment](const QueryPlan &plan) { return plan.sql.contains(fragment); });
        QVERIFY2(seen, qPrintable(QStringLiteral("no statement with \"%1\" ran").arg(fragment)));
    }

    // RD_PRINT_PLANS=1 lists every statement with its plan.
    if (qEnvironmentVariableIsSet("RD_PRINT_PLANS")) {
        for (const QueryPlan &plan : *plans)
            qInfo("%s\n", qPrintable(describe(plan)));
    }
    QStringList problems;
    for (const QueryPlan &plan : *plans) {
        const QString problem = scanProblem(plan, bounded);
        if (!problem.isEmpty())
            problems << problem + QStringLiteral(":\n  ") + describe(plan);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("\n"))));

    // The check itself can fail: a scan of the whole table is caught.
    QueryPlan whole{QStringLiteral("SELECT count(*) FROM webhook_events"), {QStringLiteral("SCAN webhook_events")}};
    QVERIFY(!scanProblem(whole, bounded).isEmpty());
    QueryPlan aliased{QStringLiteral("SELECT 1 FROM refund_ops o WHERE o.amount_cents > 5"), {QStringLiteral("SCAN o")}};
    QVERIFY(!scanProblem(aliased, bounded).isEmpty());
    QueryPlan byKey{QStringLiteral("SELECT 1 FROM refund_ops WHERE status IN ('unknown', 'checking')"),
                    {QStringLiteral("SCAN refund_ops USING INDEX sqlite_autoindex_refund_ops_1")}};
    QVERIFY(!scanProblem(byKey, bounded).isEmpty());
}

void TestQueryPlans::queuePagesNeedNoSort_data()
{
    consoleReadsUseIndexes_data();
}

// With the whole queue in view (no filter), a page after a cursor comes straight out of
// an index in the wanted order: SQLite stops after the page instead of sorting everything
// after the cursor, so scrolling to row n costs n rows, not n times the queue.
void TestQueryPlans::queuePagesNeedNoSort()
{
    QFETCH(QString, statistics);
    const QString path = storeWith(statistics);
    auto opened = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    QVERIFY2(opened.ok(), opened.ok() ? "" : qPrintable(opened.error().message));
    Store &store = **opened;
    store.setRecordingQueryPlans(true);
    // The queue's reads as the console's QueueModel makes them (QueueReads).
    for (const QueueQuery &query : everySort()) {
        auto first = QueueReads::pages(store, query, QString(), std::nullopt, 10, 5);
        QVERIFY(first.ok());
        QVERIFY(QueueReads::pages(store, query, QString(), first->lastScanned, 10, 5).ok());
        QVERIFY(QueueReads::refresh(store, query, QString(), 20).ok());
    }
    const auto plans = store.recordedQueryPlans();
    QVERIFY(plans.ok());
    int pages = 0;
    for (const QueryPlan &plan : *plans) {
        if (!plan.sql.contains(QLatin1String("FROM refund_ops INDEXED BY")))
            continue;
        ++pages;
        QVERIFY2(!plan.steps.join(u'\n').contains(QLatin1String("TEMP B-TREE")), qPrintable(describe(plan)));
        // A cursor seeks into the index rather than filtering a scan from the start.
        if (plan.sql.contains(QLatin1String("?4")))
            QVERIFY2(plan.steps.join(u'\n').contains(QLatin1String("SEARCH refund_ops")), qPrintable(describe(plan)));
        // A refresh reads only the keys, and those from the index alone (SQLite 3.40 still
        // reads the row for an expression such as the claimant's IFNULL).
        const bool keys = !plan.sql.startsWith(QLatin1String("SELECT operation_id, order_id, amount_cents"));
        if (keys && !plan.sql.contains(QLatin1String("IFNULL(claimed_by, ''), operation_id FROM")))
            QVERIFY2(plan.steps.join(u'\n').contains(QLatin1String("COVERING INDEX")), qPrintable(describe(plan)));
    }
    // 7 sort keys x 2 directions (the default order and the key window's are the Age's) x
    // (first page, next page, keys).
    QVERIFY2(pages >= 14 * 3, qPrintable(QStringLiteral("only %1 queue statements ran").arg(pages)));
}

QTEST_GUILESS_MAIN(TestQueryPlans)
