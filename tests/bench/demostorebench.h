#pragma once

// What the benchmarks that ask the fake Stripe about a demo store share (bench_askqueue,
// bench_reconcile): the demo store and its truth (built, or one made before), the fake
// Stripe serving that truth, the real refund-desk run against it, and the store's size.

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <optional>

class QCommandLineParser;

namespace RefundDesk::Testing {
class FakeStripe;
}

namespace RefundDesk::Bench {

// The key the fake Stripe accepts and the benchmark hands to refund-desk.
QString demoBenchStripeKey();
// The demo simulates the five days before its clock.
constexpr double DemoSimulatedMinutes = 5 * 24 * 60;

struct AppRun
{
    int exitCode = -1; // -1: it crashed or did not start
    QString out;
    QString err;
};

// Runs refund-desk with `arguments` and waits in an event loop of this thread: the fake
// Stripe answers from it.
AppRun runApp(const QStringList &arguments, const QProcessEnvironment &environment);

// `environment` with refund-desk pointed at `fake` (its key and base URL).
QProcessEnvironment withFakeStripe(QProcessEnvironment environment, const Testing::FakeStripe &fake);

// A SQLite store's size with its WAL folded in: what it holds, not what it last wrote.
qint64 sqliteBytes(const QString &path);

QString ratio(double part, double of, int decimals = 3);

// The demo that made a store: its seed, its clock and its size, from the store itself.
struct DemoShape
{
    QString seed;
    QString now;
    qint64 operations = 0;
};

std::optional<DemoShape> shapeOf(const QString &path);

// The demo store a benchmark asks and the fake provider's truth beside it.
struct DemoStore
{
    QString store;
    QString truth;
    DemoShape shape;
};

// --operations N, --seed S, --demo-store DB, --demo-truth FILE.
void addDemoStoreOptions(QCommandLineParser &parser, const QString &defaultSeed);

// The store --demo-store names (with --demo-truth), or one built in `folder` by `refund-desk
// demo --stripe-truth` up to now, of --operations and --seed, with the shop's other
// refunds a minute. Empty, with `failure` said, when neither can be had.
std::optional<DemoStore> demoStoreFor(const QCommandLineParser &parser, const QString &folder,
                                      const QProcessEnvironment &environment, double shopRefundsPerMinute,
                                      QString &failure);

// `fake` accepting the benchmark's key, serving the truth in `truthPath` on the loopback.
// Empty when it serves; else why not.
QString serveTruth(Testing::FakeStripe &fake, const QString &truthPath);

} // namespace RefundDesk::Bench
