#pragma once

#include "ui/console/shell/mainwindow.h"
#include "ui/console/panel/operationpanel.h"
#include "workerwait.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QString>

namespace RefundDesk::Test {

// Until the console has nothing being opened, read or written: what a person would see
// once the store answered. False on timeout.
inline bool waitForConsole(const MainWindow &window, int timeoutMs = 120000)
{
    return waitUntilIdle([&window] { return window.isIdle(); }, timeoutMs);
}

// Opens the store in the console and waits until it is open, listed and its first
// operation shown; false (window.lastError() says why) when it could not be opened.
inline bool openInConsole(MainWindow &window, const QString &path, bool readOnly = false,
                          const QString &showAfter = {})
{
    bool opened = false;
    const QMetaObject::Connection connection =
        QObject::connect(&window, &MainWindow::storeOpened, &window, [&opened] { opened = true; });
    window.openStore(path, readOnly, showAfter);
    const bool settled = waitForConsole(window);
    QObject::disconnect(connection);
    if (!settled)
        qWarning("the console did not settle after opening %s", qPrintable(path));
    return settled && opened;
}

// Shows the operation and waits until the panel shows the store's answer; true when it
// is that operation (not an error about it).
inline bool showAndWait(MainWindow &window, const QString &operationId)
{
    return window.showOperation(operationId) && waitForConsole(window)
        && window.panel()->operationId() == operationId;
}

} // namespace RefundDesk::Test
