#pragma once

#include <QObject>

class QWidget;

namespace RefundDesk {

class ConsoleMenus;
class DemoLauncher;
class RecentStores;
class StoreSourcesHost;

// Where the console's stores come from: File › Open… (a file chosen), File › Demo store
// (built off the UI thread by the DemoLauncher, with its progress) and File › Recent
// stores (the window adds each store it opens there). Each leads to the window's openStore,
// through StoreSourcesHost.
class StoreSources final : public QObject
{
    Q_OBJECT

public:
    // `window` is the dialogs' parent.
    StoreSources(StoreSourcesHost *host, QWidget *window);

    RecentStores *recent() const { return m_recent; }
    // File › Open… and File › Demo store lead here.
    void connectMenus(ConsoleMenus *menus);

    // Asks for a store file, starting in the folder of the store shown, and opens it.
    void chooseFile();
    // Builds a fresh demo store (at `path`, else a new file in the application's data
    // folder), then opens it; says so when one is being built already.
    void buildDemo(qint64 operations, const QString &path);

private:
    StoreSourcesHost *m_host = nullptr;
    QWidget *m_window = nullptr;
    RecentStores *m_recent = nullptr;
    DemoLauncher *m_demo = nullptr;
};

} // namespace RefundDesk
