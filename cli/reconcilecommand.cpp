// reconcile: one pass of the reconciler (DESIGN.md, "Command line"): the events Stripe
// could not deliver, then every operation due asked of Stripe, each answer kept. One pass
// at a time per store, by a lease in store_meta; it decides nothing.

#include "clicontext.h"
#include "commands.h"
#include "interruptwatch.h"
#include "jsonwriter.h"
#include "reconcilepass.h"
#include "stripesetup.h"

#include "domain/reconcilepassrecord.h"
#include "store/notecheck.h"
#include "store/store.h"
#include "store/storelease.h"
#include "stripe/stripeclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QSysInfo>

namespace RefundDesk::Cli {

namespace {

const QString LeaseKey = QStringLiteral("reconcile_lease");
// Long enough for a slow store to answer between renewals; short enough that a killed
// pass keeps the next one waiting only a little.
constexpr qint64 LeaseLengthMs = 2 * 60 * 1000;
// Who a store on SQLite records as having asked, when --operator is not given.
const QString DefaultOperator = QStringLiteral("reconciler");

QString leaseHolderId()
{
    return QStringLiteral("%1 pid %2").arg(QSysInfo::machineHostName()).arg(QCoreApplication::applicationPid());
}

nlohmann::json summaryJson(const ReconcileSummary &summary, int requests, qint64 elapsedMs)
{
    nlohmann::json verdicts = nlohmann::json::object();
    for (const auto &[verdict, count] : summary.verdicts)
        verdicts[toString(verdict).toStdString()] = count;
    return {{"already_running", false},
            {"events_read", summary.eventsRead},
            {"events_added", summary.eventsAdded},
            {"operations_asked", summary.firstAsks + summary.askedAgain},
            {"first_asks", summary.firstAsks},
            {"asked_again", summary.askedAgain},
            {"answers", summary.answered},
            {"verdicts", verdicts},
            {"too_recent", summary.tooRecent},
            {"not_due_yet", summary.notDueYet},
            {"requests", requests},
            {"elapsed_ms", elapsedMs}};
}

QString summaryText(const ReconcileSummary &summary, int requests, qint64 elapsedMs)
{
    QStringList verdicts;
    // The verdicts are the store's tokens, in every language (as queue --json writes them).
    for (const auto &[verdict, count] : summary.verdicts)
        verdicts.append(QStringLiteral("%1 %2").arg(toString(verdict)).arg(count));
    const QString answers = verdicts.isEmpty() ? QCoreApplication::translate("Cli", "none") : verdicts.join(QLatin1String(", "));
    return QCoreApplication::translate("Cli", "Reconcile pass: %1 undelivered event(s) fetched (%2 new); %3 operation(s) "
                                              "asked (%4 for the first time, %5 again as due); answers by verdict: %6; "
                                              "%n request(s) to Stripe; %7 s.",
                                       nullptr, requests)
        .arg(summary.eventsRead)
        .arg(summary.eventsAdded)
        .arg(summary.firstAsks + summary.askedAgain)
        .arg(summary.firstAsks)
        .arg(summary.askedAgain)
        .arg(answers)
        .arg(QString::number(double(elapsedMs) / 1000.0, 'f', 1));
}

} // namespace

int runReconcile(CliContext &context)
{
    const QString jsonOption = QStringLiteral("json");
    const QString operatorOption = QStringLiteral("operator");
    const QString rateOption = QStringLiteral("rate");
    context.addDbOption();
    auto &parser = context.parser();
    parser.addOption({jsonOption, QCoreApplication::translate("Cli", "Print the pass's summary as one JSON object.")});
    parser.addOption({rateOption, QCoreApplication::translate("Cli", "At most R requests a second to Stripe (default 20)."),
                      QStringLiteral("R"), QStringLiteral("20")});
    parser.addOption({operatorOption,
                      QCoreApplication::translate("Cli", "Who asks, as the lookups record it (default: reconciler). On "
                                                         "PostgreSQL the database login is recorded."),
                      QStringLiteral("NAME")});
    addStripeOptions(context);
    if (auto exit = context.parse(0, 0))
        return *exit;

    bool rateOk = false;
    const double rate = parser.value(rateOption).toDouble(&rateOk);
    if (!rateOk || rate <= 0)
        return context.usageError(QCoreApplication::translate("Cli", "--rate takes a number of requests a second above 0, e.g. 10."));
    QString operatorName = parser.value(operatorOption).trimmed();
    if (operatorName.isEmpty() && !StoreFactory::recordsLoginAsOperator(parser.value(QStringLiteral("db"))))
        operatorName = DefaultOperator;
    const bool json = parser.isSet(jsonOption);

    int exitCode = 0;
    auto opened = openStripeStore(context,
                                  QCoreApplication::translate("Cli", "The store is open for reading only (%1), and "
                                                                     "reconcile keeps what Stripe answers in it: run "
                                                                     "it as a user who may write the store."),
                                  exitCode);
    if (!opened)
        return exitCode;
    Store *store = opened->store.get();
    if (const std::optional<Error> refused = Internal::refuseProviderAnswers(*store))
        return context.fail(*refused);

    StoreLease lease(*store, LeaseKey, leaseHolderId(), LeaseLengthMs);
    auto holder = lease.take(QDateTime::currentMSecsSinceEpoch());
    if (!holder) {
        return context.fail(Error{holder.error().kind,
                                  QCoreApplication::translate("Cli", "The pass could not take its lease in the store's "
                                                                     "store_meta (%1): on PostgreSQL a login in the role "
                                                                     "refund_desk_reconciler (roles-postgresql.sql, run "
                                                                     "again on an older store) runs it.")
                                      .arg(holder.error().message)});
    }
    if (*holder) {
        // Another pass is asking: this one would only ask the same questions again.
        if (json) {
            context.out() << QString::fromStdString(JsonWriter::dump({{"already_running", true},
                                                                      {"holder", (*holder)->id.toStdString()},
                                                                      {"lease_until", (*holder)->expiresAtMs}}))
                          << '\n';
        } else {
            context.out() << QCoreApplication::translate("Cli", "Another reconcile pass is running on this store (%1, its "
                                                                "lease runs to %2): this one asks nothing.")
                                 .arg((*holder)->id, QDateTime::fromMSecsSinceEpoch((*holder)->expiresAtMs, Qt::UTC).toString(Qt::ISODate))
                          << '\n';
        }
        return 0;
    }

    QElapsedTimer elapsed;
    elapsed.start();
    StripeClient client(opened->stripe.secret, opened->stripe.apiBase);
    ReconcilePass pass(*store, client, lease, operatorName, rate);
    const auto say = [&context](const QString &line) {
        context.err() << "refund-desk reconcile: " << line << '\n';
        context.err().flush();
    };
    QObject::connect(&client, &StripeClient::waiting, &pass, [&](quint64, qint64, const QString &why) { say(why); });
    QObject::connect(&pass, &ReconcilePass::note, &pass, say);

    InterruptWatch interrupt;
    std::optional<Error> failure = runStripeJob(pass, &ReconcilePass::finished, &interrupt);
    pass.stop();
    // How the pass ended, for every console's status bar: a pass stopped by Ctrl+C (or by
    // systemd) neither checked everything nor failed, and leaves the last record as it is.
    if (failure || !interrupt.wasInterrupted()) {
        ReconcilePassRecord record;
        record.finishedAtMs = QDateTime::currentMSecsSinceEpoch();
        record.ok = !failure;
        record.failure = failure ? failure->message : QString();
        record.answers = pass.summary().answered;
        if (auto kept = store->setMeta(ReconcilePassRecord::MetaKey, record.toMetaValue()); !kept) {
            // The pass's own failure (a store gone away) says more; else this one is told.
            if (!failure)
                failure = kept.error();
        }
    }
    if (auto released = lease.release(); !released && !failure)
        failure = released.error();

    const ReconcileSummary &summary = pass.summary();
    if (json)
        context.out() << QString::fromStdString(JsonWriter::dump(summaryJson(summary, client.requestsSent(), elapsed.elapsed()))) << '\n';
    else
        context.out() << summaryText(summary, client.requestsSent(), elapsed.elapsed()) << '\n';
    if (failure) {
        return context.fail(Error{failure->kind, failure->message + QLatin1Char(' ')
                                                     + QCoreApplication::translate("Cli", "The %n answer(s) before it are kept; "
                                                                                          "the next pass asks the rest.",
                                                                                   nullptr, int(summary.answered))});
    }
    if (interrupt.wasInterrupted()) {
        context.err() << QCoreApplication::translate("Cli", "Interrupted: the %n answer(s) complete so far are kept; the next "
                                                            "pass asks the rest.",
                                                     nullptr, int(summary.answered))
                      << '\n';
        return InterruptWatch::ExitCode;
    }
    return 0;
}

} // namespace RefundDesk::Cli
