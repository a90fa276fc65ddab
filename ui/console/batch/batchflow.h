#pragma once

#include "evidence/batchplan.h"

#include <QObject>
#include <QPointer>

class QProgressDialog;
class QWidget;

namespace RefundDesk {

class BatchReviewDialog;
class BatchRunner;
struct BatchReport;

// Operation › Record outcomes from evidence…: the plan read off the UI thread, the
// review, the batch recorded on a worker with a progress dialog whose Cancel stops
// before the next operation, and the report at the end.
class BatchFlow final : public QObject
{
    Q_OBJECT

public:
    // The dialogs are `window`'s.
    explicit BatchFlow(QWidget *window);

    // Plans `request` on the store at `location`, then shows the review.
    void start(const QString &location, const BatchRequest &request);
    bool isBusy() const { return m_busy; }
    BatchRunner *runner() const { return m_runner; }

signals:
    // The batch ended (or the review was closed): what was recorded is in the store.
    void finished();
    // The plan could not be read, or the batch stopped on the store.
    void failed(const QString &title, const QString &message);

private:
    void review(const BatchPlan &plan);
    void record(const BatchPlan &plan, const QString &note);
    void showReport(const BatchReport &report);
    void end();

    QWidget *m_window = nullptr;
    BatchRunner *m_runner = nullptr;
    QString m_location;
    QPointer<QProgressDialog> m_progress;
    bool m_busy = false;
};

} // namespace RefundDesk
