#pragma once

#include "store/storeworker.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QString>

namespace RefundDesk::Test {

// Lets the event loop run until `idle` holds through one more turn of the loop, where an
// answer just handed over may have sent the next request (a live look may start one any
// time: it is done when it is done). False when that did not happen within `timeoutMs`.
template<typename Idle>
bool waitUntilIdle(Idle idle, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        while (!idle()) {
            if (deadline.hasExpired())
                return false;
            QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        }
        QCoreApplication::processEvents();
        if (idle())
            return true;
    }
}

// Until the worker has nothing queued, running or waiting to be handed over: the reads a
// model sent have all been answered and applied.
inline bool waitForWorker(const StoreWorker &worker, int timeoutMs = 120000)
{
    return waitUntilIdle([&worker] { return worker.isIdle(); }, timeoutMs);
}

// Opens `path` on the worker and waits for the answer; the error's message in `error`.
inline bool openWorker(StoreWorker &worker, const QString &path, Store::OpenMode mode = Store::OpenMode::ReadWrite,
                       QString *error = nullptr, StoreFacts *facts = nullptr)
{
    QObject context;
    bool opened = false;
    worker.open(path, mode, &context, [&](Result<StoreFacts> answer) {
        opened = answer.ok();
        if (!answer && error)
            *error = answer.error().message;
        if (answer && facts)
            *facts = *answer;
    });
    return waitForWorker(worker) && opened;
}

} // namespace RefundDesk::Test
