#pragma once

#include <QProcessEnvironment>
#include <QStringList>

namespace RefundDesk::WindowSystem {

// What must be known before a QApplication is made: constructing one without a window
// system to talk to aborts the process inside Qt's platform plugin.

// The command line without Qt's own window-system options (-platform NAME, -style NAME,
// -reverse, ...), which QApplication takes for itself and the console's parser must not
// call unknown.
QStringList withoutQtOptions(const QStringList &arguments);

// The platform plugins asked for by -platform or QT_QPA_PLATFORM ("xcb;offscreen" lists
// fallbacks); empty when Qt is to choose.
QStringList requestedPlatforms(const QStringList &arguments, const QProcessEnvironment &environment);

// Why no window can be opened here, in one sentence; empty when one can.
QString whyNoWindow(const QStringList &arguments, const QProcessEnvironment &environment);

} // namespace RefundDesk::WindowSystem
