#pragma once

class QLabel;
class QString;
class QStatusBar;

namespace RefundDesk {

// Text a screen reader must be able to reach and hear when it changes: the verdict, the
// operation's notice, the banners, the status line.
//
// Qt 6.4 has no announcement API and its AT-SPI bridge sends no alert or live-region
// event, so this is the focusable read-only text pattern: the label is a stop in the Tab
// chain (its text can be selected with the keyboard, and its accessible name is its
// text), and a change of text is sent to the accessibility bridge as a name change
// (AT-SPI "object:property-change:accessible-name"), plus a text update where the label
// has a text interface. A screen reader speaks the focused object's new name, so the
// text is heard when it changes while a person is on it, and read in full when they
// come to it with Tab.
namespace LiveText {

// Puts the label in the Tab chain as selectable text, with a visible focus mark.
void makeReadable(QLabel *label);
// A paragraph a dialog says about the decision: named, plain text that wraps, readable.
void makeReadableParagraph(QLabel *label, const QString &objectName);
// The same, for a label being made: returns it, of its own type (a BannerLabel too).
template<typename Label>
Label *readableParagraph(Label *label, const QString &objectName)
{
    makeReadableParagraph(label, objectName);
    return label;
}
// Sets the label's text; tells the accessibility bridge when it changed. A readable label
// without text leaves the Tab chain until it has some.
void setText(QLabel *label, const QString &text);
// The status bar's message is painted, not a child a screen reader can read: its
// accessible name carries the message shown (else "Status"), announced on change.
void followMessages(QStatusBar *statusBar);

} // namespace LiveText

} // namespace RefundDesk
