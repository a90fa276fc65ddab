#include "store/storeworker.h"

#include <QCoreApplication>
#include <QThread>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>

namespace RefundDesk {

namespace {

// How long closing waits for a request in flight before leaving the thread to finish it.
constexpr int CloseWaitMs = 2000;

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

    void run()
    {
        Served served;
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
            next.job(served, token);
        }
        served.store.reset(); // closed on the thread it was opened on
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

StoreWorker::~StoreWorker()
{
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
