#include "ui/common/livemessagebox.h"

#include <QEvent>

namespace RefundDesk {

LiveMessageBox::LiveMessageBox(Icon icon, StandardButtons buttons, QWidget *parent)
    : QMessageBox(icon, QString(), QString(), buttons, parent)
{
    setTextFormat(Qt::PlainText);
}

void LiveMessageBox::setTexts(std::function<void()> texts)
{
    m_texts = std::move(texts);
    if (m_texts)
        m_texts();
}

void LiveMessageBox::changeEvent(QEvent *event)
{
    QMessageBox::changeEvent(event); // the standard buttons
    if (event->type() == QEvent::LanguageChange && m_texts)
        m_texts();
}

} // namespace RefundDesk
