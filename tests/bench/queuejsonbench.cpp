// What `refund-desk queue --json` costs beside the backend's own shell, and where its time goes.

#include "queuejsonbench.h"

#include "benchlog.h"
#include "pgbenchstores.h"
#include "processstats.h"
#include "queuejsonprinter.h"
#include "testpaths.h"

#include "evidence/evidenceanalyzer.h"
#include "store/store.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

#include <algorithm>

namespace RefundDesk::Bench {

namespace {

// The bare queue query: what the console's queue reads, with nothing derived.
const QString FloorSql = QStringLiteral(
    "SELECT operation_id, order_id, amount_cents, currency, idempotency_key, status, attempts, created_at, "
    "updated_at, conversation_id, refund_id, claimed_by, claimed_at, version FROM refund_ops "
    "WHERE status IN ('unknown','checking') ORDER BY updated_at, operation_id");

// Wall-clock time of one run of a program with its output thrown away, or -1.
double timeProcess(const QString &program, const QStringList &arguments, QString *problem)
{
    QProcess process;
    process.setStandardOutputFile(QProcess::nullDevice());
    process.setProcessChannelMode(QProcess::SeparateChannels);
    QElapsedTimer timer;
    timer.start();
    process.start(program, arguments);
    if (!process.waitForFinished(10 * 60 * 1000)) {
        *problem = QStringLiteral("%1 did not finish: %2").arg(program, process.errorString());
        process.kill();
        process.waitForFinished();
        return -1;
    }
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *problem = QStringLiteral("%1 failed (exit code %2): %3")
                       .arg(program).arg(process.exitCode()).arg(QString::fromLocal8Bit(process.readAllStandardError()));
        return -1;
    }
    return ms;
}

} // namespace

FloorCommand floorCommand(const QString &backend, const QString &location)
{
    if (backend.startsWith(QLatin1String("postgresql"))) {
        return {PgBenchStores::psqlProgram(),
                {QStringLiteral("-X"), QStringLiteral("-q"), QStringLiteral("-A"), QStringLiteral("-t"),
                 QStringLiteral("-d"), location, QStringLiteral("-c"), FloorSql}};
    }
    const QString sqlite = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
    if (sqlite.isEmpty())
        err() << "no sqlite3 shell on the PATH (scripts/ensure-deps installs it): no floor to compare with\n";
    return {sqlite, {location, FloorSql}};
}

bool measureQueueJson(const QString &path, const FloorCommand &floor, int runs, SizeFigures &figures)
{
    const QString app = Test::appPath();
    const QStringList appArgs = {QStringLiteral("queue"), QStringLiteral("--db"), path, QStringLiteral("--json")};
    QProcess check;
    check.start(app, appArgs);
    if (!check.waitForFinished(10 * 60 * 1000) || check.exitCode() != 0) {
        err() << "queue --json failed: " << check.readAllStandardError() << '\n';
        return false;
    }
    const QJsonDocument json = QJsonDocument::fromJson(check.readAllStandardOutput());
    const QJsonArray rows = json.array();
    for (const QJsonValue &row : rows) {
        if (row.toObject().value(QStringLiteral("verdict")).toString().isEmpty()) {
            err() << "queue --json printed a row without a verdict\n";
            return false;
        }
    }
    figures.values[QStringLiteral("json.rows")] = rows.size();

    const bool hasFloor = !floor.program.isEmpty();
    QString problem;
    if (hasFloor && timeProcess(floor.program, floor.arguments, &problem) < 0) {
        err() << problem << '\n';
        return false;
    }
    std::vector<double> appTimes;
    std::vector<double> floorTimes;
    for (int i = 0; i < runs; ++i) {
        const double a = timeProcess(app, appArgs, &problem);
        if (a < 0) {
            err() << problem << '\n';
            return false;
        }
        appTimes.push_back(a);
        if (hasFloor) {
            const double f = timeProcess(floor.program, floor.arguments, &problem);
            if (f < 0) {
                err() << problem << '\n';
                return false;
            }
            floorTimes.push_back(f);
        }
    }
    const double appMs = Summary::of(appTimes).median;
    figures.values[QStringLiteral("json.ms")] = appMs;
    if (!floorTimes.empty()) {
        const double floorMs = Summary::of(floorTimes).median;
        figures.values[QStringLiteral("floor.ms")] = floorMs;
        figures.values[QStringLiteral("json.ratio")] = appMs / floorMs;
    }
    err() << "  queue --json: " << rows.size() << " rows, " << QString::number(appMs, 'f', 0) << " ms median; "
          << QFileInfo(floor.program).fileName() << ' '
          << QString::number(figures.values.value(QStringLiteral("floor.ms"), -1), 'f', 0) << " ms\n";
    err().flush();
    return true;
}

bool measureQueueBreakdown(const QString &path, SizeFigures &figures)
{
    auto opened = StoreFactory::open(path, Store::OpenMode::ReadOnly);
    if (!opened) {
        err() << opened.error().message << '\n';
        return false;
    }
    Store &store = **opened;
    const ReadSnapshot snapshot(store); // as queue --json reads
    QElapsedTimer timer;
    timer.start();
    std::vector<Operation> queue;
    const QueueQuery query;
    std::optional<QueueCursor> cursor;
    for (;;) {
        auto page = store.queuePage(query, cursor, 1000);
        if (!page)
            return false;
        queue.insert(queue.end(), page->begin(), page->end());
        if (page->size() < 1000)
            break;
        cursor = cursorAfter(query, page->back());
    }
    const double pagesMs = double(timer.nsecsElapsed()) / 1e6;
    timer.restart();
    std::vector<std::vector<WebhookEvent>> candidates;
    candidates.reserve(queue.size());
    size_t events = 0;
    // A page's events in one batch, as queue --json's threads find them.
    const size_t pageSize = Cli::QueueJsonPrinter::DefaultPageSize;
    for (size_t start = 0; start < queue.size(); start += pageSize) {
        const std::vector<Operation> page(queue.begin() + qsizetype(start),
                                          queue.begin() + qsizetype(std::min(queue.size(), start + pageSize)));
        auto found = store.candidateEventsOfEach(page);
        if (!found)
            return false;
        for (auto &list : *found) {
            events += list.size();
            candidates.push_back(std::move(list));
        }
    }
    const double candidatesMs = double(timer.nsecsElapsed()) / 1e6;
    timer.restart();
    // Counted and reported, so the analysis is used (and cannot be optimised away).
    qint64 withVerdict = 0;
    for (size_t i = 0; i < queue.size(); ++i) {
        if (EvidenceAnalyzer::analyze(queue[i], candidates[i], EvidenceAnalyzer::Detail::VerdictOnly).verdict
            != Verdict::None) {
            ++withVerdict;
        }
    }
    const double evidenceMs = double(timer.nsecsElapsed()) / 1e6;
    figures.values[QStringLiteral("breakdown.pages_ms")] = pagesMs;
    figures.values[QStringLiteral("breakdown.candidates_ms")] = candidatesMs;
    figures.values[QStringLiteral("breakdown.evidence_ms")] = evidenceMs;
    figures.values[QStringLiteral("breakdown.events")] = double(events);
    figures.values[QStringLiteral("breakdown.with_verdict")] = double(withVerdict);
    err() << "  in process: queue pages " << QString::number(pagesMs, 'f', 1) << " ms, candidate events ("
          << events << ") " << QString::number(candidatesMs, 'f', 1) << " ms, evidence "
          << QString::number(evidenceMs, 'f', 1) << " ms (" << withVerdict << " of " << queue.size()
          << " rows with a verdict)\n";
    err().flush();
    return true;
}

} // namespace RefundDesk::Bench
