#include "ui/common/focusorder.h"

#include <QWidget>

namespace RefundDesk {

void setFocusOrder(const QList<QWidget *> &widgets)
{
    for (qsizetype i = 1; i < widgets.size(); ++i)
        QWidget::setTabOrder(widgets[i - 1], widgets[i]);
}

} // namespace RefundDesk
