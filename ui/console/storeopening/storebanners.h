#pragma once

#include "store/storefacts.h"

#include <QDateTime>
#include <QWidget>

namespace RefundDesk {

class BannerLabel;
class UpgradeBanner;

// Above the queue: what the open store means for the person (read-only, a snapshot, a
// standby) and the offer of the schema upgrade when the store may be upgraded.
class StoreBanners final : public QWidget
{
    Q_OBJECT

public:
    explicit StoreBanners(QWidget *parent = nullptr);

    // Shows what `facts` (none: no store open) says; `openedReadOnly` and `openedAt` say
    // how the store was opened. Said again in the language in force by refresh().
    void showStore(const StoreFacts *facts, bool openedReadOnly, const QDateTime &openedAt);
    void refresh();

    BannerLabel *readOnlyBanner() const { return m_readOnly; }
    UpgradeBanner *upgradeBanner() const { return m_upgrade; }

private:
    BannerLabel *m_readOnly = nullptr;
    UpgradeBanner *m_upgrade = nullptr;
    const StoreFacts *m_facts = nullptr;
    bool m_openedReadOnly = false;
    QDateTime m_openedAt;
};

} // namespace RefundDesk
