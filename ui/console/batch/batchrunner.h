#pragma once

#include "domain/result.h"
#include "evidence/batchexecutor.h"
#include "evidence/batchplan.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>

namespace RefundDesk {

class StoreWorker;

// Plans and records a batch of outcomes from evidence off the UI thread, on a store
// worker and connection of its own (as WriteRunner does for single writes), so that the
// queue stays live and scrollable while it runs. Progress and the report come back on
// this object's thread.
class BatchRunner final : public QObject
{
    Q_OBJECT

public:
    using Planned = std::function<void(Result<BatchPlan>)>;
    using Progress = std::function<void(qint64 done, qint64 total)>;
    using Finished = std::function<void(BatchReport)>;

    explicit BatchRunner(QObject *parent = nullptr);
    // A batch still running stops before its next operation: nobody is left to see it.
    ~BatchRunner() override;

    // Reads the plan for `request` from the store at `location`.
    void plan(const QString &location, const BatchRequest &request, Planned done);
    // Records `plan`'s candidates, each as its own decision. One run at a time: returns
    // false, starting nothing, while one is under way.
    bool run(const QString &location, const BatchPlan &plan, const QString &note, Progress progress, Finished done);
    // Stops before the next operation; what was decided stays decided.
    void cancel();
    bool isRunning() const { return m_running; }

private:
    void openAt(const QString &location);

    StoreWorker *m_worker = nullptr;
    QString m_location;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
};

} // namespace RefundDesk
