// tst_accessibility's class and what its files share: walking a window's accessible tree and
// its Tab chain, and the console opened on a test store.

#pragma once

#include "isolatedsettings.h"
#include "teststore.h"
#include "consolewait.h"

#include "evidence/evidence.h"
#include "items/queuemodel.h"
#include "ui/audit/auditwindow.h"
#include "ui/common/errordialog.h"
#include "ui/common/theme.h"
#include "ui/console/auditlog/auditintegration.h"
#include "ui/console/panel/evidenceview.h"
#include "ui/console/shell/mainwindow.h"
#include "ui/console/shell/shortcutsdialog.h"
#include "ui/console/deciding/operationactions.h"
#include "ui/console/panel/operationpanel.h"
#include "ui/console/deciding/operatoridentity.h"
#include "ui/console/queue/queuefilterbar.h"
#include "ui/console/queue/queuepane.h"
#include "ui/console/deciding/resolvedialog.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPalette>
#include <QPushButton>
#include <QRadioButton>
#include <QSet>
#include <QStatusBar>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace RefundDesk;
using RefundDesk::Test::TestStore;

inline QString describe(QAccessibleInterface *iface)
{
    QObject *object = iface->object();
    QString where = object ? QString::fromLatin1(object->metaObject()->className()) : QStringLiteral("?");
    if (object && !object->objectName().isEmpty())
        where += QLatin1Char('#') + object->objectName();
    for (QAccessibleInterface *parent = iface->parent(); parent; parent = parent->parent()) {
        QObject *up = parent->object();
        if (up && !up->objectName().isEmpty()) {
            where += QStringLiteral(" in ") + up->objectName();
            break;
        }
    }
    return QStringLiteral("%1 (role %2)").arg(where).arg(int(iface->role()));
}

// Every focusable, showing object under `iface` without a name. A table's cells and
// headers are the table's text, checked on their own (an empty cell is not a control).
inline void collectUnnamed(QAccessibleInterface *iface, QStringList &unnamed, int depth = 0)
{
    if (!iface || depth > 40)
        return;
    const QAccessible::State state = iface->state();
    if (state.invisible || state.offscreen)
        return;
    const QAccessible::Role role = iface->role();
    if (role == QAccessible::Cell || role == QAccessible::ColumnHeader || role == QAccessible::RowHeader)
        return;
    if (state.focusable && iface->text(QAccessible::Name).trimmed().isEmpty())
        unnamed << describe(iface);
    for (int i = 0; i < iface->childCount(); ++i)
        collectUnnamed(iface->child(i), unnamed, depth + 1);
}

inline QStringList unnamedControls(QWidget *window)
{
    QStringList unnamed;
    collectUnnamed(QAccessible::queryAccessibleInterface(window), unnamed);
    return unnamed;
}

// The widgets Tab should reach: shown, enabled, taking focus by Tab, of this window.
inline QList<QWidget *> tabStops(QWidget *window)
{
    QList<QWidget *> stops;
    for (QWidget *widget = window->nextInFocusChain(); widget != window; widget = widget->nextInFocusChain()) {
        if (widget->window() != window || !widget->isVisible() || !widget->isEnabled() || widget->focusProxy()
            || !(widget->focusPolicy() & Qt::TabFocus) || stops.contains(widget))
            continue;
        stops << widget;
    }
    return stops;
}

inline QString nameOf(QWidget *widget)
{
    return widget ? (widget->objectName().isEmpty() ? QString::fromLatin1(widget->metaObject()->className())
                                                    : widget->objectName())
                  : QStringLiteral("(none)");
}

// Presses Tab from where the focus starts until it comes back there. Returns the
// widgets visited in order, or fails (a trap, or a stop never reached).
inline QList<QWidget *> walkTabChain(QWidget *window, QString *problem)
{
    const QList<QWidget *> stops = tabStops(window);
    if (stops.isEmpty()) {
        *problem = QStringLiteral("nothing takes the focus");
        return {};
    }
    window->activateWindow();
    if (!QTest::qWaitForWindowActive(window)) {
        *problem = QStringLiteral("the window did not become active");
        return {};
    }
    // From where the keyboard starts in this window (the chain is a ring).
    QWidget *start = stops.contains(window->focusWidget()) ? window->focusWidget() : stops.first();
    start->setFocus(Qt::TabFocusReason);
    QList<QWidget *> visited{QApplication::focusWidget()};
    for (int press = 0; press < 4 * stops.size(); ++press) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget *now = QApplication::focusWidget();
        if (now == visited.first())
            break;
        if (!now || now->window() != window) {
            *problem = QStringLiteral("Tab left the window from %1").arg(nameOf(visited.last()));
            return visited;
        }
        visited << now;
    }
    if (QApplication::focusWidget() != visited.first()) {
        *problem = QStringLiteral("Tab never came back to %1; it cycles after %2")
                       .arg(nameOf(visited.first()), nameOf(visited.last()));
        return visited;
    }
    QStringList missed;
    for (QWidget *stop : stops) {
        // Tab visits one button of a group of radio buttons; the arrow keys the others.
        const auto *radio = qobject_cast<QRadioButton *>(stop);
        const bool groupVisited = radio && std::any_of(visited.cbegin(), visited.cend(), [radio](QWidget *seen) {
            return qobject_cast<QRadioButton *>(seen) && seen->parentWidget() == radio->parentWidget();
        });
        if (!visited.contains(stop) && !groupVisited)
            missed << nameOf(stop);
    }
    if (!missed.isEmpty()) {
        QStringList seen;
        for (QWidget *widget : std::as_const(visited))
            seen << nameOf(widget);
        *problem = QStringLiteral("Tab never reached: %1 (it went %2)")
                       .arg(missed.join(QStringLiteral(", ")), seen.join(QStringLiteral(" → ")));
    }
    return visited;
}

class TestAccessibility : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void consoleControlsAreNamedAndTabGoesRound();
    void tablesSayTheirHeadersAndCells();
    void changingTextsAreReachableAndHeard();
    void auditWindowIsNamedAndTabGoesRound();
    void dialogsAreNamedAndTabGoesRound();
    void tonesReadAtAaContrast_data();
    void tonesReadAtAaContrast();
    void everyColouredStateHasAWord();

private:
    std::unique_ptr<MainWindow> openWindow(bool readOnly = false);
    void checkWindow(QWidget *window, const QStringList &readingOrder = {});

    QTemporaryDir m_settingsDir;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<TestStore> m_fixture;
    std::unique_ptr<OperatorIdentity> m_identity;
};
