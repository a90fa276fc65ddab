#include "ui/console/shell/consolereadworker.h"

#include "store/storeworker.h"

#include <QSettings>

namespace RefundDesk {

namespace {

// The setting store/readDeadlineSeconds, 30 unless set to a positive number.
int readDeadlineSeconds()
{
    const int seconds = QSettings().value(QStringLiteral("store/readDeadlineSeconds"), 30).toInt();
    return seconds > 0 ? seconds : 30;
}

} // namespace

StoreWorker *newConsoleReadWorker(QObject *parent)
{
    auto *worker = new StoreWorker(parent);
    worker->setReconnectWithoutWaiting(true);
    worker->setCancelsReads(readDeadlineSeconds() * 1000);
    return worker;
}

} // namespace RefundDesk
