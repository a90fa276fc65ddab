#include "guisession.h"

#include "peerwriter.h"
#include "processstats.h"
#include "stallprobe.h"

#include "items/operationsnapshot.h"
#include "items/queuemodel.h"
#include "store/store.h"
#include "ui/console/shell/liverefresher.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuepane.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QLineEdit>
#include <QPixmap>
#include <QRandomGenerator>
#include <QScrollBar>
#include <QTableView>
#include <QTest>
#include <QTextStream>
#include <QTimer>


namespace RefundDesk::Bench {

namespace {

void say(const QString &text)
{
    QTextStream(stderr) << "  " << text << '\n';
}

// Runs the event loop for `ms` milliseconds, as the person would leave the window alone.
void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

double msSince(const QElapsedTimer &timer)
{
    return double(timer.nsecsElapsed()) / 1e6;
}

// Runs the event loop until the console has nothing being opened, read or written, and
// it stays so through one more turn of the loop (an answer just handed over may send the
// next request). False on timeout. The loop waits for events as the application's own
// does: QTest::qWait would sleep the UI thread between turns, and a loop that never
// waits would take a core from the store worker; the stall probe would see either.
bool settle(const MainWindow &window, int timeoutMs = 120000)
{
    QEventLoop loop;
    bool settled = false;
    bool checking = false;
    const auto check = [&] {
        if (checking || !window.isIdle())
            return;
        checking = true;
        QTimer::singleShot(0, &loop, [&] {
            checking = false;
            if (window.isIdle()) {
                settled = true;
                loop.quit();
            }
        });
    };
    QTimer poll;
    poll.setTimerType(Qt::PreciseTimer);
    poll.setInterval(1);
    QObject::connect(&poll, &QTimer::timeout, &loop, check);
    // An answer shown is the likeliest moment the console became idle: no waiting for the poll.
    QObject::connect(&window, &MainWindow::operationShown, &loop, check);
    QObject::connect(&window, &MainWindow::storeOpened, &loop, check);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    poll.start();
    check();
    loop.exec();
    return settled;
}

// Paints what the window has to paint now: its posted events, layouts before the update
// requests (posted at low priority), the moment a person sees what changed. A window that
// painted already paints nothing again.
void paintWhatIsPending()
{
    QCoreApplication::sendPostedEvents();
}

// The worst of several probes' figures: a phase measured in parts, with the benchmark's own
// work between them (which blocks the UI thread on purpose) left out.
struct StallWorst
{
    double gapMs = 0;
    double blockedMs = 0;
    double cpuMs = 0;

    void add(const StallProbe &probe)
    {
        gapMs = std::max(gapMs, probe.maxGapMs());
        blockedMs = std::max(blockedMs, probe.maxBlockedMs());
        cpuMs = std::max(cpuMs, probe.maxCpuMs());
    }
};

} // namespace

GuiSession::GuiSession(const GuiSessionOptions &options)
    : m_options(options)
    , m_identity(std::make_unique<OperatorIdentity>())
{
    m_identity->useForThisRun(QStringLiteral("bench"));
}

GuiSession::~GuiSession() = default;

bool GuiSession::fail(const QString &message)
{
    m_error = message;
    return false;
}

bool GuiSession::wants(const char *phase) const
{
    return m_options.phases.isEmpty() || m_options.phases.contains(QLatin1String(phase));
}

bool GuiSession::run()
{
    // The window itself comes from the first-paint measurement, which always runs.
    if (!measureFirstPaint())
        return false;
    if (wants("panel") && !measurePanel())
        return false;
    if (wants("scroll") && !measureScroll())
        return false;
    if (wants("live") && !measureLiveRefresh())
        return false;
    if (wants("filter") && !measureFilter())
        return false;
    if (wants("idle"))
        measureIdle();
    return true;
}

// Start (the window is made), open, the first queue page with its verdicts, render.
bool GuiSession::measureFirstPaint()
{
    std::vector<double> paints;
    std::vector<double> opens;
    StallWorst stalls;
    for (int run = 0; run < m_options.paintRuns; ++run) {
        m_window.reset();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        StallProbe probe;
        QElapsedTimer timer;
        probe.start();
        timer.start();
        m_window = std::make_unique<MainWindow>(m_identity.get());
        m_window->setShowErrorDialogs(false);
        m_window->resize(1366, 768);
        m_window->show();
        const double shown = msSince(timer);
        bool opened = false;
        const QMetaObject::Connection connection =
            QObject::connect(m_window.get(), &MainWindow::storeOpened, m_window.get(), [&opened] { opened = true; });
        m_window->openStore(m_options.storePath, false);
        const bool settled = settle(*m_window);
        QObject::disconnect(connection);
        if (!settled || !opened)
            return fail(QStringLiteral("cannot open %1: %2").arg(m_options.storePath, m_window->lastError()));
        opens.push_back(msSince(timer));
        if (qEnvironmentVariableIsSet("RD_BENCH_VERBOSE"))
            say(QStringLiteral("window made and shown %1 ms, store opened with its first page %2 ms")
                    .arg(shown, 0, 'f', 1).arg(opens.back() - shown, 0, 'f', 1));
        // The complete picture painted: on the screen as the person sees it, each
        // picture on the way to it (opening…, the list, the panel) included.
        paintWhatIsPending();
        paints.push_back(msSince(timer));
        probe.stop();
        stalls.add(probe);
        const QPixmap picture = m_window->grab();
        if (picture.isNull())
            return fail(QStringLiteral("the window rendered nothing"));
        QueueModel *model = m_window->queuePane()->model();
        if (model->rowCount() == 0)
            return fail(QStringLiteral("the queue is empty"));
        // The verdicts of the rows on screen were worked out for the paint.
        const QString verdict = model->index(0, QueueModel::VerdictColumn).data().toString();
        if (verdict.isEmpty())
            return fail(QStringLiteral("the first row shows no verdict"));
    }
    const Summary paint = Summary::of(paints);
    const Summary open = Summary::of(opens);
    m_results[QStringLiteral("paint.first_ms")] = paints.front();
    m_results[QStringLiteral("paint.median_ms")] = paint.median;
    m_results[QStringLiteral("paint.open_median_ms")] = open.median;
    m_results[QStringLiteral("paint.max_stall_ms")] = stalls.gapMs;
    m_results[QStringLiteral("paint.max_blocked_ms")] = stalls.blockedMs;
    m_results[QStringLiteral("paint.max_cpu_ms")] = stalls.cpuMs;
    say(QStringLiteral("first paint: %1 ms median (%2 ms the first time; open and first page %3 ms); "
                       "longest UI-thread stall %4 ms, blocked %5 ms")
            .arg(paint.median, 0, 'f', 1).arg(paints.front(), 0, 'f', 1).arg(open.median, 0, 'f', 1)
            .arg(stalls.gapMs, 0, 'f', 1).arg(stalls.blockedMs, 0, 'f', 1));
    if (!QTest::qWaitForWindowExposed(m_window.get()))
        return fail(QStringLiteral("the window was never exposed"));
    spin(200);
    return true;
}

// An operation's panel: its row, attempts, evidence, order and history, shown and painted.
bool GuiSession::measurePanel()
{
    QRandomGenerator random(20240611);
    QStringList ids;
    for (int i = 0; i < m_options.panelSamples; ++i)
        ids << QStringLiteral("op_%1").arg(random.bounded(qint64(1), m_options.operations + 1));

    // A few panels first, so that the figures are of a window in use (fonts, styles and
    // layouts made once), not of its first seconds.
    for (int i = 0; i < std::min(10, int(ids.size())); ++i) {
        m_window->showOperation(ids.at(i));
        settle(*m_window);
    }

    // The store reads alone, on a connection of the benchmark's own (the window's is its worker's).
    auto reader = StoreFactory::open(m_options.storePath, Store::OpenMode::ReadOnly);
    if (!reader)
        return fail(QStringLiteral("cannot open %1: %2").arg(m_options.storePath, reader.error().message));
    std::vector<double> loads;
    std::vector<double> shows;
    // The benchmark's own reads block the UI thread; only the console's part is probed.
    StallWorst stalls;
    for (const QString &id : ids) {
        QElapsedTimer timer;
        timer.start();
        auto snapshot = OperationSnapshot::load(**reader, id);
        loads.push_back(msSince(timer));
        if (!snapshot)
            return fail(QStringLiteral("cannot load %1: %2").arg(id, snapshot.error().message));

        // Selection to painted panel: the read goes to the worker, the panel shows its answer.
        StallProbe probe;
        probe.start();
        timer.restart();
        m_window->showOperation(id);
        if (!settle(*m_window) || m_window->panel()->operationId() != id)
            return fail(QStringLiteral("the panel did not show %1").arg(id));
        paintWhatIsPending();
        shows.push_back(msSince(timer));
        probe.stop();
        stalls.add(probe);
    }
    const Summary load = Summary::of(loads);
    const Summary show = Summary::of(shows);
    m_results[QStringLiteral("panel.mean_ms")] = show.mean;
    m_results[QStringLiteral("panel.median_ms")] = show.median;
    m_results[QStringLiteral("panel.p95_ms")] = show.p95;
    m_results[QStringLiteral("panel.max_ms")] = show.max;
    m_results[QStringLiteral("panel.load_mean_ms")] = load.mean;
    m_results[QStringLiteral("panel.load_p95_ms")] = load.p95;
    m_results[QStringLiteral("panel.max_stall_ms")] = stalls.gapMs;
    m_results[QStringLiteral("panel.max_blocked_ms")] = stalls.blockedMs;
    m_results[QStringLiteral("panel.max_cpu_ms")] = stalls.cpuMs;
    say(QStringLiteral("operation panel over %1 operations: load, show and paint %2 ms mean, %3 ms p95 "
                       "(store reads and evidence alone %4 ms mean, %5 ms p95); longest UI-thread stall %6 ms, "
                       "blocked %7 ms")
            .arg(ids.size()).arg(show.mean, 0, 'f', 2).arg(show.p95, 0, 'f', 2).arg(load.mean, 0, 'f', 2)
            .arg(load.p95, 0, 'f', 2).arg(stalls.gapMs, 0, 'f', 1).arg(stalls.blockedMs, 0, 'f', 1));
    m_window->selectFirst();
    spin(200);
    return true;
}

// Scrolls page by page, as fast as the window lets it, until the whole queue was shown.
bool GuiSession::measureScroll()
{
    QTableView *view = m_window->queuePane()->view();
    QueueModel *model = m_window->queuePane()->model();
    QScrollBar *bar = view->verticalScrollBar();
    view->setFocus();

    StallProbe probe;
    QEventLoop loop;
    QTimer driver;
    driver.setInterval(8);
    int steps = 0;
    QObject::connect(&driver, &QTimer::timeout, &loop, [&] {
        if (bar->value() >= bar->maximum()) {
            if (!model->canFetchMore({})) {
                loop.quit();
                return;
            }
            model->fetchMore({}); // as the view does when the bottom is reached
        } else {
            bar->setValue(std::min(bar->value() + bar->pageStep(), bar->maximum()));
        }
        ++steps;
    });
    QElapsedTimer timer;
    timer.start();
    probe.start();
    driver.start();
    QTimer::singleShot(15 * 60 * 1000, &loop, &QEventLoop::quit);
    loop.exec();
    driver.stop();
    probe.stop();
    const double seconds = msSince(timer) / 1000.0;
    if (model->canFetchMore({}))
        return fail(QStringLiteral("scrolling did not reach the end of the queue in 15 minutes"));
    spin(300);

    m_results[QStringLiteral("queue.rows")] = model->rowCount();
    m_results[QStringLiteral("scroll.seconds")] = seconds;
    m_results[QStringLiteral("scroll.steps")] = steps;
    m_results[QStringLiteral("scroll.max_stall_ms")] = probe.maxGapMs();
    m_results[QStringLiteral("scroll.max_blocked_ms")] = probe.maxBlockedMs();
    m_results[QStringLiteral("scroll.max_cpu_ms")] = probe.maxCpuMs();
    m_results[QStringLiteral("scroll.stalls_over_50ms")] = probe.gapsOver(50);
    m_results[QStringLiteral("rss.after_scroll_mb")] = ProcessStats::residentKiB() / 1024.0;
    m_results[QStringLiteral("rss.peak_mb")] = ProcessStats::peakResidentKiB() / 1024.0;
    say(QStringLiteral("scrolled %1 rows in %2 steps, %3 s: longest UI-thread stall %4 ms (%5 ms of its CPU), "
                       "%6 over 50 ms, blocked %7 ms at most; resident %8 MB")
            .arg(model->rowCount()).arg(steps).arg(seconds, 0, 'f', 1).arg(probe.maxGapMs(), 0, 'f', 1)
            .arg(probe.maxCpuMs(), 0, 'f', 1).arg(probe.gapsOver(50)).arg(probe.maxBlockedMs(), 0, 'f', 1)
            .arg(ProcessStats::residentKiB() / 1024.0, 0, 'f', 0));
    return true;
}

// One change a second by another connection, with the window scrolled to the end of the
// whole queue (the most it ever holds).
bool GuiSession::measureLiveRefresh()
{
    QTableView *view = m_window->queuePane()->view();
    QueueModel *model = m_window->queuePane()->model();
    QStringList ids;
    const int top = view->rowAt(0);
    const int bottom = view->rowAt(view->viewport()->height() - 1);
    for (int row = std::max(0, top); row <= (bottom < 0 ? model->rowCount() - 1 : bottom); ++row) {
        if (model->index(row, 0).data(QueueModel::StatusRole).toString() == QLatin1String("unknown"))
            ids << model->index(row, 0).data(QueueModel::OperationIdRole).toString();
    }
    if (ids.isEmpty())
        return fail(QStringLiteral("no unknown operation on screen to change"));

    int refreshCount = 0;
    QObject::connect(m_window->refresher(), &LiveRefresher::changed, m_window.get(), [&refreshCount] { ++refreshCount; });
    PeerWriter writer(m_options.storePath, ids);
    StallProbe probe;
    probe.start();
    writer.start();
    spin(m_options.liveSeconds * 1000 + 500);
    // Joined after the probe: over a slow network the peer may be in the middle of a change,
    // and waiting for it here would block the UI thread on the benchmark's account.
    writer.requestStop();
    spin(1200); // the last change shows
    probe.stop();
    writer.stop();
    if (!writer.lastError().isEmpty())
        return fail(QStringLiteral("the peer could not write: %1").arg(writer.lastError()));
    if (writer.changes() == 0 || refreshCount == 0)
        return fail(QStringLiteral("no change reached the window (%1 made, %2 seen)").arg(writer.changes()).arg(refreshCount));
    // One refresh as the window makes it (queue and panel), timed by itself.
    std::vector<double> refreshes;
    for (int i = 0; i < 5; ++i) {
        QElapsedTimer timer;
        timer.start();
        m_window->refreshNow();
        refreshes.push_back(msSince(timer));
        spin(50);
    }
    m_results[QStringLiteral("live.refresh_ms")] = Summary::of(refreshes).median;
    m_results[QStringLiteral("live.changes")] = writer.changes();
    m_results[QStringLiteral("live.refreshes")] = refreshCount;
    m_results[QStringLiteral("live.max_stall_ms")] = probe.maxGapMs();
    m_results[QStringLiteral("live.max_blocked_ms")] = probe.maxBlockedMs();
    m_results[QStringLiteral("live.max_cpu_ms")] = probe.maxCpuMs();
    m_results[QStringLiteral("live.stalls_over_50ms")] = probe.gapsOver(50);
    say(QStringLiteral("live refresh: %1 changes, %2 refreshes, longest UI-thread stall %3 ms (%4 ms of its CPU), "
                       "blocked %7 ms at most; one refresh of %5 rows %6 ms")
            .arg(writer.changes()).arg(refreshCount).arg(probe.maxGapMs(), 0, 'f', 1).arg(probe.maxCpuMs(), 0, 'f', 1)
            .arg(m_window->queuePane()->model()->rowCount()).arg(Summary::of(refreshes).median, 0, 'f', 1)
            .arg(probe.maxBlockedMs(), 0, 'f', 1));
    return true;
}

// Types into the search field a key by key, waits for the list, and clears it again:
// part of an idempotency key (one match), an order id, and text that matches nothing.
bool GuiSession::measureFilter()
{
    auto *field = m_window->findChild<QLineEdit *>(QStringLiteral("searchField"));
    if (!field)
        return fail(QStringLiteral("no search field"));
    QueueModel *model = m_window->queuePane()->model();
    if (model->rowCount() == 0)
        return fail(QStringLiteral("the queue is empty"));
    // The model holds the operations of the pages used last only: a row scrolled past is
    // asked for again, and is there once the console is idle.
    const int row = model->rowCount() / 2;
    const Operation *middle = model->operationAt(row);
    for (int tries = 0; !middle && tries < 3; ++tries) {
        settle(*m_window);
        middle = model->operationAt(row);
    }
    if (!middle)
        return fail(QStringLiteral("row %1 of the queue was never read again").arg(row));
    const QStringList terms = {middle->idempotencyKey.left(13), middle->orderId, QStringLiteral("no-such-thing")};
    field->setFocus();

    StallProbe probe;
    probe.start();
    int matched = 0;
    for (const QString &term : terms) {
        for (const QChar c : term) {
            QTest::keyClicks(field, QString(c));
            spin(120);
        }
        spin(800); // past the typing pause, the query runs and the list shows
        matched += model->rowCount();
        field->selectAll();
        QTest::keyClick(field, Qt::Key_Backspace);
        spin(800);
    }
    probe.stop();
    if (model->rowCount() == 0)
        return fail(QStringLiteral("the queue stayed empty after clearing the search"));
    m_results[QStringLiteral("filter.max_stall_ms")] = probe.maxGapMs();
    m_results[QStringLiteral("filter.max_blocked_ms")] = probe.maxBlockedMs();
    m_results[QStringLiteral("filter.max_cpu_ms")] = probe.maxCpuMs();
    m_results[QStringLiteral("filter.stalls_over_50ms")] = probe.gapsOver(50);
    say(QStringLiteral("filtering (%1): %2 rows matched in all; longest UI-thread stall %3 ms (%4 ms of its CPU), "
                       "blocked %5 ms at most")
            .arg(terms.join(QStringLiteral(", "))).arg(matched).arg(probe.maxGapMs(), 0, 'f', 1)
            .arg(probe.maxCpuMs(), 0, 'f', 1).arg(probe.maxBlockedMs(), 0, 'f', 1));
    return true;
}

// Nothing changes: the window only polls the store for changes.
void GuiSession::measureIdle()
{
    spin(2000);
    const qint64 cpuBefore = ProcessStats::processCpuNs();
    QElapsedTimer timer;
    timer.start();
    spin(m_options.idleSeconds * 1000);
    const double cpuMs = double(ProcessStats::processCpuNs() - cpuBefore) / 1e6;
    const double percent = 100.0 * cpuMs / msSince(timer);
    m_results[QStringLiteral("idle.cpu_percent")] = percent;
    m_results[QStringLiteral("rss.end_mb")] = ProcessStats::residentKiB() / 1024.0;
    say(QStringLiteral("idle for %1 s: %2% of a core").arg(m_options.idleSeconds).arg(percent, 0, 'f', 2));
}

} // namespace RefundDesk::Bench
