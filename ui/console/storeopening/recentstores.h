#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace RefundDesk {

// The stores opened lately, newest first, kept in the settings and offered in a menu.
// Read from the settings once, when made.
class RecentStores final : public QObject
{
    Q_OBJECT

public:
    explicit RecentStores(QObject *parent = nullptr);

    QStringList paths() const;
    void add(const QString &path);
    void clear();

    // Keeps `menu` listing the stores; choosing one emits openRequested.
    void attach(QMenu *menu);
    // Fills the menu again, its texts in the language in force.
    void retranslate() { rebuild(); }

signals:
    void openRequested(const QString &path);

private:
    void save(const QStringList &paths);
    void rebuild();

    QMenu *m_menu = nullptr;
    QStringList m_paths;
};

} // namespace RefundDesk
