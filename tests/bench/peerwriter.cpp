#include "peerwriter.h"

#include "store/store.h"

#include <chrono>

namespace RefundDesk::Bench {

PeerWriter::PeerWriter(const QString &path, QStringList operationIds)
    : m_path(path)
    , m_ids(std::move(operationIds))
{
}

PeerWriter::~PeerWriter()
{
    stop();
}

void PeerWriter::start()
{
    m_thread = std::thread([this] { run(); });
}

void PeerWriter::stop()
{
    m_stop = true;
    if (m_thread.joinable())
        m_thread.join();
}

void PeerWriter::run()
{
    auto opened = StoreFactory::open(m_path, Store::OpenMode::ReadWrite);
    if (!opened) {
        m_error = opened.error().message;
        return;
    }
    Store &store = **opened;
    // On PostgreSQL a claim is recorded under the login, whatever name is given.
    const QString me = store.sessionOperator().isEmpty() ? QStringLiteral("bench-peer") : store.sessionOperator();
    QString claimed;
    for (int i = 0; !m_stop; ++i) {
        for (int slept = 0; slept < 1000 && !m_stop; slept += 10)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        if (m_stop)
            break;
        if (!claimed.isEmpty()) {
            if (release(store, claimed, me))
                claimed.clear();
            continue;
        }
        const QString id = m_ids.at(i % m_ids.size());
        if (claim(store, id, me))
            claimed = id;
    }
    if (!claimed.isEmpty())
        release(store, claimed, me); // leave the store as it was found
}

bool PeerWriter::claim(Store &store, const QString &id, const QString &me)
{
    auto current = store.operation(id);
    if (!current || !current->has_value() || (**current).status != OperationStatus::Unknown)
        return false;
    auto done = store.claim(id, SeenState::of(**current), me, false);
    if (!done) {
        m_error = done.error().message;
        return false;
    }
    ++m_changes;
    return true;
}

bool PeerWriter::release(Store &store, const QString &id, const QString &me)
{
    auto current = store.operation(id);
    if (!current || !current->has_value())
        return false;
    auto done = store.release(id, SeenState::of(**current), me);
    if (!done) {
        m_error = done.error().message;
        return false;
    }
    ++m_changes;
    return true;
}

} // namespace RefundDesk::Bench
