#include "ui/console/batch/batchrunner.h"

#include "store/store.h"
#include "store/storeworker.h"

#include <QCoreApplication>
#include <QPointer>

namespace RefundDesk {

BatchRunner::BatchRunner(QObject *parent)
    : QObject(parent)
    , m_worker(new StoreWorker(this))
{
}

BatchRunner::~BatchRunner()
{
    cancel();
}

void BatchRunner::openAt(const QString &location)
{
    if (location == m_location)
        return;
    m_location = location;
    // Opened in line before the request; when it cannot be, the request answers why.
    m_worker->open(location, Store::OpenMode::ReadWrite, this, [this, location](Result<StoreFacts> opened) {
        if (!opened && m_location == location)
            m_location.clear();
    });
}

void BatchRunner::plan(const QString &location, const BatchRequest &request, Planned done)
{
    openAt(location);
    m_worker->request<BatchPlan>([request](Store &store) { return BatchPlanner::plan(store, request); }, this,
                                 std::move(done));
}

bool BatchRunner::run(const QString &location, const BatchPlan &plan, const QString &note, Progress progress,
                      Finished done)
{
    if (m_running)
        return false;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    openAt(location);
    QPointer<BatchRunner> self(this);
    m_worker->request<BatchReport>(
        [plan, note, cancel = m_cancel, self, progress](Store &store) -> Result<BatchReport> {
            BatchExecutor executor(store, plan.operatorName, note);
            executor.setCancel(cancel.get());
            executor.setProgress([self, progress](qint64 doneCount, qint64 total) {
                // To the application's (UI) thread, where `self` may be asked safely
                // whether it still lives.
                QMetaObject::invokeMethod(QCoreApplication::instance(), [self, progress, doneCount, total] {
                    if (self && progress)
                        progress(doneCount, total);
                }, Qt::QueuedConnection);
            });
            return executor.run(plan);
        },
        this, [this, done = std::move(done)](Result<BatchReport> report) {
            m_running = false;
            if (done)
                done(report ? std::move(*report) : BatchReport{{}, {}, 0, false, report.error(), {}});
        });
    return true;
}

void BatchRunner::cancel()
{
    if (m_cancel)
        *m_cancel = true;
}

} // namespace RefundDesk
