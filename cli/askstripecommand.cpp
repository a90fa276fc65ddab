// ask-stripe: what Stripe itself says of one operation's refund, asked read-only and kept
// in the store as a provider lookup (evidence of what the provider answered).

#include "askqueuecommand.h"
#include "clicontext.h"
#include "commands.h"
#include "jsonwriter.h"
#include "stripesetup.h"

#include "store/store.h"
#include "stripe/stripeclient.h"
#include "stripeask/operationstripelookup.h"

#include <QCoreApplication>

namespace RefundDesk::Cli {

int runAskStripe(CliContext &context)
{
    const QString jsonOption = QStringLiteral("json");
    context.addDbOption();
    auto &parser = context.parser();
    parser.addOption({jsonOption, QCoreApplication::translate("Cli", "Print the lookup kept as one JSON object.")});
    context.addOperatorOption();
    const QString allOption = QStringLiteral("all-without-evidence");
    const QString limitOption = QStringLiteral("limit");
    const QString rateOption = QStringLiteral("rate");
    parser.addOption({allOption, QCoreApplication::translate("Cli", "Ask about every operation of the queue whose verdict is "
                                                                    "none, instead of one OPERATION_ID.")});
    parser.addOption({limitOption, QCoreApplication::translate("Cli", "With --all-without-evidence: ask at most N operations."),
                      QStringLiteral("N")});
    parser.addOption({rateOption, QCoreApplication::translate("Cli", "With --all-without-evidence: at most R requests a second "
                                                                     "(default 20)."),
                      QStringLiteral("R")});
    addStripeOptions(context);
    context.addPositional(QStringLiteral("OPERATION_ID"),
                          QCoreApplication::translate("Cli", "The operation to ask about, e.g. op_5521; or give "
                                                             "--all-without-evidence instead."),
                          QStringLiteral("[OPERATION_ID]"));
    if (auto exit = context.parse(0, 1, QStringLiteral("one OPERATION_ID, or --all-without-evidence")))
        return *exit;

    const bool all = parser.isSet(allOption);
    if (all == (parser.positionalArguments().size() == 1)) {
        return context.usageError(QCoreApplication::translate("Cli", "Give one OPERATION_ID or --all-without-evidence, not "
                                                                     "both nor neither."));
    }
    const auto chosen = context.chooseOperator();
    if (!chosen)
        return 2;
    // Empty on PostgreSQL: the lookup records the database login.
    const QString operatorName = *chosen;
    if (all) {
        bool limitOk = true;
        bool rateOk = true;
        const qint64 limit = parser.isSet(limitOption) ? parser.value(limitOption).toLongLong(&limitOk) : 0;
        const double rate = parser.isSet(rateOption) ? parser.value(rateOption).toDouble(&rateOk) : 20.0;
        if (!limitOk || limit < 0 || !rateOk || rate <= 0) {
            return context.usageError(QCoreApplication::translate("Cli", "--limit takes a whole number of operations and "
                                                                         "--rate a number of requests a second above 0, e.g. "
                                                                         "--limit 500 --rate 10."));
        }
        return runAskStripeQueue(context, operatorName, limit, rate);
    }
    const QString operationId = parser.positionalArguments().at(0);
    int exitCode = 0;
    auto opened = openStripeStore(context, askStripeReadOnlyRefusal(), exitCode);
    if (!opened)
        return exitCode;
    Store *store = opened->store.get();
    // A missing operation exits as the other commands' do; the rest is the lookup's.
    if (!context.readOperation(*store, operationId, exitCode))
        return exitCode;

    StripeClient client(opened->stripe.secret, opened->stripe.apiBase);
    OperationStripeLookup lookup(*store, client, operationId, operatorName);
    QObject::connect(&client, &StripeClient::waiting, &lookup,
                     [&context](quint64, qint64, const QString &why) { context.say(why); });
    std::optional<ProviderLookup> kept;
    QObject::connect(&lookup, &OperationStripeLookup::finished, &lookup,
                     [&kept](const ProviderLookup &lookupKept) { kept = lookupKept; });
    if (const std::optional<Error> failure = runStripeJob(lookup, &OperationStripeLookup::finished))
        return context.fail(*failure);

    if (parser.isSet(jsonOption)) {
        context.out() << QString::fromStdString(JsonWriter::dump(JsonWriter::toJson(*kept))) << '\n';
        return 0;
    }
    context.out() << QCoreApplication::translate("Cli", "%1: %2 Kept as lookup #%3 (%n request(s) to Stripe).", nullptr,
                                                 client.requestsSent())
                         .arg(operationId, lookup.summary(), QString::number(kept->lookupId))
                  << '\n';
    return 0;
}

} // namespace RefundDesk::Cli
