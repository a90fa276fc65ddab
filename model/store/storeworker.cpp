#include "store/storeworker.h"

#include <QCoreApplication>
#include <QThread>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>

namespace RefundDesk {

namespace {

// How long closing waits for a request in progress before leaving the thread to finish it.
constexpr int CloseWaitMs = 2000;
// How often a running read is asked whether a newer one replaced it, besides each time a
// request is sent (a lane may be abandoned without one).
constexpr std::chrono::milliseconds ReplacedCheck(100);

} // namespace

// What the UI thread and the worker thread share. The store itself is the worker
// thread's alone: it lives in run()'s frame.
struct StoreWorker::Shared
{
    struct Queued
    {
        RequestLane::Stub lane;
        Job job;
    };

    std::mutex mutex;
    std::condition_variable wake;
    std::deque<Queued> queue;
    bool stopping = false;
    // Shared with the tokens, which may outlive both the worker and its thread.
    std::shared_ptr<std::atomic<int>> unfinished = std::make_shared<std::atomic<int>>(0);

    // What the watch thread shares with the worker thread: the request running now.
    struct Running
    {
        enum class Cancelled { No, Replaced, Late };
        RequestLane::Stub lane;
        std::shared_ptr<StoreCanceller> canceller;
        std::chrono::steady_clock::time_point started;
        Cancelled cancelled = Cancelled::No;
    };
    std::atomic<int> deadlineMs{0};
    std::mutex runMutex;
    std::condition_variable runWake;
    std::optional<Running> running;
    bool watchStopping = false;

    void run()
    {
        Served served;
        served.whyCancelled = [this]() -> std::optional<Error> {
            std::lock_guard lock(runMutex);
            if (!running || running->cancelled != Running::Cancelled::Late)
                return std::nullopt;
            return Error::unavailable(QCoreApplication::translate("Store", "The store did not answer within %1 s, "
                                                                           "so the read was cancelled; check the server "
                                                                           "or the network, then select again.")
                                          .arg(deadlineMs.load() / 1000.0));
        };
        for (;;) {
            Queued next;
            {
                std::unique_lock lock(mutex);
                wake.wait(lock, [this] { return stopping || !queue.empty(); });
                if (stopping)
                    break;
                next = std::move(queue.front());
                queue.pop_front();
            }
            if (!next.lane.isWanted()) {
                --*unfinished;
                continue;
            }
            // The request stays unfinished while anyone holds the token: until its answer
            // was handed over or dropped on the UI thread.
            Token token(nullptr, [count = unfinished](void *) { --*count; });
            startWatching(served, next.lane);
            next.job(served, token);
            stopWatching();
        }
        served.store.reset(); // closed on the thread it was opened on
    }

    void startWatching(Served &served, const RequestLane::Stub &lane)
    {
        const int deadline = deadlineMs.load();
        if (deadline <= 0 || !served.store)
            return;
        {
            std::lock_guard lock(runMutex);
            running = Running{lane, served.store->canceller(), std::chrono::steady_clock::now()};
        }
        runWake.notify_all();
    }

    void stopWatching()
    {
        std::lock_guard lock(runMutex);
        running.reset();
    }

    // The watch thread: cancels the running read once it is replaced or late. The cancel is
    // sent holding the lock, so the worker cannot have moved on to the next request by
    // then and the cancel never meets a request it was not meant for.
    void watch()
    {
        std::unique_lock lock(runMutex);
        while (!watchStopping) {
            if (!running || !running->canceller || running->cancelled != Running::Cancelled::No) {
                runWake.wait(lock);
                continue;
            }
            const auto late = running->started + std::chrono::milliseconds(deadlineMs.load());
            const auto now = std::chrono::steady_clock::now();
            if (!running->lane.isWanted() || now >= late) {
                running->cancelled = running->lane.isWanted() ? Running::Cancelled::Late : Running::Cancelled::Replaced;
                running->canceller->cancel();
                continue;
            }
            runWake.wait_for(lock, std::min<std::chrono::steady_clock::duration>(ReplacedCheck, late - now));
        }
    }
};

StoreWorker::StoreWorker(QObject *parent)
    : QObject(parent)
    , m_shared(std::make_shared<Shared>())
{
    // The thread keeps the shared state alive for as long as it runs, which may be
    // longer than this object (see the destructor).
    m_thread = QThread::create([shared = m_shared] { shared->run(); });
    m_thread->setObjectName(QStringLiteral("store worker"));
    m_thread->start();
}

void StoreWorker::setCancelsReads(int deadlineMs)
{
    m_shared->deadlineMs = std::max(0, deadlineMs);
    if (m_watch || deadlineMs <= 0)
        return;
    m_watch = QThread::create([shared = m_shared] { shared->watch(); });
    m_watch->setObjectName(QStringLiteral("store worker watch"));
    m_watch->start();
}

StoreWorker::~StoreWorker()
{
    if (m_watch) {
        {
            std::lock_guard lock(m_shared->runMutex);
            m_shared->watchStopping = true;
        }
        m_shared->runWake.notify_all();
        // A cancel sent to a server that does not answer may keep the watch a while: it
        // then ends by itself, as the worker's thread does below.
        if (m_watch->wait(CloseWaitMs))
            delete m_watch;
        else
            QObject::connect(m_watch, &QThread::finished, m_watch, &QObject::deleteLater);
    }
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->stopping = true;
        *m_shared->unfinished -= int(m_shared->queue.size());
        m_shared->queue.clear();
    }
    m_shared->wake.notify_all();
    if (m_thread->wait(CloseWaitMs)) {
        delete m_thread;
        return;
    }
    // A request is stuck on a server that does not answer. Waiting would freeze the
    // window that is closing; the thread ends by itself when the request returns (or with
    // the process), and deletes its QThread then.
    QObject::connect(m_thread, &QThread::finished, m_thread, &QObject::deleteLater);
}

void StoreWorker::open(const QString &location, Store::OpenMode mode, QObject *context,
                       std::function<void(Result<StoreFacts>)> done)
{
    const bool inSteps = m_reconnectWithoutWaiting;
    post(RequestLane::Stub{}, [location, mode, inSteps, context = QPointer<QObject>(context),
                               done = std::move(done)](Served &served, const Token &token) {
        auto opened = StoreFactory::open(location, mode);
        std::shared_ptr<Result<StoreFacts>> answer;
        if (!opened) {
            answer = std::make_shared<Result<StoreFacts>>(opened.error());
            if (!served.store)
                served.whyNone = opened.error();
        } else {
            served.store = std::move(*opened);
            served.whyNone.reset();
            served.store->setReconnectWithoutWaiting(inSteps);
            answer = std::make_shared<Result<StoreFacts>>(StoreFacts::of(*served.store));
        }
        deliver([answer, context, done, token] {
            if (context && done)
                done(std::move(*answer));
        });
    });
}

void StoreWorker::close()
{
    post(RequestLane::Stub{}, [](Served &served, const Token &) {
        served.store.reset();
        served.whyNone.reset();
    });
}

void StoreWorker::post(const RequestLane::Stub &lane, Job job)
{
    ++*m_shared->unfinished;
    {
        std::lock_guard lock(m_shared->mutex);
        m_shared->queue.push_back(Shared::Queued{lane, std::move(job)});
    }
    m_shared->wake.notify_one();
    // A newer request may have replaced the one running now.
    if (m_watch)
        m_shared->runWake.notify_all();
}

void StoreWorker::deliver(std::function<void()> call)
{
    // After the application is gone (a request that outlived its window), nobody is left to tell.
    if (QCoreApplication *application = QCoreApplication::instance())
        QMetaObject::invokeMethod(application, std::move(call), Qt::QueuedConnection);
}

bool StoreWorker::isIdle() const
{
    return unfinishedRequests() == 0;
}

int StoreWorker::unfinishedRequests() const
{
    return m_shared->unfinished->load();
}

Error StoreWorker::noStoreError(const Served &served)
{
    if (served.whyNone)
        return *served.whyNone;
    return Error::usage(QCoreApplication::translate("Store", "No store is open. Open one with File › Open store… "
                                                             "(Ctrl+O)."));
}

} // namespace RefundDesk
