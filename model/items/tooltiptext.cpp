#include "items/tooltiptext.h"

namespace RefundDesk::ToolTipText {

QString fromPlainText(const QString &text)
{
    if (text.isEmpty())
        return {};
    // <qt> makes it rich text for certain; escaped, nothing inside is taken for markup.
    QString escaped = text.toHtmlEscaped();
    escaped.replace(QLatin1Char('\n'), QLatin1String("<br>"));
    return QStringLiteral("<qt>%1</qt>").arg(escaped);
}

} // namespace RefundDesk::ToolTipText
