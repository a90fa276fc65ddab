#include "ui/common/livetext.h"

#include <QAccessible>
#include <QCoreApplication>
#include <QLabel>
#include <QStatusBar>

namespace RefundDesk::LiveText {

void makeReadable(QLabel *label)
{
    label->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    // Keyboard-selectable text alone takes focus by clicking only: Tab must reach it too.
    label->setFocusPolicy(Qt::StrongFocus);
}

namespace {

void textUpdated(QWidget *widget, const QString &before)
{
    QAccessibleInterface *iface = QAccessible::queryAccessibleInterface(widget);
    QAccessibleTextInterface *text = iface ? iface->textInterface() : nullptr;
    if (!text)
        return;
    QAccessibleTextUpdateEvent updated(widget, 0, before, text->text(0, text->characterCount()));
    QAccessible::updateAccessibility(&updated);
}

} // namespace

void makeReadableParagraph(QLabel *label, const QString &objectName)
{
    label->setObjectName(objectName);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    makeReadable(label);
}

void setText(QLabel *label, const QString &text)
{
    // An empty label has nothing to read: a Tab stop there would be a control without a
    // name. It takes its place in the chain again once it says something.
    if (label->textInteractionFlags().testFlag(Qt::TextSelectableByKeyboard))
        label->setFocusPolicy(text.isEmpty() ? Qt::NoFocus : Qt::StrongFocus);
    if (label->text() == text)
        return;
    const QString before = label->text();
    label->setText(text); // QLabel sends the name change itself
    if (QAccessible::isActive())
        textUpdated(label, before);
}

void followMessages(QStatusBar *statusBar)
{
    auto name = [statusBar](const QString &message) {
        statusBar->setAccessibleName(message.isEmpty() ? QCoreApplication::translate("RefundDesk::LiveText", "Status")
                                                       : message);
    };
    name(statusBar->currentMessage());
    // setAccessibleName tells the bridge itself.
    QObject::connect(statusBar, &QStatusBar::messageChanged, statusBar, name);
}

} // namespace RefundDesk::LiveText
