#include "ui/console/shell/writerunner.h"

#include "store/store.h"
#include "store/storeworker.h"

namespace RefundDesk {

WriteRunner::WriteRunner(QObject *parent)
    : QObject(parent)
    , m_worker(new StoreWorker(this))
{
}

bool WriteRunner::start(const QString &location, const QString &operationId, Write write, Done done)
{
    if (m_writing.contains(operationId))
        return false;
    m_writing.insert(operationId);
    emit writingChanged();

    // Opened in line before the write; when it cannot be, the write answers why.
    if (location != m_location) {
        m_location = location;
        m_worker->open(location, Store::OpenMode::ReadWrite, this, [this, location](Result<StoreFacts> opened) {
            if (!opened && m_location == location)
                m_location.clear(); // the next write tries again
        });
    }
    // A write still waiting for the store when the window closes finishes on its own
    // connection, and nobody is told.
    m_worker->request<bool>(
        [write = std::move(write)](Store &store) -> Result<bool> {
            if (auto error = write(store))
                return *error;
            return true;
        },
        this, [this, operationId, done = std::move(done)](Result<bool> answer) {
            m_writing.remove(operationId);
            emit writingChanged();
            if (done)
                done(answer ? std::nullopt : std::optional<Error>(answer.error()));
        });
    return true;
}

} // namespace RefundDesk
