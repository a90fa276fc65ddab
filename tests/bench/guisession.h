#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <memory>

namespace RefundDesk {
class MainWindow;
class OperatorIdentity;
}

namespace RefundDesk::Bench {

struct GuiSessionOptions
{
    QString storePath;
    qint64 operations = 0; // the store's size (its ids run op_1 .. op_N)
    int paintRuns = 3;
    int panelSamples = 200;
    int liveSeconds = 10;
    int idleSeconds = 10;
    // Which measurements to take (all when empty): paint, panel, scroll, live, filter, idle.
    QStringList phases;
};

// The console against one store, in this process (offscreen): first paint, the operation
// panel, scrolling the whole queue, live refresh at one change a second, filtering by a
// typed key, memory, and idle CPU. Each figure goes to `results` under a fixed name.
class GuiSession final
{
public:
    explicit GuiSession(const GuiSessionOptions &options);
    ~GuiSession();

    // False (with `error` set) when the store could not be opened or the window did not
    // show what it should.
    bool run();

    const QMap<QString, double> &results() const { return m_results; }
    const QString &error() const { return m_error; }

private:
    bool measureFirstPaint();
    bool measurePanel();
    bool measureScroll();
    bool measureLiveRefresh();
    bool measureFilter();
    void measureIdle();
    bool fail(const QString &message);
    bool wants(const char *phase) const;

    GuiSessionOptions m_options;
    std::unique_ptr<OperatorIdentity> m_identity;
    std::unique_ptr<MainWindow> m_window;
    QMap<QString, double> m_results;
    QString m_error;
};

} // namespace RefundDesk::Bench
