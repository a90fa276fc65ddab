#include "ui/common/focusmark.h"

#include "ui/common/theme.h"

#include <QApplication>
#include <QMenu>
#include <QPainter>
#include <QPointer>

namespace RefundDesk {

namespace {

// One mark for the whole application, made again when the window it was in is gone.
class FocusFollower final : public QObject
{
public:
    explicit FocusFollower(QObject *parent)
        : QObject(parent)
    {
        connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) { markWidget(now); });
        markWidget(QApplication::focusWidget());
    }

private:
    void markWidget(QWidget *widget)
    {
        // A menu shows its own current item; a window with the focus itself has nothing to frame.
        if (!widget || !widget->parentWidget() || qobject_cast<QMenu *>(widget) || widget->isWindow()) {
            if (m_mark)
                m_mark->setWidget(nullptr);
            return;
        }
        if (!m_mark)
            m_mark = new FocusMark(widget->parentWidget());
        m_mark->setWidget(widget);
    }

    QPointer<FocusMark> m_mark;
};

} // namespace

void FocusMark::follow()
{
    static QPointer<QObject> follower;
    if (!follower && qApp)
        follower = new FocusFollower(qApp);
}

FocusMark::FocusMark(QWidget *parent)
    : QFocusFrame(parent)
{
    setObjectName(QStringLiteral("focusMark"));
}

void FocusMark::paintEvent(QPaintEvent *)
{
    if (!widget())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    QPen pen(Theme::focusMark(widget()->palette()), 2);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 3, 3);
}

} // namespace RefundDesk
