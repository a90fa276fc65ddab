#include "ui/console/writerunner.h"

#include "store/store.h"

#include <QFutureWatcher>
#include <QtConcurrent>

namespace RefundDesk {

WriteRunner::WriteRunner(QObject *parent)
    : QObject(parent)
{
}

bool WriteRunner::start(const QString &location, const QString &operationId, Write write, Done done)
{
    if (m_inFlight.contains(operationId))
        return false;
    m_inFlight.insert(operationId);
    emit writingChanged();

    // The watcher dies with this object: a write still waiting for the store when the
    // window closes finishes on its own connection, and nobody is told.
    auto *watcher = new QFutureWatcher<std::optional<Error>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, operationId, done = std::move(done)] {
        const std::optional<Error> error = watcher->result();
        watcher->deleteLater();
        m_inFlight.remove(operationId);
        emit writingChanged();
        if (done)
            done(error);
    });
    // A store connection belongs to one thread: the worker opens its own, and closes it.
    watcher->setFuture(QtConcurrent::run([location, write = std::move(write)]() -> std::optional<Error> {
        auto store = StoreFactory::open(location, Store::OpenMode::ReadWrite);
        if (!store)
            return store.error();
        return write(**store);
    }));
    return true;
}

} // namespace RefundDesk
