#pragma once

#include <QString>

class QWidget;

namespace RefundDesk {

// Shows what went wrong and what to do about it in a window-modal message box that does
// not block the caller. The message comes from the model layer and is shown as plain
// text, never interpreted as markup.
void showError(QWidget *parent, const QString &title, const QString &message);

// The same, unless `parent` shows that message already: the same trouble seen again (e.g.
// on every refresh) needs no second dialog.
void showErrorOnce(QWidget *parent, const QString &title, const QString &message);

} // namespace RefundDesk
