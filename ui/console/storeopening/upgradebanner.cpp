#include "ui/console/storeopening/upgradebanner.h"

#include "ui/common/bannerlabel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QPushButton>

namespace RefundDesk {

UpgradeBanner::UpgradeBanner(QWidget *parent)
    : QWidget(parent)
    , m_label(new BannerLabel(this, Theme::Tone::Info))
    , m_button(new QPushButton(this))
{
    setObjectName(QStringLiteral("upgradeBanner"));
    m_label->setWordWrap(true);
    m_label->setTextFormat(Qt::PlainText);
    m_button->setObjectName(QStringLiteral("upgradeButton"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_button);
    connect(m_button, &QPushButton::clicked, this, &UpgradeBanner::upgradeRequested);
    retranslate();
}

void UpgradeBanner::setUpgrading(bool upgrading)
{
    m_upgrading = upgrading;
    retranslate();
}

QString UpgradeBanner::text() const
{
    return m_label->text();
}

void UpgradeBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void UpgradeBanner::retranslate()
{
    m_label->setText(tr("This store has schema version 1: it cannot hold notes. Upgrading it to version 3 adds the "
                        "tables for notes and for what the provider answered and a column for the payment behind each "
                        "operation, in one step, and changes nothing else; the refund tool and the webhook receiver "
                        "keep writing it as before."));
    m_button->setText(m_upgrading ? tr("Upgrading…") : tr("&Upgrade"));
    m_button->setEnabled(!m_upgrading);
}

} // namespace RefundDesk
