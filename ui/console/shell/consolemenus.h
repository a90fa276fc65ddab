#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QMainWindow;
class QMenu;

namespace RefundDesk {

class OperationActions;
class OperationPanel;
class QueuePane;
class RecentStores;
class ShortcutsDialog;

// The console's menu bar: File, Queue, Operation, View and Help, their actions and their
// keyboard shortcuts, and Help › Keyboard shortcuts. What an action does that needs the
// window is asked for by a signal; moving the keyboard between the window's parts is done
// here.
//
// A feature of its own (e.g. the audit log) adds its entries from its own class:
// addEntry(Menu::Queue, action) puts the action in the menu's place for features (see
// addEntry); Help › Keyboard shortcuts lists its key from there. The feature sets its own
// texts, and again on a language change.
class ConsoleMenus final : public QObject
{
    Q_OBJECT

public:
    enum class Menu { File, Queue, Operation, View, Help };

    ConsoleMenus(QMainWindow *window, QueuePane *queue, OperationPanel *panel, OperationActions *actions,
                 RecentStores *recent);

    QMenu *menu(Menu which) const;
    // Adds a feature's action to a menu: File, after the ways to open a store; Queue, after
    // "Select all that the evidence settles"; Operation, View and Help, at their end.
    void addEntry(Menu which, QAction *action);

    QAction *batchAction() const { return m_batchAction; }
    // Sets every text of the menus in the language in force.
    void retranslate();

signals:
    void openRequested();
    void demoRequested();
    void operatorChangeRequested();
    void refreshRequested();
    void recordFromEvidenceRequested();

private:
    void createFileMenu();
    void createQueueMenu();
    void createOperationMenu();
    void createViewMenu();
    void createHelpMenu();
    void showKeyboardShortcuts();

    QMainWindow *m_window = nullptr;
    QueuePane *m_queue = nullptr;
    OperationPanel *m_panel = nullptr;
    OperationActions *m_actions = nullptr;
    RecentStores *m_recent = nullptr;
    QMenu *m_fileMenu = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_demoAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QAction *m_fileFeatures = nullptr; // File: features go before this separator
    QAction *m_operatorAction = nullptr;
    QAction *m_quitAction = nullptr;
    QMenu *m_queueMenu = nullptr;
    QAction *m_findAction = nullptr;
    QAction *m_listAction = nullptr;
    QAction *m_evidenceAction = nullptr;
    QAction *m_payloadAction = nullptr;
    QAction *m_selectSettledAction = nullptr;
    QAction *m_queueFeatures = nullptr; // Queue: features go before this separator
    QAction *m_refreshAction = nullptr;
    QMenu *m_operationMenu = nullptr;
    QAction *m_batchAction = nullptr;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_coloursMenu = nullptr;
    QList<QAction *> m_themeActions; // system, light, dark
    QMenu *m_helpMenu = nullptr;
    QAction *m_keysAction = nullptr;
    QMenu *m_languageMenu = nullptr;
    QPointer<ShortcutsDialog> m_keysDialog;
};

} // namespace RefundDesk
