// What a pass of the reconciler costs: a demo store (with its fake provider's truth), the
// fake Stripe serving that truth, and `refund-desk reconcile --rate R --json` run against a
// copy of the store, then a second pass right after. For each pass it prints:
// - the operations asked (for the first time, and again as due) and the answers kept;
// - the requests Stripe received (the fake's count beside the pass's own), by kind: the
//   listing of undelivered events, the refunds of a payment, of a window, by id;
// - the time on the clock (the command's, and the pass's own from its summary), the
//   requests divided by the rate (the least the pacing allows), and the time over that:
//   how far below the rate the store keeps the pass (1.0 is the rate itself);
// - what the store grew by.
// The second pass has nothing new to ask: it should send only the events' listing and the
// re-asks that are due. The same on PostgreSQL at a 20 ms round trip (a server of its own
// behind a proxy that delays each way by 10 ms), unless --skip-postgresql.
// Usage: bench_reconcile [--operations N] (10000 by default) [--seed S] [--rate R] (100:
// Stripe's live rate) [--stripe-latency MS] (0 by default) [--skip-postgresql], or
// [--demo-store DB --demo-truth FILE] to ask a copy of a demo store made before with
// `refund-desk demo --stripe-truth`.
// Asserts nothing.

#include "demostorebench.h"
#include "fakestripe.h"
#include "pgdemostorecopy.h"
#include "pgtestserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <functional>
#include <optional>

using namespace RefundDesk;
using namespace RefundDesk::Bench;
using RefundDesk::Testing::FakeStripe;

namespace {

// The requests of one pass, by what they asked.
struct RequestKinds
{
    qint64 all = 0;
    qint64 eventListings = 0;   // GET /v1/events (the undelivered refund events)
    qint64 paymentListings = 0; // GET /v1/refunds?payment_intent=… or charge=…
    qint64 windowListings = 0;  // GET /v1/refunds?created… (an operation's window)
    qint64 retrievals = 0;      // GET /v1/refunds/re_…
    qint64 other = 0;

    void add(const QString &pathAndQuery)
    {
        ++all;
        if (pathAndQuery.startsWith(QLatin1String("/v1/events")))
            ++eventListings;
        else if (pathAndQuery.startsWith(QLatin1String("/v1/refunds/")))
            ++retrievals;
        else if (pathAndQuery.startsWith(QLatin1String("/v1/refunds?"))
                 && (pathAndQuery.contains(QLatin1String("payment_intent=")) || pathAndQuery.contains(QLatin1String("charge="))))
            ++paymentListings;
        else if (pathAndQuery.startsWith(QLatin1String("/v1/refunds")))
            ++windowListings;
        else
            ++other;
    }
};

// One reconcile pass and what it cost.
struct PassRun
{
    QString label;
    bool ok = false;
    QString failure;
    double seconds = 0; // the command, start to exit
    QJsonObject summary; // what --json printed
    RequestKinds requests;
    qint64 bytesBefore = 0;
    qint64 bytesAfter = 0;
    qint64 storeRoundTrips = -1; // through the proxy; -1 on SQLite

    qint64 count(const char *key) const { return summary.value(QLatin1String(key)).toInteger(); }
    double passSeconds() const { return double(count("elapsed_ms")) / 1000.0; }
};

// How a benchmark reaches the store: where it is, its size, the round trips to it so far
// (none when not counted).
struct StoreUnderTest
{
    QString location;
    std::function<qint64()> bytes;
    std::function<qint64()> roundTrips;
};

PassRun reconcile(const QString &label, FakeStripe &fake, const QProcessEnvironment &environment,
                  const StoreUnderTest &store, double rate)
{
    PassRun run;
    run.label = label;
    run.bytesBefore = store.bytes();
    const qint64 roundTripsBefore = store.roundTrips ? store.roundTrips() : 0;
    const int requestsBefore = fake.requestCount();
    QElapsedTimer timer;
    timer.start();
    const AppRun process = runApp({QStringLiteral("reconcile"), QStringLiteral("--db"), store.location, QStringLiteral("--rate"),
                                   QString::number(rate), QStringLiteral("--json")},
                                  withFakeStripe(environment, fake));
    run.seconds = double(timer.elapsed()) / 1000.0;
    for (int i = requestsBefore; i < fake.requestCount(); ++i)
        run.requests.add(fake.requests().at(size_t(i)).pathAndQuery);
    if (store.roundTrips)
        run.storeRoundTrips = store.roundTrips() - roundTripsBefore;
    run.bytesAfter = store.bytes();
    if (process.exitCode != 0) {
        run.failure = QStringLiteral("reconcile exited %1: %2").arg(process.exitCode).arg(process.err.trimmed());
        return run;
    }
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(process.out.trimmed().toUtf8(), &error);
    if (!document.isObject()) {
        run.failure = QStringLiteral("reconcile --json printed no object (%1): %2").arg(error.errorString(), process.out);
        return run;
    }
    run.summary = document.object();
    if (run.summary.value(QLatin1String("already_running")).toBool()) {
        run.failure = QStringLiteral("another pass held the store's lease");
        return run;
    }
    run.ok = true;
    return run;
}

QString seconds(double value)
{
    return QString::number(value, 'f', 1) + QStringLiteral(" s");
}

void print(QTextStream &out, const PassRun &run, double rate)
{
    out << "\n== " << run.label << '\n';
    if (!run.ok) {
        out << "  failed: " << run.failure << '\n';
        return;
    }
    const double paced = double(run.requests.all) / rate;
    const QString verdicts = QString::fromUtf8(
        QJsonDocument(run.summary.value(QLatin1String("verdicts")).toObject()).toJson(QJsonDocument::Compact));
    out << "  operations asked:               " << run.count("operations_asked") << " (" << run.count("first_asks")
        << " for the first time, " << run.count("asked_again") << " again as due); " << run.count("too_recent")
        << " too recent, " << run.count("not_due_yet") << " not due yet\n"
        << "  answers kept:                   " << run.count("answers") << ", by verdict " << verdicts << '\n'
        << "  requests to Stripe:             " << run.requests.all << " (the pass counted " << run.count("requests") << ")\n"
        << "    undelivered events listed:    " << run.requests.eventListings << " (" << run.count("events_read")
        << " events read, " << run.count("events_added") << " new)\n"
        << "    refunds of a payment:         " << run.requests.paymentListings << '\n'
        << "    refunds of a window:          " << run.requests.windowListings << '\n'
        << "    refunds retrieved by id:      " << run.requests.retrievals << '\n';
    if (run.requests.other > 0)
        out << "    anything else:                " << run.requests.other << '\n';
    out << "  requests per operation asked:   " << ratio(run.requests.all, run.count("operations_asked")) << '\n'
        << "  time:                           " << seconds(run.seconds) << " (the pass's own " << seconds(run.passSeconds())
        << ")\n"
        << "  requests / rate:                " << seconds(paced) << " at " << rate << " a second\n"
        << "  time / (requests / rate):       " << ratio(run.seconds, paced, 3) << " (the pass's own "
        << ratio(run.passSeconds(), paced, 3) << ")\n"
        << "  store:                          " << QString::number(run.bytesBefore / 1048576.0, 'f', 1) << " MiB -> "
        << QString::number(run.bytesAfter / 1048576.0, 'f', 1) << " MiB\n";
    if (run.storeRoundTrips >= 0) {
        out << "  round trips to the store:       " << run.storeRoundTrips << " ("
            << ratio(run.storeRoundTrips, run.count("answers"), 2) << " per answer kept)\n";
    }
}

// Both passes on one store: the first, then the second right after it.
std::pair<PassRun, PassRun> twoPasses(const QString &backend, FakeStripe &fake, const QProcessEnvironment &environment,
                                      const StoreUnderTest &store, double rate, QTextStream &out)
{
    PassRun first = reconcile(backend + QStringLiteral(", first pass"), fake, environment, store, rate);
    print(out, first, rate);
    out.flush();
    PassRun second = reconcile(backend + QStringLiteral(", second pass right after"), fake, environment, store, rate);
    print(out, second, rate);
    out.flush();
    return {std::move(first), std::move(second)};
}

void figures(QTextStream &out, const QString &backend, const std::pair<PassRun, PassRun> &passes, double rate)
{
    const PassRun &first = passes.first;
    const PassRun &second = passes.second;
    out << backend << '\n';
    if (!first.ok || !second.ok) {
        out << "  (failed)\n";
        return;
    }
    const double paced = double(first.requests.all) / rate;
    out << "  first pass: " << first.count("operations_asked") << " operations asked, " << first.requests.all
        << " requests, " << seconds(first.seconds) << " (pass " << seconds(first.passSeconds()) << "); requests / rate "
        << seconds(paced) << "; time / (requests / rate) " << ratio(first.seconds, paced) << " (pass "
        << ratio(first.passSeconds(), paced) << "; target <= 1.2)\n"
        << "  second pass: " << second.requests.all << " requests: " << second.requests.eventListings
        << " listing undelivered events, " << second.requests.retrievals << " retrievals by id ("
        << second.count("asked_again") << " due re-asks), " << second.requests.paymentListings + second.requests.windowListings
        << " listings of refunds (" << second.count("first_asks") << " first asks); " << seconds(second.seconds) << '\n';
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addDemoStoreOptions(parser, QStringLiteral("7"));
    parser.addOption({QStringLiteral("rate"), QStringLiteral("Requests a second the passes may send (Stripe's live rate: 100)."),
                      QStringLiteral("R"), QStringLiteral("100")});
    parser.addOption({QStringLiteral("skip-postgresql"), QStringLiteral("SQLite alone.")});
    parser.addOption({QStringLiteral("stripe-latency"),
                      QStringLiteral("Milliseconds the fake Stripe takes to answer each request (0: at once; Stripe's own is "
                                     "about 100 to 300)."),
                      QStringLiteral("MS"), QStringLiteral("0")});
    parser.process(app);
    QTextStream out(stdout);

    const double rate = parser.value(QStringLiteral("rate")).toDouble();
    if (rate <= 0) {
        out << "--rate takes a number of requests a second above 0\n";
        return 2;
    }
    QTemporaryDir dir;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    QString failure;
    const auto demo = demoStoreFor(parser, dir.path(), environment, 0, failure);
    if (!demo) {
        out << failure << '\n';
        return 1;
    }
    FakeStripe fake;
    if (const QString error = serveTruth(fake, demo->truth); !error.isEmpty()) {
        out << error << '\n';
        return 1;
    }
    fake.setDelayMs(parser.value(QStringLiteral("stripe-latency")).toInt());
    out << "demo store:                     " << demo->shape.operations << " operations, seed " << demo->shape.seed
        << ", up to " << demo->shape.now << '\n'
        << "at Stripe:                      " << fake.truth().refunds.size() << " refunds, "
        << fake.truth().events.size() << " events\n";
    out.flush();

    const QString copyPath = dir.filePath(QStringLiteral("reconcile.sqlite"));
    if (!QFile::copy(demo->store, copyPath)) {
        out << "the demo store could not be copied to " << copyPath << '\n';
        return 1;
    }
    const auto sqlite = twoPasses(QStringLiteral("SQLite"), fake, environment,
                                  {copyPath, [&copyPath] { return sqliteBytes(copyPath); }, {}}, rate, out);
    QFile::remove(copyPath);

    std::optional<std::pair<PassRun, PassRun>> postgresql;
    if (!parser.isSet(QStringLiteral("skip-postgresql")) && Test::PgTestServer::isInstalled()) {
        PgDemoStoreCopy copy;
        QString pgFailure = copy.copy(demo->store, environment);
        if (pgFailure.isEmpty())
            pgFailure = copy.reachAtRoundTrip(20);
        if (!pgFailure.isEmpty()) {
            out << "\n== PostgreSQL at a 20 ms round trip\n  failed: " << pgFailure << '\n';
        } else {
            postgresql = twoPasses(QStringLiteral("PostgreSQL at a 20 ms round trip"), fake, environment,
                                   {copy.distantLocation(), [&copy] { return copy.databaseBytes(); },
                                    [&copy] { return copy.roundTrips(); }},
                                   rate, out);
        }
    }

    out << "\n== Figures at " << rate << " requests a second\n";
    figures(out, QStringLiteral("SQLite"), sqlite, rate);
    if (postgresql)
        figures(out, QStringLiteral("PostgreSQL at a 20 ms round trip"), *postgresql, rate);
    out << "requests refused (not GET): " << fake.refusedRequests().size() << '\n';
    const auto ok = [](const std::pair<PassRun, PassRun> &passes) { return passes.first.ok && passes.second.ok; };
    return ok(sqlite) && (!postgresql || ok(*postgresql)) ? 0 : 1;
}
