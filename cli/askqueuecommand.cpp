// ask-stripe --all-without-evidence: the operations of the queue without evidence asked of
// Stripe in shared listings, each answer kept as that operation's provider lookup.

#include "askqueuecommand.h"

#include "clicontext.h"
#include "progressprinter.h"
#include "stripesetup.h"

#include "store/notecheck.h"
#include "store/store.h"
#include "stripe/stripeclient.h"
#include "stripeask/queueaskquestions.h"
#include "stripeask/queueaskjob.h"
#include "stripeask/stripekeymode.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QTimer>

#include <csignal>

namespace RefundDesk::Cli {

namespace {

volatile std::sig_atomic_t interrupted = 0;

void onInterrupt(int)
{
    interrupted = 1;
}

constexpr int InterruptedExitCode = 130; // as a shell reports a command ended by Ctrl+C

} // namespace

int runAskStripeQueue(CliContext &context, const QString &operatorName, qint64 limit, double rate)
{
    auto stripe = readStripeSetup(context);
    if (!stripe)
        return context.fail(stripe.error());
    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadWrite, exitCode);
    if (!store)
        return exitCode;
    if (store->schemaVersion() < 2)
        return context.fail(Internal::versionOneRefusal(store->location(), QCoreApplication::translate("Store", "what the provider answered")));
    if (store->isReadOnly()) {
        return context.fail(Error::unavailable(QCoreApplication::translate("Cli", "The store is open for reading only (%1), and "
                                                                                  "ask-stripe keeps what Stripe answers in it: run "
                                                                                  "it as a user who may write the store.")
                                                   .arg(store->openNote())));
    }
    if (auto refused = refuseKeyOfOtherMode(*store, stripe->secret.mode()))
        return context.fail(*refused);
    auto reading = QueueAskQuestions::read(*store, limit);
    if (!reading)
        return context.fail(reading.error());
    const QString who = operatorName.isEmpty() ? store->sessionOperator() : operatorName;

    StripeClient client(stripe->secret, stripe->apiBase);
    const qint64 withoutEvidence = reading->withoutEvidence;
    const qint64 alreadyAnswered = reading->alreadyAnswered;
    QueueAskJob asker(*store, client, std::move(*reading), rate);
    ProgressPrinter progress(context, QCoreApplication::translate("Cli", "asking Stripe", "progress"));
    std::optional<Error> failure;
    qint64 kept = 0;
    qint64 settled = 0;
    qint64 withRefund = 0;
    QObject::connect(&client, &StripeClient::waiting, &asker,
                     [&context](quint64, qint64, const QString &why) { context.say(why); });
    QObject::connect(&asker, &QueueAskJob::eventsSkipped, &asker, [&context](const QString &why) { context.say(why); });
    QObject::connect(&asker, &QueueAskJob::settled, &asker, [&](qint64 count) {
        settled = count;
        progress.update(settled, asker.total());
    });
    QObject::connect(&asker, &QueueAskJob::operationAnswered, &asker,
                     [&](const ProviderLookupDraft &answered, const QString &) {
                         ProviderLookupDraft draft = answered;
                         draft.operatorName = who;
                         auto added = store->addProviderLookup(draft);
                         if (!added) {
                             failure = added.error();
                             asker.stop();
                             return;
                         }
                         ++kept;
                         if (!draft.result.contains(QLatin1String("\"refunds\":[]")))
                             ++withRefund;
                         progress.update(settled + kept, asker.total());
                     });

    interrupted = 0;
    auto previous = std::signal(SIGINT, onInterrupt);
    QTimer watch;
    watch.setInterval(100);
    QObject::connect(&watch, &QTimer::timeout, &asker, [&asker] {
        if (interrupted)
            asker.stop();
    });
    watch.start();
    {
        QEventLoop loop;
        QObject::connect(&asker, &QueueAskJob::finished, &loop, &QEventLoop::quit);
        QObject::connect(&asker, &QueueAskJob::failed, &loop, [&](const Error &error) {
            failure = error;
            loop.quit();
        });
        QObject::connect(&watch, &QTimer::timeout, &loop, [&] {
            if (asker.isStopped())
                loop.quit();
        });
        const qint64 now = QDateTime::currentSecsSinceEpoch();
        QMetaObject::invokeMethod(&asker, [&asker, now] { asker.start(now); }, Qt::QueuedConnection);
        loop.exec();
    }
    asker.stop();
    std::signal(SIGINT, previous);
    progress.finish();

    const auto requests = [](qint64 count) {
        return QCoreApplication::translate("Cli", "%n request(s)", "to Stripe", int(count));
    };
    const QString summary =
        QCoreApplication::translate("Cli", "Asked %1 of %2; %3 with a refund at Stripe; %4 already answered before; %5 to "
                                           "Stripe.",
                                    "%2: operations without evidence; %5: requests")
            .arg(settled + kept)
            .arg(QCoreApplication::translate("Cli", "%n operation(s) without evidence", "asked %1 of ...",
                                             int(withoutEvidence)))
            .arg(settled + withRefund)
            .arg(alreadyAnswered)
            .arg(requests(client.requestsSent()));
    const QString phases =
        QCoreApplication::translate("Cli", "%1 settled by undelivered events (%2 stored, %3); %4 answered by listings or "
                                           "by id (%5).",
                                    "%2: new events; %3 and %5: requests")
            .arg(settled)
            .arg(QCoreApplication::translate("Cli", "%n new event(s)", "stored", int(asker.eventsAdded())))
            .arg(requests(asker.eventRequests()))
            .arg(kept)
            .arg(requests(asker.refundRequests()));
    context.out() << summary << '\n' << phases << '\n';
    if (failure) {
        return context.fail(Error{failure->kind, failure->message + QLatin1Char(' ')
                                                     + QCoreApplication::translate("Cli", "The %n answer(s) before it are kept; "
                                                                                          "run the command again to ask the rest.",
                                                                                   nullptr, int(kept))});
    }
    if (interrupted) {
        context.say(QCoreApplication::translate("Cli", "Interrupted: the %n answer(s) complete so far are kept; run the "
                                                       "command again to ask the rest.",
                                                nullptr, int(kept)));
        return InterruptedExitCode;
    }
    return 0;
}

} // namespace RefundDesk::Cli
