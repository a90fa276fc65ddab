#include "clicontext.h"
#include "commands.h"

#include "demo/demostore.h"
#include "domain/money.h"
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
    const QString truthOption = QStringLiteral("stripe-truth");
    const QString profileOption = QStringLiteral("profile");
    const QString shopOption = QStringLiteral("shop-refunds-per-minute");
    context.addDbOption();
    context.parser().addOption({operationsOption,
                                QCoreApplication::translate("Cli", "How many refund operations to simulate (default 2000)."),
                                QStringLiteral("N"), QStringLiteral("2000")});
    context.parser().addOption({seedOption, QCoreApplication::translate("Cli", "The seed: the same seed gives the same store (default 1)."),
                                QStringLiteral("S"), QStringLiteral("1")});
    context.parser().addOption({nowOption,
                                QCoreApplication::translate("Cli", "Simulate up to this time (ms since the epoch) instead of now, for "
                                                                   "a store that is the same on every run."),
                                QStringLiteral("MS")});
    context.parser().addOption({truthOption,
                                QCoreApplication::translate("Cli", "Also write what the fake provider really did (every refund and "
                                                                   "every event, delivered or not) to this JSON Lines file, for "
                                                                   "a fake Stripe to serve."),
                                QStringLiteral("FILE")});
    context.parser().addOption({profileOption,
                                QCoreApplication::translate("Cli", "How the support team worked the queue: backlog (default: five days "
                                                                   "in which a share was decided, most of the queue older than a "
                                                                   "day) or today (the team keeps up: most of the queue within the "
                                                                   "store's target, a few overdue)."),
                                QStringLiteral("NAME"), QStringLiteral("backlog")});
    context.parser().addOption({shopOption,
                                QCoreApplication::translate("Cli", "How many refunds a minute the shop makes by its other paths, "
                                                                   "beside the agent's (default 0). They exist at the provider only: "
                                                                   "written to the --stripe-truth file, never to the store."),
                                QStringLiteral("N"), QStringLiteral("0")});
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
    options.providerTruthPath = context.parser().value(truthOption);
    const QString profile = context.parser().value(profileOption);
    if (profile == QLatin1String("today"))
        options.profile = DemoProfile::Today;
    else if (profile != QLatin1String("backlog"))
        return context.usageError(QCoreApplication::translate("Cli", "--profile wants backlog or today."));
    options.shopRefundsPerMinute = context.parser().value(shopOption).toDouble(&ok);
    if (!ok || !(options.shopRefundsPerMinute >= 0 && options.shopRefundsPerMinute <= DemoSimulator::MaxShopRefundsPerMinute)) {
        return context.usageError(QCoreApplication::translate("Cli", "--shop-refunds-per-minute wants a number from 0 to %1.")
                                      .arg(DemoSimulator::MaxShopRefundsPerMinute));
    }
    if (options.shopRefundsPerMinute > 0 && options.providerTruthPath.isEmpty()) {
        return context.usageError(QCoreApplication::translate("Cli", "--shop-refunds-per-minute needs --stripe-truth: the shop's "
                                                                    "other refunds exist at the provider only."));
    }

    QElapsedTimer timer;
    timer.start();
    auto progress = [&](qint64 done, qint64 total) {
        const double seconds = qMax(0.001, double(timer.elapsed()) / 1000.0);
        context.say(QCoreApplication::translate("Cli", "%1 of %n operation(s) (%2), %3 operations/s", nullptr, int(total))
                        .arg(QString::number(done), percent(done, total), QString::number(qint64(double(done) / seconds))));
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
            context.say(QCoreApplication::translate("Cli", "finishing the store (statistics, checkpoint)"));
        }
    };

    const auto summary = DemoStore::generate(*path, options, throttled);
    if (!summary)
        return context.fail(summary.error());
    const double seconds = qMax(0.001, double(timer.elapsed()) / 1000.0);
    const SimulationSummary &s = *summary;

    QTextStream &out = context.out();
    auto line = [&out](const char *text, const QString &value) {
        out << QCoreApplication::translate("Cli", text).arg(value) << '\n';
    };
    line(QT_TRANSLATE_NOOP("Cli", "Demo store: %1"), StoreFactory::displayLocation(*path));
    out << QCoreApplication::translate("Cli", "Seed: %1, simulated up to %2")
               .arg(QString::number(s.seed), QDateTime::fromMSecsSinceEpoch(s.nowMs, Qt::UTC).toString(Qt::ISODate))
        << '\n';
    line(QT_TRANSLATE_NOOP("Cli", "Operations: %1"), QString::number(s.operations));
    // The states are the store's own words, in every language.
    for (const auto &[state, count] : {std::pair{"open", s.open}, {"unknown", s.unknown}, {"checking", s.checking},
                                        {"refunded", s.refunded}, {"failed", s.failed}})
        out << "  " << state << ": " << count << '\n';
    out << QCoreApplication::translate("Cli", "Attempts: %1 (in %2, %3)", "%2: tool calls, %3: lost insert races")
               .arg(QString::number(s.attempts),
                    QCoreApplication::translate("Cli", "%n tool call(s)", nullptr, int(s.toolCalls)),
                    QCoreApplication::translate("Cli", "%n lost insert race(s)", nullptr, int(s.insertRaces)))
        << '\n'
        << QCoreApplication::translate("Cli", "Webhook events: %1 (%2, %3 not delivered, %4 without metadata, %5 unreadable)",
                                       "%2: duplicate deliveries ignored")
               .arg(QString::number(s.events),
                    QCoreApplication::translate("Cli", "%n duplicate deliveries ignored", nullptr, int(s.duplicateDeliveries)),
                    QString::number(s.undeliveredEvents), QString::number(s.eventsWithoutMetadata),
                    QString::number(s.unreadablePayloads))
        << '\n';
    line(QT_TRANSLATE_NOOP("Cli", "Resolutions: %1"), QString::number(s.resolutions));
    line(QT_TRANSLATE_NOOP("Cli", "Double refunds (old tool version): %1"), QString::number(s.doubleRefunds));
    line(QT_TRANSLATE_NOOP("Cli", "Refunded in the Dashboard by a colleague, the operation left unknown: %1"),
         QString::number(s.dashboardRefunds));
    if (!options.providerTruthPath.isEmpty())
        line(QT_TRANSLATE_NOOP("Cli", "The shop's other refunds, at the provider only: %1"), QString::number(s.shopRefunds));
    out << QCoreApplication::translate("Cli", "Reference case: %1 (order %2, %3 %4, unknown)")
               .arg(ReferenceCase::OperationId, ReferenceCase::OrderId,
                    Money::formatNumber(ReferenceCase::AmountCents, ReferenceCase::Currency), ReferenceCase::Currency.toUpper())
        << '\n'
        << QCoreApplication::translate("Cli", "Elapsed: %1 s (%2 operations/s)")
               .arg(QString::number(seconds, 'f', 1), QString::number(qint64(double(s.operations) / seconds)))
        << '\n';
    out.flush();
    return 0;
}

} // namespace RefundDesk::Cli
