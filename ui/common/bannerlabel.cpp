#include "ui/common/bannerlabel.h"

#include <QApplication>
#include <QEvent>

namespace RefundDesk {

BannerLabel::BannerLabel(QWidget *parent, Theme::Tone tone)
    : QLabel(parent)
    , m_tone(tone)
{
    setTextFormat(Qt::PlainText);
    watchParent();
    restyle();
}

void BannerLabel::setTone(Theme::Tone tone)
{
    m_tone = tone;
    restyle();
}

void BannerLabel::setCompact(bool compact)
{
    m_compact = compact;
    restyle();
}

void BannerLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::ParentChange)
        watchParent();
    if (event->type() == QEvent::ParentChange || event->type() == QEvent::PaletteChange
        || event->type() == QEvent::StyleChange)
        restyle();
    QLabel::changeEvent(event);
}

bool BannerLabel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_watched && event->type() == QEvent::PaletteChange)
        restyle();
    return QLabel::eventFilter(watched, event);
}

void BannerLabel::watchParent()
{
    if (m_watched == parentWidget())
        return;
    if (m_watched)
        m_watched->removeEventFilter(this);
    m_watched = parentWidget();
    if (m_watched)
        m_watched->installEventFilter(this);
}

void BannerLabel::restyle()
{
    // The label's own palette carries the colours of its style sheet; the tone is chosen
    // for the palette around it.
    const QPalette around = parentWidget() ? parentWidget()->palette() : QApplication::palette(this);
    const QString style = Theme::bannerStyle(m_tone, around, m_compact);
    // Setting a style sheet changes the label's palette and style again: stop there.
    if (style != styleSheet())
        setStyleSheet(style);
}

} // namespace RefundDesk
