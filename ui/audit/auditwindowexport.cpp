// AuditWindow's exports: the log as CSV or JSON, written on the thread pool with its own
// read-only connection, with progress and cancel; a cancelled or failed export leaves no
// file behind.
#include "ui/audit/auditwindow.h"

#include "store/store.h"
#include "ui/audit/auditfilterbar.h"

#include <QDate>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QPromise>
#include <QSaveFile>
#include <QStandardPaths>
#include <QStatusBar>
#include <QtConcurrent>

namespace RefundDesk {

namespace {

struct ExportOutcome
{
    bool ok = false;
    QString message;
};

} // namespace

void AuditWindow::exportLog()
{
    if (!m_facts || m_exportRunning)
        return;
    const QString folder = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    const QString suggested = QDir(folder).filePath(
        QStringLiteral("refund-desk-audit-%1.csv").arg(QDate::currentDate().toString(QStringLiteral("yyyy-MM-dd"))));
    QString filter;
    QString path = QFileDialog::getSaveFileName(this, tr("Export the audit log"), suggested,
                                                tr("CSV, for spreadsheets (*.csv);;JSON (*.json)"), &filter);
    if (path.isEmpty())
        return;
    const bool json = filter.contains(QLatin1String("*.json")) || path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive);
    if (QFileInfo(path).suffix().isEmpty())
        path += json ? QStringLiteral(".json") : QStringLiteral(".csv");
    startExport(path, json ? AuditExporter::Format::Json : AuditExporter::Format::Csv);
}

bool AuditWindow::startExport(const QString &path, AuditExporter::Format format)
{
    if (!m_facts || m_exportRunning)
        return false;
    m_exportRunning = true;
    AuditQuery query = m_filters->query();
    query.newestFirst = false; // an export follows the chain's order

    auto *progress = new QProgressDialog(tr("Exporting the audit log to %1…").arg(QFileInfo(path).fileName()),
                                         tr("Cancel"), 0, 100, this);
    progress->setObjectName(QStringLiteral("exportProgress"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(400);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setValue(0);

    auto *watcher = new QFutureWatcher<ExportOutcome>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, progress, &QProgressDialog::setValue);
    connect(progress, &QProgressDialog::canceled, watcher, &QFutureWatcherBase::cancel);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, progress, path] {
        watcher->deleteLater();
        progress->deleteLater();
        m_exportRunning = false;
        ExportOutcome outcome;
        if (watcher->future().isCanceled() || watcher->future().resultCount() == 0)
            outcome.message = tr("Export cancelled; no file was written.");
        else
            outcome = watcher->result();
        statusBar()->showMessage(outcome.message, 10000);
        emit exportFinished(outcome.ok, outcome.message);
    });

    const QString location = m_facts->location;
    watcher->setFuture(QtConcurrent::run([location, path, format, query](QPromise<ExportOutcome> &promise) {
        ExportOutcome outcome;
        auto store = StoreFactory::open(location, Store::OpenMode::ReadOnly);
        if (!store) {
            outcome.message = store.error().message;
            promise.addResult(outcome);
            return;
        }
        QSaveFile file(path);
        if (!file.open(QIODevice::WriteOnly)) {
            outcome.message = QObject::tr("%1 cannot be written: %2.").arg(QDir::toNativeSeparators(path),
                                                                          file.errorString());
            promise.addResult(outcome);
            return;
        }
        promise.setProgressRange(0, 100);
        AuditExporter exporter(**store, format);
        exporter.setQuery(query);
        auto written = exporter.write(file, [&promise](qint64 done, qint64 total) {
            promise.setProgressValue(total > 0 ? int(100 * done / total) : 100);
            return !promise.isCanceled();
        });
        // Without commit() QSaveFile leaves no file behind: cancelled or failed means nothing.
        if (promise.isCanceled())
            return;
        if (!written) {
            outcome.message = written.error().message;
        } else if (!file.commit()) {
            outcome.message = QObject::tr("%1 could not be saved: %2.").arg(QDir::toNativeSeparators(path),
                                                                           file.errorString());
        } else {
            outcome.ok = true;
            outcome.message = QObject::tr("Exported %Ln decision(s) to %1.", nullptr, int(*written))
                                  .arg(QDir::toNativeSeparators(path));
        }
        promise.addResult(outcome);
    }));
    return true;
}

} // namespace RefundDesk
