#include "ui/console/batch/batchflow.h"

#include "ui/console/batch/batchreportdialog.h"
#include "ui/console/batch/batchreviewdialog.h"
#include "ui/console/batch/batchrunner.h"

#include <QProgressDialog>
#include <QWidget>

namespace RefundDesk {

BatchFlow::BatchFlow(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_runner(new BatchRunner(this))
{
}

void BatchFlow::start(const QString &location, const BatchRequest &request)
{
    if (m_busy)
        return;
    m_busy = true;
    m_location = location;
    m_runner->plan(location, request, [this](Result<BatchPlan> plan) {
        if (!plan) {
            emit failed(tr("Cannot read what the evidence settles"), plan.error().message);
            end();
            return;
        }
        review(*plan);
    });
}

void BatchFlow::review(const BatchPlan &plan)
{
    auto *dialog = new BatchReviewDialog(plan, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::finished, this, [this, dialog](int result) {
        // What the reviewer unticked is left out of the plan: nothing records it.
        if (result == QDialog::Accepted)
            record(dialog->reviewedPlan(), dialog->note());
        else
            end();
    });
    dialog->open();
}

void BatchFlow::record(const BatchPlan &plan, const QString &note)
{
    // Not modal: the queue stays live and scrollable while the batch runs.
    auto *progress = new QProgressDialog(tr("Recording outcomes from evidence…"), tr("Cancel"), 0,
                                         int(plan.eligible.size()), m_window);
    progress->setObjectName(QStringLiteral("batchProgress"));
    progress->setWindowTitle(tr("Record outcomes from evidence"));
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setMinimumDuration(0);
    progress->setValue(0);
    m_progress = progress;
    connect(progress, &QProgressDialog::canceled, this, [this] {
        m_runner->cancel();
        if (m_progress)
            m_progress->setLabelText(tr("Stopping after the operation being written…"));
    });
    m_runner->run(
        m_location, plan, note,
        [this](qint64 done, qint64 total) {
            if (!m_progress)
                return;
            m_progress->setValue(int(done));
            m_progress->setLabelText(tr("Recorded %1 of %2…").arg(done).arg(total));
        },
        [this](BatchReport report) {
            if (m_progress)
                m_progress->deleteLater();
            showReport(report);
            end();
        });
    progress->show();
}

void BatchFlow::showReport(const BatchReport &report)
{
    auto *dialog = new BatchReportDialog(report, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void BatchFlow::end()
{
    m_busy = false;
    emit finished();
}

} // namespace RefundDesk
