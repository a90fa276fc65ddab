#include "ui/console/storeopening/recentstores.h"

#include "ui/common/settingswriter.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace RefundDesk {

namespace {
const char settingsKey[] = "stores/recent";
constexpr int maximumCount = 8;
}

RecentStores::RecentStores(QObject *parent)
    : QObject(parent)
    , m_paths(QSettings().value(QLatin1String(settingsKey)).toStringList())
{
}

QStringList RecentStores::paths() const
{
    return m_paths;
}

void RecentStores::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = paths();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > maximumCount)
        list.removeLast();
    save(list);
}

void RecentStores::clear()
{
    save({});
}

void RecentStores::save(const QStringList &paths)
{
    // Saved off the UI thread: opening a store must not wait for the disk.
    m_paths = paths;
    SettingsWriter::setValue(QLatin1String(settingsKey), paths);
    rebuild();
}

void RecentStores::attach(QMenu *menu)
{
    m_menu = menu;
    rebuild();
}

void RecentStores::rebuild()
{
    if (!m_menu)
        return;
    m_menu->clear();
    const QStringList list = paths();
    int number = 1;
    for (const QString &path : list) {
        // A path is data: an '&' in it is not a mnemonic.
        QString shown = QDir::toNativeSeparators(path);
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));
        const QString label = number < 10 ? QStringLiteral("&%1  %2").arg(number).arg(shown) : shown;
        ++number;
        QAction *action = m_menu->addAction(label);
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (list.isEmpty()) {
        m_menu->addAction(tr("No recent stores"))->setEnabled(false);
        return;
    }
    m_menu->addSeparator();
    connect(m_menu->addAction(tr("Clear the list")), &QAction::triggered, this, &RecentStores::clear);
}

} // namespace RefundDesk
