#pragma once

#include <QString>

namespace RefundDesk::Cli {

class CliContext;

// ask-stripe --all-without-evidence: every queue operation whose verdict is none asked,
// the answers kept one lookup per operation as each is complete. Called by ask-stripe
// once its options are parsed.
// Why ask-stripe refuses a store open for reading only (%1: how it was opened).
QString askStripeReadOnlyRefusal();
int runAskStripeQueue(CliContext &context, const QString &operatorName, qint64 limit, double rate);

} // namespace RefundDesk::Cli
