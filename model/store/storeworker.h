#pragma once

#include "domain/result.h"
#include "store/requestlane.h"
#include "store/store.h"
#include "store/storefacts.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>

#include <functional>
#include <memory>

class QThread;

namespace RefundDesk {

// A store served from a thread of its own, so that a window never waits on it: over a
// network every read is a round trip, and a server may stop answering altogether.
//
// The worker owns one store connection, opened and closed on its thread. The UI sends it
// requests (a function of the Store) and gets each answer later, on the UI thread, through
// a callback bound to a context object: when the context is gone, nobody is called.
// Requests run one at a time in the order sent. A request on a RequestLane that a newer
// one replaced is skipped if it has not started, and its answer dropped if it had, so
// that a person moving fast through the queue never waits behind reads they left behind.
class StoreWorker final : public QObject
{
    Q_OBJECT

public:
    explicit StoreWorker(QObject *parent = nullptr);
    // Skips what has not started and closes the store on the worker thread. A request
    // stuck on a silent server is not waited for longer than a moment: the thread then
    // finishes on its own when the request does.
    ~StoreWorker() override;

    // For a store served to a window: a lost connection is restored without the worker
    // ever waiting on the server (Store::setReconnectWithoutWaiting), so reads queued
    // behind fail at once saying "reconnecting…" instead of waiting in line.
    void setReconnectWithoutWaiting(bool on) { m_reconnectWithoutWaiting = on; }

    // For a worker that serves reads only (the console's; writes go through workers of
    // their own, which never set this): a running request that a newer one on its lane
    // replaced, or that has run longer than `deadlineMs`, is cancelled on the store
    // (Store::canceller) so that the worker goes on with the next. A request cancelled at
    // its deadline answers with one sentence saying so. Zero turns it off (the default).
    void setCancelsReads(int deadlineMs);

    // Opens the store at `location` once the requests sent before are done. On success it
    // takes the place of the store open before (closed then) and `done` gets its facts;
    // on failure the store open before stays and `done` gets why, and so do the requests
    // that follow while no store is open.
    void open(const QString &location, Store::OpenMode mode, QObject *context,
              std::function<void(Result<StoreFacts>)> done);
    // Closes the store once the requests sent before are done; requests after it fail
    // saying no store is open.
    void close();

    // Runs `work` against the store on the worker thread and hands its answer to `done` on
    // the UI thread, unless `context` (an object of the UI thread) is gone or the lane has
    // a newer request by then.
    template<typename T>
    void request(const RequestLane::Stub &lane, std::function<Result<T>(Store &)> work, QObject *context,
                 std::function<void(Result<T>)> done);
    // The same for a request that nothing replaces.
    template<typename T>
    void request(std::function<Result<T>(Store &)> work, QObject *context, std::function<void(Result<T>)> done)
    {
        request<T>(RequestLane::Stub{}, std::move(work), context, std::move(done));
    }

    // Nothing queued, running, or answered and not yet handed over: what a test waits for.
    bool isIdle() const;
    // Requests sent and not yet answered (skipped ones included once skipped).
    int unfinishedRequests() const;

private:
    struct Shared;
    // Holds a request unfinished until the answer was handed over or dropped.
    using Token = std::shared_ptr<void>;
    // The worker thread's own: the store, or why there is none.
    struct Served
    {
        std::unique_ptr<Store> store;
        std::optional<Error> whyNone;
        // Why the request that just ran was cancelled at its deadline; nothing when it was not.
        std::function<std::optional<Error>()> whyCancelled;
    };
    using Job = std::function<void(Served &served, const Token &token)>;

    void post(const RequestLane::Stub &lane, Job job);
    // Runs `call` on the application's (UI) thread, from the worker thread.
    static void deliver(std::function<void()> call);
    static Error noStoreError(const Served &served);

    std::shared_ptr<Shared> m_shared;
    QThread *m_thread = nullptr;
    QThread *m_watch = nullptr; // cancels what the worker runs, when it is cancelled at all
    bool m_reconnectWithoutWaiting = false;
};

template<typename T>
void StoreWorker::request(const RequestLane::Stub &lane, std::function<Result<T>(Store &)> work, QObject *context,
                          std::function<void(Result<T>)> done)
{
    post(lane, [lane, work = std::move(work), context = QPointer<QObject>(context),
                done = std::move(done)](Served &served, const Token &token) {
        auto answer = std::make_shared<Result<T>>(served.store ? work(*served.store) : Result<T>(noStoreError(served)));
        if (!*answer && served.whyCancelled) {
            if (std::optional<Error> why = served.whyCancelled())
                *answer = Result<T>(std::move(*why));
        }
        // Handed over on the application's thread, where the context lives and may be
        // asked safely whether it still does. The token goes with the call, and with it the
        // request's place among the unfinished ones, whether the call is made or dropped.
        deliver([lane, answer, context, done, token] {
            if (context && lane.isWanted() && done)
                done(std::move(*answer));
        });
    });
}

} // namespace RefundDesk
