#pragma once

// Which letter Alt reaches what with, for the console's language tests: each function
// gives one line per letter claimed twice, empty when every letter reaches one control.

#include <QStringList>

class QMenuBar;
class QWidget;

namespace RefundDesk::Test {

// The letters that more than one control of `root` shown now claims: its buttons, the
// labels that lead to a field, its tabs, its group boxes and, in a main window, the menu
// bar's menus. Qt does not act on such a letter: it moves the focus from one to the next.
QStringList altKeysClaimedTwice(QWidget *root);

// The letters that more than one entry of a menu of `bar` claims (each menu and submenu
// on its own): the letter then selects, and the entry waits for Enter.
QStringList menuKeysClaimedTwice(QMenuBar *bar);

} // namespace RefundDesk::Test
