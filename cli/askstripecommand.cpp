// ask-stripe: what Stripe itself says of one operation's refund, asked read-only and kept
// in the store as a provider lookup (evidence of what the provider answered).

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
    const QString operatorOption = QStringLiteral("operator");
    context.addDbOption();
    auto &parser = context.parser();
    parser.addOption({jsonOption, QCoreApplication::translate("Cli", "Print the lookup kept as one JSON object.")});
    parser.addOption({operatorOption,
                      QCoreApplication::translate("Cli", "Who asks. On PostgreSQL the database login is recorded: the name may "
                                                         "be left out, and another name is refused."),
                      QStringLiteral("NAME")});
    addStripeOptions(context);
    if (auto exit = context.parse(1, 1, QStringLiteral("one OPERATION_ID")))
        return *exit;

    const QString operationId = parser.positionalArguments().at(0);
    QString operatorName = parser.value(operatorOption).trimmed();
    if (operatorName.isEmpty() && !StoreFactory::recordsLoginAsOperator(parser.value(QStringLiteral("db"))))
        return context.fail(Error::refused(QCoreApplication::translate("Cli", "--operator NAME is required and may not be empty: "
                                                                              "say who asks Stripe.")));
    auto stripe = readStripeSetup(context);
    if (!stripe)
        return context.fail(stripe.error());

    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadWrite, exitCode);
    if (!store)
        return exitCode;
    // A missing operation exits as the other commands' do; the rest is the lookup's.
    if (!context.readOperation(*store, operationId, exitCode))
        return exitCode;

    StripeClient client(stripe->secret, stripe->apiBase);
    OperationStripeLookup lookup(*store, client, operationId, operatorName);
    QObject::connect(&client, &StripeClient::waiting, &lookup, [&context](quint64, qint64, const QString &why) {
        context.err() << "refund-desk ask-stripe: " << why << '\n';
        context.err().flush();
    });
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
