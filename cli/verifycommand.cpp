#include "clicontext.h"
#include "commands.h"
#include "progressprinter.h"

#include "audit/auditverifier.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace RefundDesk::Cli {

// refund-desk verify --db PATH [--anchor HASH]
// Recomputes the hash chain and checks the store's invariants, never writing anything.
// Exit 0 when all hold; 6 naming the first broken resolution or invariant.
int runVerify(CliContext &context)
{
    const QString anchorOption = QStringLiteral("anchor");
    context.addDbOption();
    context.parser().addOption({anchorOption,
                                QCoreApplication::translate("Cli", "A head hash printed by an earlier verify: fail unless that resolution "
                                                                   "is still in the chain (detects removed newest rows)."),
                                QStringLiteral("HASH")});
    if (auto exit = context.parse(0, 0))
        return *exit;
    const QString anchor = context.parser().value(anchorOption).trimmed();
    static const QRegularExpression hexHash(QStringLiteral("^[0-9a-fA-F]{64}$"));
    if (context.parser().isSet(anchorOption) && !hexHash.match(anchor).hasMatch())
        return context.usageError(QCoreApplication::translate("Cli", "--anchor wants a 64-digit hex hash as verify printed it."));

    int exitCode = 0;
    auto store = context.openStore(Store::OpenMode::ReadOnly, exitCode);
    if (!store)
        return exitCode;
    context.reportOpenNote(*store);

    AuditVerifier verifier(*store);
    verifier.setAnchor(anchor);
    ProgressPrinter progress(context, QCoreApplication::translate("Cli", "verifying", "progress"));
    auto report = verifier.run([&progress](qint64 done, qint64 total) { return progress.update(done, total); });
    progress.finish();
    if (!report)
        return context.fail(report.error());

    if (report->intact()) {
        context.out() << report->summary() << '\n';
        if (!report->headHash.isEmpty())
            context.out() << QCoreApplication::translate("Cli", "store invariants hold; head hash %1").arg(report->headHash)
                          << '\n';
        else
            context.out() << QCoreApplication::translate("Cli", "store invariants hold; the audit log is empty") << '\n';
        context.out().flush();
        return 0;
    }
    if (!report->chainBreak) {
        context.out() << report->chainIntactText() << '\n';
    }
    for (const QString &line : report->problems())
        context.out() << line << '\n';
    context.out().flush();
    return context.fail(Error::broken(report->summary()));
}

} // namespace RefundDesk::Cli
