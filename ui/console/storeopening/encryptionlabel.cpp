#include "ui/console/storeopening/encryptionlabel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

namespace RefundDesk {

namespace {

// A padlock drawn in the text's colour, closed or with its shackle open.
QPixmap padlock(const QColor &colour, int size, qreal ratio, bool closed)
{
    QPixmap pixmap(QSize(size, size) * ratio);
    pixmap.setDevicePixelRatio(ratio);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const qreal s = size;
    QPen pen(colour, s / 9);
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    QPainterPath shackle;
    const qreal left = s * 0.3;
    const qreal right = s * 0.7;
    const qreal bottom = s * 0.48;
    shackle.moveTo(left, bottom);
    shackle.lineTo(left, s * 0.32);
    shackle.arcTo(QRectF(left, s * 0.12, right - left, s * 0.4), 180, -180);
    shackle.lineTo(right, closed ? bottom : s * 0.36);
    painter.drawPath(closed ? shackle : shackle.translated(s * 0.12, -s * 0.08));
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawRoundedRect(QRectF(s * 0.2, bottom, s * 0.6, s * 0.42), s * 0.06, s * 0.06);
    return pixmap;
}

} // namespace

EncryptionLabel::EncryptionLabel(QWidget *parent)
    : QWidget(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("encryptionLabel"));
    m_text->setObjectName(QStringLiteral("encryptionText"));
    m_text->setTextFormat(Qt::PlainText);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_icon);
    layout->addWidget(m_text);
    hide();
}

void EncryptionLabel::setEncryption(const std::optional<QString> &protocol)
{
    m_protocol = protocol;
    showEncryption();
}

void EncryptionLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange)
        showEncryption();
    QWidget::changeEvent(event);
}

void EncryptionLabel::showEncryption()
{
    if (!m_protocol) {
        hide();
        return;
    }
    const bool encrypted = !m_protocol->isEmpty();
    m_text->setText(encrypted ? tr("Encrypted (%1)").arg(*m_protocol) : tr("Not encrypted"));
    setToolTip(encrypted ? tr("The link to the server is encrypted and the server's answers cannot be read or "
                              "changed on the way.")
                         : tr("The link to the server crosses the network in plain text: anyone on the way can read "
                              "the store's rows. Add sslmode=verify-full to the location."));
    setAccessibleName(m_text->text());
    const int size = m_text->fontMetrics().height();
    m_icon->setPixmap(padlock(m_text->palette().color(QPalette::WindowText), size, devicePixelRatioF(), encrypted));
    show();
}

} // namespace RefundDesk
