#include "ui/console/storeopening/demolauncher.h"

#include "demo/demostore.h"

#include <QDateTime>
#include <QDir>
#include <QFutureWatcher>
#include <QProgressDialog>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

namespace RefundDesk {

DemoLauncher::DemoLauncher(QObject *parent)
    : QObject(parent)
{
    m_poll.setInterval(100);
    connect(&m_poll, &QTimer::timeout, this, &DemoLauncher::showProgress);
}

DemoLauncher::~DemoLauncher()
{
    if (m_shared)
        m_shared->cancel = true;
}

QString DemoLauncher::newDemoPath()
{
    QString folder = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
    if (folder.isEmpty())
        folder = QDir::tempPath();
    folder += QStringLiteral("/demo");
    QDir().mkpath(folder);
    // Each demo is a new file; keep the few latest, not every one ever built.
    QDir dir(folder);
    const QStringList old = dir.entryList({QStringLiteral("demo-*.sqlite")}, QDir::Files, QDir::Name | QDir::Reversed);
    for (int i = 4; i < old.size(); ++i) {
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            dir.remove(old.at(i) + suffix);
    }
    return QStringLiteral("%1/demo-%2.sqlite")
        .arg(folder, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")));
}

bool DemoLauncher::start(const QString &path, qint64 operations, quint64 seed, QWidget *parent)
{
    if (m_running)
        return false;
    m_running = true;
    m_shared = std::make_shared<Shared>();
    if (parent) {
        m_dialog = new QProgressDialog(tr("Simulating the refund tool and the provider for %1 operations…").arg(operations),
                                       tr("Cancel"), 0, 100, parent);
        m_dialog->setObjectName(QStringLiteral("demoProgress"));
        m_dialog->setWindowTitle(tr("Building a demo store"));
        m_dialog->setWindowModality(Qt::WindowModal);
        m_dialog->setMinimumDuration(300);
        m_dialog->setAttribute(Qt::WA_DeleteOnClose);
        auto shared = m_shared;
        connect(m_dialog, &QProgressDialog::canceled, this, [shared] { shared->cancel = true; });
    }
    m_poll.start();

    SimulationOptions options;
    options.operations = operations;
    options.seed = seed;
    options.cancel = &m_shared->cancel;
    auto shared = m_shared;
    auto *watcher = new QFutureWatcher<Result<SimulationSummary>>(this);
    connect(watcher, &QFutureWatcher<Result<SimulationSummary>>::finished, this, [this, watcher, path, shared] {
        const Result<SimulationSummary> result = watcher->result();
        const bool wasCancelled = shared->cancel;
        watcher->deleteLater();
        m_poll.stop();
        m_running = false;
        if (m_dialog) {
            // Closing a progress dialog reports a cancel; this is no cancel.
            m_dialog->disconnect(this);
            m_dialog->close();
        }
        if (wasCancelled)
            emit cancelled();
        else if (!result)
            emit failed(result.error().message);
        else
            emit finished(path);
    });
    // The options hold a pointer into `shared`, which the lambda keeps alive.
    watcher->setFuture(QtConcurrent::run([path, options, shared] {
        return DemoStore::generate(path, options, [shared](qint64 done, qint64 total) {
            shared->done = done;
            shared->total = total;
        });
    }));
    return true;
}

void DemoLauncher::showProgress()
{
    if (!m_dialog || !m_shared)
        return;
    const qint64 total = m_shared->total;
    if (total > 0)
        m_dialog->setValue(int(qMin<qint64>(99, m_shared->done * 100 / total)));
}

} // namespace RefundDesk
