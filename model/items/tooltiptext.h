#pragma once

#include <QString>

namespace RefundDesk::ToolTipText {

// A tooltip showing `text` exactly as written. Qt renders a tooltip that looks like HTML
// as HTML, so text from operators, notes, evidence or payloads (say "<b>x</b><img ...>")
// is escaped and marked as rich text, with its line breaks kept. Empty stays empty.
QString fromPlainText(const QString &text);

} // namespace RefundDesk::ToolTipText
