#include "clicontext.h"
#include "commands.h"

#include "demo/demostore.h"
#include "store/store.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>

namespace RefundDesk::Cli {

namespace {

QString percent(qint64 part, qint64 whole)
{
    return whole > 0 ? QString::number(100.0 * double(part) / double(whole), 'f', 1) + QLatin1Char('%') : QString();
}

} // namespace

int runDemo(CliContext &context)
{
    const QString operationsOption = QStringLiteral("operations");
    const QString seedOption = QStringLiteral("seed");
    const QString nowOption = QStringLiteral("now");
    context.addDbOption();
    context.parser().addOption({operationsOption,
                                QStringLiteral("How many refund operations to simulate (default 2000)."),
                                QStringLiteral("N"), QStringLiteral("2000")});
    context.parser().addOption({seedOption, QStringLiteral("The seed: the same seed gives the same store (default 1)."),
                                QStringLiteral("S"), QStringLiteral("1")});
    context.parser().addOption({nowOption,
                                QStringLiteral("Simulate up to this time (ms since the epoch) instead of now, for "
                                               "a store that is the same on every run."),
                                QStringLiteral("MS")});
    if (auto exit = context.parse(0, 0))
        return *exit;
    const auto path = context.dbPath();
    if (!path)
        return 2;

    SimulationOptions options;
    bool ok = false;
    options.operations = context.parser().value(operationsOption).toLongLong(&ok);
    if (!ok || options.operations < 1 || options.operations > DemoSimulator::MaxOperations) {
        return context.usageError(QCoreApplication::translate("Cli", "--operations wants a whole number from 1 to %1.")
                                      .arg(DemoSimulator::MaxOperations));
    }
    options.seed = context.parser().value(seedOption).toULongLong(&ok);
    if (!ok)
        return context.usageError(QCoreApplication::translate("Cli", "--seed wants a whole number from 0 to 18446744073709551615."));
    if (context.parser().isSet(nowOption)) {
        const qint64 now = context.parser().value(nowOption).toLongLong(&ok);
        if (!ok || now <= 0)
            return context.usageError(QCoreApplication::translate("Cli", "--now wants milliseconds since the Unix epoch."));
        options.nowMs = now;
    }

    QElapsedTimer timer;
    timer.start();
    auto progress = [&](qint64 done, qint64 total) {
        const double seconds = qMax(0.001, double(timer.elapsed()) / 1000.0);
        context.err() << "refund-desk demo: " << done << " of " << total << " operations (" << percent(done, total)
                      << "), " << qint64(double(done) / seconds) << " operations/s\n";
        context.err().flush();
    };
    // About twenty progress lines whatever the size.
    qint64 nextLine = 0;
    bool finishing = false;
    const qint64 step = qMax<qint64>(1, options.operations / 20);
    auto throttled = [&](qint64 done, qint64 total) {
        if (finishing)
            return;
        if (done >= nextLine || done == total) {
            progress(done, total);
            nextLine = done + step;
        }
        if (done == total) {
            finishing = true;
            context.err() << "refund-desk demo: finishing the store (statistics, checkpoint)\n";
            context.err().flush();
        }
    };

    const auto summary = DemoStore::generate(*path, options, throttled);
    if (!summary)
        return context.fail(summary.error());
    const double seconds = qMax(0.001, double(timer.elapsed()) / 1000.0);
    const SimulationSummary &s = *summary;

    QTextStream &out = context.out();
    out << "Demo store: " << StoreFactory::displayLocation(*path) << '\n'
        << "Seed: " << s.seed << ", simulated up to "
        << QDateTime::fromMSecsSinceEpoch(s.nowMs, Qt::UTC).toString(Qt::ISODate) << '\n'
        << "Operations: " << s.operations << '\n'
        << "  open: " << s.open << '\n'
        << "  unknown: " << s.unknown << '\n'
        << "  checking: " << s.checking << '\n'
        << "  refunded: " << s.refunded << '\n'
        << "  failed: " << s.failed << '\n'
        << "Attempts: " << s.attempts << " (in " << s.toolCalls << " tool calls, " << s.insertRaces
        << " lost insert races)\n"
        << "Webhook events: " << s.events << " (" << s.duplicateDeliveries << " duplicate deliveries ignored, "
        << s.undeliveredEvents << " not delivered, " << s.eventsWithoutMetadata << " without metadata, "
        << s.unreadablePayloads << " unreadable)\n"
        << "Resolutions: " << s.resolutions << '\n'
        << "Double refunds (old tool version): " << s.doubleRefunds << '\n'
        << "Reference case: " << ReferenceCase::OperationId << " (order " << ReferenceCase::OrderId << ", "
        << ReferenceCase::AmountCents << " " << ReferenceCase::Currency << ", unknown)\n"
        << "Elapsed: " << QString::number(seconds, 'f', 1) << " s ("
        << qint64(double(s.operations) / seconds) << " operations/s)\n";
    out.flush();
    return 0;
}

} // namespace RefundDesk::Cli
