// sync-events: the refund events Stripe holds and the store lacks (missed webhooks),
// fetched read-only and stored as the receiver would have stored them (DESIGN.md,
// "Command line").

#include "clicontext.h"
#include "commands.h"
#include "eventsync.h"
#include "stripesetup.h"

#include "stripe/stripeclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QRegularExpression>

namespace RefundDesk::Cli {

namespace {

constexpr int MaxChangesListed = 50;

// "3d", "12h", "90m", "600s" in seconds; nothing when it is not a span.
std::optional<qint64> spanSeconds(const QString &text)
{
    static const QRegularExpression span(QStringLiteral("^(\\d{1,7})([dhms])$"));
    const auto match = span.match(text.trimmed());
    if (!match.hasMatch())
        return std::nullopt;
    const qint64 count = match.captured(1).toLongLong();
    const QChar unit = match.captured(2).at(0);
    const qint64 unitSeconds = unit == QLatin1Char('d') ? 86400 : unit == QLatin1Char('h') ? 3600 : unit == QLatin1Char('m') ? 60 : 1;
    return count * unitSeconds;
}

void printSummary(QTextStream &out, const SyncSummary &summary)
{
    out << QCoreApplication::translate("Cli", "Events from Stripe: %1 read, %2 new, %3 already present (%n page(s)).", nullptr,
                                       int(summary.pages))
               .arg(summary.read).arg(summary.added).arg(summary.alreadyPresent)
        << '\n';
    if (summary.unreadable > 0) {
        out << QCoreApplication::translate("Cli", "%n of them stored but not readable as refund evidence.", nullptr,
                                           int(summary.unreadable))
            << '\n';
    }
    out << QCoreApplication::translate("Cli", "Operations in the queue whose verdict changed: %1").arg(summary.changes.size())
        << '\n';
    int listed = 0;
    for (const VerdictChange &change : summary.changes) {
        if (++listed > MaxChangesListed) {
            out << "  " << QCoreApplication::translate("Cli", "... and %1 more").arg(summary.changes.size() - MaxChangesListed) << '\n';
            break;
        }
        // The verdicts are the store's tokens, in every language (as queue --json writes them).
        out << "  " << change.operationId << ": " << toString(change.before) << " -> " << toString(change.after) << '\n';
    }
    out.flush();
}

} // namespace

int runSyncEvents(CliContext &context)
{
    const QString sinceOption = QStringLiteral("since");
    const QString undeliveredOption = QStringLiteral("undelivered-only");
    context.addDbOption();
    context.parser().addOption({sinceOption,
                                QCoreApplication::translate("Cli", "How far back to list events: a span such as 3d, 12h or 90m "
                                                                   "(default 3d, at most 30d: Stripe keeps events 30 days)."),
                                QStringLiteral("SPAN"), QStringLiteral("3d")});
    context.parser().addOption({undeliveredOption,
                                QCoreApplication::translate("Cli", "Only the events Stripe could not deliver to the webhook "
                                                                   "receiver (delivery_success=false).")});
    addStripeOptions(context);
    if (auto exit = context.parse(0, 0))
        return *exit;

    const auto since = spanSeconds(context.parser().value(sinceOption));
    if (!since)
        return context.usageError(QCoreApplication::translate("Cli", "--since wants a time span such as 3d, 12h or 90m."));
    if (auto refused = EventSync::checkSince(*since))
        return context.fail(*refused);
    int exitCode = 0;
    auto opened = openStripeStore(context,
                                  QCoreApplication::translate("Cli", "The store is open for reading only (%1), and "
                                                                     "sync-events writes the events it fetches: run "
                                                                     "it as a user who may write the store."),
                                  exitCode);
    if (!opened)
        return exitCode;
    Store &store = *opened->store;
    StripeClient client(opened->stripe.secret, opened->stripe.apiBase);
    SyncOptions options;
    options.sinceSeconds = *since;
    options.undeliveredOnly = context.parser().isSet(undeliveredOption);
    options.nowSeconds = QDateTime::currentSecsSinceEpoch();
    EventSync sync(store, client, options);

    QElapsedTimer sincePrint;
    const auto say = [&context](const QString &line) { context.say(line); };
    QObject::connect(&client, &StripeClient::waiting, &sync, [&](quint64, qint64, const QString &why) { say(why); });
    // A page line at most once a second: a 30-day window of a busy account is thousands.
    QObject::connect(&sync, &EventSync::note, &sync, say);
    QObject::connect(&sync, &EventSync::pageStored, &sync, [&](int pages, qint64 read, qint64 added) {
        if (!sincePrint.isValid() || sincePrint.elapsed() >= 1000) {
            say(QCoreApplication::translate("Cli", "page %1: %n event(s) read, %2 new", nullptr, int(read)).arg(pages).arg(added));
            sincePrint.start();
        }
    });
    const std::optional<Error> failure = runStripeJob(sync, &EventSync::succeeded);

    printSummary(context.out(), sync.summary());
    if (failure && sync.summary().pages == 0)
        return context.fail(*failure);
    if (failure) {
        return context.fail(Error{failure->kind, failure->message + QLatin1Char(' ')
                                                     + QCoreApplication::translate("Cli", "The pages before this are stored; "
                                                                                          "running sync-events again goes on "
                                                                                          "from there.")});
    }
    return 0;
}

} // namespace RefundDesk::Cli
