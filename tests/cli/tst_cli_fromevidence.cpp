// resolve --from-evidence: the plan first, then the records; what changed after the plan is
// skipped, and two runs at once decide each operation once.

#include "tst_cli.h"
#include "testpaths.h"

namespace {

// Every resolution of every operation named, counted by operation.
QMap<QString, qint64> decisionsOf(const QString &path, const QStringList &operationIds)
{
    QMap<QString, qint64> counts;
    auto store = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    if (!store)
        return counts;
    for (const QString &id : operationIds) {
        auto found = (*store)->resolutions(id);
        counts[id] = found ? qint64(found->size()) : -1;
    }
    return counts;
}

QStringList eligibleIds(const CliRun &plan)
{
    QStringList ids;
    for (const QJsonValue &entry : QJsonDocument::fromJson(plan.out).object().value(QLatin1String("eligible")).toArray())
        ids << entry.toObject().value(QLatin1String("operation_id")).toString();
    return ids;
}

// The JSON Lines of a run with --yes: one object per operation, then the summary.
QList<QJsonObject> jsonLines(const CliRun &run)
{
    QList<QJsonObject> lines;
    for (const QByteArray &line : run.out.split('\n')) {
        if (!line.trimmed().isEmpty())
            lines << QJsonDocument::fromJson(line).object();
    }
    return lines;
}

} // namespace

QString tst_Cli::demoStore(const QString &name)
{
    const QString path = m_dir->filePath(name);
    const CliRun run = runRefundDesk({"demo", "--db", path, "--operations", "2000", "--seed", "7", "--now", "1767225600000"},
                                     300'000);
    if (run.exitCode != 0) {
        qWarning() << run.err;
        return {};
    }
    return path;
}

void tst_Cli::resolveFromEvidencePlansThenRecords()
{
    const QString demo = demoStore(QStringLiteral("batch.sqlite"));
    QVERIFY(!demo.isEmpty());
    const QStringList base{"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "Settled by webhooks"};

    // The plan records nothing.
    const CliRun plan = runRefundDesk(base + QStringList{"--json"});
    QCOMPARE(plan.exitCode, 0);
    const QJsonObject planned = QJsonDocument::fromJson(plan.out).object();
    const QStringList ids = eligibleIds(plan);
    QVERIFY(ids.size() > 4);
    QVERIFY(!planned.value(QLatin1String("left_out")).toArray().isEmpty());
    qint64 totalCount = 0;
    for (const QJsonValue &total : planned.value(QLatin1String("totals")).toArray())
        totalCount += total.toObject().value(QLatin1String("count")).toInteger();
    QCOMPARE(totalCount, qint64(ids.size()));
    const QJsonObject first = planned.value(QLatin1String("eligible")).toArray().first().toObject();
    QVERIFY(first.value(QLatin1String("evidence")).toString().startsWith(QLatin1String("webhook:evt_")));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(0));
    const CliRun text = runRefundDesk(base);
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.outText().contains(QRegularExpression(QStringLiteral("^%1 operation.* settled by the evidence:")
                                                           .arg(ids.size()), QRegularExpression::MultilineOption)),
             qPrintable(text.outText()));
    QVERIFY(text.outText().contains(QLatin1String("Run again with --yes")));
    // Each planned operation's amount in major units with its code, as the totals are.
    const QRegularExpression money(QStringLiteral("\t\\d{1,3}(,\\d{3})*\\.\\d\\d (USD|EUR|GBP)$"));
    int plannedLines = 0;
    for (const QString &line : text.outText().split(u'\n')) {
        if (!ids.contains(line.trimmed().section(u'\t', 0, 0)))
            continue;
        ++plannedLines;
        QVERIFY2(money.match(line).hasMatch(), qPrintable(line));
    }
    QCOMPARE(plannedLines, ids.size());

    // --limit and --verdict narrow it.
    const CliRun failedOnly = runRefundDesk(base + QStringList{"--json", "--verdict", "failed", "--limit", "2"});
    QCOMPARE(failedOnly.exitCode, 0);
    const QJsonArray two = QJsonDocument::fromJson(failedOnly.out).object().value(QLatin1String("eligible")).toArray();
    QCOMPARE(two.size(), 2);
    for (const QJsonValue &entry : two)
        QCOMPARE(entry.toObject().value(QLatin1String("outcome")).toString(), QStringLiteral("failed"));

    // --yes records each, one line per operation and a summary.
    const CliRun recorded = runRefundDesk(base + QStringList{"--json", "--yes"});
    QVERIFY2(recorded.exitCode == 0, qPrintable(recorded.err));
    const QList<QJsonObject> lines = jsonLines(recorded);
    QCOMPARE(lines.size(), ids.size() + 1);
    for (int i = 0; i < ids.size(); ++i) {
        QCOMPARE(lines[i].value(QLatin1String("operation_id")).toString(), ids[i]);
        QCOMPARE(lines[i].value(QLatin1String("state")).toString(), QStringLiteral("decided"));
        QVERIFY(lines[i].value(QLatin1String("resolution_id")).toInteger() > 0);
    }
    const QJsonObject summary = lines.back().value(QLatin1String("summary")).toObject();
    QCOMPARE(summary.value(QLatin1String("decided")).toInteger(), qint64(ids.size()));
    QCOMPARE(summary.value(QLatin1String("skipped")).toInteger(), qint64(0));
    QVERIFY(summary.value(QLatin1String("note")).toString().contains(QStringLiteral("%1 operations, by ann").arg(ids.size())));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(1));
    const CliRun verify = runRefundDesk({"verify", "--db", demo});
    QVERIFY2(verify.exitCode == 0, qPrintable(verify.outText() + verify.err));

    // Nothing is left: exit 5, and still nothing recorded twice.
    const CliRun again = runRefundDesk(base + QStringList{"--yes"});
    QCOMPARE(again.exitCode, 5);
    QVERIFY(again.outText().contains(QLatin1String("nothing was recorded")));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(1));
}

void tst_Cli::resolveFromEvidenceSkipsWhatChangedAfterThePlan()
{
    const QString demo = demoStore(QStringLiteral("changed.sqlite"));
    QVERIFY(!demo.isEmpty());
    const QStringList base{"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "Settled"};
    const QStringList ids = eligibleIds(runRefundDesk(base + QStringList{"--json"}));
    QVERIFY(ids.size() > 2);

    // The batch holds after its plan while a colleague claims one operation of it.
    const QString hold = m_dir->filePath(QStringLiteral("hold"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("RD_TEST_BATCH_HOLD"), hold);
    QProcess batch;
    batch.setProcessEnvironment(environment);
    batch.start(Test::testingAppPath(), base + QStringList{"--yes"});
    QVERIFY(batch.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(hold + QStringLiteral(".planned")), 60'000);
    const CliRun claim = runRefundDesk({"claim", ids[1], "--db", demo, "--operator", "bob"});
    QVERIFY2(claim.exitCode == 0, qPrintable(claim.err));
    QFile go(hold + QStringLiteral(".go"));
    QVERIFY(go.open(QIODevice::WriteOnly));
    go.close();
    QVERIFY(batch.waitForFinished(120'000));
    const QString out = QString::fromUtf8(batch.readAllStandardOutput());
    QCOMPARE(batch.exitCode(), 4);
    QVERIFY2(out.contains(ids[1] + QStringLiteral(" skipped: ")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("Decided %1 of %2; 1 skipped").arg(ids.size() - 1).arg(ids.size())), qPrintable(out));
    const QMap<QString, qint64> counts = decisionsOf(demo, ids);
    for (const QString &id : ids)
        QCOMPARE(counts.value(id), id == ids[1] ? qint64(0) : qint64(1));
    QCOMPARE(runRefundDesk({"verify", "--db", demo}).exitCode, 0);
}

void tst_Cli::resolveFromEvidenceRacingDecidesEachOnce()
{
    const QString demo = demoStore(QStringLiteral("race.sqlite"));
    QVERIFY(!demo.isEmpty());
    const QStringList ids = eligibleIds(runRefundDesk(
        {"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "n", "--json"}));
    QVERIFY(!ids.isEmpty());
    // Two batches by two operators and single decisions, started together.
    std::vector<std::unique_ptr<QProcess>> racers;
    auto start = [&](const QStringList &arguments) {
        racers.push_back(std::make_unique<QProcess>());
        racers.back()->start(Test::appPath(), arguments);
    };
    start({"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "batch A", "--json", "--yes"});
    start({"resolve-from-evidence", "--db", demo, "--operator", "bob", "--note", "batch B", "--json", "--yes"});
    for (int i = ids.size() - 1; i >= ids.size() - 3 && i >= 0; --i) {
        start({"resolve", ids[i], "--db", demo, "--operator", "carol", "--outcome",
               "failed", "--evidence", "dashboard", "--override-evidence", "--note", "single"});
    }
    qint64 decided = 0;
    for (size_t i = 0; i < racers.size(); ++i) {
        QVERIFY(racers[i]->waitForFinished(120'000));
        const int code = racers[i]->exitCode();
        if (i < 2) {
            QVERIFY2(code == 0 || code == 4 || code == 5, qPrintable(QString::number(code)));
            for (const QJsonObject &line : jsonLines({code, racers[i]->readAllStandardOutput(), {}, 0})) {
                if (line.contains(QLatin1String("summary")))
                    decided += line.value(QLatin1String("summary")).toObject().value(QLatin1String("decided")).toInteger();
            }
        } else {
            QVERIFY2(code == 0 || code == 4 || code == 5, qPrintable(QString::number(code)));
            decided += code == 0 ? 1 : 0;
        }
    }
    QCOMPARE(decided, qint64(ids.size()));
    for (qint64 count : decisionsOf(demo, ids))
        QCOMPARE(count, qint64(1));
    QCOMPARE(runRefundDesk({"verify", "--db", demo}).exitCode, 0);
}

void tst_Cli::resolveFromEvidencePlanShowsTheNotes()
{
    const QString demo = demoStore(QStringLiteral("notes.sqlite"));
    QVERIFY(!demo.isEmpty());
    const QStringList base{"resolve-from-evidence", "--db", demo, "--operator", "ann", "--note", "Settled"};
    const CliRun first = runRefundDesk(base + QStringList{"--json"});
    QCOMPARE(first.exitCode, 0);
    QList<QJsonObject> refunded;
    for (const QJsonValue &entry : QJsonDocument::fromJson(first.out).object().value(QLatin1String("eligible")).toArray()) {
        const QJsonObject object = entry.toObject();
        // The key is there for every operation, null without a note.
        QVERIFY(object.contains(QLatin1String("latest_note")));
        QVERIFY(object.value(QLatin1String("latest_note")).isNull());
        if (object.value(QLatin1String("outcome")).toString() == QLatin1String("refunded")
            && object.value(QLatin1String("event_id")).isString())
            refunded << object;
    }
    QVERIFY(refunded.size() >= 3);
    const QString since = refunded[0].value(QLatin1String("operation_id")).toString();
    const QString coming = refunded[1].value(QLatin1String("operation_id")).toString();
    const QString earlier = refunded[2].value(QLatin1String("operation_id")).toString();
    const QString day = QDate::currentDate().addDays(3).toString(Qt::ISODate);
    const auto note = [&](const QString &id, const QStringList &more) {
        const CliRun run = runRefundDesk(QStringList{"note", id, "--db", demo, "--operator", "ann"} + more);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    };
    note(since, {"--text", "do not record refunded"});
    note(coming, {"--text", "Customer calls back", "--follow-up", day});
    note(earlier, {"--text", "Asked the bank"});
    // Stripe's event about `earlier` comes again after its note: the note is older than the
    // evidence the batch rests on.
    const QJsonObject &again = refunded[2];
    const qint64 created = QDateTime::currentSecsSinceEpoch() + 1;
    const QString event = TestStore::refundEventPayload(
        QStringLiteral("evt_again"), QStringLiteral("refund.updated"), again.value(QLatin1String("refund_id")).toString(),
        QStringLiteral("succeeded"), again.value(QLatin1String("amount_cents")).toInteger(),
        again.value(QLatin1String("currency")).toString(), earlier, QStringLiteral("k_again"), created);
    QFile events(m_dir->filePath(QStringLiteral("again.json")));
    QVERIFY(events.open(QIODevice::WriteOnly));
    events.write('[' + event.toUtf8() + ']');
    events.close();
    const CliRun imported = runRefundDesk({"import-events", events.fileName(), "--db", demo});
    QVERIFY2(imported.exitCode == 0, qPrintable(imported.outText() + imported.err));

    const CliRun plan = runRefundDesk(base + QStringList{"--json"});
    QCOMPARE(plan.exitCode, 0);
    const QJsonObject planned = QJsonDocument::fromJson(plan.out).object();
    QMap<QString, QJsonObject> leftOut;
    for (const QJsonValue &entry : planned.value(QLatin1String("left_out")).toArray())
        leftOut.insert(entry.toObject().value(QLatin1String("operation_id")).toString(), entry.toObject());
    QCOMPARE(leftOut.value(since).value(QLatin1String("reason")).toString(), QStringLiteral("note_since_evidence"));
    QCOMPARE(leftOut.value(since).value(QLatin1String("note")).toString(), QStringLiteral("do not record refunded"));
    QVERIFY(leftOut.value(since).value(QLatin1String("follow_up_on")).isNull());
    QCOMPARE(leftOut.value(coming).value(QLatin1String("reason")).toString(), QStringLiteral("follow_up_to_come"));
    QCOMPARE(leftOut.value(coming).value(QLatin1String("note")).toString(), QStringLiteral("Customer calls back"));
    QCOMPARE(leftOut.value(coming).value(QLatin1String("follow_up_on")).toString(), day);
    QVERIFY(!leftOut.contains(earlier));
    bool sawEarlier = false;
    for (const QJsonValue &entry : planned.value(QLatin1String("eligible")).toArray()) {
        const QJsonObject object = entry.toObject();
        if (object.value(QLatin1String("operation_id")).toString() != earlier)
            continue;
        sawEarlier = true;
        QCOMPARE(object.value(QLatin1String("latest_note")).toString(), QStringLiteral("Asked the bank"));
        QCOMPARE(object.value(QLatin1String("event_id")).toString(), QStringLiteral("evt_again"));
    }
    QVERIFY(sawEarlier);

    const CliRun text = runRefundDesk(base);
    QCOMPARE(text.exitCode, 0);
    const QString out = text.outText();
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^  %1\\t.*\\ta note since the evidence: do not record refunded$")
                                                 .arg(since), QRegularExpression::MultilineOption)),
             qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^  %1\\t.*\\tfollow-up on %2: Customer calls back$")
                                                 .arg(coming, day), QRegularExpression::MultilineOption)),
             qPrintable(out));
    QVERIFY2(out.contains(QRegularExpression(QStringLiteral("^  %1\\t.*\\tlatest note: Asked the bank$").arg(earlier),
                                             QRegularExpression::MultilineOption)),
             qPrintable(out));
}
