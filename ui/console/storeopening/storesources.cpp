#include "ui/console/storeopening/storesources.h"

#include "ui/console/shell/consolemenus.h"
#include "ui/console/storeopening/demolauncher.h"
#include "ui/console/storeopening/recentstores.h"
#include "ui/console/storeopening/storesourceshost.h"

#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace RefundDesk {

StoreSources::StoreSources(StoreSourcesHost *host, QWidget *window)
    : QObject(window)
    , m_host(host)
    , m_window(window)
    , m_recent(new RecentStores(this))
    , m_demo(new DemoLauncher(this))
{
    connect(m_recent, &RecentStores::openRequested, this, [this](const QString &path) { m_host->openStore(path, false, {}); });
    connect(m_demo, &DemoLauncher::finished, this, [this](const QString &path) { m_host->openStore(path, false, {}); });
    connect(m_demo, &DemoLauncher::failed, this,
            [this](const QString &message) { m_host->reportError(tr("Cannot build the demo store"), message); });
}

void StoreSources::connectMenus(ConsoleMenus *menus)
{
    connect(menus, &ConsoleMenus::openRequested, this, &StoreSources::chooseFile);
    connect(menus, &ConsoleMenus::demoRequested, this, [this] { buildDemo(2000, {}); });
}

void StoreSources::chooseFile()
{
    const auto &facts = m_host->storeFacts();
    const QString start = facts ? QFileInfo(facts->location).absolutePath() : QDir::homePath();
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Open a Refund Desk store"), start,
                                                      tr("Stores (*.sqlite *.db *.refunddesk);;All files (*)"));
    if (!path.isEmpty())
        m_host->openStore(path, false, {});
}

void StoreSources::buildDemo(qint64 operations, const QString &path)
{
    const QString target = path.isEmpty() ? DemoLauncher::newDemoPath() : path;
    if (!m_demo->start(target, operations, quint64(QDateTime::currentSecsSinceEpoch()), m_window))
        m_host->showMessage(tr("A demo store is already being built."), 4000);
}

} // namespace RefundDesk
