#include "ui/console/storeopening/storebanners.h"

#include "items/tooltiptext.h"
#include "ui/common/bannerlabel.h"
#include "ui/common/livetext.h"
#include "ui/common/storenotice.h"
#include "ui/common/theme.h"
#include "ui/console/storeopening/upgradebanner.h"

#include <QVBoxLayout>

namespace RefundDesk {

StoreBanners::StoreBanners(QWidget *parent)
    : QWidget(parent)
    , m_readOnly(new BannerLabel(this, Theme::Tone::Warning))
    , m_upgrade(new UpgradeBanner(this))
{
    m_readOnly->setObjectName(QStringLiteral("readOnlyBanner"));
    m_readOnly->setWordWrap(true);
    LiveText::makeReadable(m_readOnly);
    m_readOnly->hide();
    m_upgrade->hide();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_readOnly);
    layout->addWidget(m_upgrade);
}

void StoreBanners::showStore(const StoreFacts *facts, bool openedReadOnly, const QDateTime &openedAt)
{
    m_facts = facts;
    m_openedReadOnly = openedReadOnly;
    m_openedAt = openedAt;
    refresh();
}

void StoreBanners::refresh()
{
    m_upgrade->setVisible(m_facts && m_facts->schemaVersion < 2 && m_facts->mayUpgradeSchema
                          && !m_facts->state.readOnly);
    if (!m_facts) {
        m_readOnly->hide();
        setVisible(!m_upgrade->isHidden());
        return;
    }
    // What it means for the reader in the banner, the technical reason in its tooltip.
    const StoreNotice notice = StoreNotice::about(*m_facts, m_openedReadOnly, m_openedAt);
    LiveText::setText(m_readOnly, notice.banner());
    m_readOnly->setToolTip(ToolTipText::fromPlainText(notice.reason()));
    m_readOnly->setVisible(!notice.banner().isEmpty());
    setVisible(!m_readOnly->isHidden() || !m_upgrade->isHidden());
}

} // namespace RefundDesk
