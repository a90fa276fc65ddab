// What asking Stripe about the whole queue costs: a demo store (with its fake provider's
// truth), the fake Stripe serving that truth, and `refund-desk ask-stripe
// --all-without-evidence` run against it unpaced. One run prints:
// - the requests per operation asked by its payment (the payment's refunds listed: the
//   requests of those lookups over their number, alone and with the undelivered events'
//   pages shared out over every operation asked), beside those asked by window and by id
//   and the figure over all operations asked (each phase's and in all);
// - the same when the shop's other refunds at Stripe grow ten times: the same store, its
//   truth made again with `demo --shop-refunds-per-minute` so that the refunds at Stripe
//   other than an operation's own are ten times as many;
// - what the store grew by, per operation asked;
// - lookups per second, unpaced, on SQLite and on PostgreSQL at a 20 ms round trip (a
//   server of its own behind a proxy that delays each way by 10 ms, as bench_batch does).
// Usage: bench_askqueue [--operations N] (10000 by default) [--seed S] [--shop-refunds-per-minute B]
// [--skip-postgresql], or [--demo-store DB --demo-truth FILE] to ask a copy of a demo store
// made before (with `refund-desk demo --stripe-truth`, the default profile) rather than
// building one; its seed, clock and size are read from it to make the busier truth.
// Asserts nothing.

#include "demostorebench.h"
#include "fakestripe.h"
#include "pgdemostorecopy.h"
#include "pgtestserver.h"

#include "domain/providerlookupresult.h"
#include "store/store.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace RefundDesk;
using namespace RefundDesk::Bench;
using RefundDesk::Testing::FakeStripe;

namespace {

// One ask-stripe run and what it cost.
struct AskRun
{
    QString label;
    bool ok = false;
    QString failure;
    QString said;
    double seconds = 0;
    qint64 requests = 0;
    qint64 eventRequests = 0;
    qint64 settled = 0;     // settled by undelivered events: no lookup
    qint64 eventsAdded = 0;
    qint64 lookups = 0;     // operations answered by a lookup kept
    qint64 withPayment = 0; // of those, the operations that name their payment
    // The lookups kept by how they asked (their result's method), and Stripe's requests of
    // each kind, from the fake's log.
    qint64 lookupsByPayment = 0; // the payment's refunds (payment_intent or charge)
    qint64 lookupsByWindow = 0;  // a listing of the window by `created`
    qint64 lookupsById = 0;      // the refunds by id
    qint64 paymentRequests = 0;
    qint64 windowRequests = 0;
    qint64 idRequests = 0;
    qint64 bytesBefore = 0;
    qint64 bytesAfter = 0;
    qint64 storeRoundTrips = -1; // through the proxy; -1 on SQLite

    qint64 asked() const { return lookups + settled; }
};

// Runs ask-stripe on `askLocation` against `fake`; `readLocation` is the same store reached
// directly, for counting what the run kept.
void ask(AskRun &run, FakeStripe &fake, const QProcessEnvironment &environment, const QString &askLocation,
         const QString &readLocation, bool withOperator)
{
    const int requestsBefore = fake.requestCount();
    QStringList arguments{QStringLiteral("ask-stripe"), QStringLiteral("--all-without-evidence"), QStringLiteral("--db"),
                          askLocation, QStringLiteral("--rate"), QStringLiteral("1000000")};
    if (withOperator) // on PostgreSQL the login is the operator
        arguments << QStringLiteral("--operator") << QStringLiteral("bench");
    QElapsedTimer timer;
    timer.start();
    const AppRun process = runApp(arguments, withFakeStripe(environment, fake));
    run.seconds = double(timer.elapsed()) / 1000.0;
    if (process.exitCode != 0) {
        run.failure = QStringLiteral("ask-stripe exited %1: %2").arg(process.exitCode).arg(process.err.trimmed());
        return;
    }
    run.said = process.out.trimmed();
    for (int i = requestsBefore; i < fake.requestCount(); ++i) {
        ++run.requests;
        const QString &asked = fake.requests().at(size_t(i)).pathAndQuery;
        if (asked.startsWith(QLatin1String("/v1/events")))
            ++run.eventRequests;
        else if (asked.startsWith(QLatin1String("/v1/refunds/")))
            ++run.idRequests;
        else if (asked.contains(QLatin1String("payment_intent=")) || asked.contains(QLatin1String("charge=")))
            ++run.paymentRequests;
        else
            ++run.windowRequests;
    }
    // The operations the undelivered events settled have no lookup: the command says how many.
    static const QRegularExpression settledLine(QStringLiteral("(\\d+) settled by undelivered events \\((\\d+) new"));
    const auto settled = settledLine.match(process.out);
    run.settled = settled.hasMatch() ? settled.captured(1).toLongLong() : 0;
    run.eventsAdded = settled.hasMatch() ? settled.captured(2).toLongLong() : 0;

    auto store = StoreFactory::open(readLocation, Store::OpenMode::ReadOnly);
    if (!store) {
        run.failure = store.error().message;
        return;
    }
    for (qint64 after = 0;;) {
        auto page = (*store)->providerLookupsAfter(after, 500);
        if (!page || page->empty())
            break;
        for (const ProviderLookup &lookup : *page) {
            ++run.lookups;
            const ProviderLookupResult result = ProviderLookupResult::read(lookup.result);
            if (result.byPayment)
                ++run.lookupsByPayment;
            else if (result.listed)
                ++run.lookupsByWindow;
            else
                ++run.lookupsById;
            if (auto operation = (*store)->operation(lookup.operationId); operation && *operation
                && !(*operation)->paymentId.isEmpty()) {
                ++run.withPayment;
            }
        }
        after = page->back().lookupId;
    }
    run.ok = true;
}

AskRun askSqlite(const QString &label, const QString &demoStore, const QString &copyPath, FakeStripe &fake,
                 const QProcessEnvironment &environment)
{
    AskRun run;
    run.label = label;
    if (!QFile::copy(demoStore, copyPath)) {
        run.failure = QStringLiteral("the demo store could not be copied to %1").arg(copyPath);
        return run;
    }
    run.bytesBefore = sqliteBytes(copyPath);
    ask(run, fake, environment, copyPath, copyPath, true);
    run.bytesAfter = sqliteBytes(copyPath);
    return run;
}

AskRun askPostgresql(const QString &label, const QString &demoStore, FakeStripe &fake,
                     const QProcessEnvironment &environment)
{
    AskRun run;
    run.label = label;
    PgDemoStoreCopy copy;
    if (const QString failure = copy.copy(demoStore, environment); !failure.isEmpty()) {
        run.failure = failure;
        return run;
    }
    run.bytesBefore = copy.databaseBytes();
    // 10 ms each way: a 20 ms round trip.
    if (const QString failure = copy.reachAtRoundTrip(20); !failure.isEmpty()) {
        run.failure = failure;
        return run;
    }
    ask(run, fake, environment, copy.distantLocation(), copy.directLocation(), false);
    run.storeRoundTrips = copy.roundTrips();
    run.bytesAfter = copy.databaseBytes();
    return run;
}

void print(QTextStream &out, const AskRun &run)
{
    out << "\n== " << run.label << '\n';
    if (!run.ok) {
        out << "  failed: " << run.failure << '\n';
        return;
    }
    const qint64 asked = run.asked();
    const qint64 refundRequests = run.requests - run.eventRequests;
    out << "  ask-stripe said:                " << QString(run.said).replace(QLatin1Char('\n'), QLatin1String("\n      ")) << '\n'
        << "  operations asked:               " << asked << '\n'
        << "    settled by undelivered events: " << run.settled << " (" << run.eventsAdded << " events stored)\n"
        << "    answered by lookups kept:      " << run.lookups << " (" << run.withPayment << " of them name their payment)\n"
        << "  requests to Stripe:             " << run.requests << '\n'
        << "    phase 1, undelivered events:  " << run.eventRequests << " (" << ratio(run.eventRequests, asked)
        << " per operation asked)\n"
        << "    phase 2, refunds:             " << refundRequests << " (" << ratio(refundRequests, asked)
        << " per operation asked; " << ratio(refundRequests, run.lookups) << " per operation it answered)\n"
        << "      by payment:                 " << run.paymentRequests << " for the " << run.lookupsByPayment
        << " lookups by payment (" << ratio(run.paymentRequests, run.lookupsByPayment) << " each)\n"
        << "      windows by created:         " << run.windowRequests << " for the " << run.lookupsByWindow
        << " lookups by window (" << ratio(run.windowRequests, run.lookupsByWindow) << " each)\n"
        << "      by refund id:               " << run.idRequests << " for the " << run.lookupsById << " other lookups\n"
        << "  requests per operation asked:   " << ratio(run.requests, asked) << '\n'
        << "  time, unpaced:                  " << QString::number(run.seconds, 'f', 1) << " s: "
        << ratio(run.lookups, run.seconds, 1) << " lookups a second\n"
        << "  time at 20 requests a second:   " << QString::number(std::max(run.seconds, run.requests / 20.0), 'f', 1)
        << " s (the pacing alone " << QString::number(run.requests / 20.0, 'f', 1) << " s)\n"
        << "  store:                          " << QString::number(run.bytesBefore / 1048576.0, 'f', 1) << " MiB -> "
        << QString::number(run.bytesAfter / 1048576.0, 'f', 1) << " MiB: "
        << ratio(double(run.bytesAfter - run.bytesBefore) / 1024.0, asked, 1) << " KiB per operation asked\n";
    if (run.storeRoundTrips >= 0) {
        out << "  round trips to the store:       " << run.storeRoundTrips << " ("
            << ratio(run.storeRoundTrips, run.lookups, 2) << " per lookup kept)\n";
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addDemoStoreOptions(parser, QStringLiteral("7"));
    parser.addOption({QStringLiteral("shop-refunds-per-minute"),
                      QStringLiteral("The shop's other refunds a minute in the first run (the demo's default: 0)."),
                      QStringLiteral("B"), QStringLiteral("0")});
    parser.addOption({QStringLiteral("skip-postgresql"), QStringLiteral("SQLite alone.")});
    parser.process(app);
    QTextStream out(stdout);

    QTemporaryDir dir;
    const QString busyTruthPath = dir.filePath(QStringLiteral("truth-busy.jsonl"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    const double baseShop = parser.value(QStringLiteral("shop-refunds-per-minute")).toDouble();

    QString failure;
    const auto demo = demoStoreFor(parser, dir.path(), environment, baseShop, failure);
    if (!demo) {
        out << failure << '\n';
        return 1;
    }
    const QString &demoStore = demo->store;
    const DemoShape &shape = demo->shape;

    FakeStripe fake;
    if (const QString error = serveTruth(fake, demo->truth); !error.isEmpty()) {
        out << error << '\n';
        return 1;
    }
    // From one operation's side, every refund at Stripe but its own is another's: ten times
    // as many is the shop's other refunds raised by nine times all of them.
    const double refundsPerMinute = double(fake.truth().refunds.size()) / DemoSimulatedMinutes;
    const double busyShop = baseShop + 9 * refundsPerMinute;
    const QString busyStore = dir.filePath(QStringLiteral("demo-busy.sqlite"));
    const AppRun busyBuilt = runApp({QStringLiteral("demo"), QStringLiteral("--db"), busyStore, QStringLiteral("--operations"),
                                     QString::number(shape.operations), QStringLiteral("--seed"), shape.seed,
                                     QStringLiteral("--now"), shape.now, QStringLiteral("--stripe-truth"), busyTruthPath,
                                     QStringLiteral("--shop-refunds-per-minute"), QString::number(busyShop, 'f', 3)},
                                    environment);
    if (busyBuilt.exitCode != 0) {
        out << "the busier demo failed: " << busyBuilt.err << '\n';
        return 1;
    }
    QFile::remove(busyStore); // the same store: only its truth differs
    FakeStripe busyFake;
    if (const QString error = serveTruth(busyFake, busyTruthPath); !error.isEmpty()) {
        out << error << '\n';
        return 1;
    }

    out << "demo store:                     " << shape.operations << " operations, seed " << shape.seed << ", up to "
        << shape.now << '\n'
        << "refunds at Stripe:              " << fake.truth().refunds.size() << " ("
        << QString::number(refundsPerMinute, 'f', 2) << " a minute), ten times the others: "
        << busyFake.truth().refunds.size() << " (--shop-refunds-per-minute " << QString::number(busyShop, 'f', 3) << ")\n";

    out.flush();

    // Each run is printed as it ends: at a million operations they take minutes.
    std::vector<AskRun> runs;
    const auto done = [&](AskRun run) {
        print(out, run);
        out.flush();
        runs.push_back(std::move(run));
    };
    done(askSqlite(QStringLiteral("SQLite"), demoStore, dir.filePath(QStringLiteral("ask.sqlite")), fake, environment));
    QFile::remove(dir.filePath(QStringLiteral("ask.sqlite")));
    done(askSqlite(QStringLiteral("SQLite, the shop's other refunds ten times as many"), demoStore,
                   dir.filePath(QStringLiteral("ask-busy.sqlite")), busyFake, environment));
    QFile::remove(dir.filePath(QStringLiteral("ask-busy.sqlite")));
    const bool postgresql = !parser.isSet(QStringLiteral("skip-postgresql")) && Test::PgTestServer::isInstalled();
    if (postgresql)
        done(askPostgresql(QStringLiteral("PostgreSQL at a 20 ms round trip"), demoStore, fake, environment));

    const AskRun &base = runs.at(0);
    const AskRun &busy = runs.at(1);
    // The target's figure: the operations asked by their payment. Their own requests, and
    // the same with the undelivered events' pages shared out over every operation asked
    // (each operation asked waits for them, whichever way it is then asked).
    const auto byPayment = [](const AskRun &run) { return double(run.paymentRequests) / double(std::max<qint64>(run.lookupsByPayment, 1)); };
    const auto eventShare = [](const AskRun &run) { return double(run.eventRequests) / double(std::max<qint64>(run.asked(), 1)); };
    const auto perAsked = [](const AskRun &run) { return double(run.requests) / double(std::max<qint64>(run.asked(), 1)); };
    const auto byWindow = [](const AskRun &run) { return double(run.windowRequests) / double(std::max<qint64>(run.lookupsByWindow, 1)); };
    out << "\n== Figures\n"
        << "requests per operation asked by its payment:  " << ratio(byPayment(base), 1) << " (" << base.paymentRequests
        << " requests for " << base.lookupsByPayment << " lookups by payment); with the undelivered events' pages shared out: "
        << ratio(byPayment(base) + eventShare(base), 1) << '\n'
        << "  with the shop's other refunds ten times:    " << ratio(byPayment(busy), 1) << " (" << busy.paymentRequests
        << " for " << busy.lookupsByPayment << "; " << ratio(byPayment(busy), byPayment(base)) << " times the first); shared out: "
        << ratio(byPayment(busy) + eventShare(busy), 1) << " ("
        << ratio(byPayment(busy) + eventShare(busy), byPayment(base) + eventShare(base)) << " times the first)\n"
        << "requests per operation asked by window:       " << ratio(byWindow(base), 1) << " (" << base.windowRequests
        << " for " << base.lookupsByWindow << "); ten times: " << ratio(byWindow(busy), 1) << " ("
        << ratio(byWindow(busy), byWindow(base)) << " times the first)\n"
        << "requests per operation asked, all of them:    " << ratio(perAsked(base), 1) << " ("
        << base.withPayment << " of " << base.lookups << " answered name their payment on their row)\n"
        << "  with the shop's other refunds ten times:    " << ratio(perAsked(busy), 1) << " ("
        << ratio(perAsked(busy), perAsked(base)) << " times the first)\n"
        << "store growth per operation asked (SQLite):    "
        << ratio(double(base.bytesAfter - base.bytesBefore) / 1024.0, base.asked(), 1) << " KiB\n"
        << "lookups a second, unpaced, SQLite:            " << ratio(base.lookups, base.seconds, 1) << '\n';
    if (postgresql) {
        const AskRun &far = runs.at(2);
        out << "store growth per operation asked (PostgreSQL): "
            << ratio(double(far.bytesAfter - far.bytesBefore) / 1024.0, far.asked(), 1) << " KiB\n"
            << "lookups a second, unpaced, PostgreSQL 20 ms:  " << ratio(far.lookups, far.seconds, 1) << '\n';
    } else {
        out << "lookups a second, unpaced, PostgreSQL 20 ms:  (not run)\n";
    }
    out << "requests refused (not GET):                   "
        << fake.refusedRequests().size() + busyFake.refusedRequests().size() << '\n';
    return std::all_of(runs.begin(), runs.end(), [](const AskRun &run) { return run.ok; }) ? 0 : 1;
}
