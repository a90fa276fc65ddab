#pragma once

class QObject;

namespace RefundDesk {

class StoreWorker;

// The worker that serves the console's reads. It reads only, so what it runs may be
// cancelled: a read replaced by a newer one, or still running after the setting
// store/readDeadlineSeconds (30 seconds unless set), is stopped on the store. A server that
// stops answering must not leave its reads waiting in line while the connection is
// restored, so it reconnects without waiting.
StoreWorker *newConsoleReadWorker(QObject *parent);

} // namespace RefundDesk
