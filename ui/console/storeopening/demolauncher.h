#pragma once

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <atomic>
#include <memory>

class QProgressDialog;
class QWidget;

namespace RefundDesk {

// Builds a fresh demo store off the UI thread (the simulator on a worker, with its own
// connection), showing progress that can be cancelled, and says when the file is ready.
class DemoLauncher final : public QObject
{
    Q_OBJECT

public:
    explicit DemoLauncher(QObject *parent = nullptr);
    ~DemoLauncher() override;

    // A new file name for a demo store in the application's data folder.
    static QString newDemoPath();

    // Starts building `operations` operations into `path`. `parent` hosts the progress
    // dialog (none when null). Returns false when a build is already running.
    bool start(const QString &path, qint64 operations, quint64 seed, QWidget *parent);

signals:
    void finished(const QString &path);
    void failed(const QString &message);
    void cancelled();

private:
    void showProgress();

    struct Shared
    {
        std::atomic<bool> cancel{false};
        std::atomic<qint64> done{0};
        std::atomic<qint64> total{0};
    };
    std::shared_ptr<Shared> m_shared;
    QPointer<QProgressDialog> m_dialog;
    QTimer m_poll;
    bool m_running = false;
};

} // namespace RefundDesk
