#include "altkeys.h"

#include <QAbstractButton>
#include <QAction>
#include <QGroupBox>
#include <QKeySequence>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMultiMap>
#include <QTabBar>

namespace RefundDesk::Test {

namespace {

// Who claims which letter: "Alt+V" → "menu \"&View\"".
class Claims
{
public:
    void add(const QString &text, const QString &who)
    {
        const QKeySequence key = QKeySequence::mnemonic(text);
        if (!key.isEmpty())
            m_byKey.insert(key.toString(QKeySequence::PortableText), QStringLiteral("%1 \"%2\"").arg(who, text));
    }

    QStringList twice(const QString &where) const
    {
        QStringList problems;
        for (const QString &key : m_byKey.uniqueKeys()) {
            const QStringList who = m_byKey.values(key);
            if (who.size() > 1)
                problems << QStringLiteral("%1: %2 is claimed by %3").arg(where, key, who.join(QStringLiteral(", ")));
        }
        return problems;
    }

private:
    QMultiMap<QString, QString> m_byKey;
};

QString nameOf(const QObject *object)
{
    return object->objectName().isEmpty() ? QString::fromLatin1(object->metaObject()->className())
                                          : object->objectName();
}

void menuProblems(QMenu *menu, QStringList &problems)
{
    Claims claims;
    for (QAction *action : menu->actions()) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        claims.add(action->text(), QStringLiteral("entry"));
        if (action->menu())
            menuProblems(action->menu(), problems);
    }
    problems << claims.twice(QStringLiteral("menu \"%1\"").arg(menu->title()));
}

} // namespace

QStringList altKeysClaimedTwice(QWidget *root)
{
    Claims claims;
    for (QAbstractButton *button : root->findChildren<QAbstractButton *>()) {
        if (button->isVisible())
            claims.add(button->text(), nameOf(button));
    }
    for (QLabel *label : root->findChildren<QLabel *>()) {
        if (label->isVisible() && label->buddy())
            claims.add(label->text(), QStringLiteral("the label of %1").arg(nameOf(label->buddy())));
    }
    for (QGroupBox *group : root->findChildren<QGroupBox *>()) {
        if (group->isVisible())
            claims.add(group->title(), nameOf(group));
    }
    for (QTabBar *tabs : root->findChildren<QTabBar *>()) {
        if (!tabs->isVisible())
            continue;
        for (int tab = 0; tab < tabs->count(); ++tab)
            claims.add(tabs->tabText(tab), QStringLiteral("a tab of %1").arg(nameOf(tabs->parentWidget())));
    }
    if (auto *window = qobject_cast<QMainWindow *>(root)) {
        for (QAction *menu : window->menuBar()->actions()) {
            if (menu->isVisible())
                claims.add(menu->text(), QStringLiteral("menu"));
        }
    }
    return claims.twice(nameOf(root));
}

QStringList menuKeysClaimedTwice(QMenuBar *bar)
{
    QStringList problems;
    for (QAction *action : bar->actions()) {
        if (action->menu())
            menuProblems(action->menu(), problems);
    }
    return problems;
}

} // namespace RefundDesk::Test
