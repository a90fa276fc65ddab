#pragma once

#include <QStringList>

#include <functional>

namespace RefundDesk::Cli {

// The headless subcommands' names, sorted.
QStringList commandNames();

// True when the first argument names a headless subcommand.
bool isSubcommand(const QStringList &arguments);

// Runs the subcommand named by arguments[1] and returns the process exit code
// (DESIGN.md, "Command line"): 0 done, 1 internal, 2 usage, 3 store, 4 conflict,
// 5 refused, 6 verify found a break.
int run(const QStringList &arguments);

// Runs between resolve-from-evidence --yes's plan and its first write. Nothing in the
// product: a test build of refund-desk (tests/seams) holds there while a test changes an
// operation.
void setBeforeBatchRecording(std::function<void()> hold);

} // namespace RefundDesk::Cli
