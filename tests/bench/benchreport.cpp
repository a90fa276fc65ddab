#include "benchreport.h"

#include <utility>

#include <algorithm>

namespace RefundDesk::Bench {

namespace {

struct Row
{
    const char *key;
    const char *label;
    int decimals;
};

// The order of the table.
const Row Rows[] = {
    {"build.seconds", "store build (s)", 1},
    {"build.rate", "store build rate (operations/s)", 0},
    {"copy.seconds", "store copied from SQLite, as `copy` does (s)", 1},
    {"copy.rate", "copy rate (operations/s)", 0},
    {"copy.vacuum_seconds", "  VACUUM ANALYZE after the copy (s)", 1},
    {"store.mb", "store on disk (MB)", 0},
    {"queue.rows", "queue rows (unknown + checking)", 0},
    {"paint.median_ms", "first paint, median (ms)", 1},
    {"paint.first_ms", "first paint, first of the runs (ms)", 1},
    {"paint.open_median_ms", "  of which open + first page + first panel (ms)", 1},
    {"paint.max_stall_ms", "UI stall, making the window, opening and first paint, max (ms)", 1},
    {"paint.max_blocked_ms", "  UI thread blocked (not running nor waiting for a CPU), longest (ms)", 1},
    {"panel.mean_ms", "operation panel: load, show, paint, mean (ms)", 2},
    {"panel.median_ms", "operation panel: median (ms)", 2},
    {"panel.p95_ms", "operation panel: p95 (ms)", 2},
    {"panel.load_mean_ms", "  of which store reads + evidence, mean (ms)", 2},
    {"panel.max_stall_ms", "UI stall, selection to painted panel, max (ms)", 1},
    {"panel.max_blocked_ms", "  UI thread blocked, longest (ms)", 1},
    {"json.ms", "queue --json, median (ms)", 0},
    {"floor.ms", "floor: bare queue query in sqlite3 / psql, median (ms)", 0},
    {"json.ratio", "queue --json / floor", 2},
    {"json.rows", "queue --json rows (each with a verdict)", 0},
    {"breakdown.pages_ms", "  in process, one thread: the queue's pages (ms)", 1},
    {"breakdown.candidates_ms", "  in process, one thread: candidate events of every row, a page at a time (ms)", 1},
    {"breakdown.events", "  in process: candidate events read", 0},
    {"breakdown.evidence_ms", "  in process, one thread: evidence and verdicts (ms)", 1},
    {"breakdown.with_verdict", "  in process: rows whose events give a verdict", 0},
    {"scroll.max_stall_ms", "UI stall, scrolling the whole queue, max (ms)", 1},
    {"scroll.max_cpu_ms", "  UI-thread CPU in the longest-working gap (ms)", 1},
    {"scroll.max_blocked_ms", "  UI thread blocked, longest (ms)", 1},
    {"scroll.seconds", "  scrolling took (s)", 1},
    {"filter.max_stall_ms", "UI stall, filtering by a typed key, max (ms)", 1},
    {"filter.max_cpu_ms", "  UI-thread CPU in the longest-working gap (ms)", 1},
    {"filter.max_blocked_ms", "  UI thread blocked, longest (ms)", 1},
    {"live.max_stall_ms", "UI stall, live refresh 1 change/s, max (ms)", 1},
    {"live.max_cpu_ms", "  UI-thread CPU in the longest-working gap (ms)", 1},
    {"live.max_blocked_ms", "  UI thread blocked, longest (ms)", 1},
    {"live.refresh_ms", "  one refresh of queue and panel, timed alone (ms)", 1},
    {"rss.after_scroll_mb", "resident memory after scrolling the whole queue (MB)", 0},
    {"rss.peak_mb", "  peak resident memory of the window's process (MB)", 0},
    {"idle.cpu_percent", "idle CPU, nothing changing (% of a core)", 2},
    {"decision.median_ms", "a decision, committed (Resolver::resolve), median (ms)", 2},
    {"decision.p95_ms", "a decision, p95 (ms)", 2},
    {"decision.count", "  decisions timed", 0},
};

QString cell(const SizeFigures &figures, const Row &row)
{
    const auto found = figures.values.find(QString::fromLatin1(row.key));
    if (found == figures.values.end())
        return QStringLiteral("–");
    return QString::number(*found, 'f', row.decimals);
}

} // namespace

QString sizeLabel(qint64 operations)
{
    if (operations >= 1'000'000 && operations % 1'000'000 == 0)
        return QStringLiteral("%1M").arg(operations / 1'000'000);
    if (operations >= 1000 && operations % 1000 == 0)
        return QStringLiteral("%1k").arg(operations / 1000);
    return QString::number(operations);
}

namespace {

// The largest figure under `key` over the sizes measured, and the size it was at; -1 when
// no size has it.
std::pair<double, QString> worstOf(const std::vector<const SizeFigures *> &sizes, const char *key)
{
    double worst = -1;
    QString where;
    for (const SizeFigures *f : sizes) {
        const double figure = f->values.value(QString::fromLatin1(key), -1);
        if (figure > worst) {
            worst = figure;
            where = sizeLabel(f->operations);
        }
    }
    return {worst, where};
}

} // namespace

QString backendLabel(const QString &backend)
{
    if (backend == QLatin1String("postgresql"))
        return QStringLiteral("PostgreSQL (socket)");
    if (const int roundTrip = roundTripMsOf(backend); roundTrip > 0)
        return QStringLiteral("PostgreSQL (%1 ms)").arg(roundTrip);
    return QStringLiteral("SQLite");
}

const QStringList &knownBackends()
{
    static const QStringList backends = {QStringLiteral("sqlite"), QStringLiteral("postgresql"),
                                         QStringLiteral("postgresql-20ms"), QStringLiteral("postgresql-200ms")};
    return backends;
}

int roundTripMsOf(const QString &backend)
{
    if (backend == QLatin1String("postgresql-20ms"))
        return 20;
    if (backend == QLatin1String("postgresql-200ms"))
        return 200;
    return 0;
}

std::vector<const SizeFigures *> BenchReport::ofBackend(const QString &backend) const
{
    std::vector<const SizeFigures *> found;
    for (const SizeFigures &figures : m_sizes) {
        if (figures.backend == backend)
            found.push_back(&figures);
    }
    std::sort(found.begin(), found.end(), [](const auto *a, const auto *b) { return a->operations < b->operations; });
    return found;
}

QString BenchReport::table() const
{
    QString out;
    if (!m_header.isEmpty())
        out += m_header + QStringLiteral("\n\n");
    out += QStringLiteral("| figure |");
    QString rule = QStringLiteral("| --- |");
    for (const SizeFigures &figures : m_sizes) {
        out += QStringLiteral(" %1 %2 |").arg(sizeLabel(figures.operations), backendLabel(figures.backend));
        rule += QStringLiteral(" ---: |");
    }
    out += u'\n' + rule + u'\n';
    for (const Row &row : Rows) {
        const bool any = std::any_of(m_sizes.begin(), m_sizes.end(), [&row](const SizeFigures &f) {
            return f.values.contains(QString::fromLatin1(row.key));
        });
        if (!any)
            continue;
        out += QStringLiteral("| %1 |").arg(QString::fromLatin1(row.label));
        for (const SizeFigures &figures : m_sizes)
            out += QStringLiteral(" %1 |").arg(cell(figures, row));
        out += u'\n';
    }
    return out;
}

QStringList BenchReport::targets() const
{
    QStringList lines;
    for (const QString &backend : {QStringLiteral("sqlite"), QStringLiteral("postgresql")})
        lines += targetsOf(backend);
    lines += targetsAtADistance(QStringLiteral("postgresql-20ms"));
    lines += targetsAtADistance(QStringLiteral("postgresql-200ms"));
    return lines;
}

// A column at a distance against the socket's: the round trips a reading costs show, and
// nothing else does. The UI thread waits for none of them, at 20 ms as at 200 ms; the
// first picture and the panel are held to the socket's figures at 20 ms, a VPN's distance.
QStringList BenchReport::targetsAtADistance(const QString &far) const
{
    QStringList lines;
    const bool nearEnoughToCompare = roundTripMsOf(far) <= 20;
    const std::vector<const SizeFigures *> sizes = ofBackend(far);
    if (sizes.empty())
        return lines;
    const QString prefix = backendLabel(far) + QStringLiteral(": ");
    auto line = [&lines, &prefix](bool met, const QString &text) {
        lines << (met ? QStringLiteral("met     ") : QStringLiteral("MISSED  ")) + prefix + text;
    };
    auto value = [](const SizeFigures *f, const char *key) {
        return f ? f->values.value(QString::fromLatin1(key), -1) : -1;
    };
    const std::vector<const SizeFigures *> near = ofBackend(QStringLiteral("postgresql"));
    auto nearOf = [&near](qint64 operations) -> const SizeFigures * {
        for (const SizeFigures *f : near) {
            if (f->operations == operations)
                return f;
        }
        return nullptr;
    };
    for (const SizeFigures *f : nearEnoughToCompare ? sizes : std::vector<const SizeFigures *>()) {
        const QString size = sizeLabel(f->operations);
        const SizeFigures *socket = nearOf(f->operations);
        if (const double a = value(socket, "paint.median_ms"), b = value(f, "paint.median_ms"); a >= 0 && b >= 0)
            line(b - a <= 250, QStringLiteral("first paint %1 %2 ms vs %3 ms on the socket: +%4 ms (<= +250 ms)")
                                   .arg(size).arg(b, 0, 'f', 1).arg(a, 0, 'f', 1).arg(b - a, 0, 'f', 1));
        if (const double a = value(socket, "panel.mean_ms"), b = value(f, "panel.mean_ms"); a >= 0 && b >= 0)
            line(b - a <= 40, QStringLiteral("operation panel %1 %2 ms vs %3 ms mean on the socket: +%4 ms (<= +40 ms)")
                                  .arg(size).arg(b, 0, 'f', 2).arg(a, 0, 'f', 2).arg(b - a, 0, 'f', 2));
        if (!socket && (value(f, "paint.median_ms") >= 0 || value(f, "panel.mean_ms") >= 0))
            lines << QStringLiteral("--      ") + prefix
                         + QStringLiteral("%1: no socket figures to compare with (measure postgresql too)").arg(size);
    }
    for (const char *key : {"paint.max_blocked_ms", "panel.max_blocked_ms", "scroll.max_blocked_ms",
                            "filter.max_blocked_ms", "live.max_blocked_ms"}) {
        const auto [worst, where] = worstOf(sizes, key);
        if (worst >= 0)
            line(worst < 50, QStringLiteral("%1: worst %2 ms (%3) (< 50 ms)")
                                 .arg(QString::fromLatin1(key)).arg(worst, 0, 'f', 1).arg(where));
    }
    return lines;
}

QStringList BenchReport::targetsOf(const QString &backend) const
{
    QStringList lines;
    const std::vector<const SizeFigures *> sizes = ofBackend(backend);
    if (sizes.empty())
        return lines;
    const SizeFigures *small = sizes.front();
    const SizeFigures *large = sizes.back();
    auto value = [](const SizeFigures *f, const char *key) {
        return f->values.value(QString::fromLatin1(key), -1);
    };
    const QString prefix = backendLabel(backend) + QStringLiteral(": ");
    auto line = [&lines, &prefix](bool met, const QString &text) {
        lines << (met ? QStringLiteral("met     ") : QStringLiteral("MISSED  ")) + prefix + text;
    };
    const QString largeName = sizeLabel(large->operations);
    const QString smallName = sizeLabel(small->operations);

    if (const double build = value(large, "build.seconds"); build >= 0)
        line(build < 120, QStringLiteral("%1 store built in %2 s (< 120 s)").arg(largeName).arg(build, 0, 'f', 1));
    if (const double a = value(small, "paint.median_ms"), b = value(large, "paint.median_ms"); a > 0 && b >= 0)
        line(b <= 1.5 * a, QStringLiteral("first paint %1 %2 ms vs %3 %4 ms: %5x (<= 1.5x)")
                               .arg(largeName).arg(b, 0, 'f', 1).arg(smallName).arg(a, 0, 'f', 1).arg(b / a, 0, 'f', 2));
    if (const double a = value(small, "panel.mean_ms"), b = value(large, "panel.mean_ms"); a > 0 && b >= 0)
        line(b <= 1.5 * a, QStringLiteral("operation panel %1 %2 ms vs %3 %4 ms mean: %5x (<= 1.5x)")
                               .arg(largeName).arg(b, 0, 'f', 2).arg(smallName).arg(a, 0, 'f', 2).arg(b / a, 0, 'f', 2));
    if (const double p95 = value(large, "panel.p95_ms"); p95 >= 0)
        line(p95 < 20, QStringLiteral("operation panel %1 p95 %2 ms (< 20 ms)").arg(largeName).arg(p95, 0, 'f', 2));
    if (const double ratio = value(large, "json.ratio"); ratio >= 0)
        line(ratio <= 2, QStringLiteral("queue --json %1 %2x the floor (<= 2x)").arg(largeName).arg(ratio, 0, 'f', 2));
    for (const char *key : {"scroll.max_stall_ms", "filter.max_stall_ms", "live.max_stall_ms"}) {
        const auto [worst, where] = worstOf(sizes, key);
        if (worst >= 0)
            line(worst <= 50, QStringLiteral("%1: worst %2 ms (%3) (<= 50 ms)")
                                  .arg(QString::fromLatin1(key)).arg(worst, 0, 'f', 1).arg(where));
    }
    if (const double rss = value(large, "rss.after_scroll_mb"); rss >= 0)
        line(rss < 250, QStringLiteral("resident after scrolling the %1 queue %2 MB (< 250 MB)").arg(largeName).arg(rss, 0, 'f', 0));
    double idle = -1;
    for (const SizeFigures *f : sizes)
        idle = std::max(idle, value(f, "idle.cpu_percent"));
    if (idle >= 0)
        line(idle < 1, QStringLiteral("idle CPU, worst size %1% of a core (< 1%)").arg(idle, 0, 'f', 2));
    return lines;
}

bool BenchReport::allTargetsMet() const
{
    const QStringList lines = targets();
    return std::none_of(lines.begin(), lines.end(), [](const QString &l) { return l.startsWith(QLatin1String("MISSED")); });
}

} // namespace RefundDesk::Bench
