// upgrade and note: the schema versions after 1, and the notes version 2 holds.

#include "clicontext.h"
#include "commands.h"

#include "store/schemaversion.h"

#include <QCoreApplication>
#include <QDate>

namespace RefundDesk::Cli {

namespace {

void sayUpToDate(CliContext &context, Store &store)
{
    context.out() << QCoreApplication::translate("Cli", "%1 is already up to date (schema version %2); nothing was changed.")
                         .arg(store.location())
                         .arg(store.schemaVersion())
                  << '\n';
}

// A store at the current version: what the version has in this build and the store lacks
// (an index that joined an earlier version after the store was made) added in one
// transaction. Nothing missing is nothing to write, so it says so even where it could not
// write, unless the store was just upgraded (`justUpgraded`), which said enough.
int completeSchema(CliContext &context, Store &store, bool justUpgraded = false)
{
    auto missing = store.missingIndexes();
    if (!missing)
        return context.fail(missing.error());
    if (missing->isEmpty()) {
        if (!justUpgraded)
            sayUpToDate(context, store);
        return 0;
    }
    if (store.isReadOnly())
        return context.fail(Error::unavailable(QCoreApplication::translate("Cli", "%1 lacks %n index(es) of schema version %2 "
                                                                                  "(%3) but cannot be written. %4 Nothing was "
                                                                                  "changed.",
                                                                           nullptr, int(missing->size()))
                                                   .arg(store.location())
                                                   .arg(store.schemaVersion())
                                                   .arg(missing->join(QStringLiteral(", ")), store.openNote())));
    auto added = store.addMissingIndexes();
    if (!added)
        return context.fail(added.error());
    if (added->isEmpty() && !justUpgraded) // another upgrade added them first
        sayUpToDate(context, store);
    for (const QString &name : *added)
        context.out() << QCoreApplication::translate("Cli", "Added index %1 to %2: schema version %3 has it, and the store "
                                                            "was made before it did.")
                             .arg(name, store.location())
                             .arg(store.schemaVersion())
                      << '\n';
    return 0;
}

} // namespace

int runUpgrade(CliContext &context)
{
    context.addDbOption();
    if (auto exit = context.parse(0, 0))
        return *exit;
    const auto path = context.dbPath();
    if (!path)
        return 2;
    auto opened = StoreFactory::open(*path, Store::OpenMode::ReadWrite);
    if (!opened)
        return context.fail(opened.error());
    Store &store = **opened;
    if (store.schemaVersion() >= Internal::CurrentSchemaVersion)
        return completeSchema(context, store);
    if (store.isReadOnly())
        return context.fail(Error::unavailable(QCoreApplication::translate("Cli", "%1 cannot be written, so it cannot be upgraded. %2 "
                                                                                  "Nothing was changed.")
                                                   .arg(store.location(), store.openNote())));
    auto before = store.upgradeSchema();
    if (!before)
        return context.fail(before.error());
    if (*before >= Internal::CurrentSchemaVersion) // another upgrade took first
        return completeSchema(context, store);
    const QString gained = *before < 2
        ? QCoreApplication::translate("Cli", "it can now hold notes, what the provider answered and the payment behind "
                                             "each operation (payment_id, which the refund tool writes when it opens one)")
        : QCoreApplication::translate("Cli", "it can now hold the payment behind each operation (payment_id, which the "
                                             "refund tool writes when it opens one)");
    context.out() << QCoreApplication::translate("Cli", "Upgraded %1 from schema version %2 to %3 in one transaction: %4. "
                                                        "The refund tool and the webhook receiver write it as before; "
                                                        "consoles of an older Refund Desk refuse it from now on.")
                         .arg(store.location())
                         .arg(*before)
                         .arg(store.schemaVersion())
                         .arg(gained)
                  << '\n';
    // A version 2 store made before an index joined version 2 gets it now as well.
    return completeSchema(context, store, true);
}

int runNote(CliContext &context)
{
    context.addDbOption();
    auto &parser = context.parser();
    parser.addOption({QStringLiteral("text"), QCoreApplication::translate("Cli", "What was found or done, e.g. a provider's case number."),
                      QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("follow-up"),
                      QCoreApplication::translate("Cli", "The day to look at the operation again (YYYY-MM-DD)."),
                      QStringLiteral("DATE")});
    context.addOperatorOption();
    context.addOperationIdArgument();
    if (auto exit = context.parse(1, 1, QStringLiteral("one OPERATION_ID")))
        return *exit;

    NoteDraft draft;
    draft.operationId = parser.positionalArguments().at(0);
    draft.text = parser.value(QStringLiteral("text"));
    if (parser.isSet(QStringLiteral("follow-up"))) {
        draft.followUpOn = followUpFromText(parser.value(QStringLiteral("follow-up")).trimmed());
        if (!draft.followUpOn.isValid())
            return context.usageError(QCoreApplication::translate("Cli", "--follow-up must be a calendar date as YYYY-MM-DD, "
                                                                         "e.g. 2026-03-14."));
        // A day already gone would bring the operation back at once, as if someone had
        // asked for it; the console's note dialog offers no such day either.
        const QDate today = QDate::currentDate();
        if (draft.followUpOn < today)
            return context.usageError(QCoreApplication::translate("Cli", "--follow-up %1 is in the past. Give today (%2) or a "
                                                                         "later day to look at the operation again, or leave "
                                                                         "--follow-up out.")
                                          .arg(followUpText(draft.followUpOn), followUpText(today)));
    }
    if (draft.text.trimmed().isEmpty())
        return context.usageError(QCoreApplication::translate("Cli", "--text TEXT is required and may not be empty: say what "
                                                                     "was found or done."));
    const auto chosen = context.chooseOperator();
    if (!chosen)
        return 2;

    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadWrite, exitCode);
    if (!store)
        return exitCode;
    draft.operatorName = CliContext::actingOperator(*chosen, *store);
    auto note = store->addNote(draft);
    if (!note)
        return context.fail(note.error());
    context.out() << (note->followUpOn.isValid()
                          ? QCoreApplication::translate("Cli", "Note #%1 added to %2 by %3; follow up on %4.")
                                .arg(QString::number(note->noteId), note->operationId, note->operatorName,
                                     followUpText(note->followUpOn))
                          : QCoreApplication::translate("Cli", "Note #%1 added to %2 by %3.")
                                .arg(QString::number(note->noteId), note->operationId, note->operatorName))
                  << '\n';
    return 0;
}

} // namespace RefundDesk::Cli
