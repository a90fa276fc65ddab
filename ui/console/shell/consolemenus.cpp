#include "ui/console/shell/consolemenus.h"

#include "i18n/translations.h"
#include "ui/common/jsonviewer.h"
#include "ui/common/languagemenu.h"
#include "ui/common/theme.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/shell/shortcutsdialog.h"
#include "ui/console/storeopening/recentstores.h"

#include <QAction>
#include <QActionGroup>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>

namespace RefundDesk {

ConsoleMenus::ConsoleMenus(QMainWindow *window, QueuePane *queue, OperationPanel *panel, OperationActions *actions,
                           RecentStores *recent)
    : QObject(window)
    , m_window(window)
    , m_queue(queue)
    , m_panel(panel)
    , m_actions(actions)
    , m_recent(recent)
{
    // The texts are set by retranslate().
    createFileMenu();
    createQueueMenu();
    createOperationMenu();
    createViewMenu();
    createHelpMenu();
}

QMenu *ConsoleMenus::menu(Menu which) const
{
    switch (which) {
    case Menu::File:
        return m_fileMenu;
    case Menu::Queue:
        return m_queueMenu;
    case Menu::Operation:
        return m_operationMenu;
    case Menu::View:
        return m_viewMenu;
    case Menu::Help:
        return m_helpMenu;
    }
    return nullptr;
}

void ConsoleMenus::addEntry(Menu which, QAction *action)
{
    switch (which) {
    case Menu::File:
        m_fileMenu->insertAction(m_fileFeatures, action);
        break;
    case Menu::Queue:
        m_queueMenu->insertAction(m_queueFeatures, action);
        break;
    default:
        menu(which)->addAction(action);
        break;
    }
    // The shortcut works wherever the keyboard is in the window, as the menus' own do.
    if (!m_window->actions().contains(action))
        m_window->addAction(action);
}

void ConsoleMenus::createFileMenu()
{
    QMenu *file = m_fileMenu = m_window->menuBar()->addMenu(QString());
    m_openAction = file->addAction(QString(), this, &ConsoleMenus::openRequested);
    m_openAction->setShortcut(QKeySequence::Open);
    m_demoAction = file->addAction(QString(), this, &ConsoleMenus::demoRequested);
    m_demoAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    m_recentMenu = file->addMenu(QString());
    m_recent->attach(m_recentMenu);
    m_fileFeatures = file->addSeparator();
    m_operatorAction = file->addAction(QString(), this, &ConsoleMenus::operatorChangeRequested);
    file->addSeparator();
    m_quitAction = file->addAction(QString(), m_window, &QWidget::close);
    m_quitAction->setObjectName(QStringLiteral("quitAction"));
    m_quitAction->setShortcut(QKeySequence::Quit);
}

void ConsoleMenus::createQueueMenu()
{
    QMenu *queue = m_queueMenu = m_window->menuBar()->addMenu(QString());
    m_findAction = queue->addAction(QString(), this, [this] { m_queue->filterBar()->focusSearch(); });
    m_findAction->setShortcut(QKeySequence::Find);
    m_listAction = queue->addAction(QString(), this, [this] { m_queue->focusList(); });
    m_listAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_evidenceAction = queue->addAction(QString(), this, [this] {
        m_panel->evidenceView()->table()->setFocus(Qt::ShortcutFocusReason);
    });
    m_evidenceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    m_payloadAction = queue->addAction(QString(), this, [this] {
        m_panel->evidenceView()->jsonViewer()->searchField()->setFocus(Qt::ShortcutFocusReason);
    });
    m_payloadAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    queue->addSeparator();
    m_selectSettledAction = queue->addAction(QString(), this, [this] {
        const int count = m_queue->selectSettledByEvidence();
        m_window->statusBar()->showMessage(tr("Selected %n operation(s) that the evidence settles.", "", count),
                                           5000);
    });
    m_selectSettledAction->setObjectName(QStringLiteral("selectSettledAction"));
    m_queueFeatures = queue->addSeparator();
    m_refreshAction = queue->addAction(QString(), this, &ConsoleMenus::refreshRequested);
    m_refreshAction->setShortcut(QKeySequence::Refresh);
}

void ConsoleMenus::createOperationMenu()
{
    m_operationMenu = m_window->menuBar()->addMenu(QString());
    m_operationMenu->addActions(m_actions->all());
    m_operationMenu->addSeparator();
    m_batchAction = m_operationMenu->addAction(QString(), this, &ConsoleMenus::recordFromEvidenceRequested);
    m_batchAction->setObjectName(QStringLiteral("recordFromEvidenceAction"));
    m_batchAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
}

void ConsoleMenus::createViewMenu()
{
    m_viewMenu = m_window->menuBar()->addMenu(QString());
    m_coloursMenu = m_viewMenu->addMenu(QString());
    auto *group = new QActionGroup(this);
    const Theme::Choice current = Theme::saved();
    for (const Theme::Choice choice : {Theme::Choice::System, Theme::Choice::Light, Theme::Choice::Dark}) {
        QAction *action = m_coloursMenu->addAction(QString());
        action->setCheckable(true);
        action->setChecked(choice == current);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [choice] {
            Theme::apply(choice);
            Theme::save(choice);
        });
        m_themeActions << action;
    }
    m_viewMenu->addSeparator();
}

void ConsoleMenus::createHelpMenu()
{
    m_helpMenu = m_window->menuBar()->addMenu(QString());
    m_keysAction = m_helpMenu->addAction(QString(), this, &ConsoleMenus::showKeyboardShortcuts);
    m_keysAction->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    m_keysAction->setShortcut(QKeySequence::HelpContents);
    m_languageMenu = m_helpMenu->addMenu(QString());
    auto *languages = new LanguageMenu(m_languageMenu);
    // The window already speaks the new language; say that it stays so.
    connect(languages, &LanguageMenu::languageChosen, this, [this](const QString &language) {
        const QString name = Translations::nativeName(language.isEmpty() ? Translations::fromSystem() : language);
        m_window->statusBar()->showMessage(language.isEmpty()
                                               ? tr("Language: the system's (%1), now and at every start.").arg(name)
                                               : tr("Language: %1, now and at every start.").arg(name),
                                           6000);
    });
}

void ConsoleMenus::showKeyboardShortcuts()
{
    if (!m_keysDialog) {
        m_keysDialog = new ShortcutsDialog(m_window->menuBar(), m_window);
        m_keysDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_keysDialog->show();
    m_keysDialog->raise();
    m_keysDialog->activateWindow();
}

void ConsoleMenus::retranslate()
{
    m_fileMenu->setTitle(tr("&File"));
    m_openAction->setText(tr("&Open store…"));
    m_demoAction->setText(tr("Open &demo store"));
    m_demoAction->setStatusTip(tr("Build a fresh simulated store and open it"));
    m_recentMenu->setTitle(tr("&Recent stores"));
    m_recent->retranslate();
    m_operatorAction->setText(tr("Change o&perator name…"));
    m_quitAction->setText(tr("&Quit"));

    m_queueMenu->setTitle(tr("&Queue"));
    m_findAction->setText(tr("&Find…"));
    m_listAction->setText(tr("Go to the &list"));
    m_evidenceAction->setText(tr("Go to the &evidence"));
    m_payloadAction->setText(tr("Search the &payload"));
    m_refreshAction->setText(tr("&Refresh now"));
    m_selectSettledAction->setText(tr("&Select all that the evidence settles"));

    m_operationMenu->setTitle(tr("&Operation"));
    m_batchAction->setText(tr("Record &outcomes from evidence…"));
    m_batchAction->setToolTip(tr("Record, each as its own decision, the outcomes the evidence settles for the "
                                 "selected operations (when none is selected, those the view lists), after a "
                                 "review"));
    m_actions->retranslate();

    m_viewMenu->setTitle(tr("&View"));
    m_coloursMenu->setTitle(tr("&Colours"));
    const QStringList themes{tr("&System"), tr("&Light"), tr("&Dark")};
    for (int i = 0; i < m_themeActions.size() && i < themes.size(); ++i)
        m_themeActions[i]->setText(themes[i]);

    m_helpMenu->setTitle(tr("&Help"));
    m_keysAction->setText(tr("&Keyboard shortcuts"));
    m_languageMenu->setTitle(tr("&Language"));
}

} // namespace RefundDesk
