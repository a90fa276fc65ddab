// Round trips of the writes and the commands through a slow network: a decision takes three
// at most, a batch of lookups one, and the commands (queue --json among them) a constant plus
// at most one or two per page. Every count is printed, so the figures can be quoted.

#include "tst_pgroundtrips.h"

void tst_PgRoundTrips::queueJsonCostsTwoPerPageBeyondTheFirst()
{
    // queue --json as the command prints it, with pages small enough to make many.
    auto store = openThroughProxy(m_large);
    QVERIFY(store);
    const qint64 rows = m_server->queryInt(m_large, QStringLiteral("SELECT count(*) FROM refund_ops "
                                                                   "WHERE status IN ('unknown', 'checking')"));
    constexpr int PageSize = 20;
    const qint64 pages = rows / PageSize + 1;
    std::FILE *out = std::tmpfile();
    QVERIFY(out);
    std::optional<Error> failure;
    const int connectionsBefore = m_proxy->connections();
    const qint64 trips = count([&] { failure = Cli::QueueJsonPrinter(*store, 24, PageSize).print(out); });
    std::rewind(out);
    QByteArray printed;
    char buffer[65536];
    while (const size_t read = std::fread(buffer, 1, sizeof buffer, out))
        printed.append(buffer, qsizetype(read));
    std::fclose(out);
    QVERIFY2(!failure, qPrintable(failure ? failure->message : QString()));
    QCOMPARE(QJsonDocument::fromJson(printed).array().size(), qsizetype(rows));
    // Beyond one page the worker threads read each page's events and its provider lookups
    // in one pipeline on connections of their own (opened once each), beside the reading
    // connection's page: two a page, in parallel.
    const qint64 workers = m_proxy->connections() - connectionsBefore;
    qInfo("queue --json of %lld rows in %lld pages of %d: %lld round trip(s), %lld worker connection(s) opened",
          rows, pages, PageSize, trips, workers);
    QVERIFY2(trips <= 2 * pages + workers * 4, qPrintable(QString::number(trips)));
}

void tst_PgRoundTrips::aBatchOfLookupsIsOneRoundTrip()
{
    auto store = openThroughProxy(m_small, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    auto page = store->operationsAfter(std::nullopt, 64);
    QVERIFY(page);
    QCOMPARE(page->size(), size_t(64));
    // The answers of a queue-wide ask: one listing page shared by all, and a page of each.
    const ResponseBody shared = LookupBodies::bodyOf(R"({"object":"list","data":[],"has_more":true})");
    std::vector<ProviderLookupDraft> drafts;
    for (size_t i = 0; i < 64; ++i) {
        ProviderLookupDraft draft;
        draft.operationId = page->at(i).operationId;
        draft.operatorName = User;
        draft.result = QStringLiteral(R"({"complete":true,"refunds":[]})");
        draft.bodies = {shared, LookupBodies::bodyOf(QStringLiteral(R"({"page":%1})").arg(i).toUtf8())};
        QJsonArray requests;
        for (const ResponseBody &body : draft.bodies)
            requests.append(LookupBodies::request(QStringLiteral("/v1/refunds"), 200, QStringLiteral("req_1"), body));
        draft.requests = QString::fromUtf8(QJsonDocument(requests).toJson(QJsonDocument::Compact));
        draft.responseSha256 = LookupBodies::digest(draft.bodies);
        drafts.push_back(std::move(draft));
    }
    const QString bodies = QStringLiteral("SELECT count(*) FROM provider_bodies");
    const qint64 before = m_server->queryInt(m_small, bodies);
    Result<std::vector<ProviderLookup>> kept = Error::internal(QString());
    const qint64 trips = count([&] { kept = store->addProviderLookups(drafts); });
    QVERIFY2(kept, qPrintable(kept ? QString() : kept.error().message));
    QCOMPARE(kept->size(), size_t(64));
    QCOMPARE(kept->back().operationId, drafts.back().operationId);
    QCOMPARE(m_server->queryInt(m_small, bodies) - before, 65);
    qInfo("64 lookups with 65 bodies kept in %lld round trip(s)", trips);
    QCOMPARE(trips, 1);
}

void tst_PgRoundTrips::writesTakeThreeAtMost()
{
    auto store = openThroughProxy(m_small, Store::OpenMode::ReadWrite);
    QVERIFY(store);
    QVERIFY(!store->isReadOnly());
    auto page = store->queuePage(QueueQuery(), std::nullopt, 100);
    QVERIFY(page);
    const auto unknown = std::find_if(page->begin(), page->end(),
                                      [](const Operation &o) { return o.status == OperationStatus::Unknown; });
    QVERIFY(unknown != page->end());
    Resolver resolver(*store);

    Result<Operation> claimed = Error::internal(QString());
    const qint64 claim = count([&] { claimed = resolver.claim(*unknown, User, false); });
    QVERIFY2(claimed, qPrintable(claimed ? QString() : claimed.error().message));
    QCOMPARE(claimed->status, OperationStatus::Checking);

    Result<Operation> released = Error::internal(QString());
    const qint64 release = count([&] { released = resolver.release(*claimed, User); });
    QVERIFY2(released, qPrintable(released ? QString() : released.error().message));
    QCOMPARE(released->status, OperationStatus::Unknown);

    // A conflict costs no more: the write sees the operation changed and says by whom.
    Result<Operation> stale = Error::internal(QString());
    const qint64 conflict = count([&] { stale = resolver.claim(*unknown, User, false); });
    QVERIFY(!stale);
    QCOMPARE(stale.error().kind, ErrorKind::Conflict);

    ResolutionDraft draft;
    draft.operationId = released->operationId;
    draft.outcome = Outcome::Failed;
    draft.evidence = QStringLiteral("dashboard");
    draft.note = QStringLiteral("checked with the provider");
    draft.operatorName = User;
    draft.overridesEvidence = true;
    Result<Resolution> recorded = Error::internal(QString());
    const qint64 decide = count([&] { recorded = resolver.resolve(draft, SeenState::of(*released)); });
    QVERIFY2(recorded, qPrintable(recorded ? QString() : recorded.error().message));
    auto after = store->operation(draft.operationId);
    QVERIFY(after && *after);
    QCOMPARE((*after)->status, OperationStatus::Failed);
    QCOMPARE((*after)->updatedAt, recorded->recordedAt);

    qInfo("claim: %lld round trip(s); release: %lld; a claim that conflicts: %lld; a decision through the "
          "Resolver (its evidence read again, then the write): %lld", claim, release, conflict, decide);
    QVERIFY2(claim <= 3, qPrintable(QString::number(claim)));
    QVERIFY2(release <= 3, qPrintable(QString::number(release)));
    QVERIFY2(conflict <= 3, qPrintable(QString::number(conflict)));
    QVERIFY2(decide <= 3, qPrintable(QString::number(decide)));
}

void tst_PgRoundTrips::commandsCostOnePerPage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("pageSize");
    QTest::addColumn<QString>("rowsSql"); // how many rows the command pages through
    const QString queueRows = QStringLiteral("SELECT count(*) FROM refund_ops WHERE status IN ('unknown', 'checking')");
    const QString resolutionRows = QStringLiteral("SELECT count(*) FROM resolutions");
    QTest::newRow("show") << QStringList{"show", "op_5521"} << 0 << QString();
    QTest::newRow("show --json") << QStringList{"show", "op_5521", "--json"} << 0 << QString();
    QTest::newRow("queue") << QStringList{"queue"} << 1000 << queueRows;
    QTest::newRow("queue --json") << QStringList{"queue", "--json"} << 500 << queueRows;
    QTest::newRow("export") << QStringList{"export"} << 1000 << resolutionRows;
    QTest::newRow("export --format json") << QStringList{"export", "--format", "json"} << 1000 << resolutionRows;
    QTest::newRow("verify") << QStringList{"verify"} << 2000 << resolutionRows;
}

void tst_PgRoundTrips::commandsCostOnePerPage()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, pageSize);
    QFETCH(QString, rowsSql);
    qint64 trips[2] = {};
    qint64 pages[2] = {};
    const QString databases[2] = {m_small, m_large};
    for (int i = 0; i < 2; ++i) {
        const qint64 rows = rowsSql.isEmpty() ? 0 : m_server->queryInt(databases[i], rowsSql);
        // A page short of pageSize ends the listing; a full last page needs one more read.
        pages[i] = pageSize == 0 ? 1 : rows / pageSize + 1;
        CliRun run;
        trips[i] = count([&] {
            run = runRefundDesk(arguments + QStringList{"--db", m_proxy->pgLocation(databases[i], User)}, 300'000);
        });
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        qInfo("%s on %d operations (%lld page(s)): %lld round trip(s), the connection's handshake included",
              qPrintable(arguments.join(u' ')), i == 0 ? m_operationsSmall : m_operationsLarge, pages[i], trips[i]);
    }
    QVERIFY2(trips[1] - trips[0] <= pages[1] - pages[0],
             qPrintable(QStringLiteral("%1 more round trips for %2 more pages").arg(trips[1] - trips[0]).arg(pages[1] - pages[0])));
}
