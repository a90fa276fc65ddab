#pragma once

#include <QtGlobal>

#include <atomic>
#include <memory>

namespace RefundDesk {

// Requests that replace each other, such as the reads behind the operation panel: when
// the selection moves on, the panel wants only the newest. Each request takes a ticket
// from its lane; a newer ticket makes every older one unwanted, so the StoreWorker skips
// an unwanted request it has not started and drops the answer of one it had.
//
// Tickets are taken on the UI thread; the worker reads the lane from its own thread.
class RequestLane final
{
public:
    using Ticket = quint64;

    // A ticket for a new request; every older one is unwanted from now on.
    Ticket next() { return ++*m_newest; }
    // Makes every request of the lane unwanted (the store closed, the view went away).
    void abandon() { ++*m_newest; }
    bool isWanted(Ticket ticket) const { return m_newest->load() == ticket; }

    // What a request carries to the worker thread: it asks there whether it is still wanted.
    struct Stub
    {
        std::shared_ptr<const std::atomic<Ticket>> newest;
        Ticket ticket = 0;
        bool isWanted() const { return !newest || newest->load() == ticket; }
    };
    Stub stub(Ticket ticket) const { return Stub{m_newest, ticket}; }

private:
    std::shared_ptr<std::atomic<Ticket>> m_newest = std::make_shared<std::atomic<Ticket>>(0);
};

} // namespace RefundDesk
