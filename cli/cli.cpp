#include "cli.h"

#include "clicontext.h"
#include "commands.h"
#include "i18n/translations.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>
#include <map>

namespace RefundDesk::Cli {

namespace {

using Command = int (*)(CliContext &);

const std::map<QString, Command> &commands()
{
    static const std::map<QString, Command> table = {
        {QStringLiteral("init"), runInit},
        {QStringLiteral("demo"), runDemo},
        {QStringLiteral("queue"), runQueue},
        {QStringLiteral("show"), runShow},
        {QStringLiteral("claim"), runClaim},
        {QStringLiteral("release"), runRelease},
        {QStringLiteral("resolve"), runResolve},
        {QStringLiteral("resolve-from-evidence"), runResolveFromEvidence},
        {QStringLiteral("import-events"), runImportEvents},
        {QStringLiteral("export"), runExport},
        {QStringLiteral("verify"), runVerify},
        {QStringLiteral("copy"), runCopy},
        {QStringLiteral("upgrade"), runUpgrade},
        {QStringLiteral("note"), runNote},
        {QStringLiteral("sync-events"), runSyncEvents},
        {QStringLiteral("ask-stripe"), runAskStripe},
        {QStringLiteral("reconcile"), runReconcile},
    };
    return table;
}

} // namespace

QStringList commandNames()
{
    QStringList names;
    for (const auto &entry : commands())
        names.append(entry.first);
    return names;
}

bool isSubcommand(const QStringList &arguments)
{
    return arguments.size() > 1 && commands().count(arguments.at(1)) > 0;
}

int run(const QStringList &arguments)
{
    const auto found = commands().find(arguments.value(1));
    if (found == commands().end()) {
        QTextStream(stderr) << QCoreApplication::translate("Cli", "refund-desk: unknown command '%1'")
                                   .arg(arguments.value(1))
                            << '\n';
        return 2;
    }
    // JSON is for programs: its sentences (verdict explanations, unreadable reasons) and
    // amounts stay in the documented English and machine formats whatever the language.
    if (arguments.contains(QStringLiteral("--json")))
        Translations::useSourceText();
    // QCommandLineParser wants the program name first.
    QStringList commandArguments = arguments.mid(2);
    commandArguments.prepend(arguments.at(0));
    CliContext context(found->first, commandArguments);
    return found->second(context);
}

} // namespace RefundDesk::Cli
