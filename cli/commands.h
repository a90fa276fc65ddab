#pragma once

#include <QStringList>

namespace RefundDesk::Cli {

class CliContext;

// One function per subcommand. Each gets the arguments after the subcommand's name
// and returns the exit code.
int runInit(CliContext &context);
int runDemo(CliContext &context);
int runQueue(CliContext &context);
int runShow(CliContext &context);
int runClaim(CliContext &context);
int runRelease(CliContext &context);
int runResolve(CliContext &context);
int runResolveFromEvidence(CliContext &context);
int runImportEvents(CliContext &context);
int runExport(CliContext &context);
int runVerify(CliContext &context);
int runCopy(CliContext &context);
int runUpgrade(CliContext &context);
int runNote(CliContext &context);
int runSyncEvents(CliContext &context);
int runAskStripe(CliContext &context);
int runReconcile(CliContext &context);

} // namespace RefundDesk::Cli
