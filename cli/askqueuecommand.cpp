// ask-stripe --all-without-evidence: the operations of the queue without evidence asked of
// Stripe in shared listings, each answer kept as that operation's provider lookup.

#include "askqueuecommand.h"

#include "clicontext.h"
#include "interruptwatch.h"
#include "progressprinter.h"
#include "stripesetup.h"

#include "store/notecheck.h"
#include "store/store.h"
#include "stripe/stripeclient.h"
#include "stripeask/lookupkeeper.h"
#include "stripeask/queueaskpass.h"
#include "stripeask/queueaskquestions.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>

namespace RefundDesk::Cli {

QString askStripeReadOnlyRefusal()
{
    return QCoreApplication::translate("Cli", "The store is open for reading only (%1), and ask-stripe keeps what Stripe "
                                              "answers in it: run it as a user who may write the store.");
}

int runAskStripeQueue(CliContext &context, const QString &operatorName, qint64 limit, double rate)
{
    int exitCode = 0;
    auto opened = openStripeStore(context, askStripeReadOnlyRefusal(), exitCode);
    if (!opened)
        return exitCode;
    const StripeSetup &stripe = opened->stripe;
    Store *store = opened->store.get();
    if (const std::optional<Error> refused = Internal::refuseProviderAnswers(*store))
        return context.fail(*refused);
    auto reading = QueueAskQuestions::read(*store, limit);
    if (!reading)
        return context.fail(reading.error());
    const QString who = operatorName.isEmpty() ? store->sessionOperator() : operatorName;

    StripeClient client(stripe.secret, stripe.apiBase);
    const qint64 withoutEvidence = reading->withoutEvidence;
    const qint64 alreadyAnswered = reading->alreadyAnswered;
    QueueAskPass pass(*store, client, std::move(*reading), rate);
    ProgressPrinter progress(context, QCoreApplication::translate("Cli", "asking Stripe", "progress"));
    std::optional<Error> failure;
    QEventLoop loop;
    qint64 kept = 0;
    qint64 settled = 0;
    qint64 withRefund = 0;
    QObject::connect(&client, &StripeClient::waiting, &pass,
                     [&context](quint64, qint64, const QString &why) { context.say(why); });
    QObject::connect(&pass, &QueueAskPass::eventsSkipped, &pass, [&context](const QString &why) { context.say(why); });
    QObject::connect(&pass, &QueueAskPass::settled, &pass, [&](qint64 count) {
        settled = count;
        progress.update(settled, pass.total());
    });
    // The answers are kept a batch at a time (one transaction), not one by one.
    LookupKeeper keeper(*store, who);
    QObject::connect(&pass, &QueueAskPass::operationAnswered, &keeper,
                     [&keeper](const ProviderLookupDraft &answered, const QString &) { keeper.keep(answered); });
    QObject::connect(&keeper, &LookupKeeper::kept, &pass, [&](const ProviderLookup &lookup) {
        ++kept;
        if (!lookup.result.contains(QLatin1String("\"refunds\":[]")))
            ++withRefund;
        progress.update(settled + kept, pass.total());
    });
    QObject::connect(&keeper, &LookupKeeper::failed, &pass, [&](const Error &error) {
        failure = error;
        pass.stop();
        loop.quit();
    });

    InterruptWatch interrupt;
    QObject::connect(&interrupt, &InterruptWatch::interrupted, &loop, [&] {
        pass.stop();
        loop.quit();
    });
    QObject::connect(&pass, &QueueAskPass::finished, &loop, &QEventLoop::quit);
    QObject::connect(&pass, &QueueAskPass::failed, &loop, [&](const Error &error) {
        failure = error;
        loop.quit();
    });
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    QMetaObject::invokeMethod(&pass, [&pass, now] { pass.start(now); }, Qt::QueuedConnection);
    loop.exec();
    pass.stop();
    // What was answered before the end (or an interruption) is kept.
    keeper.flush();
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
            .arg(QCoreApplication::translate("Cli", "%n new event(s)", "stored", int(pass.eventsAdded())))
            .arg(requests(pass.eventRequests()))
            .arg(kept)
            .arg(requests(pass.refundRequests()));
    context.out() << summary << '\n' << phases << '\n';
    if (failure) {
        return context.fail(Error{failure->kind, failure->message + QLatin1Char(' ')
                                                     + QCoreApplication::translate("Cli", "The %n answer(s) before it are kept; "
                                                                                          "run the command again to ask the rest.",
                                                                                   nullptr, int(kept))});
    }
    if (interrupt.wasInterrupted()) {
        context.say(QCoreApplication::translate("Cli", "Interrupted: the %n answer(s) complete so far are kept; run the "
                                                       "command again to ask the rest.",
                                                nullptr, int(kept)));
        return InterruptWatch::ExitCode;
    }
    return 0;
}

} // namespace RefundDesk::Cli
