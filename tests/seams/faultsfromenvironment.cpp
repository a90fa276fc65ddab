#include "faultsfromenvironment.h"

#include "cli.h"
#include "store/storefaults.h"

#include <QFile>
#include <QFileInfo>
#include <QThread>

namespace RefundDesk::Test {

namespace {

// Lets a test change an operation between a batch's plan and its writes.
void holdBatchAt(const QString &path)
{
    QFile planned(path + QStringLiteral(".planned"));
    if (!planned.open(QIODevice::WriteOnly))
        return;
    planned.close();
    while (!QFileInfo::exists(path + QStringLiteral(".go")))
        QThread::msleep(20);
}

} // namespace

void injectFaultsFromEnvironment()
{
    StoreFaults faults;
    faults.pauseInDecisionMs = qEnvironmentVariableIntValue("RD_TEST_DELAY_IN_RESOLVE_MS");
    faults.maxPageCount = qEnvironmentVariableIntValue("RD_TEST_MAX_PAGE_COUNT");
    StoreFaults::inject(faults);
    if (const QString hold = qEnvironmentVariable("RD_TEST_BATCH_HOLD"); !hold.isEmpty())
        Cli::setBeforeBatchRecording([hold] { holdBatchAt(hold); });
}

} // namespace RefundDesk::Test
